/* The chance of winning from every board position (`noddy.analysis.board`), measured and computed
 * in the kernel.
 *
 * `board_table` deals `deals` deals from a fresh pack with seat 0 to deal, plays each to its end with
 * the policy given in every seat (the greedy player's, whose choices never look at the scores, so
 * one deal's points serve every board position; the caller passes it: players/ is a layer above), and keeps every point in the order it was pegged. Turning the seats round
 * gives the same deals for every other dealer. From them, for each dealer: how often each vector of
 * points by side is made in a deal, and, where the side reaching the target wins at once, how often
 * each side reaches a given need before every other side reaches its own (exact in the pegging
 * order: every peg of the play in its place). The backward pass then gives, from the target down,
 * each side's chance from the start of a deal at every score below the target.
 *
 * `board_games` plays whole games from a board position with the policy given, to hold the table to
 * what it says. */
#define PY_SSIZE_T_CLEAN
#include "analysis/analysis.h"

#include <stdlib.h>
#include <string.h>


#define MAX_SIDES 4
#define MAX_PEGS 256
#define NO_WINNER -1

typedef struct {
    int players, sides, target, partners, cap, at_once, dealers;
    long cells;    /* target ** sides: the board's positions */
    long gcells;   /* (cap + 1) ** sides: the gain vectors counted */
    long *gains;   /* [dealer][gain vector]: deals that made it */
    int32_t *first; /* [dealer][side][need vector (+1 each way)]: deals where that side reached first */
} Tally;


static long power(long base, int n) {
    long r = 1;
    for (int i = 0; i < n; i++) r *= base;
    return r;
}

/* One deal from a fresh pack, seat 0 dealing, `choose` in every seat: its pegs as (seat, points). */
static int one_deal(const Config *c, Policy choose, Rng *rng, int *seats, int *points) {
    KState s;
    uint8_t deck[52];
    uint64_t legal[MAX_ACTIONS];
    int n = 0;
    k_new(&s, c);
    s.dealer = 0;
    s.phase = PH_SHUFFLE;
    shuffle_deck(rng, deck, 51);
    s.nevents = 0;
    k_deal(&s, deck, 52);
    int deal = s.deal_number;
    for (int steps = 0;; steps++) {
        int ended = 0;
        for (int i = 0; i < s.nevents && n < MAX_PEGS && !ended; i++)
            if (s.events[i].kind == EV_DEAL_END) ended = 1; /* the next deal's pegs are not this one's */
            else if (s.events[i].points > 0 && s.events[i].seat >= 0) {
                seats[n] = s.events[i].seat;
                points[n++] = s.events[i].points;
            }
        if (ended || s.phase == PH_SHUFFLE || s.phase == PH_OVER || s.deal_number != deal || steps > MAX_STEPS) break;
        s.nevents = 0;
        int k = k_legal(&s, legal);
        k_apply(&s, k == 1 ? legal[0] : choose(&s, legal, k));
    }
    return n;
}

/* Count one deal's pegs, dealt by `dealer` (the seats turned round by it), into the tally. */
static void count_deal(Tally *t, const Config *c, int dealer, const int *seats, const int *points, int n) {
    int cum[MAX_SIDES] = {0}, T = t->target, S = t->sides;
    for (int k = 0; k < n; k++) {
        int side = side_of(c, (seats[k] + dealer) % t->players), before = cum[side];
        cum[side] += points[k];
        if (!t->at_once || before >= T) continue;
        /* this side reaches any need in (before, cum] here, first where every other side's need is
         * above its points so far: a box in the need space, added at its corners */
        int lo[MAX_SIDES], hi[MAX_SIDES], empty = 0;
        for (int j = 0; j < S; j++) {
            lo[j] = j == side ? before : cum[j]; /* needs run 1..T, stored at need - 1 */
            hi[j] = j == side ? (cum[j] < T ? cum[j] : T) : T;
            if (lo[j] >= hi[j]) empty = 1;
        }
        if (empty) continue;
        int32_t *box = t->first + ((long)dealer * S + side) * power(T + 1, S);
        for (int corner = 0; corner < (1 << S); corner++) {
            long at = 0;
            int sign = 1;
            for (int j = S - 1; j >= 0; j--) {
                int upper = corner >> j & 1;
                at = at * (T + 1) + (upper ? hi[j] : lo[j]);
                if (upper) sign = -sign;
            }
            box[at] += sign;
        }
    }
    long at = 0;
    for (int j = S - 1; j >= 0; j--) at = at * (t->cap + 1) + (cum[j] < t->cap ? cum[j] : t->cap);
    t->gains[(long)dealer * t->gcells + at]++;
}

