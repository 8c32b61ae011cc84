/* Playing out: the rest of a deal played out from a lay-away, for each way to lay away, in sampled
 * deals.
 *
 * Each sample deals the cards the seat cannot see to the other hands (and the pack's crib cards and
 * the turn-up where it is not shown), the same for every discard weighed (common random numbers),
 * then plays the deal to its end with the greedy player in every other decision: the others lay
 * away as greedy does (so the crib gets what a sensible player throws, not uniform cards), and
 * everyone pegs and counts. A sample is worth the seat's side's points in the deal less the best
 * other side's, or `win` (`-win`) where the game is won (lost) in it. `greedy_deal`, the playing
 * out itself, is also a search's value where its budget runs out. */
#include <string.h>

#include "players/players.h"

#define MAX_ROLLOUT_STEPS 2000


/* A sample's deal: the stock in the order `k_deal` deals it, the seat's cards where they were. */
static void stock_order(const Config *c, const KState *s, const LayAway *at, Rng *rng, uint8_t *order) {
    uint8_t pool[52];
    int npool = 0, pos = 0, seats[4], n = c->players[0];
    for (mask_t m = at->pool; m; m &= m - 1) pool[npool++] = (uint8_t)__builtin_ctzll(m);
    for (int i = npool - 1; i > 0; i--) {
        int j = (int)below(rng, (uint32_t)(i + 1));
        uint8_t t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
    }
    int next = 0;
    seats[0] = k_elder(s);
    for (int i = 1; i < n; i++) seats[i] = k_next_seat(s, seats[i - 1]);
    for (int r = 0; r < c->dealt[0]; r++)
        for (int i = 0; i < n; i++) order[pos++] = seats[i] == at->seat ? at->hand[r] : pool[next++];
    for (int r = 0; r < c->crib_dealt[0]; r++)
        for (int i = 0; i < n; i++) order[pos++] = seats[i] == at->seat ? at->own_crib[r] : pool[next++];
    for (int r = 0; r < c->crib_from_pack[0]; r++) order[pos++] = pool[next++];
    order[pos++] = at->turnup >= 0 ? (uint8_t)at->turnup : pool[next++];
    while (next < npool) order[pos++] = pool[next++];
}

/* Another seat's greedy lay-away in one sample, kept for the next discard weighed: a seat cannot
 * see what the others lay away, so its own depends only on what it holds and sees (the fields
 * kept), the same for every discard of the seat weighed in a sample: computed once, not once for
 * each (`deal_rollouts`). */
typedef struct {
    int valid;
    mask_t hand, discarded, crib, played;
    int turned, turnup, dealer;
    uint64_t action;
} Kept;

static int kept_fits(const Kept *k, const KState *s, int seat) {
    return k->valid && k->hand == s->hands[seat] && k->discarded == s->discarded[seat] &&
           k->crib == s->cribs[seat] && k->played == s->played && k->turned == s->turned &&
           k->turnup == s->turnup && k->dealer == s->dealer;
}

/* `greedy_deal` with the others' lay-aways kept in `kept` (a slot a seat; NULL: none kept). */
static void greedy_deal_kept(KState *s, int seat, uint64_t laid, Kept *kept) {
    uint64_t legal[MAX_ACTIONS];
    int deal = s->deal_number;
    for (int steps = 0; s->phase != PH_SHUFFLE && s->phase != PH_OVER && s->deal_number == deal; steps++) {
        if (steps > MAX_ROLLOUT_STEPS) break;
        s->nevents = 0;
        if (s->phase == PH_DISCARD && s->to_act == seat) {
            k_apply(s, laid);
            continue;
        }
        if (kept && s->phase == PH_DISCARD && s->to_act >= 0 && kept_fits(&kept[s->to_act], s, s->to_act)) {
            k_apply(s, kept[s->to_act].action);
            continue;
        }
        int n = k_legal(s, legal);
        uint64_t action = n == 1 ? legal[0] : k_greedy(s, legal, n);
        if (kept && s->phase == PH_DISCARD && s->to_act >= 0) {
            int at = s->to_act;
            kept[at] = (Kept){1, s->hands[at], s->discarded[at], s->cribs[at], s->played,
                              s->turned, s->turnup, s->dealer, action};
        }
        k_apply(s, action);
    }
}

