/* The compiled kernel, `noddy.kernel._ckernel`: the module assembled from its layers, each in a
 * folder of its own: core/ (the game and its counts, mirroring `noddy.game` and `noddy.scoring`, and
 * the `Config` and `State` types), and an adapter for each layer the kernel speeds up: players/,
 * sim/, analysis/ and research/. Each adds its functions and types here; the names exported tie the
 * kernel's numbers to the engine's (`noddy.kernel` reads them by name). Python code uses it through
 * `noddy.kernel`, which builds the configuration from `Rules`. */
#include "analysis/analysis.h"
#include "core/pyface.h"
#include "players/players.h"
#include "research/research.h"
#include "sim/sim.h"

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_ckernel",
    "The compiled game kernel of noddy (see noddy.kernel).", -1, NULL,
};

static int add_names(PyObject *m, const char *name, const char *const *names, int n) {
    PyObject *t = PyTuple_New(n);
    if (!t) return -1;
    for (int i = 0; i < n; i++) {
        PyObject *s = PyUnicode_FromString(names[i]);
        if (!s) { Py_DECREF(t); return -1; }
        PyTuple_SET_ITEM(t, i, s);
    }
    return PyModule_AddObject(m, name, t) < 0 ? (Py_DECREF(t), -1) : 0;
}

#define NAMES(m, name, ...)                                                                     \
    do {                                                                                        \
        static const char *const values[] = {__VA_ARGS__};                                      \
        if (add_names(m, name, values, (int)(sizeof values / sizeof *values)) < 0) goto error;  \
    } while (0)

PyMODINIT_FUNC PyInit__ckernel(void) {
    if (PyType_Ready(&ConfigType) < 0 || PyType_Ready(&StateType) < 0) return NULL;
    if (PyType_Ready(&ViewWriterType) < 0 || PyType_Ready(&VecEnvType) < 0) return NULL;
    if (PyType_Ready(&StateObserverType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module_def);
    if (!m) return NULL;
    PyMethodDef *layers[] = {core_methods, players_methods, search_methods, sim_methods, analysis_methods,
                             research_methods};
    for (size_t i = 0; i < sizeof layers / sizeof *layers; i++)
        if (PyModule_AddFunctions(m, layers[i]) < 0) goto error;
    Py_INCREF(&ConfigType);
    if (PyModule_AddObject(m, "Config", (PyObject *)&ConfigType) < 0) goto error;
    Py_INCREF(&StateType);
    if (PyModule_AddObject(m, "State", (PyObject *)&StateType) < 0) goto error;
    Py_INCREF(&ViewWriterType);
    if (PyModule_AddObject(m, "ViewWriter", (PyObject *)&ViewWriterType) < 0) goto error;
    Py_INCREF(&VecEnvType);
    if (PyModule_AddObject(m, "VecEnv", (PyObject *)&VecEnvType) < 0) goto error;
    Py_INCREF(&StateObserverType);
    if (PyModule_AddObject(m, "StateObserver", (PyObject *)&StateObserverType) < 0) goto error;
    {
        PyObject *greedy = greedy_policy();
        if (!greedy || PyModule_AddObject(m, "GREEDY", greedy) < 0) { Py_XDECREF(greedy); goto error; }
    }
    {
        PyObject *fields = obs_fields();
        if (!fields) goto error;
        if (PyModule_AddObject(m, "OBS_FIELDS", fields) < 0) { Py_DECREF(fields); goto error; }
    }
    {
        PyObject *fields = config_fields();
        if (!fields) goto error;
        if (PyModule_AddObject(m, "CONFIG_FIELDS", fields) < 0) { Py_DECREF(fields); goto error; }
    }
#define CODE_NAME(code, name) name,
    NAMES(m, "PHASES", PHASE_LIST(CODE_NAME));
    NAMES(m, "EVENT_KINDS", EVENT_LIST(CODE_NAME));
    NAMES(m, "TALLIES", TALLY_LIST(CODE_NAME));
    NAMES(m, "PLAYERS", "random", "greedy");
    NAMES(m, "ACTION_KINDS", ACTION_LIST(CODE_NAME));
    NAMES(m, "FIRST_DEALERS", FIRST_DEALER_LIST(CODE_NAME));
    NAMES(m, "FLUSH_READINGS", FLUSH_LIST(CODE_NAME));
    NAMES(m, "KNAVE_WHEN", KNAVE_WHEN_LIST(CODE_NAME));
    NAMES(m, "WRONG_COUNTS", WRONG_COUNT_LIST(CODE_NAME));
    NAMES(m, "CRIB_KINDS", CRIB_KIND_LIST(CODE_NAME));
    NAMES(m, "ACES", ACE_LIST(CODE_NAME));
#undef CODE_NAME
    if (PyModule_AddIntConstant(m, "MAX_ACTIONS", MAX_ACTIONS) < 0) goto error;
    if (PyModule_AddIntConstant(m, "MAX_COUNTED", MAX_COUNTED) < 0) goto error;
    return m;
error:
    Py_DECREF(m);
    return NULL;
}
