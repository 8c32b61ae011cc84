/* The observation tensor and action index of `noddy.research.tensors.Encoder`, in C: the one
 * encoder of that tensor in the kernel. It writes from a seat's view as plain numbers (`ObsView`),
 * which a kernel state gives (`obs_write`: the research environments' games on the kernel, table.c,
 * and the batched environment, vecenv.c) or Python passes in from an engine view (`ViewWriter`:
 * the readable engine's games). The Python encoder is the reference: tests/research/test_engines.py,
 * test_vector.py and test_tensors.py hold the two equal over random games of every preset. Where
 * each field starts and each action's index are research's, given at construction by name
 * (`obs_layout`).
 *
 * What the engine's events show (the `seen` field) is kept per game as one public mask over the
 * current deal (`obs_scan`): hands counted face up, cribs turned up, hands shown for muggins, the
 * Knave announced, a Jack turned up, cards of their own points; of a hand counted unseen, the rest
 * of its cards are its holder's own, which `seen` holds anyway. */
#include "research/research.h"

#include <string.h>

static int relative(int seat, int me, int n) { return ((seat - me) % n + n) % n; }

static void mark(float *out, mask_t cards) {
    for (; cards; cards &= cards - 1) out[__builtin_ctzll(cards)] = 1.0f;
}

#define OBS_FIELD_NAME(tag, name, size) #name,
static const char *const FIELD_NAMES[NFIELDS] = {OBS_FIELD_LIST(OBS_FIELD_NAME)};
#undef OBS_FIELD_NAME

PyObject *obs_fields(void) {
    PyObject *names = PyTuple_New(NFIELDS);
    for (int f = 0; names && f < NFIELDS; f++) {
        PyObject *name = PyUnicode_FromString(FIELD_NAMES[f]);
        if (!name) Py_CLEAR(names);
        else PyTuple_SET_ITEM(names, f, name);
    }
    return names;
}

/* The ints of a tuple of `n`, each 0 <= value < `limit` (-1 allowed where `none`), or -1 with an error. */
static int read_ints(PyObject *tuple, int n, int *out, long limit, int none, const char *what) {
    if (!PyTuple_Check(tuple) || PyTuple_GET_SIZE(tuple) != n) {
        PyErr_Format(PyExc_ValueError, "give a tuple of %d %s", n, what);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        long value = PyLong_AsLong(PyTuple_GET_ITEM(tuple, i));
        if (value == -1 && PyErr_Occurred()) return -1;
        if (value < (none ? -1 : 0) || value >= limit) {
            PyErr_Format(PyExc_ValueError, "%s: %ld (number %d) is not %d to %ld", what, value, i, none ? -1 : 0,
                         limit - 1);
            return -1;
        }
        out[i] = (int)value;
    }
    return 0;
}

