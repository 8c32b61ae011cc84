/* One game of the research environments stepped in the kernel (`noddy.research.engines`): a
 * `StateObserver` holds the observation layout of a rule set and table (layout.c) and acts on a
 * kernel `State` by action index, keeping the cards the deal's events have shown to every seat (an
 * int mask the caller carries with the state), and writes any seat's observation and mask from the
 * state itself. Chance is applied by the caller (`State.shuffle`, `cut`, `draw_dealer`), so that
 * a seed deals the same games as on the engine. */
#include "research/research.h"

#include <string.h>

#ifdef NODDY_NUMPY
/* NumPy's C API (this file only): `observe` makes the observation's arrays itself, the most of an
 * environment step's cost when made from Python. Built without NumPy's headers, `observe` is absent
 * and the caller makes the arrays (`write`). */
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

static int numpy_ready(void) {
    static int ready = 0;
    if (!ready) {
        if (PyArray_ImportNumPyAPI() < 0) return -1;
        ready = 1;
    }
    return 0;
}
#endif

#define POOL 4 /* the observations `observe` keeps to write again once nobody else holds them */

typedef struct {
    PyObject_HEAD
    PyObject *config;
    ObsLayout l;
    PyObject *pool[POOL][2]; /* observation and mask arrays made by `observe`, or NULL */
    int next;                /* the pool's slot a new pair takes */
} StateObserverObject;

