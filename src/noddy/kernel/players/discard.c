/* The lay-away's expected values in the kernel: `noddy.players.discard.discard_values`, exactly.
 *
 * For each way to lay away: the mean count of the kept hand over every turn-up, plus (own crib) or
 * minus (an opponent's: `sign`) the mean count of the crib over every turn-up and every set of
 * `unknown` cards the others could add from the unseen `pool`. Where the turn-up is shown it is the
 * only one weighed. Every mean is an exact integer sum over the same rows the numpy path scores,
 * divided once, so the values are the numpy path's to the last bit where it enumerates.
 *
 * The crib's rows are not scored one by one (683k for a 2-player cribbage deal): a count is the sum
 * of items that read only ranks (sums, pairs, runs), items that read only suits (flush), and items
 * of single cards (the Knave, named cards). The unknown cards are grouped by rank for the first
 * (each group of ranks weighed by how many sets of cards have those ranks), by suit for the second,
 * and the third is a sum over cards, each weighed by how many rows hold it with each turn-up. */
#include "players/players.h"


/* The unseen cards in groups (by rank or by suit), each group's cards listed in order. */
typedef struct {
    int ngroups;
    int n[13];
    uint8_t cards[13][13];
} Groups;

typedef struct {
    const Config *cfg; /* the configuration with only this part's items on */
    const Groups *g;
    mask_t laid;
    int turnup; /* the shown turn-up, or -1: drawn from what the unknown cards leave */
    int k[13];  /* how many unknown cards each group gives */
    long long sum;
} Walk;

static long long choose(int n, int k) {
    if (k < 0 || k > n) return 0;
    long long r = 1;
    for (int i = 1; i <= k; i++) r = r * (n - k + i) / i;
    return r;
}

static void group(mask_t pool, int by_suit, Groups *g) {
    g->ngroups = by_suit ? 4 : 13;
    for (int i = 0; i < 13; i++) g->n[i] = 0;
    for (mask_t m = pool; m; m &= m - 1) {
        int card = __builtin_ctzll(m), at = by_suit ? SUIT(card) : RANK(card) - 1;
        g->cards[at][g->n[at]++] = (uint8_t)card;
    }
}

/* Every way the unknown cards fall into groups `at` onwards: the crib is the laid cards and, for each
 * group, its first `k` cards (the part counted reads only what the groups share), weighed by the
 * number of card sets that fall so, and by the turn-ups left in each group. */
static void walk(Walk *w, int at, int left, long long weight, mask_t cards) {
    const Groups *g = w->g;
    if (at == g->ngroups) {
        if (left) return;
        int counts[52];
        hand_counts(w->cfg, w->laid | cards, 1, counts);
        if (w->turnup >= 0) { w->sum += weight * counts[w->turnup]; return; }
        for (int i = 0; i < g->ngroups; i++) {
            int spare = g->n[i] - w->k[i];
            if (spare > 0) w->sum += weight * spare * counts[g->cards[i][w->k[i]]];
        }
        return;
    }
    for (int k = 0; k <= left && k <= g->n[at]; k++) {
        w->k[at] = k;
        walk(w, at + 1, left - k, weight * choose(g->n[at], k), k ? cards | BIT(g->cards[at][k - 1]) : cards);
        if (k) cards |= BIT(g->cards[at][k - 1]);
    }
    w->k[at] = 0;
}

static long long grouped_sum(const Config *part, const Groups *g, mask_t laid, int turnup, int unknown) {
    Walk w = {.cfg = part, .g = g, .laid = laid, .turnup = turnup, .sum = 0};
    walk(&w, 0, unknown, 1, 0);
    return w.sum;
}

/* The single-card items of a count: a held card's (the Knave with the turn-up's suit, a named
 * card's points) and the turn-up's own (a Jack turned counted as held, a named card turned). */
static int held_items(const Config *c, int card, int turnup) {
    int points = c->special_in_hand[0] ? c->special[card] : 0;
    if (c->knave[0] && c->knave_when[0] != KW_IN_PLAY && RANK(card) == JACK && SUIT(card) == SUIT(turnup))
        points += c->knave[0];
    return points;
}