int obs_layout(ObsLayout *l, int players, int sides, PyObject *layout) {
    PyObject *starts, *firsts, *subsets, *phase_at;
    int size, num_actions, dealt, holes;
    if (players < 2 || players > OBS_SEATS || sides < 2 || sides > players) {
        PyErr_Format(PyExc_ValueError, "a layout is read for 2 to %d players in 2 sides or more, not %d players in"
                     " %d sides", OBS_SEATS, players, sides);
        return -1;
    }
    if (!PyArg_ParseTuple(layout, "O!iiO!O!O!ii:layout", &PyTuple_Type, &starts, &size, &num_actions, &PyTuple_Type,
                          &firsts, &PyTuple_Type, &subsets, &PyTuple_Type, &phase_at, &dealt, &holes))
        return -1;
    if (dealt < 1 || dealt > MAX_DEALT || holes < 1 || size < 1 || num_actions < 1 ||
        PyTuple_GET_SIZE(subsets) > MAX_ACTIONS) {
        PyErr_Format(PyExc_ValueError, "the layout needs 1 to %d cards dealt, a board of 1 hole or more, and at"
                     " most %d lay-aways", MAX_DEALT, MAX_ACTIONS);
        return -1;
    }
    l->size = size;
    l->num_actions = num_actions;
    l->players = players;
    l->sides = sides;
    l->dealt = (float)dealt;
    l->holes = (float)holes;
    int n = players, S = sides, places[PH_OVER + 1];
    /* Each field's last number must lie inside the tensor, each index inside the actions: the
     * writes are not checked again. */
#define OBS_FIELD_SIZE(tag, name, size) size,
    const int sizes[NFIELDS] = {OBS_FIELD_LIST(OBS_FIELD_SIZE)};
#undef OBS_FIELD_SIZE
    if (read_ints(starts, NFIELDS, l->start, size, 0, "field starts of the layout") < 0 ||
        read_ints(firsts, AC_PASS + 1, l->first, num_actions, 1, "first indices of the layout's action kinds") < 0 ||
        read_ints(phase_at, PH_OVER + 1, places, size, 0, "places of the layout's phases") < 0)
        return -1;
    for (int f = 0; f < NFIELDS; f++)
        if (l->start[f] + sizes[f] > size) {
            PyErr_Format(PyExc_ValueError, "the field %s (from %d) lies outside %d numbers", FIELD_NAMES[f],
                         l->start[f], size);
            return -1;
        }
    for (int p = 0; p <= PH_OVER; p++) {
        if (l->start[F_PHASE] + places[p] >= size) {
            PyErr_Format(PyExc_ValueError, "phase %d's place %d lies outside the tensor", p, places[p]);
            return -1;
        }
        l->phase_at[p] = (int8_t)places[p];
    }
    l->nsubsets = (int)PyTuple_GET_SIZE(subsets);
    if ((l->first[AC_PLAY] >= 0 && l->first[AC_PLAY] + 52 > num_actions) ||
        (l->nsubsets && (l->first[AC_DISCARD] < 0 || l->first[AC_DISCARD] + l->nsubsets > num_actions))) {
        PyErr_Format(PyExc_ValueError, "the plays and lay-aways lie outside %d actions", num_actions);
        return -1;
    }
    memset(l->discard_index, -1, sizeof l->discard_index);
    for (int k = 0; k < l->nsubsets; k++) {
        long bits = PyLong_AsLong(PyTuple_GET_ITEM(subsets, k));
        if (bits == -1 && PyErr_Occurred()) return -1;
        if (bits <= 0 || bits >= (1L << dealt)) {
            PyErr_Format(PyExc_ValueError, "lay-away %d (%ld) is not a set of positions in %d cards", k, bits, dealt);
            return -1;
        }
        l->discard_index[bits] = (int16_t)(l->first[AC_DISCARD] + k);
        l->subsets[k] = (uint16_t)bits;
    }
    return 0;
}

/* The cards of a hand counted unseen that its call names anyway (`ScoreItem.hide`): the Knave
 * announced in the count, and cards with points of their own. */
static mask_t called(const KState *s, mask_t held) {
    const Config *c = s->cfg;
    mask_t named = 0;
    if (c->knave[0] && c->knave_when[0] == KW_IN_ANNOUNCEMENT) named |= held & BIT(SUIT(s->turnup) * 13 + 10);
    if (c->special_in_hand[0])
        for (mask_t m = held; m; m &= m - 1)
            if (c->special[__builtin_ctzll(m)]) named |= BIT(__builtin_ctzll(m));
    return named;
}

mask_t obs_scan(const KState *s, mask_t named, int counting) {
    const Config *c = s->cfg;
    int last_show = -1;
    for (int i = 0; i < s->nevents; i++)
        if (s->events[i].kind == EV_SHOW) last_show = i;
    for (int i = 0; i < s->nevents; i++) {
        KEvent e = s->events[i];
        switch (e.kind) {
        case EV_DEAL: named = 0; break;
        case EV_COUNT:
        case EV_DECLARE:
            if (counting == T_CRIB) named |= s->cribs[e.seat];
            else if (c->hand_after_play[0]) named |= s->held[e.seat];
            else if (e.kind == EV_COUNT) named |= called(s, s->held[e.seat]);
            break;
        case EV_SHOW: {
            int crib = i == last_show && s->phase == PH_COUNT && s->ntasks && s->tasks[0].what == T_CRIB &&
                       s->tasks[0].seat == e.seat;
            named |= crib ? s->cribs[e.seat] : s->held[e.seat];
            break;
        }
        case EV_KNAVE: named |= BIT(SUIT(s->turnup) * 13 + 10); break;
        case EV_TURNED_JACK: named |= BIT(s->turnup); break;
        default: break;
        }
    }
    return named;
}

int obs_index_of(const ObsLayout *l, const KState *s, uint64_t action) {
    int kind = (int)(action % 8);
    mask_t payload = action / 8;
    switch (kind) {
    case AC_PLAY: return l->first[AC_PLAY] < 0 ? -1 : l->first[AC_PLAY] + (int)payload;
    case AC_DISCARD: {
        mask_t hand = s->hands[s->to_act];
        unsigned bits = 0;
        for (mask_t m = payload; m; m &= m - 1)
            bits |= 1u << __builtin_popcountll(hand & (BIT(__builtin_ctzll(m)) - 1));
        return bits < (1u << MAX_DEALT) ? l->discard_index[bits] : -1;
    }
    case AC_GO: case AC_COUNT: case AC_MUGGINS: case AC_PASS: return l->first[kind];
    default: return -1; /* a declared count: the kernel lists none */
    }
}

