/* The Python face of the kernel (`noddy.kernel._ckernel`): the module, its constants, and its
 * functions: `play_game`, whole games between random (uniform, from a seeded generator of its own)
 * and greedy players; the lay-away's values and rollouts; the rest of a deal played greedily; hand
 * counts. The types `Config` and `State` are in state.c. Python code uses it through `noddy.kernel`,
 * which builds the configuration from `Rules`. */
#include "pyface.h"

#include <stdlib.h>
#include <string.h>

extern PyTypeObject VecEnvType; /* vecenv.c: many games stepped by one call (noddy.research.vector) */
extern PyTypeObject StateObserverType; /* table.c: one game by action index (noddy.research.engines) */

/* -- whole games -------------------------------------------------------------------------------- */

static PyObject *play_game(PyObject *module, PyObject *args) {
    PyObject *config;
    unsigned long long seed;
    const char *kinds;
    Py_ssize_t nkinds;
    if (!PyArg_ParseTuple(args, "O!Ky#:play_game", &ConfigType, &config, &seed, &kinds, &nkinds)) return NULL;
    const Config *c = &((ConfigObject *)config)->cfg;
    if (nkinds != c->players[0])
        return PyErr_Format(PyExc_ValueError, "give one player a seat: %d, not %zd", c->players[0], nkinds);
    for (Py_ssize_t i = 0; i < nkinds; i++)
        if (kinds[i] != KP_RANDOM && kinds[i] != KP_GREEDY)
            return PyErr_Format(PyExc_ValueError, "unknown kernel player %d", kinds[i]);
    KState s;
    GameLog log = {NULL, 0, 0, 0, 0};
    int rc = k_play_game(&s, c, seed, (const uint8_t *)kinds, &log);
    if (rc == -1) { free(log.deals); return PyErr_NoMemory(); }
    if (rc == -2) {
        free(log.deals);
        return PyErr_Format(PyExc_RuntimeError, "a kernel game did not end in %d steps", MAX_STEPS);
    }
    int ndeals = log.ndeals, first_dealer = log.first_dealer, actions = log.actions;
    DealRecord *deals = log.deals;
    int sides = c->sides[0], players = c->players[0];
    PyObject *deal_list = PyTuple_New(ndeals), *tallies = PyTuple_New(players);
    if (!deal_list || !tallies) goto fail;
    for (int i = 0; i < ndeals; i++) {
        PyObject *pts = int_tuple(deals[i].points, sides);
        PyObject *item = pts ? Py_BuildValue("(iN)", deals[i].dealer, pts) : NULL;
        if (!item) goto fail;
        PyTuple_SET_ITEM(deal_list, i, item);
    }
    for (int p = 0; p < players; p++) {
        PyObject *row = int_tuple(s.tallies[p], N_TALLIES);
        if (!row) goto fail;
        PyTuple_SET_ITEM(tallies, p, row);
    }
    free(deals);
    return Py_BuildValue("(NiiNNi)", int_tuple(s.scores, sides), s.winner, first_dealer, deal_list, tallies,
                         actions);
fail:
    free(deals);
    Py_XDECREF(deal_list);
    Py_XDECREF(tallies);
    return NULL;
}

/* The count of a hand with each turn-up, two ways (`hand_count` one by one, and `hand_counts`), so
 * that a test can hold both to `noddy.scoring.score_hand`. */
static PyObject *count_hands(PyObject *module, PyObject *args) {
    PyObject *config, *cards;
    int crib;
    uint8_t held[MAX_COUNTED];
    if (!PyArg_ParseTuple(args, "O!Op:count_hands", &ConfigType, &config, &cards, &crib)) return NULL;
    Py_ssize_t n = PySequence_Size(cards);
    if (n < 0) return NULL;
    if (n < 1 || n >= MAX_COUNTED) return PyErr_Format(PyExc_ValueError, "a hand of 1 to %d cards", MAX_COUNTED - 1);
    if (read_cards(cards, held, n, "a hand") < 0) return NULL;
    const Config *c = &((ConfigObject *)config)->cfg;
    mask_t mask = 0;
    for (Py_ssize_t i = 0; i < n; i++) mask |= (mask_t)1 << held[i];
    int all[52], one[52], knave;
    hand_counts(c, mask, crib, all);
    for (int t = 0; t < 52; t++) one[t] = mask >> t & 1 ? 0 : hand_count(c, mask, t, crib, &knave);
    PyObject *a = int_tuple(one, 52), *b = int_tuple(all, 52);
    if (!a || !b) { Py_XDECREF(a); Py_XDECREF(b); return NULL; }
    return Py_BuildValue("(NN)", a, b);
}