/* The boxes' corners summed into counts, one dimension at a time. */
static void integrate(Tally *t) {
    long size = power(t->target + 1, t->sides);
    for (long b = 0; b < (long)t->dealers * t->sides; b++) {
        int32_t *box = t->first + b * size;
        long stride = 1;
        for (int j = 0; j < t->sides; j++) {
            for (long at = 0; at < size; at++)
                if ((at / stride) % (t->target + 1)) box[at] += box[at - stride];
            stride *= t->target + 1;
        }
    }
}

/* The sides' scores at a position's flat index (side 0 least significant). */
static void unflat(long at, int base, int sides, int *v) {
    for (int j = 0; j < sides; j++) {
        v[j] = (int)(at % base);
        at /= base;
    }
}

/* The chances at position `at` for every dealer from `base` (dealer d's at base + d * stride), `S`
 * of them a position in `out`: a
 * deal that pegs nothing (dealer d's chance `zero[d]`) leaves the board as it was, with the next
 * dealer, so the dealers' chances there are solved together, by iteration. */
static void settle(double *out, int S, const double *base, long stride, long at, const Tally *t, const double *zero,
                   int n, int step) {
    int D = t->dealers;
    long cells = t->cells;
    for (int d = 0; d < D; d++)
        for (int j = 0; j < S; j++) out[((long)d * cells + at) * S + j] = base[d * stride + j];
    for (int round = 0; round < 400; round++) {
        double moved = 0;
        for (int d = 0; d < D; d++) {
            int next = ((d + step) % n + n) % n;
            for (int j = 0; j < S; j++) {
                double *w = out + ((long)d * cells + at) * S + j;
                double v = base[d * stride + j] + zero[d] * out[((long)next * cells + at) * S + j];
                moved += v > *w ? v - *w : *w - v;
                *w = v;
            }
        }
        if (moved < 1e-13) break;
    }
}

/* The backward pass: out[dealer][position][side], each side's chance from the start of a deal. */
static int backward(const Tally *t, const Config *c, long deals, double *out) {
    int S = t->sides, T = t->target, D = t->dealers;
    long cells = t->cells;
    /* each dealer's gain vectors made, as a list: the position they lead to, and how likely */
    long *count = calloc((size_t)D, sizeof(long));
    long **offset = calloc((size_t)D, sizeof(long *));
    int **gain = calloc((size_t)D, sizeof(int *));
    double **prob = calloc((size_t)D, sizeof(double *));
    double *zero = calloc((size_t)D, sizeof(double));
    int ok = count && offset && gain && prob && zero;
    for (int d = 0; ok && d < D; d++) {
        const long *g = t->gains + (long)d * t->gcells;
        for (long at = 0; at < t->gcells; at++) count[d] += g[at] > 0 && at > 0;
        offset[d] = malloc(sizeof(long) * (size_t)(count[d] + 1));
        gain[d] = malloc(sizeof(int) * (size_t)(count[d] + 1) * S);
        prob[d] = malloc(sizeof(double) * (size_t)(count[d] + 1));
        if (!offset[d] || !gain[d] || !prob[d]) { ok = 0; break; }
        long k = 0;
        zero[d] = (double)g[0] / (double)deals;
        for (long at = 1; at < t->gcells; at++) {
            if (!g[at]) continue;
            unflat(at, t->cap + 1, S, gain[d] + k * S);
            long flat = 0;
            for (int j = S - 1; j >= 0; j--) flat = flat * T + gain[d][k * S + j];
            offset[d][k] = flat;
            prob[d][k++] = (double)g[at] / (double)deals;
        }
    }
    int n = c->players[0], step = c->rotation_per_deal[0] ? c->rotation[0] : 0;
    long fsize = power(T + 1, S);
    for (long at = ok ? cells - 1 : -1; at >= 0; at--) {
        int s[MAX_SIDES];
        unflat(at, T, S, s);
        double base[4][MAX_SIDES];
        for (int d = 0; d < D; d++) {
            int next = ((d + step) % n + n) % n;
            double *w = base[d];
            for (int j = 0; j < S; j++) w[j] = 0;
            if (t->at_once) {
                long need = 0;
                for (int j = S - 1; j >= 0; j--) need = need * (T + 1) + (T - s[j] - 1);
                for (int j = 0; j < S; j++)
                    w[j] = (double)t->first[((long)d * S + j) * fsize + need] / (double)deals;
            }
            for (long k = 0; k < count[d]; k++) {
                const int *g = gain[d] + k * S;
                int over = 0, best = -1, winner = NO_WINNER;
                for (int j = 0; j < S; j++) {
                    int score = s[j] + g[j];
                    if (score < T) continue;
                    over = 1;
                    if (score > best) { best = score; winner = j; }
                    else if (score == best) winner = NO_WINNER;
                }
                if (!over) {
                    const double *later = out + ((long)next * cells + at + offset[d][k]) * S;
                    for (int j = 0; j < S; j++) w[j] += prob[d][k] * later[j];
                } else if (!t->at_once && winner != NO_WINNER) {
                    w[winner] += prob[d][k];
                }
            }
        }
        settle(out, S, base[0], MAX_SIDES, at, t, zero, n, step);
    }
    for (int d = 0; d < D; d++) {
        if (offset) free(offset[d]);
        if (gain) free(gain[d]);
        if (prob) free(prob[d]);
    }
    free(count);
    free(offset);
    free(gain);
    free(prob);
    free(zero);
    return ok;
}

