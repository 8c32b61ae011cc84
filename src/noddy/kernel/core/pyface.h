/* The core's Python types, `Config` and `State` (state.c), and the helpers every layer's functions
 * of the module use to read their arguments. */
#ifndef NODDY_PYFACE_H
#define NODDY_PYFACE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "core/kernel.h"

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

/* A player's choice among the listed legal actions (`k_legal`'s, `n` of them), by which the kernel
 * plays a seat itself: a layer above gives it (players/: the greedy player), in a capsule Python
 * passes to what plays with it (`State.choose`, analysis's board), so that no lower layer names it. */
typedef uint64_t (*Policy)(const KState *s, const uint64_t *legal, int n);
typedef struct { Policy choose; } PolicyRef;
#define POLICY_CAPSULE "noddy.kernel.policy"
/* The policy in a capsule made by `policy_capsule`, or NULL with a TypeError set. */
Policy policy_of(PyObject *capsule);
/* A capsule of `ref` (which must live as long as the module). */
PyObject *policy_capsule(const PolicyRef *ref);

/* How many steps a game or rollout may take before the kernel calls it stuck. */
#define MAX_STEPS 10000000

/* Read `n` distinct cards 0-51 from a sequence, or set an error. */
int read_cards(PyObject *arg, uint8_t *cards, Py_ssize_t n, const char *what);
/* A tuple of `n` ints. */
PyObject *int_tuple(const int32_t *values, int n);
/* ((name, length), ...) of the configuration's fields. */
PyObject *config_fields(void);
/* state.c: count_hands. */
extern PyMethodDef core_methods[];

#endif
