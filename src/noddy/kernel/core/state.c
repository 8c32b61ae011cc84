/* The kernel's Python types (`noddy.kernel._ckernel.Config` and `State`, the step-level position),
 * and the readers and the shuffle the module's functions (module.c) share with them. */
#include "core/pyface.h"

#include <stdlib.h>
#include <string.h>

/* -- Config ------------------------------------------------------------------------------------ */

#define FIELD_ENTRY(name, n) {#name, n},
static const struct { const char *name; int length; } FIELD_LIST[] = {CONFIG_FIELDS(FIELD_ENTRY)};
#undef FIELD_ENTRY

#define FIELD_LENGTH(name, n) + (n)
static const Py_ssize_t CONFIG_LENGTH = 0 CONFIG_FIELDS(FIELD_LENGTH);
#undef FIELD_LENGTH

static PyObject *Config_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    PyObject *values;
    if (!PyArg_ParseTuple(args, "O:Config", &values)) return NULL;
    PyObject *seq = PySequence_Fast(values, "a kernel configuration is a sequence of ints");
    if (!seq) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != CONFIG_LENGTH) {
        PyErr_Format(PyExc_ValueError, "a kernel configuration has %zd ints, not %zd", CONFIG_LENGTH,
                     PySequence_Fast_GET_SIZE(seq));
        Py_DECREF(seq);
        return NULL;
    }
    ConfigObject *self = (ConfigObject *)type->tp_alloc(type, 0);
    if (!self) { Py_DECREF(seq); return NULL; }
    int *out = (int *)&self->cfg;
    for (Py_ssize_t i = 0; i < CONFIG_LENGTH; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(seq); Py_DECREF(self); return NULL; }
        out[i] = (int)v;
    }
    Py_DECREF(seq);
    int n = self->cfg.players[0];
    if (n < 2 || n > 4) {
        PyErr_Format(PyExc_ValueError, "the kernel plays 2 to 4 players, not %d", n);
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

PyTypeObject ConfigType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "noddy.kernel._ckernel.Config",
    .tp_basicsize = sizeof(ConfigObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A rule set and table as the kernel reads them (built by noddy.kernel.config).",
    .tp_new = Config_new,
};

/* -- State ------------------------------------------------------------------------------------- */


static PyObject *State_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    PyObject *config;
    if (!PyArg_ParseTuple(args, "O!:State", &ConfigType, &config)) return NULL;
    StateObject *self = (StateObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    Py_INCREF(config);
    self->config = config;
    k_new(&self->s, &((ConfigObject *)config)->cfg);
    return (PyObject *)self;
}

static void State_dealloc(StateObject *self) {
    Py_XDECREF(self->config);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *State_copy(StateObject *self, PyObject *unused) {
    StateObject *copy = (StateObject *)StateType.tp_alloc(&StateType, 0);
    if (!copy) return NULL;
    Py_INCREF(self->config);
    copy->config = self->config;
    copy->s = self->s;
    return (PyObject *)copy;
}

static PyObject *State_legal(StateObject *self, PyObject *unused) {
    uint64_t legal[MAX_ACTIONS];
    int n = self->s.phase == PH_OVER ? 0 : k_legal(&self->s, legal);
    PyObject *list = PyList_New(n);
    if (!list) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *item = PyLong_FromUnsignedLongLong(legal[i]);
        if (!item) { Py_DECREF(list); return NULL; }
        PyList_SET_ITEM(list, i, item);
    }
    return list;
}

static PyObject *State_apply(StateObject *self, PyObject *arg) {
    unsigned long long action = PyLong_AsUnsignedLongLong(arg);
    if (action == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    if (self->s.phase == PH_OVER || !k_is_legal(&self->s, action)) {
        PyErr_Format(PyExc_ValueError, "action %llu is not legal now (phase %d, seat %d)", action,
                     self->s.phase, self->s.to_act);
        return NULL;
    }
    self->s.nevents = 0;
    k_apply(&self->s, action);
    Py_RETURN_NONE;
}

/* Read `n` distinct cards 0-51 from a sequence, or set an error. */
int read_cards(PyObject *arg, uint8_t *cards, Py_ssize_t n, const char *what) {
    PyObject *seq = PySequence_Fast(arg, "cards are a sequence of ints 0-51");
    if (!seq) return -1;
    mask_t seen = 0;
    int ok = PySequence_Fast_GET_SIZE(seq) == n;
    for (Py_ssize_t i = 0; ok && i < n; i++) {
        long card = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        ok = card >= 0 && card < 52 && !(seen >> card & 1);
        if (ok) { seen |= (mask_t)1 << card; cards[i] = (uint8_t)card; }
    }
    Py_DECREF(seq);
    if (!ok) {
        if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "%s needs %zd different cards 0-51", what, n);
        return -1;
    }
    return 0;
}

static PyObject *State_shuffle(StateObject *self, PyObject *arg) {
    uint8_t order[52];
    if (self->s.phase != PH_SHUFFLE) return PyErr_Format(PyExc_ValueError, "no shuffle is due now");
    if (read_cards(arg, order, 52, "a shuffle") < 0) return NULL;
    self->s.nevents = 0;
    k_deal(&self->s, order, 52);
    Py_RETURN_NONE;
}

static PyObject *State_cut(StateObject *self, PyObject *arg) {
    uint8_t cards[4];
    const Config *c = self->s.cfg;
    if (self->s.phase != PH_CUT || c->first_dealer[0] == FD_ANY)
        return PyErr_Format(PyExc_ValueError, "no cut for the deal is due now");
    if (read_cards(arg, cards, c->players[0], "a cut for the deal") < 0) return NULL;
    self->s.nevents = 0;
    k_cut(&self->s, cards);
    Py_RETURN_NONE;
}

static PyObject *State_draw_dealer(StateObject *self, PyObject *arg) {
    long seat = PyLong_AsLong(arg);
    if (seat == -1 && PyErr_Occurred()) return NULL;
    const Config *c = self->s.cfg;
    if (self->s.phase != PH_CUT || c->first_dealer[0] != FD_ANY || seat < 0 || seat >= c->players[0])
        return PyErr_Format(PyExc_ValueError, "no draw of dealer %ld is due now", seat);
    self->s.nevents = 0;
    k_draw_dealer(&self->s, (int)seat);
    Py_RETURN_NONE;
}

/* Read up to `max` distinct cards 0-51 from a sequence into `cards` (its length into `n`). */
static int read_some(PyObject *arg, uint8_t *cards, int max, int *n, mask_t *mask) {
    PyObject *seq = PySequence_Fast(arg, "cards are a sequence of ints 0-51");
    if (!seq) return -1;
    Py_ssize_t size = PySequence_Fast_GET_SIZE(seq);
    int ok = size <= max;
    *mask = 0;
    for (Py_ssize_t i = 0; ok && i < size; i++) {
        long card = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        ok = card >= 0 && card < 52 && !(*mask >> card & 1);
        if (ok) { *mask |= (mask_t)1 << card; cards[i] = (uint8_t)card; }
    }
    Py_DECREF(seq);
    if (!ok) {
        if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "up to %d different cards 0-51 are needed", max);
        return -1;
    }
    *n = (int)size;
    return 0;
}

