/* The research environments in the kernel (`noddy.research`): the observation tensor and action
 * index written from a kernel state (layout.c), one game stepped by action index (table.c), many
 * games stepped by one call (vecenv.c), and a helper of the OpenSpiel game (spiel.c). */
#ifndef NODDY_RESEARCH_H
#define NODDY_RESEARCH_H

#include "core/pyface.h"
#include "players/players.h"

extern PyTypeObject VecEnvType;        /* vecenv.c: many games stepped by one call (noddy.research.vector) */
extern PyTypeObject StateObserverType; /* table.c: one game by action index (noddy.research.engines) */
extern PyMethodDef research_methods[]; /* spiel.c: select */

extern PyTypeObject ObserverType;      /* observe.c: observation tensors for noddy.research */

/* The observation layout of `noddy.research.tensors.Encoder` and its action index (layout.c): each
 * field's start (in the order of `noddy.research.fields.BLOCKS`), the tensor's and the action
 * space's sizes, each phase's place in the phase field, and each lay-away (positions in the sorted
 * hand, as bits) -> its action index. */
enum { F_HAND, F_HELD, F_DISCARDS, F_OWN_CRIB, F_TURNUP, F_PILE, F_PLAYED, F_SEEN, F_COUNT, F_SCORES,
       F_PHASE, F_DEALER, F_TO_ACT, F_SIZES, F_COUNTING, F_MUGGINS, NFIELDS };
#define MAX_DEALT 16
typedef struct {
    int start[NFIELDS];
    int size, num_actions, players, sides, nsubsets;
    int8_t phase_at[PH_OVER + 1];
    int16_t discard_index[1 << MAX_DEALT];
    float dealt, holes;
} ObsLayout;
/* Read the layout from Python's numbers (`noddy.research.vector` and `noddy.kernel.table` pass them). */
int obs_layout(ObsLayout *l, const Config *c, PyObject *starts, int size, int num_actions, PyObject *subsets,
               PyObject *phase_at, int dealt, int holes);
/* The cards shown to every seat, `named` grown by the events of the last call (`counting`: the
 * count task it made, -1 if none); a new deal starts it again. */
mask_t obs_scan(const KState *s, mask_t named, int counting);
/* The observation of seat `me` and its legal actions' mask (all 0 when `me` is not to act). */
void obs_write(const ObsLayout *l, const KState *s, mask_t named, int me, float *out, int8_t *mask);
/* The action index of a listed action of the seat to act, or -1. */
int obs_index_of(const ObsLayout *l, const KState *s, uint64_t action);

#endif