/* dst[i] += p * src[i]: the inner loop of the row pass, kept simple so that it vectorises. */
__attribute__((optimize("O3"))) static void axpy(double *restrict dst, const double *restrict src, double p, long n) {
    for (long i = 0; i < n; i++) dst[i] += p * src[i];
}

/* The backward pass where reaching the target wins at once, a row at a time: `out` as `backward`
 * gives it, in time (positions x distinct gain vectors) as there, but each gain vector that moves a
 * side other than side 0 adds a whole row of side 0's scores (`axpy`, vectorised and read in
 * order) instead of one position: what makes three players to 121 (121^3 positions a dealer) take
 * minutes. Rows run from the highest scores down; a gain of side 0 alone (the same row) is added
 * position by position from side 0's highest score down, after the later positions it reads. */
static int backward_rows(const Tally *t, const Config *c, long deals, double *out) {
    int S = t->sides, W = S - 1, T = t->target, D = t->dealers, n = c->players[0];
    int step = c->rotation_per_deal[0] ? c->rotation[0] : 0;
    long cells = t->cells, rows = cells / T, fsize = power(T + 1, S), width = (long)T * W;
    long *count = calloc((size_t)D, sizeof(long));
    long *inrow = calloc((size_t)D, sizeof(long));   /* [dealer]: the first gains, side 0's alone */
    int **gain = calloc((size_t)D, sizeof(int *));   /* [dealer][k][side], in the order of `gains` */
    long **shift = calloc((size_t)D, sizeof(long *)); /* [dealer][k]: rows the gain moves, across */
    double **prob = calloc((size_t)D, sizeof(double *));
    double *zero = calloc((size_t)D, sizeof(double));
    double *base = malloc(sizeof(double) * (size_t)(D * width));
    int ok = count && inrow && gain && shift && prob && zero && base;
    for (int d = 0; ok && d < D; d++) {
        const long *g = t->gains + (long)d * t->gcells;
        for (long at = 1; at < t->gcells; at++) count[d] += g[at] > 0;
        gain[d] = malloc(sizeof(int) * (size_t)(count[d] + 1) * S);
        shift[d] = malloc(sizeof(long) * (size_t)(count[d] + 1));
        prob[d] = malloc(sizeof(double) * (size_t)(count[d] + 1));
        if (!gain[d] || !shift[d] || !prob[d]) { ok = 0; break; }
        zero[d] = (double)g[0] / (double)deals;
        long k = 0;
        for (long at = 1; at < t->gcells; at++) {
            if (!g[at]) continue;
            int *v = gain[d] + k * S;
            unflat(at, t->cap + 1, S, v);
            long across = 0;
            for (int j = S - 1; j >= 1; j--) across = across * T + v[j];
            shift[d][k] = across;
            inrow[d] += !across;
            prob[d][k++] = (double)g[at] / (double)deals;
        }
    }
    for (long r = ok ? rows - 1 : -1; r >= 0; r--) {
        int s[MAX_SIDES];
        unflat(r * T, T, S, s); /* s[0] = 0: the row's other sides */
        for (int d = 0; d < D; d++) {
            int next = ((d + step) % n + n) % n;
            double *b = base + (long)d * width;
            /* who counts out first, from each position of the row */
            long need = 0;
            for (int j = S - 1; j >= 1; j--) need = need * (T + 1) + (T - s[j] - 1);
            for (int x = 0; x < T; x++)
                for (int j = 0; j < W; j++)
                    b[x * W + j] = (double)t->first[((long)d * S + j) * fsize + need * (T + 1) + (T - x - 1)] / (double)deals;
            /* every gain that moves another side: later rows, already done (the gains run in the
             * order of the last side's points, so past the target there, all the rest are too) */
            for (long k = inrow[d]; k < count[d]; k++) {
                const int *g = gain[d] + k * S;
                if (s[S - 1] + g[S - 1] >= T) break;
                if (g[0] >= T) continue;
                int under = 1;
                for (int j = 1; j < S && under; j++) under = s[j] + g[j] < T;
                if (!under) continue; /* a side past the target: counted in `first` */
                const double *later = out + ((long)next * cells + (r + shift[d][k]) * T + g[0]) * W;
                axpy(b, later, prob[d][k], (long)(T - g[0]) * W);
            }
        }
        for (int x = T - 1; x >= 0; x--) {
            long at = r * T + x;
            for (int d = 0; d < D; d++) {
                int next = ((d + step) % n + n) % n;
                double *b = base + (long)d * width + (long)x * W;
                for (long k = 0; k < inrow[d]; k++) { /* side 0 alone: this row, further along */
                    const int *g = gain[d] + k * S;
                    if (x + g[0] >= T) break;
                    const double *later = out + ((long)next * cells + at + g[0]) * W;
                    for (int j = 0; j < W; j++) b[j] += prob[d][k] * later[j];
                }
            }
            settle(out, W, base + (long)x * W, width, at, t, zero, n, step);
        }
    }
    /* the last side's chance is the rest (someone wins: the chances sum to 1), put in its place
     * from the end down, where no position's chances are overwritten before they are read */
    for (long i = ok ? (long)D * cells - 1 : -1; i >= 0; i--) {
        double v[MAX_SIDES], rest = 1.0;
        for (int j = 0; j < W; j++) rest -= v[j] = out[i * W + j];
        for (int j = 0; j < W; j++) out[i * S + j] = v[j];
        out[i * S + W] = rest > 0 ? rest : 0; /* not -1e-14 from rounding */
    }
    for (int d = 0; d < D; d++) {
        if (gain) free(gain[d]);
        if (shift) free(shift[d]);
        if (prob) free(prob[d]);
    }
    free(count);
    free(inrow);
    free(gain);
    free(shift);
    free(prob);
    free(zero);
    free(base);
    return ok;
}

