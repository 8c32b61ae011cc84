/* Many games stepped by one call, for learning (`noddy.research.vector.VectorEnv` is its Python
 * face). Each game is a kernel `KState` stepped by `k_apply` (flow.c), its chance drawn from a
 * generator of its own (the same shuffle and cut as `play_game`), its other seats played by the
 * kernel's random or greedy player; the observation of a seat is written from the state itself in
 * the layout of `noddy.research.tensors.Encoder` (given as `noddy.kernel.kernel_layout`; the Python
 * encoder is the reference: tests/research/test_vector.py holds the two equal over random games of
 * every preset; layout.c writes it). The arrays it writes are the ones given at construction: no
 * allocation per step. */
#include "research/research.h"

#include <string.h>

enum { OPP_RANDOM = 0, OPP_GREEDY, OPP_LEARNER };

typedef struct {
    KState s;
    Rng rng;
    mask_t named;  /* the cards the current deal's events have shown to every seat */
    int32_t base[4]; /* each side's score when the rewards were last paid */
} Game;

typedef struct {
    PyObject_HEAD
    PyObject *config;
    const Config *cfg;
    Game *games;
    uint64_t *codes; /* each game's action of a step, checked before any is taken */
    Py_ssize_t n;
    int seat; /* the learning seat, or -1: every seat learns (self-play) */
    uint8_t kinds[4];
    ObsLayout l; /* the observation's layout and the action index (layout.c) */
    float peg_reward;
    float *stakes; /* the games a win counts, by the best losing side's score (the last for any above) */
    int nstakes;
    Py_buffer buffers[8];
    int nbuffers;
    float *obs, *final_obs, *rewards;
    int8_t *mask, *final_mask, *to_act;
    uint8_t *terminated;
    PyObject *records;  /* a list per game of its actions (chance included), or NULL */
    PyObject *finished; /* each game's record of its last finished game */
    Rng sampler;        /* `sample`'s draws: seeded by reset after every game's, apart from their chance */
} VecEnvObject;


/* -- records (tests replay them on the engine) -------------------------------------------------- */

static int record(VecEnvObject *v, Py_ssize_t i, const char *kind, PyObject *payload) {
    if (!v->records) { Py_DECREF(payload); return 0; }
    if (!payload) return -1;
    PyObject *entry = Py_BuildValue("(sN)", kind, payload);
    if (!entry) return -1;
    int bad = PyList_Append(PyList_GET_ITEM(v->records, i), entry);
    Py_DECREF(entry);
    return bad;
}

static PyObject *bytes_of(const uint8_t *cards, int n) { return PyBytes_FromStringAndSize((const char *)cards, n); }

/* -- stepping ------------------------------------------------------------------------------------ */

/* Chance's turns, until a seat is to act or the game is over. */
static int chance(VecEnvObject *v, Py_ssize_t i) {
    Game *g = &v->games[i];
    KState *s = &g->s;
    const Config *c = v->cfg;
    uint8_t deck[52];
    while (s->phase == PH_CUT || s->phase == PH_SHUFFLE) {
        s->nevents = 0;
        if (s->phase == PH_CUT && c->first_dealer[0] == FD_ANY) {
            int dealer = (int)below(&g->rng, (uint32_t)c->players[0]);
            k_draw_dealer(s, dealer);
            if (record(v, i, "dealer", PyLong_FromLong(dealer)) < 0) return -1;
        } else if (s->phase == PH_CUT) {
            shuffle_deck(&g->rng, deck, c->players[0]);
            k_cut(s, deck);
            if (record(v, i, "cut", bytes_of(deck, c->players[0])) < 0) return -1;
        } else {
            shuffle_deck(&g->rng, deck, 51);
            k_deal(s, deck, 52);
            if (record(v, i, "shuffle", bytes_of(deck, 52)) < 0) return -1;
        }
        g->named = obs_scan(s, g->named, -1);
    }
    return 0;
}

