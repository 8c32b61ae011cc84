/* The kernel's Python types, shared by state.c (where they are defined) and module.c (the module's
 * functions and its initialisation). */
#ifndef NODDY_PYFACE_H
#define NODDY_PYFACE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "kernel.h"

typedef struct {
    PyObject_HEAD
    Config cfg;
} ConfigObject;

typedef struct {
    PyObject_HEAD
    PyObject *config;
    KState s;
} StateObject;

extern PyTypeObject ConfigType;
extern PyTypeObject StateType;
extern PyTypeObject ObserverType; /* observe.c: observation tensors for noddy.research */

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

/* How many steps a game or rollout may take before the kernel calls it stuck. */
#define MAX_STEPS 10000000

/* Read `n` distinct cards 0-51 from a sequence, or set an error. */
int read_cards(PyObject *arg, uint8_t *cards, Py_ssize_t n, const char *what);
/* A tuple of `n` ints. */
PyObject *int_tuple(const int32_t *values, int n);
/* batch.c: play_batch(config, base_seed, start, stop, kinds): a tournament's games, tallied. */
PyObject *play_batch(PyObject *module, PyObject *args);
/* ((name, length), ...) of the configuration's fields. */
PyObject *config_fields(void);

#endif
