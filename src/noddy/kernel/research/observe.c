/* The observation tensor of a seat's view and its legal actions by index, written in C
 * (`noddy.research.tensors.Encoder` uses them where the kernel is built; its Python encoder is the
 * reference, and tests/research/test_tensors.py holds the two equal over random games of every
 * preset). An `Observer` is made once per encoder with the layout (each field's start), the deck and
 * the action index; `fill`, `named` and `listed` then read the view's cards directly (a card of the
 * deck by its address, any other card by its `index`) instead of a Python loop per card, which was
 * most of an environment step's cost beyond the engine's. */
#include "research/research.h"

#include <string.h>


#define SLOTS 256 /* the deck's addresses hashed into a table twice its size and more */

typedef struct {
    PyObject_HEAD
    PyObject *deck;
    PyObject *fixed;  /* action kind -> index, for the kinds without cards (go, count, ...) */
    PyObject *discard_at; /* positions laid away, as bits of the sorted hand -> index */
    PyObject *shown;  /* the event kinds whose cards `named` skips (the view shows them anyway) */
    PyObject *slot[SLOTS];
    int8_t index[SLOTS];
    int start[NFIELDS];
    int size, players, sides, phases;
    double dealt, holes, limit; /* what hand sizes, scores, and the count and points missed are divided by */
} ObserverObject;

static PyObject *NAME_SEAT, *NAME_HAND, *NAME_HELD, *NAME_DISCARDS, *NAME_OWN_CRIB, *NAME_TURNUP,
    *NAME_PILE, *NAME_PLAYED, *NAME_COUNTED, *NAME_COUNT, *NAME_SCORES, *NAME_DEALER, *NAME_TO_ACT,
    *NAME_HAND_SIZES, *NAME_COUNTING, *NAME_MUGGINS, *NAME_INDEX, *NAME_ITEMS, *NAME_CARDS, *NAME_KIND,
    *NAME_PLAY, *NAME_DISCARD, *NAME_LEGAL;

static int intern_names(void) {
    if (NAME_INDEX) return 0;
#define INTERN(var, text) if (!(var = PyUnicode_InternFromString(text))) return -1
    INTERN(NAME_SEAT, "seat"); INTERN(NAME_HAND, "hand"); INTERN(NAME_HELD, "held");
    INTERN(NAME_DISCARDS, "discards"); INTERN(NAME_OWN_CRIB, "own_crib"); INTERN(NAME_TURNUP, "turnup");
    INTERN(NAME_PILE, "pile"); INTERN(NAME_PLAYED, "played"); INTERN(NAME_COUNTED, "counted");
    INTERN(NAME_COUNT, "count"); INTERN(NAME_SCORES, "scores"); INTERN(NAME_DEALER, "dealer");
    INTERN(NAME_TO_ACT, "to_act"); INTERN(NAME_HAND_SIZES, "hand_sizes"); INTERN(NAME_COUNTING, "counting");
    INTERN(NAME_MUGGINS, "muggins"); INTERN(NAME_INDEX, "index"); INTERN(NAME_ITEMS, "items");
    INTERN(NAME_CARDS, "cards"); INTERN(NAME_KIND, "kind"); INTERN(NAME_PLAY, "play");
    INTERN(NAME_DISCARD, "discard"); INTERN(NAME_LEGAL, "legal");
#undef INTERN
    return 0;
}

static size_t slot_of(const PyObject *card) { return ((uintptr_t)card >> 4) % SLOTS; }

/* The card's index 0-51: a card of the deck by its address, another by its `index`; -1 with an
 * error set when it is not a card. */
static int card_index(const ObserverObject *o, PyObject *card) {
    for (size_t at = slot_of(card); o->slot[at]; at = (at + 1) % SLOTS)
        if (o->slot[at] == card) return o->index[at];
    PyObject *value = PyObject_GetAttr(card, NAME_INDEX);
    if (!value) return -1;
    long index = PyLong_AsLong(value);
    Py_DECREF(value);
    if (index == -1 && PyErr_Occurred()) return -1;
    if (index < 0 || index > 51) {
        PyErr_Format(PyExc_ValueError, "card index %ld is not 0-51", index);
        return -1;
    }
    return (int)index;
}

