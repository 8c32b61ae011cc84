/* Whole games in C: `k_play_game`, one game between the kernel's own players (the loop of
 * `play_game`), and `play_batch`, many games of a tournament in one call, tallied here in arrays.
 *
 * A batch plays games `start` to `stop - 1` of a tournament as `noddy.sim.tournament` seats and
 * seeds them (game i: the players rotated by i seats, the kernel's generator seeded with the
 * tournament's base seed plus i), so it plays exactly the games `play_game` plays one by one. It
 * keeps no game: only the counts the statistics need (`noddy.sim.batch` turns them into a `Tally`),
 * every one an integer, so batches add up exactly in any order. A game's stake and the dealer's edge
 * are the rules' and the statistics' business, not the kernel's: a batch counts the games by the
 * best losing score (each player's wins and losses apart), and the deals by the dealer's side's
 * points and the other sides' together, from which Python reads the stakes and the edges. */
#include "sim/sim.h"

#include <stdlib.h>
#include <string.h>

int k_play_game(KState *s, const Config *c, uint64_t seed, const uint8_t *kinds, GameLog *log) {
    Rng rng;
    uint64_t legal[MAX_ACTIONS];
    rng_seed(&rng, seed);
    k_new(s, c);
    log->ndeals = log->first_dealer = log->actions = 0;
    for (long steps = 0; s->phase != PH_OVER; steps++) {
        if (steps >= MAX_STEPS) return -2;
        s->nevents = 0;
        if (!k_chance(s, &rng)) {
            int n = k_legal(s, legal);
            if (n == 1) k_apply(s, legal[0]);
            else if (kinds[s->to_act] == KP_GREEDY) k_apply(s, k_greedy(s, legal, n));
            else k_apply(s, legal[below(&rng, (uint32_t)n)]);
            log->actions++;
        }
        for (int i = 0; i < s->nevents; i++) {
            KEvent e = s->events[i];
            if (e.kind == EV_DEALER) log->first_dealer = e.seat;
            if (e.kind == EV_DEAL) {
                if (log->ndeals == log->capacity) {
                    int capacity = log->capacity ? 2 * log->capacity : 32;
                    DealRecord *grown = realloc(log->deals, sizeof(DealRecord) * (size_t)capacity);
                    if (!grown) return -1;
                    log->deals = grown;
                    log->capacity = capacity;
                }
                DealRecord *d = &log->deals[log->ndeals++];
                d->dealer = e.seat;
                memset(d->points, 0, sizeof d->points);
            }
            if (e.points && e.seat >= 0 && log->ndeals)
                log->deals[log->ndeals - 1].points[c->partners[0] ? e.seat % 2 : e.seat] += e.points;
        }
    }
    return 0;
}

/* -- a batch's counts ---------------------------------------------------------------------------- */

#define SCORES 1024 /* games are counted by scores and margins 0 to SCORES - 1 */
#define KEY_LIMIT 65536 /* a deal's points, by the dealer's side and by the others, below this */

typedef struct {
    long long games, draws, deals, first_dealer_wins, actions;
    long long wins[4], draws_of[4], deals_of[4], points[4][N_TALLIES];
    long long won_over[4][SCORES], lost_to[4][SCORES]; /* by the best losing score */
    long long margins[SCORES];
    long long side_games[16], side_wins[16], side_draws[16]; /* by the side's players, as a mask */
    uint32_t *keys;   /* the deals: (dealer's side's points << 16 | the others'), + 1; 0: empty */
    long long *counts;
    size_t capacity, used;
} Batch;