static PyObject *discard_values(PyObject *module, PyObject *args) {
    PyObject *config, *laid_arg;
    unsigned long long hand, pool, own_crib;
    int turnup, sign, unknown;
    if (!PyArg_ParseTuple(args, "O!KOKiKii:discard_values", &ConfigType, &config, &hand, &laid_arg, &pool,
                          &turnup, &own_crib, &sign, &unknown))
        return NULL;
    const mask_t all = ((mask_t)1 << 52) - 1;
    if ((hand | pool | own_crib) & ~all || turnup < -1 || turnup > 51 || unknown < 0 || unknown > 8 ||
        (sign != 1 && sign != -1))
        return PyErr_Format(PyExc_ValueError, "discard_values needs masks of cards 0-51, a turn-up -1 to 51,"
                            " a sign of 1 or -1 and 0 to 8 unknown cards");
    PyObject *seq = PySequence_Fast(laid_arg, "the discards are a sequence of card masks");
    if (!seq) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n < 1 || n > MAX_ACTIONS) {
        Py_DECREF(seq);
        return PyErr_Format(PyExc_ValueError, "discard_values weighs 1 to %d discards, not %zd", MAX_ACTIONS, n);
    }
    mask_t laid[MAX_ACTIONS];
    double out[MAX_ACTIONS];
    for (Py_ssize_t i = 0; i < n; i++) {
        laid[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (PyErr_Occurred() || !laid[i] || laid[i] & ~(mask_t)hand) {
            Py_DECREF(seq);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "each discard is a mask of cards in the hand");
            return NULL;
        }
    }
    Py_DECREF(seq);
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
    seq = PySequence_Fast(laid_arg, "the discards are a sequence of card masks");
    if (!seq) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n < 1 || n > MAX_ACTIONS) {
        Py_DECREF(seq);
        return PyErr_Format(PyExc_ValueError, "deal_rollouts weighs 1 to %d discards, not %zd", MAX_ACTIONS, n);
    }
    mask_t laid[MAX_ACTIONS];
    double value[MAX_ACTIONS], counted[MAX_ACTIONS], cribbed[MAX_ACTIONS];
    for (Py_ssize_t i = 0; i < n; i++) {
        laid[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (PyErr_Occurred() || __builtin_popcountll(laid[i]) != c->discard[0] || laid[i] & ~hand_mask) {
            Py_DECREF(seq);
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "each discard is a mask of %d cards in the hand", c->discard[0]);
            return NULL;
        }
    }
    Py_DECREF(seq);
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

PyObject *board_table_py(PyObject *module, PyObject *args); /* board.c */
PyObject *board_pass_py(PyObject *module, PyObject *args);
PyObject *board_games_py(PyObject *module, PyObject *args);
PyObject *select_py(PyObject *module, PyObject *const *args, Py_ssize_t nargs); /* spiel.c */