static PyObject *Observer_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    PyObject *deck, *starts, *fixed, *discard_at, *shown;
    int size, players, sides, phases, dealt, holes, limit;
    if (kwds && PyDict_GET_SIZE(kwds)) return PyErr_Format(PyExc_TypeError, "Observer takes no keywords");
    if (!PyArg_ParseTuple(args, "O!O!iiiiiiiO!O!O!:Observer", &PyTuple_Type, &deck, &PyTuple_Type, &starts,
                          &size, &players, &sides, &phases, &dealt, &holes, &limit, &PyDict_Type, &fixed,
                          &PyDict_Type, &discard_at, &PyTuple_Type, &shown))
        return NULL;
    if (PyTuple_GET_SIZE(deck) != 52) return PyErr_Format(PyExc_ValueError, "the deck has 52 cards");
    if (PyTuple_GET_SIZE(starts) != NFIELDS)
        return PyErr_Format(PyExc_ValueError, "give the start of each of the %d fields", NFIELDS);
    if (players < 2 || sides < 2 || sides > players || phases < 1 || dealt < 1 || holes < 1 || limit < 1)
        return PyErr_Format(PyExc_ValueError, "not a table: %d players, %d sides", players, sides);
    if (intern_names() < 0) return NULL;
    ObserverObject *self = (ObserverObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    self->deck = Py_NewRef(deck);
    self->fixed = Py_NewRef(fixed);
    self->discard_at = Py_NewRef(discard_at);
    self->shown = Py_NewRef(shown);
    /* Each field's last number must lie inside the buffer: fill writes without further checks. */
    const int sizes[NFIELDS] = {52, 52, 52, 52, 52, 52, 52 * players, 52, 1, sides, phases, players, players,
                                players, 2 + players, players + 1};
    for (int f = 0; f < NFIELDS; f++) {
        long start = PyLong_AsLong(PyTuple_GET_ITEM(starts, f));
        if (start == -1 && PyErr_Occurred()) goto fail;
        if (start < 0 || start + sizes[f] > size) {
            PyErr_Format(PyExc_ValueError, "field %d (from %ld) lies outside %d numbers", f, start, size);
            goto fail;
        }
        self->start[f] = (int)start;
    }
    self->size = size; self->players = players; self->sides = sides; self->phases = phases;
    self->dealt = dealt; self->holes = holes; self->limit = limit;
    for (int i = 0; i < 52; i++) {
        PyObject *card = PyTuple_GET_ITEM(deck, i);
        int index = card_index(self, card); /* by its `index`: the deck's own place is checked once */
        if (index != i) {
            if (index >= 0) PyErr_Format(PyExc_ValueError, "the deck's card %d has index %d", i, index);
            goto fail;
        }
        size_t at = slot_of(card);
        while (self->slot[at]) at = (at + 1) % SLOTS;
        self->slot[at] = card;
        self->index[at] = (int8_t)i;
    }
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

static void Observer_dealloc(ObserverObject *self) {
    Py_XDECREF(self->deck);
    Py_XDECREF(self->fixed);
    Py_XDECREF(self->discard_at);
    Py_XDECREF(self->shown);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int as_int(PyObject *value, long *out) {
    *out = PyLong_AsLong(value);
    return *out == -1 && PyErr_Occurred() ? -1 : 0;
}

static int relative(long seat, long me, int n) { return (int)(((seat - me) % n + n) % n); }

/* 1 at `start` + each card's index of the tuple `name` of the view (and at `seen` when `seen` >= 0). */
static int mark_cards(const ObserverObject *o, float *out, PyObject *view, PyObject *name, int start, int seen) {
    PyObject *cards = PyObject_GetAttr(view, name);
    if (!cards) return -1;
    PyObject *fast = PySequence_Fast(cards, "the view's cards are a sequence");
    Py_DECREF(cards);
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < n; i++) {
        int index = card_index(o, items[i]);
        if (index < 0) { Py_DECREF(fast); return -1; }
        out[start + index] = 1.0f;
        if (seen >= 0) out[seen + index] = 1.0f;
    }
    Py_DECREF(fast);
    return 0;
}

/* The pile's cards (`played` < 0) or the play's, each (seat, card) in the block of its seat. */
static int mark_laid(const ObserverObject *o, float *out, PyObject *view, PyObject *name, long me, int start,
                     int played) {
    PyObject *pairs = PyObject_GetAttr(view, name);
    if (!pairs) return -1;
    PyObject *fast = PySequence_Fast(pairs, "the view's play is a sequence of (seat, card)");
    Py_DECREF(pairs);
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *pair = items[i];
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
            PyErr_SetString(PyExc_TypeError, "a card laid is a (seat, card) pair");
            Py_DECREF(fast);
            return -1;
        }
        int index = card_index(o, PyTuple_GET_ITEM(pair, 1));
        long seat;
        if (index < 0 || as_int(PyTuple_GET_ITEM(pair, 0), &seat) < 0) { Py_DECREF(fast); return -1; }
        if (played) {
            out[start + relative(seat, me, o->players) * 52 + index] = 1.0f;
            out[o->start[F_SEEN] + index] = 1.0f;
        } else {
            out[start + index] = 1.0f;
        }
    }
    Py_DECREF(fast);
    return 0;
}