/* Read one sequence of cards per seat (hands in their order, or sets). */
static int read_seats(PyObject *arg, int players, uint8_t order[4][MAX_HAND], int8_t *counts, mask_t *masks) {
    PyObject *seq = PySequence_Fast(arg, "a sequence of card sequences, one per seat");
    if (!seq) return -1;
    int ok = PySequence_Fast_GET_SIZE(seq) == players;
    for (int i = 0; ok && i < players; i++) {
        uint8_t scratch[MAX_HAND];
        int n;
        ok = read_some(PySequence_Fast_GET_ITEM(seq, i), order ? order[i] : scratch, MAX_HAND, &n, &masks[i]) == 0;
        if (ok && counts) counts[i] = (int8_t)n;
    }
    Py_DECREF(seq);
    if (!ok && !PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "one sequence of cards per seat (%d) is needed", players);
    return ok ? 0 : -1;
}

/* A position in the play given by its fields (a world for search, which has no history). */
static PyObject *State_place(StateObject *self, PyObject *args) {
    const Config *c = self->s.cfg;
    int dealer, to_act, last_player, last_was_go, turnup, gone, deal_number, n;
    PyObject *scores, *hands, *held, *cribs, *discards, *pile;
    if (!PyArg_ParseTuple(args, "iiiiiiiOOOOOO:place", &dealer, &to_act, &last_player, &last_was_go, &turnup,
                          &gone, &deal_number, &scores, &hands, &held, &cribs, &discards, &pile))
        return NULL;
    int players = c->players[0];
    if (dealer < 0 || dealer >= players || to_act < 0 || to_act >= players || last_player < -1 ||
        last_player >= players || turnup < 0 || turnup > 51)
        return PyErr_Format(PyExc_ValueError, "a seat 0-%d and a turn-up 0-51 are needed", players - 1);
    KState s;
    k_new(&s, c);
    mask_t masks[4] = {0}, pile_mask;
    if (read_seats(hands, players, s.order, s.nhand, s.hands) < 0) return NULL;
    if (read_seats(held, players, NULL, NULL, s.held) < 0) return NULL;
    if (read_seats(cribs, players, NULL, NULL, s.cribs) < 0) return NULL;
    if (read_seats(discards, players, NULL, NULL, s.discarded) < 0) return NULL;
    if (read_some(pile, s.pile, MAX_PILE, &n, &pile_mask) < 0) return NULL;
    PyObject *seq = PySequence_Fast(scores, "scores are a sequence of ints");
    if (!seq) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != c->sides[0]) {
        Py_DECREF(seq);
        return PyErr_Format(PyExc_ValueError, "one score per side (%d) is needed", c->sides[0]);
    }
    for (int i = 0; i < c->sides[0]; i++) s.scores[i] = (int32_t)PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
    Py_DECREF(seq);
    if (PyErr_Occurred()) return NULL;
    for (int i = 0; i < players; i++) masks[i] = s.held[i] & ~s.hands[i];
    s.phase = PH_PLAY;
    s.dealer = (int8_t)dealer;
    s.to_act = (int8_t)to_act;
    s.last_player = (int8_t)last_player;
    s.last_was_go = (int8_t)(last_was_go != 0);
    s.turnup = (int8_t)turnup;
    s.turned = 1;
    s.gone = (uint8_t)gone;
    s.deal_number = (int16_t)deal_number;
    s.npile = (int8_t)n;
    for (int i = 0; i < n; i++) s.count = (int16_t)(s.count + card_value(s.pile[i]));
    for (int i = 0; i < players; i++) s.played |= masks[i];
    self->s = s;
    Py_RETURN_NONE;
}

