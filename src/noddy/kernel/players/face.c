/* The players' functions of the module: the lay-away's values (discard.c) and rollouts, and the
 * rest of a deal played greedily (rollout.c). */
#include "players/players.h"

#include <string.h>

/* The lay-aways weighed: a sequence of 1 to MAX_ACTIONS card masks, each of `need` cards of `hand`
 * (any number but none where `need` is -1), read into `laid`; their number, or -1 with an error
 * saying what `who` needs. */
static Py_ssize_t read_laid(PyObject *arg, mask_t hand, int need, const char *who, mask_t *laid) {
    PyObject *seq = PySequence_Fast(arg, "the discards are a sequence of card masks");
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n < 1 || n > MAX_ACTIONS) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s weighs 1 to %d discards, not %zd", who, MAX_ACTIONS, n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        laid[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (PyErr_Occurred() || laid[i] & ~hand || (need < 0 ? !laid[i] : __builtin_popcountll(laid[i]) != need)) {
            Py_DECREF(seq);
            if (PyErr_Occurred()) return -1;
            if (need < 0) PyErr_SetString(PyExc_ValueError, "each discard is a mask of cards in the hand");
            else PyErr_Format(PyExc_ValueError, "each discard is a mask of %d cards in the hand", need);
            return -1;
        }
    }
    Py_DECREF(seq);
    return n;
}

static PyObject *discard_values(PyObject *module, PyObject *args) {
    PyObject *config, *laid_arg;
    unsigned long long hand, pool, own_crib;
    int turnup, sign, unknown;
    if (!PyArg_ParseTuple(args, "O!KOKiKii:discard_values", &ConfigType, &config, &hand, &laid_arg, &pool,
                          &turnup, &own_crib, &sign, &unknown))
        return NULL;
    if ((hand | pool | own_crib) & ~ALL_CARDS || turnup < -1 || turnup > 51 || unknown < 0 || unknown > 8 ||
        (sign != 1 && sign != -1))
        return PyErr_Format(PyExc_ValueError, "discard_values needs masks of cards 0-51, a turn-up -1 to 51,"
                            " a sign of 1 or -1 and 0 to 8 unknown cards");
    mask_t laid[MAX_ACTIONS];
    double out[MAX_ACTIONS];
    Py_ssize_t n = read_laid(laid_arg, hand, -1, "discard_values", laid);
    if (n < 0) return NULL;
    discard_means(&((ConfigObject *)config)->cfg, hand, laid, (int)n, pool, turnup, own_crib, sign, unknown, out);
    PyObject *list = PyList_New(n);
    if (!list) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyFloat_FromDouble(out[i]);
        if (!v) { Py_DECREF(list); return NULL; }
        PyList_SET_ITEM(list, i, v);
    }
    return list;
}

/* Read up to `limit` distinct cards 0-51 from a sequence into `cards`, their number in `*n`. */
static int read_list(PyObject *arg, uint8_t *cards, int limit, int *n, const char *what) {
    Py_ssize_t size = PySequence_Size(arg);
    if (size < 0) return -1;
    if (size > limit) {
        PyErr_Format(PyExc_ValueError, "%s has at most %d cards, not %zd", what, limit, size);
        return -1;
    }
    *n = (int)size;
    return read_cards(arg, cards, size, what);
}