/* The tally and the table's bytes for `c`, or NULL with a Python error set. */
static PyObject *open_tally(Tally *t, const Config *c) {
    if (c->sides[0] > MAX_SIDES)
        return PyErr_Format(PyExc_ValueError, "a board of %d sides is too large (at most %d)", c->sides[0], MAX_SIDES);
    if (c->target[0] < 1 || c->single_deal[0])
        return PyErr_Format(PyExc_ValueError, "these rules are not a game to a target");
    *t = (Tally){c->players[0], c->sides[0], c->target[0], c->partners[0], 0, c->win_at_once[0], c->players[0],
                 0, 0, NULL, NULL};
    t->cap = t->at_once ? t->target : 2 * t->target;
    t->cells = power(t->target, t->sides);
    t->gcells = power(t->cap + 1, t->sides);
    t->gains = calloc((size_t)(t->dealers * t->gcells), sizeof(long));
    long fsize = t->at_once ? power(t->target + 1, t->sides) * t->sides * t->dealers : 1;
    t->first = calloc((size_t)fsize, sizeof(int32_t));
    PyObject *bytes = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(sizeof(double) * t->dealers * t->cells * t->sides));
    if (!t->gains || !t->first || !bytes) {
        free(t->gains);
        free(t->first);
        Py_XDECREF(bytes);
        return PyErr_NoMemory();
    }
    return bytes;
}