static PyMethodDef module_methods[] = {
    {"board_table", board_table_py, METH_VARARGS,
     "board_table(config, deals, seed, rows=True): each side's chance of winning from the start of a deal"
     " at every score below the target, for each seat to deal, from `deals` deals played by greedy players"
     " (board.c): bytes of doubles [dealer][position][side], side 0's score varying fastest; rows=False:"
     " the pass a position at a time (the same table, slower: the benchmark's baseline)."},
    {"board_pass", board_pass_py, METH_VARARGS,
     "board_pass(config, deals): the same table from given deals, each equally likely, each a sequence of"
     " (seat, points) pegs in the order pegged with seat 0 dealing."},
    {"board_games", board_games_py, METH_VARARGS,
     "board_games(config, scores, dealer, games, seed): whole games from the start of a deal at `scores`"
     " by side with `dealer` to deal, greedy players in every seat: the games each side won."},
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
    {"count_hands", count_hands, METH_VARARGS,
     "count_hands(config, cards, crib): the count of the hand with each turn-up (0 for a held card),"
     " card by card and all at once: two tuples of 52 ints."},
    {"play_batch", play_batch, METH_VARARGS,
     "play_batch(config, base_seed, start, stop, kinds): games start to stop - 1 of a tournament, game i"
     " seeded base_seed + i with the players (kinds: one a player, by index in PLAYERS) rotated by i seats,"
     " tallied in C: a dict of counts (noddy.sim.batch reads it)."},
    {"select", (PyCFunction)(void (*)(void))select_py, METH_FASTCALL,
     "select(items, selector): the items of a list whose byte in selector (bytes or a bytearray) is not 0,"
     " in order, as a new list (noddy.research.spielfast: a chance node's outcomes)."},
    {"play_game", play_game, METH_VARARGS,
     "play_game(config, seed, kinds): one whole game, each seat's player by its index in PLAYERS"
     " (bytes, one a seat): (scores, winner, first dealer, deals as (dealer, points by side), points by"
     " tally per seat (TALLIES), actions)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_ckernel",
    "The compiled game kernel of noddy (see noddy.kernel).", -1, module_methods,
};

static int add_names(PyObject *m, const char *name, const char *const *names, int n) {
    PyObject *t = PyTuple_New(n);
    if (!t) return -1;
    for (int i = 0; i < n; i++) {
        PyObject *s = PyUnicode_FromString(names[i]);
        if (!s) { Py_DECREF(t); return -1; }
        PyTuple_SET_ITEM(t, i, s);
    }
    return PyModule_AddObject(m, name, t) < 0 ? (Py_DECREF(t), -1) : 0;
}

#define NAMES(m, name, ...)                                                                     \
    do {                                                                                        \
        static const char *const values[] = {__VA_ARGS__};                                      \
        if (add_names(m, name, values, (int)(sizeof values / sizeof *values)) < 0) goto error;  \
    } while (0)

PyMODINIT_FUNC PyInit__ckernel(void) {
    if (PyType_Ready(&ConfigType) < 0 || PyType_Ready(&StateType) < 0) return NULL;
    if (PyType_Ready(&ObserverType) < 0 || PyType_Ready(&VecEnvType) < 0) return NULL;
    if (PyType_Ready(&StateObserverType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module_def);
    if (!m) return NULL;
    Py_INCREF(&ConfigType);
    if (PyModule_AddObject(m, "Config", (PyObject *)&ConfigType) < 0) goto error;
    Py_INCREF(&StateType);
    if (PyModule_AddObject(m, "State", (PyObject *)&StateType) < 0) goto error;
    Py_INCREF(&ObserverType);
    if (PyModule_AddObject(m, "Observer", (PyObject *)&ObserverType) < 0) goto error;
    Py_INCREF(&VecEnvType);
    if (PyModule_AddObject(m, "VecEnv", (PyObject *)&VecEnvType) < 0) goto error;
    Py_INCREF(&StateObserverType);
    if (PyModule_AddObject(m, "StateObserver", (PyObject *)&StateObserverType) < 0) goto error;
    {
        PyObject *fields = config_fields();
        if (!fields) goto error;
        if (PyModule_AddObject(m, "CONFIG_FIELDS", fields) < 0) { Py_DECREF(fields); goto error; }
    }
    NAMES(m, "PHASES", "cut", "shuffle", "discard", "count", "muggins", "play", "over");
    NAMES(m, "EVENT_KINDS", "cut", "cut_again", "dealer", "compensation", "deal", "discard", "turnup",
          "turned_jack", "knave", "count", "declare", "show", "muggins", "play", "go", "last_card", "reset",
          "play_end", "deal_end", "win");
    NAMES(m, "TALLIES", "hand", "crib", "play", "thirty_one", "last_card", "knave", "turned_jack", "muggins",
          "compensation");
    NAMES(m, "PLAYERS", "random", "greedy");
    NAMES(m, "ACTION_KINDS", "play", "go", "discard", "count", "declare", "muggins", "pass");
    NAMES(m, "FIRST_DEALERS", "low_cut", "high_cut", "any");
    NAMES(m, "FLUSH_READINGS", "off", "any", "held", "all", "held_five");
    NAMES(m, "KNAVE_WHEN", "at_start", "in_announcement", "in_play");
    NAMES(m, "WRONG_COUNTS", "corrected", "stands", "muggins");
    NAMES(m, "CRIB_KINDS", "none", "dealer", "own");
    NAMES(m, "ACES", "low", "high_or_low", "around");
    if (PyModule_AddIntConstant(m, "MAX_ACTIONS", MAX_ACTIONS) < 0) goto error;
    if (PyModule_AddIntConstant(m, "MAX_COUNTED", MAX_COUNTED) < 0) goto error;
    return m;
error:
    Py_DECREF(m);
    return NULL;
}