/* A whole number over `scale`, at most 1 (a score pegged past the last hole reads as the last hole). */
static float scaled(int value, float scale) { return value < scale ? (float)((double)value / scale) : 1.0f; }

void obs_put(const ObsLayout *l, const ObsView *v, float *out) {
    const int *at = l->start, n = l->players, me = v->me;
    memset(out, 0, sizeof(float) * (size_t)l->size);
    mask_t seen = v->hand | v->held | v->discards | v->own_crib | v->shown;
    mark(out + at[F_HAND], v->hand);
    mark(out + at[F_HELD], v->held);
    mark(out + at[F_DISCARDS], v->discards);
    mark(out + at[F_OWN_CRIB], v->own_crib);
    mark(out + at[F_PILE], v->pile);
    if (v->turnup >= 0) {
        out[at[F_TURNUP] + v->turnup] = 1.0f;
        seen |= BIT(v->turnup);
    }
    for (int seat = 0; seat < n; seat++) {
        mark(out + at[F_PLAYED] + 52 * relative(seat, me, n), v->played[seat]);
        seen |= v->played[seat];
    }
    mark(out + at[F_SEEN], seen);
    out[at[F_COUNT]] = scaled(v->count, PLAY_LIMIT);
    for (int side = 0; side < l->sides; side++)
        out[at[F_SCORES] + relative(side, v->side, l->sides)] = scaled(v->scores[side], l->holes);
    out[at[F_PHASE] + v->place] = 1.0f;
    out[at[F_DEALER] + relative(v->dealer, me, n)] = 1.0f;
    if (v->to_act >= 0) out[at[F_TO_ACT] + relative(v->to_act, me, n)] = 1.0f;
    for (int seat = 0; seat < n; seat++) out[at[F_SIZES] + relative(seat, me, n)] = scaled(v->sizes[seat], l->dealt);
    if (v->counting >= 0) {
        out[at[F_COUNTING] + v->counting] = 1.0f;
        out[at[F_COUNTING] + 2 + relative(v->counted_seat, me, n)] = 1.0f;
    }
    if (v->declarer >= 0) {
        out[at[F_MUGGINS] + relative(v->declarer, me, n)] = 1.0f;
        out[at[F_MUGGINS] + n] = scaled(v->missed, PLAY_LIMIT);
    }
}

void obs_write(const ObsLayout *l, const KState *s, mask_t named, int me, float *out, int8_t *mask) {
    const Config *c = s->cfg;
    ObsView v = {
        .me = me, .side = side_of(c, me), .hand = s->hands[me], .held = s->held[me], .discards = s->discarded[me],
        .own_crib = c->crib_kind[0] == CK_OWN ? s->cribs[me] : 0, .shown = named,
        .turnup = s->turned && s->turnup >= 0 ? s->turnup : -1, .count = s->count, .place = l->phase_at[s->phase],
        .dealer = s->dealer, .to_act = s->to_act, .counting = -1, .declarer = -1,
    };
    for (int i = 0; i < s->npile; i++) v.pile |= BIT(s->pile[i]);
    for (int seat = 0; seat < l->players; seat++) {
        v.played[seat] = s->held[seat] & ~s->hands[seat] & s->played;
        v.sizes[seat] = s->nhand[seat];
    }
    for (int side = 0; side < l->sides; side++) v.scores[side] = s->scores[side];
    if (s->phase == PH_COUNT && s->ntasks) {
        v.counting = s->tasks[0].what == T_CRIB;
        v.counted_seat = s->tasks[0].seat;
    }
    if (s->phase == PH_MUGGINS) {
        v.declarer = s->muggins_declarer;
        v.missed = s->muggins_missed;
    }
    obs_put(l, &v, out);
    memset(mask, 0, (size_t)l->num_actions);
    if (s->to_act != me) return;
    uint64_t legal[MAX_ACTIONS];
    int count = k_legal(s, legal);
    for (int i = 0; i < count; i++) {
        int index = obs_index_of(l, s, legal[i]);
        if (index >= 0 && index < l->num_actions) mask[index] = 1;
    }
}