/* The backward pass over the tallied deals into `bytes`; the tally freed; NULL on failure. */
static PyObject *close_tally(Tally *t, const Config *c, long deals, PyObject *bytes, int rows) {
    int ok;
    Py_BEGIN_ALLOW_THREADS
    if (t->at_once) integrate(t);
    double *out = (double *)PyBytes_AS_STRING(bytes);
    ok = t->at_once && rows ? backward_rows(t, c, deals, out) : backward(t, c, deals, out);
    Py_END_ALLOW_THREADS
    free(t->gains);
    free(t->first);
    if (!ok) {
        Py_DECREF(bytes);
        return PyErr_NoMemory();
    }
    return bytes;
}

/* board_table(config, deals, seed, policy, rows=True) -> bytes: the table as doubles [dealer][position][side];
 * `rows` false takes the pass a position at a time (`backward`) where it would go a row at a time (the
 * same table: the baseline of `bench/board.py --pass-speed`). */
PyObject *board_table_py(PyObject *module, PyObject *args) {
    PyObject *config, *policy;
    long deals;
    unsigned long long seed;
    int rows = 1;
    if (!PyArg_ParseTuple(args, "O!lKO|p:board_table", &ConfigType, &config, &deals, &seed, &policy, &rows))
        return NULL;
    Policy choose = policy_of(policy);
    if (!choose) return NULL;
    const Config *c = &((ConfigObject *)config)->cfg;
    if (deals < 1) return PyErr_Format(PyExc_ValueError, "deals must be at least 1, not %ld", deals);
    Tally t;
    PyObject *bytes = open_tally(&t, c);
    if (!bytes) return NULL;
    Config open = *c; /* the same rules with no end: a deal is played out whatever the scores */
    open.target[0] = 1 << 30;
    Py_BEGIN_ALLOW_THREADS
    Rng rng;
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) rng.s[i] = splitmix64(&x);
    int seats[MAX_PEGS], points[MAX_PEGS];
    for (long k = 0; k < deals; k++) {
        int n = one_deal(&open, choose, &rng, seats, points);
        for (int d = 0; d < t.dealers; d++) count_deal(&t, c, d, seats, points, n);
    }
    Py_END_ALLOW_THREADS
    return close_tally(&t, c, deals, bytes, rows);
}

/* board_pass(config, deals) -> bytes: the table from given deals, each equally likely, each a
 * sequence of (seat, points) pegs in order with seat 0 dealing (a test's hand-made distribution). */
PyObject *board_pass_py(PyObject *module, PyObject *args) {
    PyObject *config, *given;
    if (!PyArg_ParseTuple(args, "O!O:board_pass", &ConfigType, &config, &given)) return NULL;
    const Config *c = &((ConfigObject *)config)->cfg;
    PyObject *list = PySequence_Fast(given, "deals must be a sequence of sequences of (seat, points)");
    if (!list) return NULL;
    long deals = (long)PySequence_Fast_GET_SIZE(list);
    if (deals < 1) {
        Py_DECREF(list);
        return PyErr_Format(PyExc_ValueError, "give at least one deal");
    }
    Tally t;
    PyObject *bytes = open_tally(&t, c);
    if (!bytes) {
        Py_DECREF(list);
        return NULL;
    }
    int seats[MAX_PEGS], points[MAX_PEGS];
    for (long k = 0; k < deals; k++) {
        PyObject *pegs = PySequence_Fast(PySequence_Fast_GET_ITEM(list, k), "a deal is a sequence of pegs");
        int n = pegs ? (int)PySequence_Fast_GET_SIZE(pegs) : 0;
        for (int i = 0; pegs && i < n && i < MAX_PEGS; i++)
            if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(pegs, i), "ii", &seats[i], &points[i]) ||
                seats[i] < 0 || seats[i] >= t.players || points[i] < 1) {
                if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "a peg is (seat 0-%d, points >= 1)", t.players - 1);
                Py_CLEAR(pegs);
            }
        if (!pegs) {
            Py_DECREF(list);
            free(t.gains);
            free(t.first);
            Py_DECREF(bytes);
            return NULL;
        }
        Py_DECREF(pegs);
        for (int d = 0; d < t.dealers; d++) count_deal(&t, c, d, seats, points, n < MAX_PEGS ? n : MAX_PEGS);
    }
    Py_DECREF(list);
    return close_tally(&t, c, deals, bytes, 1);
}