static PyObject *StateObserver_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    PyObject *config, *layout;
    if (kwds && PyDict_GET_SIZE(kwds)) return PyErr_Format(PyExc_TypeError, "StateObserver takes no keywords");
    if (!PyArg_ParseTuple(args, "O!O!:StateObserver", &ConfigType, &config, &PyTuple_Type, &layout)) return NULL;
    StateObserverObject *self = (StateObserverObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    self->config = Py_NewRef(config);
    const Config *c = &((ConfigObject *)config)->cfg;
    if (obs_layout(&self->l, c->players[0], c->sides[0], layout) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

static void StateObserver_dealloc(StateObserverObject *self) {
    Py_XDECREF(self->config);
    for (int i = 0; i < POOL; i++) {
        Py_XDECREF(self->pool[i][0]);
        Py_XDECREF(self->pool[i][1]);
    }
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The state argument, which must be a kernel State of this observer's configuration. */
static StateObject *state_of(const StateObserverObject *self, PyObject *arg) {
    if (!PyObject_TypeCheck(arg, &StateType)) {
        PyErr_SetString(PyExc_TypeError, "a kernel State is needed");
        return NULL;
    }
    StateObject *state = (StateObject *)arg;
    if (state->s.cfg != &((ConfigObject *)self->config)->cfg) {
        PyErr_SetString(PyExc_ValueError, "the State is of another configuration than the observer's");
        return NULL;
    }
    return state;
}

static int read_named(PyObject *arg, mask_t *named) {
    unsigned long long bits = PyLong_AsUnsignedLongLong(arg);
    if (bits == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    *named = (mask_t)bits;
    return 0;
}

static PyObject *StateObserver_act(StateObserverObject *self, PyObject *const *args, Py_ssize_t nargs) {
    mask_t named;
    if (nargs != 3) return PyErr_Format(PyExc_TypeError, "act(state, index, named)");
    StateObject *state = state_of(self, args[0]);
    long index = PyLong_AsLong(args[1]);
    if (!state || (index == -1 && PyErr_Occurred()) || read_named(args[2], &named) < 0) return NULL;
    KState *s = &state->s;
    uint64_t legal[MAX_ACTIONS];
    int n = s->phase == PH_OVER || s->to_act < 0 ? 0 : k_legal(s, legal);
    for (int k = 0; k < n; k++) {
        if (obs_index_of(&self->l, s, legal[k]) != index) continue;
        int counting = s->phase == PH_COUNT && s->ntasks ? s->tasks[0].what : -1;
        s->nevents = 0;
        k_apply(s, legal[k]);
        return PyLong_FromUnsignedLongLong(obs_scan(s, named, counting));
    }
    return PyErr_Format(PyExc_ValueError, "action %ld is not legal for seat %d now (the action mask marks the legal"
                        " ones)", index, s->to_act);
}

static PyObject *StateObserver_legal(StateObserverObject *self, PyObject *arg) {
    StateObject *state = state_of(self, arg);
    if (!state) return NULL;
    const KState *s = &state->s;
    uint64_t legal[MAX_ACTIONS];
    int n = s->phase == PH_OVER || s->to_act < 0 ? 0 : k_legal(s, legal);
    uint8_t marked[MAX_ACTIONS + 256] = {0};
    int found = 0;
    for (int k = 0; k < n; k++) {
        int index = obs_index_of(&self->l, s, legal[k]);
        if (index >= 0 && index < self->l.num_actions && index < MAX_ACTIONS + 256 && !marked[index]) { marked[index] = 1; found++; }
    }
    PyObject *list = PyList_New(found);
    if (!list) return NULL;
    for (int index = 0, at = 0; at < found; index++)
        if (marked[index]) PyList_SET_ITEM(list, at++, PyLong_FromLong(index));
    return list;
}

/* The action index of one of the kernel's own action codes (a player's `greedy` choice, say). */
static PyObject *StateObserver_index_of(StateObserverObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) return PyErr_Format(PyExc_TypeError, "index_of(state, code)");
    StateObject *state = state_of(self, args[0]);
    unsigned long long code = PyLong_AsUnsignedLongLong(args[1]);
    if (!state || (code == (unsigned long long)-1 && PyErr_Occurred())) return NULL;
    int index = state->s.to_act < 0 ? -1 : obs_index_of(&self->l, &state->s, code);
    if (index < 0 || index >= self->l.num_actions)
        return PyErr_Format(PyExc_ValueError, "the kernel's action %llu has no index now", code);
    return PyLong_FromLong(index);
}

static PyObject *StateObserver_scan(StateObserverObject *self, PyObject *const *args, Py_ssize_t nargs) {
    mask_t named;
    if (nargs != 2) return PyErr_Format(PyExc_TypeError, "scan(state, named)");
    StateObject *state = state_of(self, args[0]);
    if (!state || read_named(args[1], &named) < 0) return NULL;
    return PyLong_FromUnsignedLongLong(obs_scan(&state->s, named, -1));
}

/* The state, the cards shown and the seat of a write or observe call's first three arguments. */
static StateObject *observed(const StateObserverObject *self, PyObject *const *args, mask_t *named, int *seat) {
    StateObject *state = state_of(self, args[0]);
    long value = PyLong_AsLong(args[2]);
    if (!state || read_named(args[1], named) < 0 || (value == -1 && PyErr_Occurred())) return NULL;
    if (value < 0 || value >= self->l.players) {
        PyErr_Format(PyExc_ValueError, "no seat %ld", value);
        return NULL;
    }
    *seat = (int)value;
    return state;
}

static PyObject *StateObserver_write(StateObserverObject *self, PyObject *const *args, Py_ssize_t nargs) {
    mask_t named;
    int seat;
    if (nargs != 5) return PyErr_Format(PyExc_TypeError, "write(state, named, seat, obs, mask)");
    StateObject *state = observed(self, args, &named, &seat);
    if (!state) return NULL;
    /* Simple (contiguous) buffers: a NumPy array's format string is not built for each new array,
     * the most of a write's cost. The item sizes are checked here; the float32 and int8 types by
     * the Python caller that takes arrays from outside (`KernelGame.observe_into`). */
    Py_buffer obs, mask;
    if (PyObject_GetBuffer(args[3], &obs, PyBUF_WRITABLE) < 0) return NULL;
    if (PyObject_GetBuffer(args[4], &mask, PyBUF_WRITABLE) < 0) {
        PyBuffer_Release(&obs);
        return NULL;
    }
    PyObject *result = NULL;
    if (obs.itemsize != (Py_ssize_t)sizeof(float) || obs.len != (Py_ssize_t)sizeof(float) * self->l.size ||
        mask.itemsize != 1 || mask.len != self->l.num_actions)
        PyErr_Format(PyExc_ValueError, "obs must be %d float32 and mask %d int8", self->l.size, self->l.num_actions);
    else {
        obs_write(&self->l, &state->s, named, seat, obs.buf, mask.buf);
        result = Py_NewRef(Py_None);
    }
    PyBuffer_Release(&obs);
    PyBuffer_Release(&mask);
    return result;
}

#ifdef NODDY_NUMPY
/* Whether an array of the pool may be written again and handed out as new: nobody but the pool
 * holds it (no caller, no view, no buffer: each would hold a reference), and it is still a
 * contiguous, writable, native array of its own data, of the type and length it was made with. */
static int unheld(PyObject *array, int type, npy_intp n) {
    if (!array || Py_REFCNT(array) != 1) return 0;
    PyArrayObject *a = (PyArrayObject *)array;
    return PyArray_NDIM(a) == 1 && PyArray_DIM(a, 0) == n && PyArray_TYPE(a) == type && PyArray_ISNOTSWAPPED(a) &&
           PyArray_STRIDE(a, 0) == PyArray_ITEMSIZE(a) && PyArray_BASE(a) == NULL &&
           PyArray_CHKFLAGS(a, NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_WRITEABLE | NPY_ARRAY_OWNDATA);
}

/* The observation's and the mask's arrays: a pair of the pool that nobody else holds any more
 * (unseen by anyone since, so as good as new; written whole), else a new pair the pool keeps too.
 * A loop that drops each observation before the next but one (as `for ...: obs = env.last()`
 * does) makes no new array after its first few; one that keeps them gets new ones. */
static int arrays(StateObserverObject *self, PyObject **obs, PyObject **mask) {
    npy_intp size = self->l.size, actions = self->l.num_actions;
    for (int i = 0; i < POOL; i++)
        if (unheld(self->pool[i][0], NPY_FLOAT32, size) && unheld(self->pool[i][1], NPY_INT8, actions)) {
            *obs = Py_NewRef(self->pool[i][0]);
            *mask = Py_NewRef(self->pool[i][1]);
            return 0;
        }
    *obs = PyArray_SimpleNew(1, &size, NPY_FLOAT32);
    *mask = *obs ? PyArray_SimpleNew(1, &actions, NPY_INT8) : NULL;
    if (!*mask) {
        Py_CLEAR(*obs);
        return -1;
    }
    PyObject **slot = self->pool[self->next];
    self->next = (self->next + 1) % POOL;
    Py_XSETREF(slot[0], Py_NewRef(*obs));
    Py_XSETREF(slot[1], Py_NewRef(*mask));
    return 0;
}

/* The seat's observation and mask written into arrays nobody else holds (`arrays`): 0, or -1 with
 * an error set. */
static int observe_arrays(StateObserverObject *self, PyObject *const *args, PyObject **obs, PyObject **mask) {
    mask_t named;
    int seat;
    StateObject *state = observed(self, args, &named, &seat);
    if (!state || numpy_ready() < 0 || arrays(self, obs, mask) < 0) return -1;
    obs_write(&self->l, &state->s, named, seat, PyArray_DATA((PyArrayObject *)*obs),
              PyArray_DATA((PyArrayObject *)*mask));
    return 0;
}

static PyObject *StateObserver_observe(StateObserverObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3) return PyErr_Format(PyExc_TypeError, "observe(state, named, seat)");
    PyObject *obs, *mask;
    if (observe_arrays(self, args, &obs, &mask) < 0) return NULL;
    PyObject *pair = PyTuple_Pack(2, obs, mask);
    Py_DECREF(obs);
    Py_DECREF(mask);
    return pair;
}

/* `observe` as a dict of the two arrays under the two keys given (PettingZoo's observation). */
static PyObject *StateObserver_observe_as(StateObserverObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5) return PyErr_Format(PyExc_TypeError, "observe_as(state, named, seat, obs_key, mask_key)");
    PyObject *obs, *mask;
    if (observe_arrays(self, args, &obs, &mask) < 0) return NULL;
    PyObject *out = PyDict_New();
    if (out && (PyDict_SetItem(out, args[3], obs) < 0 || PyDict_SetItem(out, args[4], mask) < 0)) Py_CLEAR(out);
    Py_DECREF(obs);
    Py_DECREF(mask);
    return out;
}
#endif

static PyMethodDef StateObserver_methods[] = {
#ifdef NODDY_NUMPY
    {"observe", (PyCFunction)(void (*)(void))StateObserver_observe, METH_FASTCALL,
     "observe(state, named, seat): the seat's observation and legal action mask, in float32 and int8"
     " arrays nobody else holds (new ones, or ones it made before that every holder has let go)."},
    {"observe_as", (PyCFunction)(void (*)(void))StateObserver_observe_as, METH_FASTCALL,
     "observe_as(state, named, seat, obs_key, mask_key): observe's two arrays as a dict under those keys."},
#endif
    {"act", (PyCFunction)(void (*)(void))StateObserver_act, METH_FASTCALL,
     "act(state, index, named): the seat to act takes the action of that index (ValueError if it is not"
     " legal); the cards shown to every seat after it."},
    {"legal", (PyCFunction)StateObserver_legal, METH_O,
     "legal(state): the legal action indices of the seat to act, in increasing order."},
    {"index_of", (PyCFunction)(void (*)(void))StateObserver_index_of, METH_FASTCALL,
     "index_of(state, code): the action index of the kernel's action code for the seat to act (ValueError"
     " if it has none)."},
    {"scan", (PyCFunction)(void (*)(void))StateObserver_scan, METH_FASTCALL,
     "scan(state, named): the cards shown to every seat after a chance action."},
    {"write", (PyCFunction)(void (*)(void))StateObserver_write, METH_FASTCALL,
     "write(state, named, seat, obs, mask): the seat's observation and legal action mask."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject StateObserverType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "noddy.kernel._ckernel.StateObserver",
    .tp_basicsize = sizeof(StateObserverObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "StateObserver(config, layout): act on a kernel State by action index and write its observations (noddy.research.engines).",
    .tp_new = StateObserver_new,
    .tp_dealloc = (destructor)StateObserver_dealloc,
    .tp_methods = StateObserver_methods,
};