/* The fields a search's transposition table tells positions apart by (`Search._key`): the cards in
 * each hand, the scores, the pile, who has said Go, the seat to act, the phase, the counts to make,
 * whether the last action was a Go and who played last; their length. */
int k_key(const KState *s, uint8_t *buf) {
    int at = 0;
    memcpy(buf + at, s->hands, sizeof s->hands);
    at += (int)sizeof s->hands;
    memcpy(buf + at, s->scores, sizeof s->scores);
    at += (int)sizeof s->scores;
    buf[at++] = (uint8_t)s->npile;
    memcpy(buf + at, s->pile, (size_t)s->npile);
    at += s->npile;
    buf[at++] = s->gone;
    buf[at++] = (uint8_t)s->to_act;
    buf[at++] = (uint8_t)s->phase;
    buf[at++] = (uint8_t)s->ntasks;
    buf[at++] = (uint8_t)s->last_was_go;
    buf[at++] = (uint8_t)s->last_player;
    return at;
}

static PyObject *State_key(StateObject *self, PyObject *unused) {
    uint8_t buf[KEY_MAX];
    return PyBytes_FromStringAndSize((const char *)buf, k_key(&self->s, buf));
}

Policy policy_of(PyObject *capsule) {
    const PolicyRef *ref = PyCapsule_GetPointer(capsule, POLICY_CAPSULE);
    if (!ref) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "a policy is one of the kernel's (e.g. noddy.kernel's GREEDY), not %.100s",
                     Py_TYPE(capsule)->tp_name);
        return NULL;
    }
    return ref->choose;
}