/* The tensor of an engine view, its numbers given by Python (`noddy.research.tensors.Encoder`
 * reads them from the view): the same writer as the kernel's games', with no knowledge of the
 * view's class. */
typedef struct {
    PyObject_HEAD
    ObsLayout l;
} ViewWriterObject;

static PyObject *ViewWriter_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    int players, sides;
    PyObject *layout;
    if (kwds && PyDict_GET_SIZE(kwds)) return PyErr_Format(PyExc_TypeError, "ViewWriter takes no keywords");
    if (!PyArg_ParseTuple(args, "iiO!:ViewWriter", &players, &sides, &PyTuple_Type, &layout)) return NULL;
    ViewWriterObject *self = (ViewWriterObject *)type->tp_alloc(type, 0);
    if (self && obs_layout(&self->l, players, sides, layout) < 0) Py_CLEAR(self);
    return (PyObject *)self;
}

/* An int `low` <= value < `high`, or -1 with an error set saying which (`what`). */
static int read_int(PyObject *arg, int low, int high, const char *what, int *out) {
    long value = PyLong_AsLong(arg);
    if (value == -1 && PyErr_Occurred()) return -1;
    if (value < low || value >= high) {
        PyErr_Format(PyExc_ValueError, "%s is %ld: give %d to %d", what, value, low, high - 1);
        return -1;
    }
    *out = (int)value;
    return 0;
}