static int act(VecEnvObject *v, Py_ssize_t i, uint64_t action) {
    Game *g = &v->games[i];
    KState *s = &g->s;
    int counting = s->phase == PH_COUNT && s->ntasks ? s->tasks[0].what : -1;
    s->nevents = 0;
    k_apply(s, action);
    g->named = obs_scan(s, g->named, counting);
    if (record(v, i, "act", PyLong_FromUnsignedLongLong(action)) < 0) return -1;
    return chance(v, i);
}

/* The other seats' turns (none in self-play), until the learning seat is to act or the game is over. */
static int others(VecEnvObject *v, Py_ssize_t i) {
    KState *s = &v->games[i].s;
    uint64_t legal[MAX_ACTIONS];
    if (chance(v, i) < 0) return -1;
    for (long steps = 0; v->seat >= 0 && s->phase != PH_OVER && s->to_act != v->seat; steps++) {
        if (steps > MAX_STEPS) {
            PyErr_Format(PyExc_RuntimeError, "game %zd did not come back to seat %d in %d steps", i, v->seat,
                         MAX_STEPS);
            return -1;
        }
        int n = k_legal(s, legal);
        uint64_t action = legal[0];
        if (n > 1 && v->kinds[s->to_act] == OPP_GREEDY) action = k_greedy(s, legal, n);
        else if (n > 1) action = legal[below(&v->games[i].rng, (uint32_t)n)];
        if (act(v, i, action) < 0) return -1;
    }
    return 0;
}

/* The seat whose observation a game gives: the learner's, or in self-play the seat to act. */
static int observer(const VecEnvObject *v, const Game *g) {
    if (v->seat >= 0) return v->seat;
    return g->s.to_act >= 0 ? g->s.to_act : 0;
}

/* Pay the rewards of the points pegged since the last payment, and at the end the result
 * (`noddy.research.outcome.paid`): the stake to each seat of the winning side, the stake shared
 * among the losing sides to each of their seats, 0 to all on a tie. `out`: one a seat, or the
 * learner's. */
static void pay(VecEnvObject *v, Game *g, float *out) {
    const KState *s = &g->s;
    int n = v->l.players, sides = v->l.sides;
    float gained[4] = {0}, total = 0, stake = 0;
    int best = 0;
    for (int side = 0; side < sides; side++)
        if (side != s->winner && s->scores[side] > best) best = s->scores[side];
    if (s->phase == PH_OVER && s->winner >= 0) stake = v->stakes[best < v->nstakes ? best : v->nstakes - 1];
    for (int side = 0; side < sides; side++) {
        gained[side] = (float)(s->scores[side] - g->base[side]);
        total += gained[side];
        g->base[side] = s->scores[side];
    }
    for (int seat = 0; seat < n; seat++) {
        if (v->seat >= 0 && seat != v->seat) continue;
        int side = side_of(v->cfg, seat);
        float reward = v->peg_reward ? v->peg_reward * (gained[side] - (total - gained[side]) / (float)(sides - 1)) : 0;
        if (s->phase == PH_OVER && s->winner >= 0) reward += s->winner == side ? stake : -stake / (float)(sides - 1);
        out[v->seat >= 0 ? 0 : seat] = reward;
    }
}

/* A new game in place, played to the learner's first decision. */
static int start(VecEnvObject *v, Py_ssize_t i) {
    Game *g = &v->games[i];
    k_new(&g->s, v->cfg);
    g->named = 0;
    memset(g->base, 0, sizeof g->base);
    if (v->records) {
        PyObject *fresh = PyList_New(0);
        if (!fresh) return -1;
        PyList_SetItem(v->records, i, fresh);
    }
    return others(v, i);
}

static int reward_width(const VecEnvObject *v) { return v->seat >= 0 ? 1 : v->l.players; }