PyObject *policy_capsule(const PolicyRef *ref) { return PyCapsule_New((void *)ref, POLICY_CAPSULE, NULL); }

static PyObject *State_choose(StateObject *self, PyObject *capsule) {
    Policy choose = policy_of(capsule);
    if (!choose) return NULL;
    uint64_t legal[MAX_ACTIONS];
    int n = self->s.phase == PH_OVER ? 0 : k_legal(&self->s, legal);
    if (!n) return PyErr_Format(PyExc_ValueError, "no player is to act");
    return PyLong_FromUnsignedLongLong(choose(&self->s, legal, n));
}

static PyObject *State_events(StateObject *self, PyObject *unused) {
    PyObject *list = PyList_New(self->s.nevents);
    if (!list) return NULL;
    for (int i = 0; i < self->s.nevents; i++) {
        KEvent e = self->s.events[i];
        PyObject *item = Py_BuildValue("(iii)", e.kind, e.seat, e.points);
        if (!item) { Py_DECREF(list); return NULL; }
        PyList_SET_ITEM(list, i, item);
    }
    return list;
}

PyObject *int_tuple(const int32_t *values, int n) {
    PyObject *t = PyTuple_New(n);
    if (!t) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(values[i]);
        if (!v) { Py_DECREF(t); return NULL; }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

static PyObject *State_get_scores(StateObject *self, void *closure) {
    return int_tuple(self->s.scores, self->s.cfg->sides[0]);
}
static PyObject *State_get_phase(StateObject *self, void *closure) { return PyLong_FromLong(self->s.phase); }
static PyObject *State_get_to_act(StateObject *self, void *closure) { return PyLong_FromLong(self->s.to_act); }
static PyObject *State_get_dealer(StateObject *self, void *closure) { return PyLong_FromLong(self->s.dealer); }
static PyObject *State_get_winner(StateObject *self, void *closure) { return PyLong_FromLong(self->s.winner); }
static PyObject *State_get_turnup(StateObject *self, void *closure) { return PyLong_FromLong(self->s.turnup); }
static PyObject *State_get_partners(StateObject *self, void *closure) { return PyBool_FromLong(self->s.cfg->partners[0]); }

static PyObject *State_rollout(StateObject *self, PyObject *arg);

static PyMethodDef State_methods[] = {
    {"copy", (PyCFunction)State_copy, METH_NOARGS, "An independent copy of this position."},
    {"legal", (PyCFunction)State_legal, METH_NOARGS, "The listed legal actions, as ints."},
    {"apply", (PyCFunction)State_apply, METH_O, "Apply a legal action (an int); ValueError if it is not."},
    {"shuffle", (PyCFunction)State_shuffle, METH_O, "Chance: deal from this order of the 52 cards."},
    {"cut", (PyCFunction)State_cut, METH_O, "Chance: one card a seat cut for the first deal."},
    {"draw_dealer", (PyCFunction)State_draw_dealer, METH_O, "Chance: the first dealer drawn."},
    {"choose", (PyCFunction)State_choose, METH_O,
     "choose(policy): the choice of `policy` (a kernel player's, e.g. GREEDY) for the seat to act."},
    {"events", (PyCFunction)State_events, METH_NOARGS, "The last step's events: (kind, seat, points)."},
    {"place", (PyCFunction)State_place, METH_VARARGS,
     "Set a position in the play from its fields: dealer, to_act, last_player, last_was_go, turnup,"
     " gone (a mask of seats), deal_number, scores, hands (in order), held, cribs, discards, pile."},
    {"key", (PyCFunction)State_key, METH_NOARGS, "The bytes a search's transposition table keys on."},
    {"rollout", (PyCFunction)State_rollout, METH_O,
     "Random play to the end from a seed (uniform choices, fair shuffles): the winning side, -1 a draw."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef State_getset[] = {
    {"scores", (getter)State_get_scores, NULL, "Each side's score.", NULL},
    {"phase", (getter)State_get_phase, NULL, "The phase, an index into PHASES.", NULL},
    {"to_act", (getter)State_get_to_act, NULL, "The seat to act, or -1.", NULL},
    {"dealer", (getter)State_get_dealer, NULL, "The dealer.", NULL},
    {"winner", (getter)State_get_winner, NULL, "The winning side, or -1 (none yet, or a draw).", NULL},
    {"turnup", (getter)State_get_turnup, NULL, "The turn-up card, or -1.", NULL},
    {"partners", (getter)State_get_partners, NULL, "Whether partners (seats 0 and 2, 1 and 3) share a side.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject StateType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "noddy.kernel._ckernel.State",
    .tp_basicsize = sizeof(StateObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A game position in the kernel: State(config) is the position before the first cut.",
    .tp_new = State_new,
    .tp_dealloc = (destructor)State_dealloc,
    .tp_methods = State_methods,
    .tp_getset = State_getset,
};

/* -- random rollouts --------------------------------------------------------------------------- */

/* This position played to the end of the game in place: each choice uniform among the listed legal
 * actions, each shuffle, cut and dealer draw fair, from a generator seeded by `seed` (a search's
 * random rollout, as OpenSpiel's evaluator plays one). Returns the winning side, -1 for a draw. */
static PyObject *State_rollout(StateObject *self, PyObject *arg) {
    unsigned long long seed = PyLong_AsUnsignedLongLongMask(arg);
    if (seed == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    KState *s = &self->s;
    Rng rng;
    uint64_t legal[MAX_ACTIONS];
    rng_seed(&rng, seed);
    for (long steps = 0; s->phase != PH_OVER; steps++) {
        if (steps > MAX_STEPS)
            return PyErr_Format(PyExc_RuntimeError, "a kernel rollout did not end in %d steps", MAX_STEPS);
        s->nevents = 0;
        if (!k_chance(s, &rng)) {
            int n = k_legal(s, legal);
            k_apply(s, legal[n == 1 ? 0 : below(&rng, (uint32_t)n)]);
        }
    }
    return PyLong_FromLong(s->winner);
}

/* The configuration's field names and lengths, as the module's CONFIG_FIELDS: ((name, length), ...). */
PyObject *config_fields(void) {
    int n = (int)(sizeof FIELD_LIST / sizeof *FIELD_LIST);
    PyObject *fields = PyTuple_New(n);
    if (!fields) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *item = Py_BuildValue("(si)", FIELD_LIST[i].name, FIELD_LIST[i].length);
        if (!item) { Py_DECREF(fields); return NULL; }
        PyTuple_SET_ITEM(fields, i, item);
    }
    return fields;
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

PyMethodDef core_methods[] = {
    {"count_hands", count_hands, METH_VARARGS,
     "count_hands(config, cards, crib): the count of the hand with each turn-up (0 for a held card),"
     " card by card and all at once: two tuples of 52 ints."},
    {NULL, NULL, 0, NULL},
};