static int turnup_items(const Config *c, int turnup) {
    int points = 0;
    if (c->knave[0] && c->knave_when[0] != KW_IN_PLAY && RANK(turnup) == JACK && c->jack_also_in_hand[0])
        points += c->knave[0];
    if (c->special_in_hand[0] && c->special_turnup[0]) points += c->special[turnup];
    return points;
}

/* The single-card items summed over every row: each held card with each turn-up, each unseen card
 * with each turn-up in as many rows as hold both, and the turn-up's own. */
static long long card_sum(const Config *c, mask_t laid, mask_t pool, int turnup, int unknown) {
    int n = __builtin_popcountll(pool);
    long long sum = 0;
    if (turnup >= 0) {
        long long rows = choose(n, unknown), with = choose(n - 1, unknown - 1);
        for (mask_t m = laid; m; m &= m - 1) sum += rows * held_items(c, __builtin_ctzll(m), turnup);
        for (mask_t m = pool; m; m &= m - 1) sum += with * held_items(c, __builtin_ctzll(m), turnup);
        return sum + rows * turnup_items(c, turnup);
    }
    long long rows = choose(n - 1, unknown), with = choose(n - 2, unknown - 1);
    for (mask_t t = pool; t; t &= t - 1) {
        int up = __builtin_ctzll(t);
        long long each = turnup_items(c, up);
        for (mask_t m = laid; m; m &= m - 1) each += held_items(c, __builtin_ctzll(m), up);
        sum += rows * each;
        for (mask_t m = pool & ~BIT(up); m; m &= m - 1) sum += with * held_items(c, __builtin_ctzll(m), up);
    }
    return sum;
}

/* The sum of the counts of `cards` with each turn-up weighed (the shown one, else each in `pool`). */
static long long turnup_sum(const Config *c, mask_t cards, mask_t pool, int turnup, int crib) {
    int counts[52];
    long long sum = 0;
    hand_counts(c, cards, crib, counts);
    if (turnup >= 0) return counts[turnup];
    for (mask_t m = pool; m; m &= m - 1) sum += counts[__builtin_ctzll(m)];
    return sum;
}

void discard_means(const Config *c, mask_t hand, const mask_t *laid, int n, mask_t pool, int turnup,
                   mask_t own_crib, int sign, int unknown, double *out) {
    int size = __builtin_popcountll(pool);
    double turnups = turnup >= 0 ? 1.0 : size;
    for (int i = 0; i < n; i++)
        out[i] = (double)turnup_sum(c, hand & ~laid[i], pool, turnup, 0) / turnups;
    if (c->crib_kind[0] == CK_NONE) return;
    if (c->crib_kind[0] == CK_OWN) {
        for (int i = 0; i < n; i++)
            out[i] += (double)turnup_sum(c, own_crib | laid[i], pool, turnup, 1) / turnups;
        return;
    }
    Config ranks = *c, suits = *c;
    ranks.hand_flush[0] = ranks.crib_flush[0] = FL_OFF;
    ranks.knave[0] = ranks.special_in_hand[0] = 0;
    suits.hand_15[0] = suits.hand_25[0] = suits.hand_31[0] = 0;
    for (int k = 0; k < 16; k++) suits.pair_points[k] = suits.run_points[k] = 0;
    suits.knave[0] = suits.special_in_hand[0] = 0;
    Groups by_rank, by_suit;
    group(pool, 0, &by_rank);
    group(pool, 1, &by_suit);
    double rows = (double)(turnup >= 0 ? choose(size, unknown) : size * choose(size - 1, unknown));
    for (int i = 0; i < n; i++) {
        long long sum = grouped_sum(&ranks, &by_rank, laid[i], turnup, unknown);
        if (c->crib_flush[0] != FL_OFF) sum += grouped_sum(&suits, &by_suit, laid[i], turnup, unknown);
        sum += card_sum(c, laid[i], pool, turnup, unknown);
        out[i] += sign * ((double)sum / rows);
    }
}
