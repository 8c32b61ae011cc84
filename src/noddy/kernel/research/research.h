/* The research environments in the kernel (`noddy.research`): the observation tensor and action
 * index (layout.c: written from a seat's view as plain numbers, which a kernel state gives or Python
 * passes in), one game stepped by action index (table.c), many games stepped by one call
 * (vecenv.c), and a helper of the OpenSpiel game (spiel.c). */
#ifndef NODDY_RESEARCH_H
#define NODDY_RESEARCH_H

#include "core/pyface.h"
#include "players/players.h"

extern PyTypeObject VecEnvType;        /* vecenv.c: many games stepped by one call (noddy.research.vector) */
extern PyTypeObject StateObserverType; /* table.c: one game by action index (noddy.research.engines) */
extern PyTypeObject ViewWriterType;    /* layout.c: the tensor of a view given as plain numbers */
extern PyMethodDef research_methods[]; /* spiel.c: select */

/* The observation the kernel writes (layout.c), field by field: each one's name (exported as
 * `OBS_FIELDS`) and its size at a table of `n` players and `S` sides (the phase field's: at least
 * one; each phase's place in it is checked apart). What each field holds, and
 * where it starts, is research's (`noddy.research.fields`): Python gives each start by these names. */
#define OBS_FIELD_LIST(F) \
    F(HAND, hand, 52) F(HELD, held, 52) F(DISCARDS, discards, 52) F(OWN_CRIB, own_crib, 52) \
    F(TURNUP, turnup, 52) F(PILE, pile, 52) F(PLAYED, played, 52 * n) F(SEEN, seen, 52) F(COUNT, count, 1) \
    F(SCORES, scores, S) F(PHASE, phase, 1) F(DEALER, dealer, n) F(TO_ACT, to_act, n) \
    F(SIZES, hand_sizes, n) F(COUNTING, counting, 2 + n) F(MUGGINS, muggins, n + 1)
#define OBS_FIELD_ENUM(tag, name, size) F_##tag,
enum { OBS_FIELD_LIST(OBS_FIELD_ENUM) NFIELDS };
#undef OBS_FIELD_ENUM
#define MAX_DEALT 16
#define OBS_SEATS 4 /* the most seats (and sides) a layout is read for: the kernel's */
/* Where the tensor's fields start and how big it is; each action kind's first index (`firsts`, in
 * the order of ACTION_KINDS: a play's index is its kind's first plus the card, a lay-away's its
 * kind's first plus its place among the lay-aways), and each lay-away (positions in the hand
 * sorted by card, as bits) -> its index; each of the kernel's phases' place in the phase field. */
typedef struct {
    int start[NFIELDS];
    int size, num_actions, players, sides, nsubsets;
    int first[AC_PASS + 1];
    int8_t phase_at[PH_OVER + 1];
    int16_t discard_index[1 << MAX_DEALT];
    uint16_t subsets[MAX_ACTIONS]; /* the lay-aways in index order, as positions in the hand (bits) */
    float dealt, holes;
} ObsLayout;
/* Read the layout of a table of `players` seats and `sides` sides from the tuple
 * `noddy.kernel.kernel_layout` gives: (starts by OBS_FIELDS, size, num_actions, firsts by
 * ACTION_KINDS, lay-aways as position bits, phase places by PHASES, cards dealt, the board's holes). */
int obs_layout(ObsLayout *l, int players, int sides, PyObject *layout);
/* What one seat sees, as plain numbers: the tensor is written from this alone (`obs_put`), whether
 * a kernel state gave it (`obs_write`) or Python did, from an engine view (`ViewWriter`). Cards are
 * masks (bit i: card index i); a seat, a side or a card that is absent is -1. */
typedef struct {
    int me, side;                                /* the seat observing, and its side */
    mask_t hand, held, discards, own_crib, pile; /* its cards, and the play's cards since the count was 0 */
    mask_t shown;                                /* other cards it has seen: named by events, counted face up */
    mask_t played[OBS_SEATS];                    /* each seat's cards laid in this deal's play */
    int turnup, count, place, dealer, to_act;    /* place: the phase's place in the phase field */
    int counting, counted_seat;                  /* the count being made: 0 a hand, 1 a crib (-1 none); whose */
    int declarer, missed;                        /* after a short count under muggins: who declared, points missed */
    int scores[OBS_SEATS], sizes[OBS_SEATS];     /* each side's score, each seat's cards in hand */
} ObsView;
/* The tensor of `v` (written whole: zeroes included). */
void obs_put(const ObsLayout *l, const ObsView *v, float *out);
/* The fields' names, in order (the module's OBS_FIELDS). */
PyObject *obs_fields(void);
/* The cards shown to every seat, `named` grown by the events of the last call (`counting`: the
 * count task it made, -1 if none); a new deal starts it again. */
mask_t obs_scan(const KState *s, mask_t named, int counting);
/* The observation of seat `me` and its legal actions' mask (all 0 when `me` is not to act). */
void obs_write(const ObsLayout *l, const KState *s, mask_t named, int me, float *out, int8_t *mask);
/* The action index of a listed action of the seat to act, or -1. */
int obs_index_of(const ObsLayout *l, const KState *s, uint64_t action);

#endif
