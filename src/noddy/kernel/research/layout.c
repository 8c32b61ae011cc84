/* The observation tensor and action index of `noddy.research.tensors.Encoder`, written from a
 * kernel state itself: the one encoder of that tensor in C, for the research environments' games on
 * the kernel (table.c) and the batched environment (vecenv.c). The Python encoder is the
 * reference, and the encoder of the readable engine's views: tests/research/test_engines.py and
 * test_vector.py hold the two equal over random games of every preset. Where each field starts and
 * each action's index are research's, given at construction by name (`obs_layout`).
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
        PyErr_Format(PyExc_ValueError, "the layout gives %d %s", n, what);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        long value = PyLong_AsLong(PyTuple_GET_ITEM(tuple, i));
        if (value == -1 && PyErr_Occurred()) return -1;
        if (value < (none ? -1 : 0) || value >= limit) {
            PyErr_Format(PyExc_ValueError, "the layout's %s: %ld (number %d) is not below %ld", what, value, i, limit);
            return -1;
        }
        out[i] = (int)value;
    }
    return 0;
}

int obs_layout(ObsLayout *l, const Config *c, PyObject *layout) {
    PyObject *starts, *firsts, *subsets, *phase_at;
    int size, num_actions, dealt, holes, players = c->players[0], sides = c->sides[0];
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
    if (read_ints(starts, NFIELDS, l->start, size, 0, "field starts") < 0 ||
        read_ints(firsts, AC_PASS + 1, l->first, num_actions, 1, "first indices of the action kinds") < 0 ||
        read_ints(phase_at, PH_OVER + 1, places, size, 0, "places of the phases") < 0)
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

void obs_write(const ObsLayout *l, const KState *s, mask_t named, int me, float *out, int8_t *mask) {
    const Config *c = s->cfg;
    const int *at = l->start, n = l->players;
    memset(out, 0, sizeof(float) * (size_t)l->size);
    memset(mask, 0, (size_t)l->num_actions);
    mask_t own_crib = c->crib_kind[0] == CK_OWN ? s->cribs[me] : 0;
    mask_t seen = s->hands[me] | s->held[me] | s->discarded[me] | own_crib | s->played | named;
    mark(out + at[F_HAND], s->hands[me]);
    mark(out + at[F_HELD], s->held[me]);
    mark(out + at[F_DISCARDS], s->discarded[me]);
    mark(out + at[F_OWN_CRIB], own_crib);
    if (s->turned && s->turnup >= 0) {
        out[at[F_TURNUP] + s->turnup] = 1.0f;
        seen |= BIT(s->turnup);
    }
    for (int i = 0; i < s->npile; i++) out[at[F_PILE] + s->pile[i]] = 1.0f;
    for (int seat = 0; seat < n; seat++)
        mark(out + at[F_PLAYED] + 52 * relative(seat, me, n), s->held[seat] & ~s->hands[seat] & s->played);
    mark(out + at[F_SEEN], seen);
    out[at[F_COUNT]] = (float)s->count / PLAY_LIMIT;
    int mine = side_of(c, me);
    for (int side = 0; side < l->sides; side++)
        out[at[F_SCORES] + relative(side, mine, l->sides)] =
            s->scores[side] < l->holes ? (float)((double)s->scores[side] / l->holes) : 1.0f; /* at most 1 */
    out[at[F_PHASE] + l->phase_at[s->phase]] = 1.0f;
    out[at[F_DEALER] + relative(s->dealer, me, n)] = 1.0f;
    if (s->to_act >= 0) out[at[F_TO_ACT] + relative(s->to_act, me, n)] = 1.0f;
    for (int seat = 0; seat < n; seat++)
        out[at[F_SIZES] + relative(seat, me, n)] = (float)((double)s->nhand[seat] / l->dealt);
    if (s->phase == PH_COUNT && s->ntasks) {
        out[at[F_COUNTING] + (s->tasks[0].what == T_CRIB)] = 1.0f;
        out[at[F_COUNTING] + 2 + relative(s->tasks[0].seat, me, n)] = 1.0f;
    }
    if (s->phase == PH_MUGGINS) {
        out[at[F_MUGGINS] + relative(s->muggins_declarer, me, n)] = 1.0f;
        out[at[F_MUGGINS] + n] =
            s->muggins_missed < PLAY_LIMIT ? (float)((double)s->muggins_missed / PLAY_LIMIT) : 1.0f;
    }
    if (s->to_act != me) return;
    uint64_t legal[MAX_ACTIONS];
    int count = k_legal(s, legal);
    for (int i = 0; i < count; i++) {
        int index = obs_index_of(l, s, legal[i]);
        if (index >= 0 && index < l->num_actions) mask[index] = 1;
    }
}
