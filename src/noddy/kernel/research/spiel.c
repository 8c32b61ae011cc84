/* A helper of the `python_noddy` OpenSpiel game on the kernel (`noddy.research.spielfast`):
 * `select`, the items of a list where a selector of bytes is not 0, as a new list. OpenSpiel asks a
 * chance node for its outcomes, one (card, probability) pair a card not drawn yet, at each of the
 * thirteen card draws of a cribbage deal; made in Python (a comprehension, or `itertools.compress`
 * feeding `list`) the list of 46 pairs cost 1.5 to 2 microseconds, and `chance_outcomes` with this
 * about 0.5, most of it the Python calls around it. */
#include "research/research.h"

PyObject *select_py(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 2) return PyErr_Format(PyExc_TypeError, "select(items, selector) takes 2 arguments");
    PyObject *items = args[0], *selector = args[1];
    if (!PyList_Check(items)) return PyErr_Format(PyExc_TypeError, "select's items are a list");
    const char *sel;
    Py_ssize_t n;
    if (PyBytes_Check(selector)) {
        sel = PyBytes_AS_STRING(selector);
        n = PyBytes_GET_SIZE(selector);
    } else if (PyByteArray_Check(selector)) {
        sel = PyByteArray_AS_STRING(selector);
        n = PyByteArray_GET_SIZE(selector);
    } else {
        return PyErr_Format(PyExc_TypeError, "select's selector is bytes or a bytearray");
    }
    if (n > PyList_GET_SIZE(items)) n = PyList_GET_SIZE(items);
    Py_ssize_t count = 0;
    for (Py_ssize_t i = 0; i < n; i++) count += sel[i] != 0;
    PyObject *out = PyList_New(count);
    if (!out) return NULL;
    for (Py_ssize_t i = 0, at = 0; i < n; i++) {
        if (!sel[i]) continue;
        PyObject *item = PyList_GET_ITEM(items, i);
        Py_INCREF(item);
        PyList_SET_ITEM(out, at++, item);
    }
    return out;
}

PyMethodDef research_methods[] = {
    {"select", (PyCFunction)(void (*)(void))select_py, METH_FASTCALL,
     "select(items, selector): the items of a list whose byte in selector (bytes or a bytearray) is not 0,"
     " in order, as a new list (noddy.research.spielfast: a chance node's outcomes)."},
    {NULL, NULL, 0, NULL},
};