/* The rest of the deal from `s`, in place, with the greedy player in every decision but `seat`'s
 * lay-away, which is `laid` (no seat: -1): it stops where the deal ends (the next shuffle, or the
 * game's end). A search's leaf value, and each sample of `deal_rollouts`. */
void greedy_deal(KState *s, int seat, uint64_t laid) { greedy_deal_kept(s, seat, laid, NULL); }

/* One sample played out with `laid` as the seat's lay-away: its worth, the seat's hand's count and
 * the crib's (positive for the seat's side's crib, negative for another's). */
static double play_out(const KState *dealt, const LayAway *at, mask_t laid, double win, double *hand, double *crib,
                       int16_t *outcome, Kept *kept) {
    KState s = *dealt;
    const Config *c = s.cfg;
    greedy_deal_kept(&s, at->seat, ACTION(AC_DISCARD, laid), kept);
    int mine = side_of(c, at->seat), best = 0, first = 1;
    *hand = s.tallies[at->seat][TALLY_HAND];
    *crib = 0;
    for (int seat = 0; seat < c->players[0]; seat++)
        *crib += (side_of(c, seat) == mine ? 1 : -1) * s.tallies[seat][TALLY_CRIB];
    if (outcome) {
        int sides = c->sides[0];
        for (int o = 0; o < sides; o++) outcome[o] = (int16_t)s.scores[o];
        outcome[sides] = (int16_t)(s.phase == PH_OVER ? s.winner : -2);
        mask_t held = 0;
        for (int i = 0; i < at->nhand; i++) held |= BIT(at->hand[i]);
        int knave = 0;
        outcome[sides + 1] = (int16_t)(s.turnup >= 0 ? hand_count(c, held & ~laid, s.turnup, 0, &knave) : *hand);
        outcome[sides + 2] = (int16_t)*crib;
        outcome[sides + 3] = (int16_t)s.dealer;
    }
    if (s.phase == PH_OVER && s.winner >= 0) return s.winner == mine ? win : -win;
    for (int o = 0; o < c->sides[0]; o++) {
        if (o == mine) continue;
        int gained = s.scores[o] - at->scores[o];
        if (first || gained > best) best = gained;
        first = 0;
    }
    return (double)(s.scores[mine] - at->scores[mine]) - best;
}

/* `outcomes` (NULL: not wanted) receives, for each discard and then each sample, where the deal
 * ended: each side's score, the winning side (-1 for a game over without one, -2 while it goes on),
 * the count of the seat's kept hand with the turn-up (counted or not: the game may end before it
 * is), the crib's as pegged (signed as above), and the seat to deal next: `sides + 4` numbers a
 * sample. */
void deal_rollouts(const Config *c, const LayAway *at, const mask_t *laid, int n, int samples, uint64_t seed,
                   double win, double *value, double *hand, double *crib, int16_t *outcomes) {
    int width = c->sides[0] + 4;
    KState start;
    uint8_t order[52];
    for (int i = 0; i < n; i++) value[i] = hand[i] = crib[i] = 0;
    for (int j = 0; j < samples; j++) {
        uint64_t x = seed + (uint64_t)j * 0x9e3779b97f4a7c15ULL;
        Rng rng;
        rng_seed(&rng, x);
        k_new(&start, c);
        start.dealer = (int8_t)at->dealer;
        start.deal_number = (int16_t)(at->deal_number - 1);
        memcpy(start.scores, at->scores, sizeof start.scores);
        start.phase = PH_SHUFFLE;
        stock_order(c, &start, at, &rng, order);
        start.nevents = 0;
        k_deal(&start, order, 52);
        Kept kept[4] = {{0}};
        for (int i = 0; i < n; i++) {
            double counted, cribbed;
            int16_t *outcome = outcomes ? outcomes + ((size_t)i * samples + j) * width : NULL;
            value[i] += play_out(&start, at, laid[i], win, &counted, &cribbed, outcome, kept);
            hand[i] += counted;
            crib[i] += cribbed;
        }
    }
    for (int i = 0; i < n; i++) {
        value[i] /= samples;
        hand[i] /= samples;
        crib[i] /= samples;
    }
}