/* A whole number / `scale`, at most 1 (a score pegged past the last hole reads as the last hole). */
static float scaled(long value, double scale) { return (float)((double)value < scale ? (double)value / scale : 1.0); }

/* Each int of the tuple `name` of the view / `scale` (at most 1) at `start` + its place from `first` on. */
static int write_scaled(float *out, PyObject *view, PyObject *name, int start, long first, int places,
                        double scale) {
    PyObject *values = PyObject_GetAttr(view, name);
    if (!values) return -1;
    if (!PyTuple_Check(values) || PyTuple_GET_SIZE(values) > places) {
        PyErr_Format(PyExc_ValueError, "the view's %U is a tuple of at most %d numbers", name, places);
        Py_DECREF(values);
        return -1;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(values); i++) {
        long value;
        if (as_int(PyTuple_GET_ITEM(values, i), &value) < 0) { Py_DECREF(values); return -1; }
        out[start + relative((long)i, first, places)] = scaled(value, scale);
    }
    Py_DECREF(values);
    return 0;
}

/* One seat of the view (an int attribute, or None): 1 at `start` + its place relative to `me`. */
static int mark_seat(const ObserverObject *o, float *out, PyObject *view, PyObject *name, long me, int start) {
    PyObject *value = PyObject_GetAttr(view, name);
    if (!value) return -1;
    long seat;
    int bad = value != Py_None && as_int(value, &seat) < 0;
    if (!bad && value != Py_None) out[start + relative(seat, me, o->players)] = 1.0f;
    Py_DECREF(value);
    return -bad;
}

/* A (str or int, int) pair of the view, or None: its two parts (a new reference to the first). */
static int read_pair(PyObject *view, PyObject *name, PyObject **first, long *second) {
    PyObject *pair = PyObject_GetAttr(view, name);
    *first = NULL;
    if (!pair) return -1;
    if (pair == Py_None) { Py_DECREF(pair); return 0; }
    if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
        PyErr_Format(PyExc_TypeError, "the view's %U is a pair or None", name);
        Py_DECREF(pair);
        return -1;
    }
    *first = PyTuple_GET_ITEM(pair, 0);
    Py_INCREF(*first);
    int bad = as_int(PyTuple_GET_ITEM(pair, 1), second);
    Py_DECREF(pair);
    if (bad) { Py_CLEAR(*first); return -1; }
    return 0;
}

