/* The observation tensor and action index of `noddy.research.tensors.Encoder`, written from a
 * kernel state itself (no engine view): for the batched environment (vecenv.c) and the research
 * environments' single games (table.c). The Python encoder is the reference: tests/research/
 * test_vector.py and test_engines.py hold the two equal over random games of every preset.
 *
 * What the engine's events show (the `seen` field) is kept per game as one public mask over the
 * current deal (`obs_scan`): hands counted face up, cribs turned up, hands shown for muggins, the
 * Knave announced, a Jack turned up, cards of their own points; of a hand counted unseen, the rest
 * of its cards are its holder's own, which `seen` holds anyway. */
#include "research/research.h"

#include <string.h>

#define DISCARDS 56 /* the first discard index: 52 plays, then go, count, muggins, pass */

static int relative(int seat, int me, int n) { return ((seat - me) % n + n) % n; }

static void mark(float *out, mask_t cards) {
    for (; cards; cards &= cards - 1) out[__builtin_ctzll(cards)] = 1.0f;
}

int obs_layout(ObsLayout *l, const Config *c, PyObject *starts, int size, int num_actions, PyObject *subsets,
               PyObject *phase_at, int dealt, int holes) {
    int players = c->players[0];
    if (dealt < 1 || dealt > MAX_DEALT || holes < 1) {
        PyErr_Format(PyExc_ValueError, "the layout needs 1 to %d cards dealt and a board of 1 hole or more",
                     MAX_DEALT);
        return -1;
    }
    if (!PyTuple_Check(starts) || !PyTuple_Check(phase_at) || !PyTuple_Check(subsets) ||
        PyTuple_GET_SIZE(starts) != NFIELDS || PyTuple_GET_SIZE(phase_at) != PH_OVER + 1 ||
        PyTuple_GET_SIZE(subsets) > MAX_ACTIONS || DISCARDS + PyTuple_GET_SIZE(subsets) > num_actions) {
        PyErr_Format(PyExc_ValueError, "the layout needs %d field starts, %d phases and the lay-aways", NFIELDS,
                     PH_OVER + 1);
        return -1;
    }
    l->size = size;
    l->num_actions = num_actions;
    l->players = players;
    l->sides = c->sides[0];
    l->dealt = (float)dealt;
    l->holes = (float)holes;
    const int sizes[NFIELDS] = {52, 52, 52, 52, 52, 52, 52 * players, 52, 1, l->sides, 1, players, players,
                                players, 2 + players, players + 1};
    for (int f = 0; f < NFIELDS; f++) {
        long at = PyLong_AsLong(PyTuple_GET_ITEM(starts, f));
        if (at == -1 && PyErr_Occurred()) return -1;
        if (at < 0 || at + sizes[f] > size) {
            PyErr_Format(PyExc_ValueError, "field %d (from %ld) lies outside %d numbers", f, at, size);
            return -1;
        }
        l->start[f] = (int)at;
    }
    for (int p = 0; p <= PH_OVER; p++) {
        long at = PyLong_AsLong(PyTuple_GET_ITEM(phase_at, p));
        if (at == -1 && PyErr_Occurred()) return -1;
        if (at < 0 || l->start[F_PHASE] + at >= l->start[F_DEALER]) {
            PyErr_Format(PyExc_ValueError, "phase %d's place %ld lies outside the phase field", p, at);
            return -1;
        }
        l->phase_at[p] = (int8_t)at;
    }
    memset(l->discard_index, -1, sizeof l->discard_index);
    l->nsubsets = (int)PyTuple_GET_SIZE(subsets);
    for (int k = 0; k < l->nsubsets; k++) {
        long bits = PyLong_AsLong(PyTuple_GET_ITEM(subsets, k));
        if (bits == -1 && PyErr_Occurred()) return -1;
        if (bits <= 0 || bits >= (1L << dealt)) {
            PyErr_Format(PyExc_ValueError, "lay-away %d (%ld) is not a set of positions in %d cards", k, bits, dealt);
            return -1;
        }
        l->discard_index[bits] = (int16_t)(DISCARDS + k);
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
    case AC_PLAY: return (int)payload;
    case AC_GO: return 52;
    case AC_COUNT: return 53;
    case AC_MUGGINS: return 54;
    case AC_PASS: return 55;
    case AC_DISCARD: {
        mask_t hand = s->hands[s->to_act];
        unsigned bits = 0;
        for (mask_t m = payload; m; m &= m - 1)
            bits |= 1u << __builtin_popcountll(hand & (BIT(__builtin_ctzll(m)) - 1));
        return bits < (1u << MAX_DEALT) ? l->discard_index[bits] : -1;
    }
    default: return -1;
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
