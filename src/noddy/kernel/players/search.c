/* A search to the end of the deal from a kernel position (`noddy.players.search.Search.value`, the
 * same move for move, node for node, value for value: tests/players/test_search_kernel.py): alpha-beta
 * for the searching side, the other sides by the opponent model, a transposition table keyed as
 * `State.key`, and where the node budget ends the points so far or the deal played out greedily. */
#include <stdlib.h>
#include <string.h>

#include "players/players.h"

enum { OPP_MINIMAX, OPP_POINTS, OPP_MEAN };
enum { LEAF_POINTS, LEAF_GREEDY };


typedef struct {
    double value;
    uint8_t used, len;
    uint8_t key[KEY_MAX];
} Entry;

typedef struct {
    const Config *c;
    int side, sides, budget, opponents, leaf, dealer, target, nodes, stored;
    int32_t base[4];
    double win, tie;
    const double *board; /* each side's chance by dealer and scores (`BoardTable.array`), or NULL: points */
    Entry *table;
    size_t mask;
} Searcher;

/* The table's slot for a key: its entry, or the empty slot where it would go (FNV-1a, linear probing). */
static Entry *slot(const Searcher *x, const uint8_t *key, int len) {
    uint64_t h = 1469598103934665603ULL;
    for (int i = 0; i < len; i++) h = (h ^ key[i]) * 1099511628211ULL;
    for (size_t at = h & x->mask;; at = (at + 1) & x->mask) {
        Entry *e = &x->table[at];
        if (!e->used || (e->len == len && !memcmp(e->key, key, (size_t)len))) return e;
    }
}

static void store(Searcher *x, Entry *e, const uint8_t *key, int len, double value) {
    if (!e->used) {
        e->used = 1;
        e->len = (uint8_t)len;
        memcpy(e->key, key, (size_t)len);
        x->stored++;
    }
    e->value = value;
}

/* A finished game's value (`Search._won`): `winner` -1 for none. */
static double won(const Searcher *x, int winner) {
    if (x->board) return winner < 0 ? 1.0 / x->sides : winner == x->side ? 1.0 : 0.0;
    return winner < 0 ? 0.0 : winner == x->side ? x->win : -x->win;
}

/* A deal's end (`Search._points`): the side's points less the best other side's, or its chance of
 * winning from there (`BoardTable.chance`) with the points breaking ties. */
static double points(const Searcher *x, const int32_t *scores) {
    int best = 0, any = 0;
    for (int i = 0; i < x->sides; i++) {
        int gain = scores[i] - x->base[i];
        if (i != x->side && (!any || gain > best)) best = gain, any = 1;
    }
    double p = (double)(scores[x->side] - x->base[x->side] - best);
    if (!x->board) return p;
    size_t index = 0;
    for (int i = x->sides - 1; i >= 0; i--) {
        if (scores[i] >= x->target) {
            int top = 0;
            for (int j = 1; j < x->sides; j++)
                if (scores[j] > scores[top]) top = j;
            return (top == x->side ? 1.0 : 0.0) + x->tie * p;
        }
        index = index * (size_t)x->target + (size_t)scores[i];
    }
    size_t cells = 1;
    for (int i = 0; i < x->sides; i++) cells *= (size_t)x->target;
    return x->board[((size_t)x->dealer * cells + index) * (size_t)x->sides + (size_t)x->side] + x->tie * p;
}

static double value(Searcher *x, const KState *s, double alpha, double beta);

/* The child after `action`, as `State.apply` steps it. */
static void step(const KState *s, uint64_t action, KState *child) {
    *child = *s;
    child->nevents = 0;
    k_apply(child, action);
}

static double search(Searcher *x, const KState *s, double alpha, double beta) {
    uint8_t key[KEY_MAX];
    int len = k_key(s, key);
    Entry *e = slot(x, key, len);
    if (e->used) return e->value;
    x->nodes++;
    double low = alpha, high = beta;
    int seat = s->to_act, side = seat < 0 ? -1 : side_of(x->c, seat), maximise = side == x->side;
    uint64_t legal[MAX_ACTIONS];
    int n = 1;
    if (s->phase == PH_MUGGINS && seat >= 0) legal[0] = ACTION(AC_MUGGINS, 0);
    else n = k_legal(s, legal);
    KState child;
    if (!maximise && x->opponents != OPP_MINIMAX && n > 1) {
        /* `_point_takers`: the moves that take the most points at once */
        static int32_t gains[MAX_ACTIONS];
        int32_t top = 0;
        for (int i = 0; i < n; i++) {
            step(s, legal[i], &child);
            gains[i] = child.scores[side];
            if (!i || gains[i] > top) top = gains[i];
        }
        int kept = 0;
        for (int i = 0; i < n; i++)
            if (gains[i] == top) legal[kept++] = legal[i];
        n = kept;
        if (x->opponents == OPP_MEAN && n > 1) {
            double total = 0.0;
            for (int i = 0; i < n; i++) {
                step(s, legal[i], &child);
                total += value(x, &child, -x->win - 1, x->win + 1);
            }
            double mean = total / n;
            store(x, slot(x, key, len), key, len, mean);
            return mean;
        }
    }
    double best = maximise ? -x->win - 1 : x->win + 1;
    for (int i = 0; i < n; i++) {
        step(s, legal[i], &child);
        double v = value(x, &child, alpha, beta);
        if (maximise) {
            if (v > best) best = v;
            if (v > alpha) alpha = v;
        } else {
            if (v < best) best = v;
            if (v < beta) beta = v;
        }
        if (alpha >= beta) return best;
    }
    if (low < best && best < high) store(x, slot(x, key, len), key, len, best);
    return best;
}

