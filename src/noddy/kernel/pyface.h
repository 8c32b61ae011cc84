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

/* How many steps a game or rollout may take before the kernel calls it stuck. */
#define MAX_STEPS 10000000

/* Read `n` distinct cards 0-51 from a sequence, or set an error. */
int read_cards(PyObject *arg, uint8_t *cards, Py_ssize_t n, const char *what);
/* A tuple of `n` ints. */
PyObject *int_tuple(const int32_t *values, int n);
/* ((name, length), ...) of the configuration's fields. */
PyObject *config_fields(void);

#endif
