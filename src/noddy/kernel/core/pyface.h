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