static int count_deal(Batch *b, uint32_t key) {
    if (2 * (b->used + 1) > b->capacity) {
        size_t capacity = b->capacity ? 2 * b->capacity : 1024;
        uint32_t *keys = calloc(capacity, sizeof *keys);
        long long *counts = calloc(capacity, sizeof *counts);
        if (!keys || !counts) { free(keys); free(counts); return -1; }
        for (size_t i = 0; i < b->capacity; i++) {
            if (!b->keys[i]) continue;
            size_t j = (b->keys[i] * 2654435761u) & (capacity - 1);
            while (keys[j]) j = (j + 1) & (capacity - 1);
            keys[j] = b->keys[i];
            counts[j] = b->counts[i];
        }
        free(b->keys);
        free(b->counts);
        b->keys = keys;
        b->counts = counts;
        b->capacity = capacity;
    }
    size_t j = (key * 2654435761u) & (b->capacity - 1);
    while (b->keys[j] && b->keys[j] != key) j = (j + 1) & (b->capacity - 1);
    if (!b->keys[j]) { b->keys[j] = key; b->used++; }
    b->counts[j]++;
    return 0;
}

/* Count one finished game, `player[seat]` the tournament's player in each seat. 0, or -1 (out of
 * memory), -3 (a score or a deal's points beyond what a batch counts). */
static int count_game(Batch *b, const KState *s, const GameLog *log, const int *player) {
    const Config *c = s->cfg;
    int sides = c->sides[0], partners = c->partners[0], winner = s->winner;
    int top = -1, second = -1, best_loser = 0;
    for (int side = 0; side < sides; side++) {
        int score = s->scores[side];
        if (score < 0 || score >= SCORES) return -3;
        if (score > top) { second = top; top = score; }
        else if (score > second) second = score;
        if (side != winner && score > best_loser) best_loser = score;
    }
    b->games++;
    b->deals += log->ndeals;
    b->actions += log->actions;
    b->margins[top - second]++;
    if (winner < 0) b->draws++;
    else if (winner == (partners ? log->first_dealer % 2 : log->first_dealer)) b->first_dealer_wins++;
    int masks[4] = {0, 0, 0, 0};
    for (int seat = 0; seat < c->players[0]; seat++) {
        int p = player[seat], side = partners ? seat % 2 : seat;
        masks[side] |= 1 << p;
        b->deals_of[p] += log->ndeals;
        for (int t = 0; t < N_TALLIES; t++) b->points[p][t] += s->tallies[seat][t];
        if (winner < 0) b->draws_of[p]++;
        else if (winner == side) { b->wins[p]++; b->won_over[p][best_loser]++; }
        else b->lost_to[p][best_loser]++;
    }
    if (partners)
        for (int side = 0; side < sides; side++) {
            b->side_games[masks[side]]++;
            if (winner < 0) b->side_draws[masks[side]]++;
            else if (winner == side) b->side_wins[masks[side]]++;
        }
    for (int i = 0; i < log->ndeals; i++) {
        const DealRecord *d = &log->deals[i];
        int own = partners ? d->dealer % 2 : d->dealer, others = 0;
        for (int side = 0; side < sides; side++)
            if (side != own) others += d->points[side];
        if (d->points[own] < 0 || d->points[own] >= KEY_LIMIT || others < 0 || others >= KEY_LIMIT) return -3;
        if (count_deal(b, ((uint32_t)d->points[own] << 16 | (uint32_t)others) + 1) < 0) return -1;
    }
    return 0;
}

static int play_games(Batch *b, const Config *c, uint64_t base, long long start, long long stop,
                      const uint8_t *kinds) {
    KState s;
    GameLog log = {NULL, 0, 0, 0, 0};
    int n = c->players[0], player[4], rc = 0;
    uint8_t seated[4];
    for (long long i = start; i < stop && !rc; i++) {
        for (int seat = 0; seat < n; seat++) {
            player[seat] = (int)((seat + i) % n);
            seated[seat] = kinds[player[seat]];
        }
        rc = k_play_game(&s, c, base + (uint64_t)i, seated, &log);
        if (!rc) rc = count_game(b, &s, &log, player);
    }
    free(log.deals);
    return rc;
}

/* -- the Python face ------------------------------------------------------------------------------ */

/* ((value, count), ...) of the nonzero counts. */
static PyObject *counted(const long long *counts, int n) {
    PyObject *list = PyList_New(0);
    for (int i = 0; list && i < n; i++) {
        if (!counts[i]) continue;
        PyObject *item = Py_BuildValue("(iL)", i, counts[i]);
        if (!item || PyList_Append(list, item) < 0) { Py_XDECREF(item); Py_CLEAR(list); break; }
        Py_DECREF(item);
    }
    return list;
}