static int fill_view(const ObserverObject *o, float *out, PyObject *view, PyObject *named, long phase,
                     long my_side) {
    const int *at = o->start;
    const int n = o->players;
    long me, value;
    PyObject *seat = PyObject_GetAttr(view, NAME_SEAT);
    int bad = !seat || as_int(seat, &me) < 0;
    Py_XDECREF(seat);
    if (bad) return -1;
    if (mark_cards(o, out, view, NAME_HAND, at[F_HAND], at[F_SEEN]) < 0 ||
        mark_cards(o, out, view, NAME_HELD, at[F_HELD], at[F_SEEN]) < 0 ||
        mark_cards(o, out, view, NAME_DISCARDS, at[F_DISCARDS], at[F_SEEN]) < 0 ||
        mark_cards(o, out, view, NAME_OWN_CRIB, at[F_OWN_CRIB], at[F_SEEN]) < 0 ||
        mark_cards(o, out, view, NAME_COUNTED, at[F_SEEN], -1) < 0 ||
        mark_laid(o, out, view, NAME_PILE, me, at[F_PILE], 0) < 0 ||
        mark_laid(o, out, view, NAME_PLAYED, me, at[F_PLAYED], 1) < 0)
        return -1;
    PyObject *turnup = PyObject_GetAttr(view, NAME_TURNUP);
    if (!turnup) return -1;
    if (turnup != Py_None) {
        int index = card_index(o, turnup);
        if (index < 0) { Py_DECREF(turnup); return -1; }
        out[at[F_TURNUP] + index] = 1.0f;
        out[at[F_SEEN] + index] = 1.0f;
    }
    Py_DECREF(turnup);
    unsigned long long bits = PyLong_AsUnsignedLongLong(named);
    if (bits == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    if (bits >> 52) {
        PyErr_SetString(PyExc_ValueError, "the cards named are a mask of 52 bits");
        return -1;
    }
    for (; bits; bits &= bits - 1) out[at[F_SEEN] + __builtin_ctzll(bits)] = 1.0f;
    PyObject *count = PyObject_GetAttr(view, NAME_COUNT);
    bad = !count || as_int(count, &value) < 0;
    Py_XDECREF(count);
    if (bad) return -1;
    out[at[F_COUNT]] = scaled(value, o->limit);
    if (write_scaled(out, view, NAME_SCORES, at[F_SCORES], my_side, o->sides, o->holes) < 0 ||
        write_scaled(out, view, NAME_HAND_SIZES, at[F_SIZES], me, n, o->dealt) < 0)
        return -1;
    out[at[F_PHASE] + phase] = 1.0f;
    if (mark_seat(o, out, view, NAME_DEALER, me, at[F_DEALER]) < 0 ||
        mark_seat(o, out, view, NAME_TO_ACT, me, at[F_TO_ACT]) < 0)
        return -1;
    PyObject *what;
    if (read_pair(view, NAME_COUNTING, &what, &value) < 0) return -1;
    if (what) {
        int crib = !PyUnicode_Check(what) || PyUnicode_CompareWithASCIIString(what, "hand") != 0;
        Py_DECREF(what);
        out[at[F_COUNTING] + crib] = 1.0f;
        out[at[F_COUNTING] + 2 + relative(value, me, n)] = 1.0f;
    }
    if (read_pair(view, NAME_MUGGINS, &what, &value) < 0) return -1;
    if (what) {
        long declarer;
        bad = as_int(what, &declarer);
        Py_DECREF(what);
        if (bad) return -1;
        out[at[F_MUGGINS] + relative(declarer, me, n)] = 1.0f;
        out[at[F_MUGGINS] + n] = scaled(value, o->limit);
    }
    return 0;
}

/* The mask of a sequence of cards (bit `index` each), or -1 with an error set. */
static long long mask_of(const ObserverObject *o, PyObject *cards) {
    PyObject *fast = PySequence_Fast(cards, "cards are a sequence");
    if (!fast) return -1;
    long long mask = 0;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast); i++) {
        int index = card_index(o, PySequence_Fast_GET_ITEM(fast, i));
        if (index < 0) { Py_DECREF(fast); return -1; }
        mask |= 1LL << index;
    }
    Py_DECREF(fast);
    return mask;
}

/* 1 when `kind` is one of the kinds whose cards the view shows anyway, 0 if not, -1 on error. */
static int shown_elsewhere(const ObserverObject *o, PyObject *kind) {
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(o->shown); i++) {
        PyObject *shown = PyTuple_GET_ITEM(o->shown, i);
        if (kind == shown) return 1;
        int equal = PyObject_RichCompareBool(kind, shown, Py_EQ);
        if (equal) return equal;
    }
    return 0;
}