static int read_mask(PyObject *arg, const char *what, mask_t *out) {
    unsigned long long bits = PyLong_AsUnsignedLongLong(arg);
    if (bits == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    if (bits >> 52) {
        PyErr_Format(PyExc_ValueError, "%s is not a set of cards (a mask of 52 bits)", what);
        return -1;
    }
    *out = (mask_t)bits;
    return 0;
}

/* A tuple of a card mask a seat. */
static int read_masks(PyObject *arg, int n, const char *what, mask_t *out) {
    if (!PyTuple_Check(arg) || PyTuple_GET_SIZE(arg) != n) {
        PyErr_Format(PyExc_ValueError, "%s: give a tuple of %d", what, n);
        return -1;
    }
    for (int i = 0; i < n; i++)
        if (read_mask(PyTuple_GET_ITEM(arg, i), what, out + i) < 0) return -1;
    return 0;
}

/* The legal actions' mask: `low`, the actions below index 64 by index as bits (a play, Go...), and
 * every lay-away of the cards of `hand` whose cards are all among `from` (0: none). */
static void put_mask(const ObsLayout *l, mask_t hand, uint64_t low, mask_t from, int8_t *mask) {
    memset(mask, 0, (size_t)l->num_actions);
    for (; low; low &= low - 1) mask[__builtin_ctzll(low)] = 1;
    if (!from) return;
    int card[MAX_DEALT], held = 0; /* the hand's cards by position, in card order */
    for (mask_t m = hand; m && held < MAX_DEALT; m &= m - 1) card[held++] = __builtin_ctzll(m);
    for (int k = 0; k < l->nsubsets; k++) {
        mask_t cards = 0;
        unsigned bits = l->subsets[k];
        for (; bits && __builtin_ctz(bits) < held; bits &= bits - 1) cards |= BIT(card[__builtin_ctz(bits)]);
        if (!bits && !(cards & ~from)) mask[l->first[AC_DISCARD] + k] = 1;
    }
}

#define VIEW_ARGS 24

static PyObject *ViewWriter_write(ViewWriterObject *self, PyObject *const *args, Py_ssize_t nargs) {
    const ObsLayout *l = &self->l;
    const int n = l->players;
    ObsView v = {0};
    if (nargs != VIEW_ARGS)
        return PyErr_Format(PyExc_TypeError, "write takes %d arguments (see its doc), not %zd", VIEW_ARGS, nargs);
    int none = 1; /* phase place checked against the layout's places below */
    if (read_int(args[1], 0, n, "the seat", &v.me) < 0 || read_int(args[2], 0, l->sides, "its side", &v.side) < 0 ||
        read_mask(args[3], "the hand", &v.hand) < 0 || read_mask(args[4], "the cards held", &v.held) < 0 ||
        read_mask(args[5], "the discards", &v.discards) < 0 || read_mask(args[6], "the own crib", &v.own_crib) < 0 ||
        read_mask(args[7], "the cards shown", &v.shown) < 0 || read_mask(args[8], "the pile", &v.pile) < 0 ||
        read_masks(args[9], n, "the cards played by each seat", v.played) < 0 ||
        read_int(args[10], -1, 52, "the turn-up", &v.turnup) < 0 ||
        read_int(args[11], 0, 1 << 20, "the count", &v.count) < 0 ||
        read_int(args[12], 0, 1 << 7, "the phase's place", &v.place) < 0 ||
        read_int(args[13], 0, n, "the dealer", &v.dealer) < 0 || read_int(args[14], -1, n, "the seat to act", &v.to_act) < 0 ||
        read_ints(args[15], l->sides, v.scores, 1 << 20, 0, "scores (one a side)") < 0 ||
        read_ints(args[16], n, v.sizes, 1 << 20, 0, "hand sizes (one a seat)") < 0 ||
        read_int(args[17], -1, 2, "the count being made", &v.counting) < 0 ||
        read_int(args[18], v.counting < 0 ? -1 : 0, n, "the seat counted", &v.counted_seat) < 0 ||
        read_int(args[19], -1, n, "the muggins declarer", &v.declarer) < 0 ||
        read_int(args[20], 0, 1 << 20, "the points missed", &v.missed) < 0)
        return NULL;
    for (int p = 0; p <= PH_OVER; p++) none &= l->phase_at[p] != v.place;
    if (none) return PyErr_Format(PyExc_ValueError, "the phase's place %d is none of the layout's", v.place);
    int masked = args[21] != Py_None;
    unsigned long long low = 0;
    mask_t from = 0;
    if (masked) {
        low = PyLong_AsUnsignedLongLong(args[22]);
        if (low == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
        if (l->num_actions < 64 && low >> l->num_actions)
            return PyErr_Format(PyExc_ValueError, "the legal actions' indices (bits) lie outside %d actions",
                                l->num_actions);
        if (read_mask(args[23], "the cards laid away from", &from) < 0) return NULL;
        if (from & ~v.hand) return PyErr_Format(PyExc_ValueError, "the cards laid away from are not all in the hand");
    }
    Py_buffer out, mask;
    if (PyObject_GetBuffer(args[0], &out, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return NULL;
    if (out.itemsize != 4 || !out.format || strcmp(out.format, "f") != 0 || out.len < (Py_ssize_t)l->size * 4) {
        PyBuffer_Release(&out);
        return PyErr_Format(PyExc_ValueError, "out must be %d float32 numbers", l->size);
    }
    if (masked) {
        if (PyObject_GetBuffer(args[21], &mask, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
            PyBuffer_Release(&out);
            return NULL;
        }
        if (mask.itemsize != 1 || !mask.format || strcmp(mask.format, "b") != 0 || mask.len < l->num_actions) {
            PyBuffer_Release(&mask);
            PyBuffer_Release(&out);
            return PyErr_Format(PyExc_ValueError, "mask must be %d int8 numbers (or None)", l->num_actions);
        }
        put_mask(l, v.hand, low, from, mask.buf);
        PyBuffer_Release(&mask);
    }
    obs_put(l, &v, out.buf);
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

static PyMethodDef ViewWriter_methods[] = {
    {"write", (PyCFunction)(void (*)(void))ViewWriter_write, METH_FASTCALL,
     "write(out, seat, side, hand, held, discards, own_crib, shown, pile, played, turnup, count, place, dealer,"
     " to_act, scores, sizes, counting, counted_seat, declarer, missed, mask, low, lay_away_from): write into out (float32, the"
     " layout's size; every number written) the tensor of a seat's view given as plain numbers: cards as"
     " masks (bit i for card index i; shown: the other cards it has seen, named by the events or counted face"
     " up; played: a mask a seat, the play of this deal), the turn-up's index, place the phase's place in its"
     " field, the scores by side and the hand sizes by seat (tuples), counting 0 for a hand or 1 for a crib"
     " and the seat counted, the muggins declarer and the points missed; -1 for a seat or card absent."
     " Then mask, low, lay_away_from: write into mask (int8, the layout's actions; None: no mask) the"
     " seat's legal actions: those below index 64 given by index as the bits of low, and every lay-away"
     " whose cards are all among lay_away_from (a mask of cards of the hand; 0 where none is legal)."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject ViewWriterType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "noddy.kernel._ckernel.ViewWriter",
    .tp_basicsize = sizeof(ViewWriterObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "ViewWriter(players, sides, layout): the observation tensor of a seat's view given as plain"
              " numbers (noddy.research.tensors), written by the kernel's own encoder.",
    .tp_new = ViewWriter_new,
    .tp_methods = ViewWriter_methods,
};