static PyObject *long_tuple(const long long *values, int n) {
    PyObject *t = PyTuple_New(n);
    for (int i = 0; t && i < n; i++) {
        PyObject *v = PyLong_FromLongLong(values[i]);
        if (!v) { Py_CLEAR(t); break; }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

static PyObject *batch_result(const Batch *b, int players, int sides_n) {
    PyObject *points = PyTuple_New(players), *won = PyTuple_New(players), *lost = PyTuple_New(players);
    PyObject *deals = PyList_New(0), *sides = PyList_New(0), *result = NULL;
    if (!points || !won || !lost || !deals || !sides) goto done;
    for (int p = 0; p < players; p++) {
        PyObject *row = long_tuple(b->points[p], N_TALLIES), *w = counted(b->won_over[p], SCORES);
        PyObject *l = counted(b->lost_to[p], SCORES);
        if (!row || !w || !l) { Py_XDECREF(row); Py_XDECREF(w); Py_XDECREF(l); goto done; }
        PyTuple_SET_ITEM(points, p, row);
        PyTuple_SET_ITEM(won, p, w);
        PyTuple_SET_ITEM(lost, p, l);
    }
    for (size_t i = 0; i < b->capacity; i++) {
        if (!b->keys[i]) continue;
        uint32_t key = b->keys[i] - 1;
        PyObject *item = Py_BuildValue("(iiL)", (int)(key >> 16), (int)(key & 0xffff), b->counts[i]);
        if (!item || PyList_Append(deals, item) < 0) { Py_XDECREF(item); goto done; }
        Py_DECREF(item);
    }
    for (int m = 0; m < 16; m++) {
        if (!b->side_games[m]) continue;
        PyObject *item = Py_BuildValue("(iLLL)", m, b->side_games[m], b->side_wins[m], b->side_draws[m]);
        if (!item || PyList_Append(sides, item) < 0) { Py_XDECREF(item); goto done; }
        Py_DECREF(item);
    }
    result = Py_BuildValue("{sisLsLsLsLsLsNsNsNsOsOsOsNsOsO}", "sides", sides_n, "games", b->games, "draws",
                           b->draws, "deals", b->deals, "first_dealer_wins", b->first_dealer_wins, "actions",
                           b->actions, "wins", long_tuple(b->wins, players), "draws_of",
                           long_tuple(b->draws_of, players), "deals_of", long_tuple(b->deals_of, players),
                           "points", points, "won_over", won, "lost_to", lost, "margins",
                           counted(b->margins, SCORES), "deal_points", deals, "partnerships", sides);
done:
    Py_XDECREF(points);
    Py_XDECREF(won);
    Py_XDECREF(lost);
    Py_XDECREF(deals);
    Py_XDECREF(sides);
    return result;
}

PyObject *play_batch(PyObject *module, PyObject *args) {
    PyObject *config;
    unsigned long long base;
    long long start, stop;
    const char *kinds;
    Py_ssize_t nkinds;
    if (!PyArg_ParseTuple(args, "O!KLLy#:play_batch", &ConfigType, &config, &base, &start, &stop, &kinds, &nkinds))
        return NULL;
    const Config *c = &((ConfigObject *)config)->cfg;
    if (nkinds != c->players[0])
        return PyErr_Format(PyExc_ValueError, "give each player a kind: %d, not %zd", c->players[0], nkinds);
    for (Py_ssize_t i = 0; i < nkinds; i++)
        if (kinds[i] != KP_RANDOM && kinds[i] != KP_GREEDY)
            return PyErr_Format(PyExc_ValueError, "unknown kernel player %d", kinds[i]);
    if (start < 0 || stop < start)
        return PyErr_Format(PyExc_ValueError, "a batch plays games start to stop - 1, 0 <= start <= stop,"
                            " not %lld to %lld", start, stop);
    Batch *b = calloc(1, sizeof *b);
    if (!b) return PyErr_NoMemory();
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = play_games(b, c, base, start, stop, (const uint8_t *)kinds);
    Py_END_ALLOW_THREADS
    PyObject *result = NULL;
    if (rc == -1) PyErr_NoMemory();
    else if (rc == -2) PyErr_Format(PyExc_RuntimeError, "a kernel game did not end in %d steps", MAX_STEPS);
    else if (rc == -3)
        PyErr_Format(PyExc_RuntimeError, "a batch counts scores below %d and a deal's points below %d",
                     SCORES, KEY_LIMIT);
    else result = batch_result(b, c->players[0], c->sides[0]);
    free(b->keys);
    free(b->counts);
    free(b);
    return result;
}

/* One whole game between the kernel's own players, for `noddy.sim`'s games one by one. */
static PyObject *play_game(PyObject *module, PyObject *args) {
    PyObject *config;
    unsigned long long seed;
    const char *kinds;
    Py_ssize_t nkinds;
    if (!PyArg_ParseTuple(args, "O!Ky#:play_game", &ConfigType, &config, &seed, &kinds, &nkinds)) return NULL;
    const Config *c = &((ConfigObject *)config)->cfg;
    if (nkinds != c->players[0])
        return PyErr_Format(PyExc_ValueError, "give one player a seat: %d, not %zd", c->players[0], nkinds);
    for (Py_ssize_t i = 0; i < nkinds; i++)
        if (kinds[i] != KP_RANDOM && kinds[i] != KP_GREEDY)
            return PyErr_Format(PyExc_ValueError, "unknown kernel player %d", kinds[i]);
    KState s;
    GameLog log = {NULL, 0, 0, 0, 0};
    int rc = k_play_game(&s, c, seed, (const uint8_t *)kinds, &log);
    if (rc == -1) { free(log.deals); return PyErr_NoMemory(); }
    if (rc == -2) {
        free(log.deals);
        return PyErr_Format(PyExc_RuntimeError, "a kernel game did not end in %d steps", MAX_STEPS);
    }
    int ndeals = log.ndeals, first_dealer = log.first_dealer, actions = log.actions;
    DealRecord *deals = log.deals;
    int sides = c->sides[0], players = c->players[0];
    PyObject *deal_list = PyTuple_New(ndeals), *tallies = PyTuple_New(players);
    if (!deal_list || !tallies) goto fail;
    for (int i = 0; i < ndeals; i++) {
        PyObject *pts = int_tuple(deals[i].points, sides);
        PyObject *item = pts ? Py_BuildValue("(iN)", deals[i].dealer, pts) : NULL;
        if (!item) goto fail;
        PyTuple_SET_ITEM(deal_list, i, item);
    }
    for (int p = 0; p < players; p++) {
        PyObject *row = int_tuple(s.tallies[p], N_TALLIES);
        if (!row) goto fail;
        PyTuple_SET_ITEM(tallies, p, row);
    }
    free(deals);
    return Py_BuildValue("(NiiNNi)", int_tuple(s.scores, sides), s.winner, first_dealer, deal_list, tallies,
                         actions);
fail:
    free(deals);
    Py_XDECREF(deal_list);
    Py_XDECREF(tallies);
    return NULL;
}

PyMethodDef sim_methods[] = {
    {"play_batch", play_batch, METH_VARARGS,
     "play_batch(config, base_seed, start, stop, kinds): games start to stop - 1 of a tournament, game i"
     " seeded base_seed + i with the players (kinds: one a player, by index in PLAYERS) rotated by i seats,"
     " tallied in C: a dict of counts (noddy.sim.batch reads it)."},
    {"play_game", play_game, METH_VARARGS,
     "play_game(config, seed, kinds): one whole game, each seat's player by its index in PLAYERS"
     " (bytes, one a seat): (scores, winner, first dealer, deals as (dealer, points by side), points by"
     " tally per seat (TALLIES), actions)."},
    {NULL, NULL, 0, NULL},
};