/* One event's cards named: its items' cards, and its own unless its kind is shown elsewhere. */
static long long event_named(const ObserverObject *o, PyObject *event) {
    long long named = 0, mask;
    PyObject *items = PyObject_GetAttr(event, NAME_ITEMS);
    if (!items) return -1;
    PyObject *fast = PySequence_Fast(items, "an event's items are a sequence");
    Py_DECREF(items);
    if (!fast) return -1;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast); i++) {
        PyObject *cards = PyObject_GetAttr(PySequence_Fast_GET_ITEM(fast, i), NAME_CARDS);
        mask = cards ? mask_of(o, cards) : -1;
        Py_XDECREF(cards);
        if (mask < 0) { Py_DECREF(fast); return -1; }
        named |= mask;
    }
    Py_DECREF(fast);
    PyObject *cards = PyObject_GetAttr(event, NAME_CARDS);
    if (!cards) return -1;
    Py_ssize_t n = PyObject_Length(cards);
    int skip = 0;
    if (n > 0) {
        PyObject *kind = PyObject_GetAttr(event, NAME_KIND);
        skip = kind ? shown_elsewhere(o, kind) : -1;
        Py_XDECREF(kind);
    }
    mask = n < 0 || skip < 0 ? -1 : n > 0 && !skip ? mask_of(o, cards) : 0;
    Py_DECREF(cards);
    return mask < 0 ? -1 : named | mask;
}

static PyObject *Observer_named(ObserverObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) return PyErr_Format(PyExc_TypeError, "named(events, start) takes 2 arguments");
    if (!PyTuple_Check(args[0])) return PyErr_Format(PyExc_TypeError, "the events are a tuple");
    Py_ssize_t start = PyLong_AsSsize_t(args[1]);
    if (start == -1 && PyErr_Occurred()) return NULL;
    long long named = 0;
    for (Py_ssize_t i = start < 0 ? 0 : start; i < PyTuple_GET_SIZE(args[0]); i++) {
        long long mask = event_named(self, PyTuple_GET_ITEM(args[0], i));
        if (mask < 0) return NULL;
        named |= mask;
    }
    return PyLong_FromLongLong(named);
}

/* The index of one listed action of a seat whose hand, sorted by card index, is `sorted`. */
static PyObject *action_index(const ObserverObject *o, PyObject *action, const int *sorted, Py_ssize_t held) {
    PyObject *kind = PyObject_GetAttr(action, NAME_KIND);
    if (!kind) return NULL;
    PyObject *index = NULL;
    int play = kind == NAME_PLAY || PyUnicode_Compare(kind, NAME_PLAY) == 0;
    int discard = !play && (kind == NAME_DISCARD || PyUnicode_Compare(kind, NAME_DISCARD) == 0);
    if (PyErr_Occurred()) goto done;
    if (!play && !discard) {
        index = PyDict_GetItemWithError(o->fixed, kind);
        if (index) Py_INCREF(index);
        else if (!PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, kind);
        goto done;
    }
    PyObject *cards = PyObject_GetAttr(action, NAME_CARDS);
    if (!cards) goto done;
    if (play) {
        PyObject *card = PySequence_GetItem(cards, 0);
        int at = card ? card_index(o, card) : -1;
        Py_XDECREF(card);
        Py_DECREF(cards);
        if (at >= 0) index = PyLong_FromLong(at);
        goto done;
    }
    long long mask = mask_of(o, cards);
    Py_DECREF(cards);
    if (mask < 0) goto done;
    long long bits = 0;
    for (Py_ssize_t at = 0; at < held; at++)
        if (mask >> sorted[at] & 1) { bits |= 1LL << at; mask &= ~(1LL << sorted[at]); }
    if (mask) {
        PyErr_SetString(PyExc_KeyError, "a card laid away is not in the hand");
        goto done;
    }
    PyObject *key = PyLong_FromLongLong(bits);
    if (!key) goto done;
    index = PyDict_GetItemWithError(o->discard_at, key);
    if (index) Py_INCREF(index);
    else if (!PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, key);
    Py_DECREF(key);
done:
    Py_DECREF(kind);
    return index;
}

/* The listed legal actions of a seat holding `hand` by index (a new dict), each marked in `mask`
 * (`num` int8 numbers) unless it is NULL. */
