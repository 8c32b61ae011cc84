/* The research environments in the kernel (`noddy.research`): the observation tensor and action
 * index written from a kernel state (layout.c), one game stepped by action index (table.c), many
 * games stepped by one call (vecenv.c), and a helper of the OpenSpiel game (spiel.c). */
#ifndef NODDY_RESEARCH_H
#define NODDY_RESEARCH_H

#include "core/pyface.h"
#include "players/players.h"

extern PyTypeObject VecEnvType;        /* vecenv.c: many games stepped by one call (noddy.research.vector) */
extern PyTypeObject StateObserverType; /* table.c: one game by action index (noddy.research.engines) */
extern PyTypeObject ObserverType;      /* observe.c: observation tensors for noddy.research */
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
    float dealt, holes;
} ObsLayout;
/* Read the layout from the tuple `noddy.kernel.kernel_layout` gives: (starts by
 * OBS_FIELDS, size, num_actions, firsts by ACTION_KINDS, lay-aways as position bits, phase places
 * by PHASES, cards dealt, the board's holes). */
int obs_layout(ObsLayout *l, const Config *c, PyObject *layout);
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