static double value(Searcher *x, const KState *s, double alpha, double beta) {
    if (s->phase == PH_OVER) return won(x, s->winner);
    if (s->phase == PH_SHUFFLE) return points(x, s->scores);
    if (x->nodes >= x->budget) {
        if (x->leaf == LEAF_POINTS) return points(x, s->scores);
        KState end = *s;
        greedy_deal(&end, -1, 0);
        return end.phase == PH_OVER ? won(x, end.winner) : points(x, end.scores);
    }
    return search(x, s, alpha, beta);
}

static PyObject *search_py(PyObject *module, PyObject *args) {
    PyObject *state, *base, *board_arg;
    Searcher x = {0};
    if (!PyArg_ParseTuple(args, "O!iOiiiddOii:search", &StateType, &state, &x.side, &base, &x.budget,
                          &x.opponents, &x.leaf, &x.win, &x.tie, &board_arg, &x.target, &x.dealer))
        return NULL;
    const KState *s = &((StateObject *)state)->s;
    x.c = s->cfg;
    x.sides = x.c->sides[0];
    if (x.side < 0 || x.side >= x.sides || x.budget < 0 || x.opponents < OPP_MINIMAX || x.opponents > OPP_MEAN ||
        x.leaf < LEAF_POINTS || x.leaf > LEAF_GREEDY || x.dealer < 0 || x.dealer >= x.c->players[0])
        return PyErr_Format(PyExc_ValueError, "search needs a side 0-%d, a budget of 0 or more, an opponent"
                            " model 0-2, a leaf 0-1 and a dealer 0-%d", x.sides - 1, x.c->players[0] - 1);
    PyObject *seq = PySequence_Fast(base, "the base scores are a sequence of ints");
    if (!seq) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != x.sides) {
        Py_DECREF(seq);
        return PyErr_Format(PyExc_ValueError, "one base score per side (%d) is needed", x.sides);
    }
    for (int i = 0; i < x.sides; i++) x.base[i] = (int32_t)PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
    Py_DECREF(seq);
    if (PyErr_Occurred()) return NULL;
    Py_buffer board = {0};
    if (board_arg != Py_None) {
        if (PyObject_GetBuffer(board_arg, &board, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return NULL;
        size_t cells = 1;
        for (int i = 0; i < x.sides && x.target > 0; i++) cells *= (size_t)x.target;
        if (x.target < 1 || strcmp(board.format ? board.format : "B", "d") ||
            (size_t)board.len != (size_t)x.c->players[0] * cells * (size_t)x.sides * sizeof(double)) {
            PyBuffer_Release(&board);
            return PyErr_Format(PyExc_ValueError, "the board is a C-contiguous float64 array of each side's chance"
                                " by dealer (%d) and scores below the target by side", x.c->players[0]);
        }
        x.board = board.buf;
    }
    size_t size = 16;
    while (size < 2 * (size_t)x.budget + 2) size *= 2;
    x.table = calloc(size, sizeof(Entry));
    if (!x.table) {
        if (x.board) PyBuffer_Release(&board);
        return PyErr_NoMemory();
    }
    x.mask = size - 1;
    double result = value(&x, s, -x.win - 1, x.win + 1);
    free(x.table);
    if (x.board) PyBuffer_Release(&board);
    return Py_BuildValue("(dii)", result, x.nodes, x.stored);
}

PyMethodDef search_methods[] = {
    {"search", search_py, METH_VARARGS,
     "search(state, side, base, budget, opponents, leaf, win, tie, board, target, dealer): what the"
     " position is worth to `side` playing out the deal (noddy.players.search.Search.value, the same"
     " node for node), the positions searched and the table's size; opponents 0 minimax, 1 points, 2"
     " mean; leaf 0 points, 1 greedy; board None (points) or a float64 array of each side's chance by"
     " dealer and the scores below `target`, `dealer` to deal next."},
    {NULL, NULL, 0, NULL},
};