/* board_games(config, scores, dealer, games, seed, policy) -> wins by side: whole games from the start
 * of a deal at `scores` with `dealer` to deal, `policy` in every seat (a draw counts for nobody). */
PyObject *board_games_py(PyObject *module, PyObject *args) {
    PyObject *config, *scores, *policy;
    int dealer;
    long games;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "O!OilKO:board_games", &ConfigType, &config, &scores, &dealer, &games, &seed,
                          &policy))
        return NULL;
    Policy choose = policy_of(policy);
    if (!choose) return NULL;
    const Config *c = &((ConfigObject *)config)->cfg;
    int sides = c->sides[0];
    int32_t start[4] = {0}, wins[4] = {0};
    PyObject *seq = PySequence_Fast(scores, "scores must be a sequence of ints");
    if (!seq) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != sides) {
        Py_DECREF(seq);
        return PyErr_Format(PyExc_ValueError, "give one score a side: %d", sides);
    }
    for (int j = 0; j < sides; j++) start[j] = (int32_t)PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, j));
    Py_DECREF(seq);
    if (PyErr_Occurred()) return NULL;
    if (dealer < 0 || dealer >= c->players[0]) return PyErr_Format(PyExc_ValueError, "no seat %d", dealer);
    Py_BEGIN_ALLOW_THREADS
    Rng rng;
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) rng.s[i] = splitmix64(&x);
    uint64_t legal[MAX_ACTIONS];
    uint8_t deck[52];
    for (long g = 0; g < games; g++) {
        KState s;
        k_new(&s, c);
        s.dealer = (int8_t)dealer;
        s.phase = PH_SHUFFLE;
        memcpy(s.scores, start, sizeof start);
        for (long steps = 0; s.phase != PH_OVER && steps < MAX_STEPS; steps++) {
            s.nevents = 0;
            if (s.phase == PH_SHUFFLE) {
                shuffle_deck(&rng, deck, 51);
                k_deal(&s, deck, 52);
            } else {
                int n = k_legal(&s, legal);
                k_apply(&s, n == 1 ? legal[0] : choose(&s, legal, n));
            }
        }
        if (s.winner >= 0) wins[s.winner]++;
    }
    Py_END_ALLOW_THREADS
    return int_tuple(wins, sides);
}

PyMethodDef analysis_methods[] = {
    {"board_table", board_table_py, METH_VARARGS,
     "board_table(config, deals, seed, policy, rows=True): each side's chance of winning from the start of a"
     " deal at every score below the target, for each seat to deal, from `deals` deals played by `policy`"
     " in every seat (a kernel player's: GREEDY; board.c): bytes of doubles [dealer][position][side], side 0's score varying fastest; rows=False:"
     " the pass a position at a time (the same table, slower: the benchmark's baseline)."},
    {"board_pass", board_pass_py, METH_VARARGS,
     "board_pass(config, deals): the same table from given deals, each equally likely, each a sequence of"
     " (seat, points) pegs in the order pegged with seat 0 dealing."},
    {"board_games", board_games_py, METH_VARARGS,
     "board_games(config, scores, dealer, games, seed, policy): whole games from the start of a deal at"
     " `scores` by side with `dealer` to deal, `policy` in every seat: the games each side won."},
    {NULL, NULL, 0, NULL},
};