static PyObject *deal_rollouts_py(PyObject *module, PyObject *args) {
    PyObject *config, *scores, *hand, *own_crib, *laid_arg;
    LayAway at;
    unsigned long long pool, seed;
    int samples;
    double win;
    PyObject *outcomes_arg = Py_None;
    if (!PyArg_ParseTuple(args, "O!iiiiOOOKOiKd|O:deal_rollouts", &ConfigType, &config, &at.seat, &at.dealer,
                          &at.deal_number, &at.turnup, &scores, &hand, &own_crib, &pool, &laid_arg, &samples,
                          &seed, &win, &outcomes_arg))
        return NULL;
    const Config *c = &((ConfigObject *)config)->cfg;
    int players = c->players[0];
    if (at.seat < 0 || at.seat >= players || at.dealer < 0 || at.dealer >= players || at.turnup < -1 ||
        at.turnup > 51 || samples < 1 || pool >> 52)
        return PyErr_Format(PyExc_ValueError, "deal_rollouts needs seats 0-%d, a turn-up -1 to 51, a pool of"
                            " cards 0-51 and at least one sample", players - 1);
    if (read_list(hand, at.hand, MAX_HAND, &at.nhand, "the hand") < 0 ||
        read_list(own_crib, at.own_crib, MAX_HAND, &at.ncrib, "the own crib") < 0)
        return NULL;
    if (at.nhand != c->dealt[0] || at.ncrib != c->crib_dealt[0] ||
        __builtin_popcountll(pool) + at.nhand + at.ncrib + (at.turnup >= 0) != 52)
        return PyErr_Format(PyExc_ValueError, "deal_rollouts needs the %d cards dealt, the %d of the own crib,"
                            " and the unseen pool making up the pack", c->dealt[0], c->crib_dealt[0]);
    PyObject *seq = PySequence_Fast(scores, "scores are a sequence of ints");
    if (!seq) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != c->sides[0]) {
        Py_DECREF(seq);
        return PyErr_Format(PyExc_ValueError, "one score per side (%d) is needed", c->sides[0]);
    }
    memset(at.scores, 0, sizeof at.scores);
    for (int i = 0; i < c->sides[0]; i++) at.scores[i] = (int32_t)PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
    Py_DECREF(seq);
    if (PyErr_Occurred()) return NULL;
    at.pool = pool;
    mask_t hand_mask = 0;
    for (int i = 0; i < at.nhand; i++) hand_mask |= (mask_t)1 << at.hand[i];
    mask_t laid[MAX_ACTIONS];
    double value[MAX_ACTIONS], counted[MAX_ACTIONS], cribbed[MAX_ACTIONS];
    Py_ssize_t n = read_laid(laid_arg, hand_mask, c->discard[0], "deal_rollouts", laid);
    if (n < 0) return NULL;
    Py_buffer outcomes = {0};
    if (outcomes_arg != Py_None) {
        if (PyObject_GetBuffer(outcomes_arg, &outcomes, PyBUF_WRITABLE) < 0) return NULL;
        if ((size_t)outcomes.len != (size_t)n * samples * (c->sides[0] + 4) * sizeof(int16_t)) {
            PyBuffer_Release(&outcomes);
            return PyErr_Format(PyExc_ValueError, "the outcomes buffer holds %d int16 a sample of each discard",
                                c->sides[0] + 4);
        }
    }
    Py_BEGIN_ALLOW_THREADS
    deal_rollouts(c, &at, laid, (int)n, samples, seed, win, value, counted, cribbed, (int16_t *)outcomes.buf);
    Py_END_ALLOW_THREADS
    if (outcomes_arg != Py_None) PyBuffer_Release(&outcomes);
    PyObject *values = PyList_New(n), *hands = PyList_New(n), *cribs = PyList_New(n);
    if (!values || !hands || !cribs) { Py_XDECREF(values); Py_XDECREF(hands); Py_XDECREF(cribs); return NULL; }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyList_SET_ITEM(values, i, PyFloat_FromDouble(value[i]));
        PyList_SET_ITEM(hands, i, PyFloat_FromDouble(counted[i]));
        PyList_SET_ITEM(cribs, i, PyFloat_FromDouble(cribbed[i]));
    }
    return Py_BuildValue("(NNN)", values, hands, cribs);
}

/* The rest of the deal played in place by greedy players: a search's value where its budget ends. */
static PyObject *greedy_deal_py(PyObject *module, PyObject *arg) {
    if (!PyObject_TypeCheck(arg, &StateType))
        return PyErr_Format(PyExc_TypeError, "greedy_deal needs a kernel State, not %s", Py_TYPE(arg)->tp_name);
    greedy_deal(&((StateObject *)arg)->s, -1, 0);
    Py_RETURN_NONE;
}


static const PolicyRef GREEDY = {k_greedy};

PyObject *greedy_policy(void) { return policy_capsule(&GREEDY); }

PyMethodDef players_methods[] = {
    {"greedy_deal", greedy_deal_py, METH_O,
     "greedy_deal(state): the rest of the deal played in place by greedy players in every seat, to the"
     " next shuffle or the game's end (a search's value where its budget runs out)."},
    {"deal_rollouts", deal_rollouts_py, METH_VARARGS,
     "deal_rollouts(config, seat, dealer, deal_number, turnup, scores, hand, own_crib, pool, laid, samples,"
     " seed, win, outcomes=None): for each lay-away, the mean worth of the rest of the deal played out by greedy players"
     " in `samples` sampled deals (the same ones for each), the mean count of the seat's hand in them, and"
     " of the crib (less where it is another side's); `outcomes`, a writable buffer of int16 if given, gets"
     " each sample's end (each side's score, the winner or -1 or -2 for none yet, hand, crib, next dealer)."},
    {"discard_values", discard_values, METH_VARARGS,
     "discard_values(config, hand, laid, pool, turnup, own_crib, sign, unknown): each lay-away's"
     " expected value (noddy.players.discard.discard_values, exact), cards as masks, turnup -1 when"
     " not shown."},
    {NULL, NULL, 0, NULL},
};