static PyObject *VecEnv_reset(VecEnvObject *self, PyObject *arg) {
    unsigned long long seed = PyLong_AsUnsignedLongLongMask(arg);
    if (seed == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    uint64_t x = seed;
    int width = reward_width(self);
    for (Py_ssize_t i = 0; i < self->n; i++) {
        Game *g = &self->games[i];
        for (int k = 0; k < 4; k++) g->rng.s[k] = splitmix64(&x);
        if (start(self, i) < 0) return NULL;
        obs_write(&self->l, &g->s, g->named, observer(self, g), self->obs + i * self->l.size, self->mask + i * self->l.num_actions);
        self->terminated[i] = 0;
        self->to_act[i] = (int8_t)g->s.to_act;
        memset(self->rewards + i * width, 0, sizeof(float) * (size_t)width);
    }
    for (int k = 0; k < 4; k++) self->sampler.s[k] = splitmix64(&x);
    Py_RETURN_NONE;
}

/* The kernel's code of action `index` for the seat to act in game `i`, or -1 with an error set. */
static int64_t code_of(VecEnvObject *v, Py_ssize_t i, long long index) {
    const KState *s = &v->games[i].s;
    uint64_t legal[MAX_ACTIONS];
    int n = k_legal(s, legal);
    for (int k = 0; k < n; k++)
        if (obs_index_of(&v->l, s, legal[k]) == index) return (int64_t)legal[k];
    PyErr_Format(PyExc_ValueError,
                 "game %zd: action %lld is not legal for seat %d now (its action_mask marks the legal ones)", i,
                 index, s->to_act);
    return -1;
}

static PyObject *VecEnv_step(VecEnvObject *self, PyObject *arg) {
    Py_buffer actions;
    if (PyObject_GetBuffer(arg, &actions, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return NULL;
    int ok = actions.itemsize == 8 && actions.format && (strcmp(actions.format, "l") == 0 ||
                                                         strcmp(actions.format, "q") == 0);
    if (!ok || actions.len != self->n * 8) {
        PyBuffer_Release(&actions);
        return PyErr_Format(PyExc_ValueError, "give one int64 action index a game: %zd of them", self->n);
    }
    const int64_t *chosen = actions.buf;
    int width = reward_width(self);
    uint64_t *codes = self->codes;
    PyObject *result = NULL;
    for (Py_ssize_t i = 0; i < self->n; i++) {
        int64_t code = code_of(self, i, chosen[i]);
        if (code < 0) goto done;
        codes[i] = (uint64_t)code;
    }
    for (Py_ssize_t i = 0; i < self->n; i++) {
        Game *g = &self->games[i];
        float *rewards = self->rewards + i * width;
        int acting = g->s.to_act;
        memset(rewards, 0, sizeof(float) * (size_t)width);
        if (act(self, i, codes[i]) < 0 || others(self, i) < 0) goto done;
        pay(self, g, rewards);
        self->terminated[i] = g->s.phase == PH_OVER;
        if (self->terminated[i]) {
            obs_write(&self->l, &g->s, g->named, self->seat >= 0 ? self->seat : acting, self->final_obs + i * self->l.size,
                    self->final_mask + i * self->l.num_actions);
            if (self->records) PyList_SetItem(self->finished, i, Py_NewRef(PyList_GET_ITEM(self->records, i)));
            if (start(self, i) < 0) goto done;
        }
        obs_write(&self->l, &g->s, g->named, observer(self, g), self->obs + i * self->l.size, self->mask + i * self->l.num_actions);
        self->to_act[i] = (int8_t)g->s.to_act;
    }
    result = Py_NewRef(Py_None);
done:
    PyBuffer_Release(&actions);
    return result;
}

/* One uniformly random legal action index a game, from the masks as the last reset or step wrote
 * them, drawn from the sampler (so the games' own chance is the same whether or not it is used). */
static PyObject *VecEnv_sample(VecEnvObject *self, PyObject *arg) {
    Py_buffer out;
    if (PyObject_GetBuffer(arg, &out, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return NULL;
    int ok = out.itemsize == 8 && out.format && (strcmp(out.format, "l") == 0 || strcmp(out.format, "q") == 0);
    if (!ok || out.len != self->n * 8) {
        PyBuffer_Release(&out);
        return PyErr_Format(PyExc_ValueError, "sample writes one int64 action index a game: %zd of them", self->n);
    }
    int64_t *chosen = out.buf;
    const int width = self->l.num_actions;
    for (Py_ssize_t i = 0; i < self->n; i++) {
        const int8_t *row = self->mask + i * width;
        uint32_t legal = 0;
        for (int a = 0; a < width; a++) legal += row[a] != 0;
        if (!legal) {
            PyBuffer_Release(&out);
            return PyErr_Format(PyExc_ValueError, "game %zd has no legal action to draw (call reset first)", i);
        }
        uint32_t pick = below(&self->sampler, legal);
        int a = 0;
        for (;; a++)
            if (row[a] && pick-- == 0) break;
        chosen[i] = a;
    }
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

static PyObject *VecEnv_history(VecEnvObject *self, PyObject *args) {
    Py_ssize_t i;
    int last = 0;
    if (!PyArg_ParseTuple(args, "n|p:history", &i, &last)) return NULL;
    if (!self->records) return PyErr_Format(PyExc_ValueError, "this VecEnv keeps no records (record=False)");
    if (i < 0 || i >= self->n) return PyErr_Format(PyExc_IndexError, "game %zd of %zd", i, self->n);
    return PyList_GetSlice(PyList_GET_ITEM(last ? self->finished : self->records, i), 0, PY_SSIZE_T_MAX);
}

/* -- construction --------------------------------------------------------------------------------- */

/* Take a writable C-contiguous buffer of `count` items of `format` for the object's lifetime. */
static void *take_buffer(VecEnvObject *self, PyObject *array, const char *format, Py_ssize_t count,
                         const char *what) {
    Py_buffer *b = &self->buffers[self->nbuffers];
    if (PyObject_GetBuffer(array, b, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return NULL;
    self->nbuffers++;
    if (!b->format || strcmp(b->format, format) != 0 || b->len != count * b->itemsize) {
        PyErr_Format(PyExc_ValueError, "%s must be %zd numbers of format %s", what, count, format);
        return NULL;
    }
    return b->buf;
}

static PyObject *VecEnv_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    PyObject *config, *layout, *stakes, *obs, *mask, *final_obs, *final_mask, *rewards, *terminated,
        *to_act;
    Py_ssize_t n;
    int seat, keep;
    const char *kinds;
    Py_ssize_t nkinds;
    float peg_reward;
    if (kwds && PyDict_GET_SIZE(kwds)) return PyErr_Format(PyExc_TypeError, "VecEnv takes no keywords");
    if (!PyArg_ParseTuple(args, "O!niy#O!fO!pOOOOOOO:VecEnv", &ConfigType, &config, &n, &seat, &kinds, &nkinds,
                          &PyTuple_Type, &layout, &peg_reward, &PyTuple_Type, &stakes, &keep, &obs, &mask,
                          &final_obs, &final_mask, &rewards, &terminated, &to_act))
        return NULL;
    const Config *c = &((ConfigObject *)config)->cfg;
    int players = c->players[0];
    if (n < 1 || seat < -1 || seat >= players || nkinds != players)
        return PyErr_Format(PyExc_ValueError, "VecEnv needs at least one game, a seat -1 to %d, and one player"
                            " kind a seat", players - 1);
    for (int k = 0; k < players; k++)
        if (kinds[k] != OPP_RANDOM && kinds[k] != OPP_GREEDY && kinds[k] != OPP_LEARNER)
            return PyErr_Format(PyExc_ValueError, "unknown player kind %d", kinds[k]);
    VecEnvObject *self = (VecEnvObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    self->config = Py_NewRef(config);
    self->cfg = c;
    self->n = n;
    self->seat = seat;
    if (obs_layout(&self->l, players, c->sides[0], layout) < 0) goto fail;
    self->peg_reward = peg_reward;
    self->nstakes = (int)PyTuple_GET_SIZE(stakes);
    if (!self->nstakes || !(self->stakes = PyMem_Calloc((size_t)self->nstakes, sizeof(float)))) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "VecEnv needs the stakes by losing score");
        goto fail;
    }
    for (int k = 0; k < self->nstakes; k++) {
        self->stakes[k] = (float)PyFloat_AsDouble(PyTuple_GET_ITEM(stakes, k));
        if (PyErr_Occurred()) goto fail;
    }
    memcpy(self->kinds, kinds, (size_t)players);
    int width = seat >= 0 ? 1 : players;
    if (!(self->obs = take_buffer(self, obs, "f", n * self->l.size, "obs")) ||
        !(self->mask = take_buffer(self, mask, "b", n * self->l.num_actions, "mask")) ||
        !(self->final_obs = take_buffer(self, final_obs, "f", n * self->l.size, "final_obs")) ||
        !(self->final_mask = take_buffer(self, final_mask, "b", n * self->l.num_actions, "final_mask")) ||
        !(self->rewards = take_buffer(self, rewards, "f", n * width, "rewards")) ||
        !(self->terminated = take_buffer(self, terminated, "?", n, "terminated")) ||
        !(self->to_act = take_buffer(self, to_act, "b", n, "to_act")))
        goto fail;
    self->games = PyMem_Calloc((size_t)n, sizeof(Game));
    self->codes = PyMem_Calloc((size_t)n, sizeof(uint64_t));
    if (!self->games || !self->codes) { PyErr_NoMemory(); goto fail; }
    if (keep) {
        self->records = PyList_New(n);
        self->finished = PyList_New(n);
        if (!self->records || !self->finished) goto fail;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyList_SET_ITEM(self->records, i, PyList_New(0));
            PyList_SET_ITEM(self->finished, i, PyList_New(0));
            if (!PyList_GET_ITEM(self->records, i) || !PyList_GET_ITEM(self->finished, i)) goto fail;
        }
    }
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

static void VecEnv_dealloc(VecEnvObject *self) {
    for (int b = 0; b < self->nbuffers; b++) PyBuffer_Release(&self->buffers[b]);
    PyMem_Free(self->games);
    PyMem_Free(self->codes);
    PyMem_Free(self->stakes);
    Py_XDECREF(self->records);
    Py_XDECREF(self->finished);
    Py_XDECREF(self->config);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMethodDef VecEnv_methods[] = {
    {"reset", (PyCFunction)VecEnv_reset, METH_O,
     "reset(seed): a new game in every place, each from its own generator drawn from seed, played to the"
     " learner's first decision; writes the observations, masks and seats to act."},
    {"step", (PyCFunction)VecEnv_step, METH_O,
     "step(actions): each game's action index (int64, one a game; refused whole if any is not legal),"
     " the other seats' turns and chance's, then the observations, masks, rewards, terminations (a"
     " finished game's last observation in final_obs, a new game begun in its place)."},
    {"sample", (PyCFunction)VecEnv_sample, METH_O,
     "sample(out): one uniformly random legal action index a game into out (int64, one a game), from the"
     " current masks and a generator of the environment's own that reset seeds after the games'."},
    {"history", (PyCFunction)VecEnv_history, METH_VARARGS,
     "history(i, last=False): game i's actions so far (or of its last finished game) as (kind, payload):"
     " ('dealer', seat), ('cut', bytes), ('shuffle', bytes of the 52 cards), ('act', kernel code)."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject VecEnvType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "noddy.kernel._ckernel.VecEnv",
    .tp_basicsize = sizeof(VecEnvObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "VecEnv(config, n, seat, kinds, layout, peg_reward, stakes, record, obs, mask, final_obs, final_mask, rewards, terminated, to_act): n games"
              " stepped together (noddy.research.vector).",
    .tp_new = VecEnv_new,
    .tp_dealloc = (destructor)VecEnv_dealloc,
    .tp_methods = VecEnv_methods,
};