static PyObject *list_actions(const ObserverObject *o, PyObject *legal_actions, PyObject *hand_cards,
                              int8_t *mask, Py_ssize_t num) {
    long long hand = mask_of(o, hand_cards);
    if (hand < 0) return NULL;
    int sorted[52];
    Py_ssize_t held = 0;
    for (int i = 0; i < 52; i++)
        if (hand >> i & 1) sorted[held++] = i;
    PyObject *legal = PySequence_Fast(legal_actions, "the legal actions are a sequence");
    if (!legal) return NULL;
    PyObject *listed = PyDict_New();
    for (Py_ssize_t i = 0; listed && i < PySequence_Fast_GET_SIZE(legal); i++) {
        PyObject *action = PySequence_Fast_GET_ITEM(legal, i);
        PyObject *index = action_index(o, action, sorted, held);
        Py_ssize_t at = index ? PyLong_AsSsize_t(index) : -1;
        if (mask && at >= 0 && at < num) mask[at] = 1;
        else if (mask && !PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "action index %zd beyond the mask", at);
        if (PyErr_Occurred() || PyDict_SetItem(listed, index, action) < 0) Py_CLEAR(listed);
        Py_XDECREF(index);
    }
    Py_DECREF(legal);
    return listed;
}

static PyObject *Observer_listed(ObserverObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) return PyErr_Format(PyExc_TypeError, "listed(legal, hand) takes 2 arguments");
    return list_actions(self, args[0], args[1], NULL, 0);
}

static PyObject *Observer_fill(ObserverObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5 && nargs != 6)
        return PyErr_Format(PyExc_TypeError, "fill(out, view, named, phase, side[, mask]) takes 5 or 6 arguments,"
                            " not %zd", nargs);
    long phase = PyLong_AsLong(args[3]), side = PyLong_AsLong(args[4]);
    if (PyErr_Occurred()) return NULL;
    if (phase < 0 || phase >= self->phases || side < 0 || side >= self->sides)
        return PyErr_Format(PyExc_ValueError, "phase %ld or side %ld out of range", phase, side);
    Py_buffer buffer;
    if (PyObject_GetBuffer(args[0], &buffer, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return NULL;
    if (buffer.itemsize != 4 || !buffer.format || strcmp(buffer.format, "f") != 0 ||
        buffer.len < (Py_ssize_t)self->size * 4) {
        PyBuffer_Release(&buffer);
        return PyErr_Format(PyExc_ValueError, "out must be %d float32 numbers", self->size);
    }
    int bad = fill_view(self, (float *)buffer.buf, args[1], args[2], phase, side);
    PyBuffer_Release(&buffer);
    if (bad) return NULL;
    if (nargs == 5) Py_RETURN_NONE;
    if (PyObject_GetBuffer(args[5], &buffer, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return NULL;
    PyObject *legal = NULL, *hand = NULL, *listed = NULL;
    if (buffer.itemsize != 1 || !buffer.format || strcmp(buffer.format, "b") != 0)
        PyErr_SetString(PyExc_ValueError, "the mask is int8");
    else if ((legal = PyObject_GetAttr(args[1], NAME_LEGAL)) && (hand = PyObject_GetAttr(args[1], NAME_HAND)))
        listed = list_actions(self, legal, hand, (int8_t *)buffer.buf, buffer.len);
    Py_XDECREF(legal);
    Py_XDECREF(hand);
    PyBuffer_Release(&buffer);
    return listed;
}

static PyMethodDef Observer_methods[] = {
    {"fill", (PyCFunction)(void (*)(void))Observer_fill, METH_FASTCALL,
     "fill(out, view, named, phase, side[, mask]): write the view's encoding into out (float32, zeroed):"
     " named the cards its deal's events show (a mask, bit i for card index i), phase the index of its"
     " phase, side its seat's side; with mask (int8, zeroed), also mark the view's listed legal actions"
     " in it and return them by index, as listed does."},
    {"named", (PyCFunction)(void (*)(void))Observer_named, METH_FASTCALL,
     "named(events, start): the cards the events from start on show in their items, and in their cards"
     " but for the kinds shown elsewhere, as a mask."},
    {"listed", (PyCFunction)(void (*)(void))Observer_listed, METH_FASTCALL,
     "listed(legal, hand): the listed legal actions of a seat holding hand, by their indices (a dict)."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject ObserverType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "noddy.kernel._ckernel.Observer",
    .tp_basicsize = sizeof(ObserverObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Observer(deck, starts, size, players, sides, phases, dealt, holes, limit, fixed, discard_at,"
              " shown): observation tensors and action indices (noddy.research.tensors).",
    .tp_new = Observer_new,
    .tp_dealloc = (destructor)Observer_dealloc,
    .tp_methods = Observer_methods,
};
