/* The greedy player in the kernel: `noddy.players.simple.GreedyPlayer`, choice for choice. It
 * claims muggins; lays away the cards whose kept hand, plus (its own side's crib) or minus (an
 * opponent's) the laid cards counted as a crib, count most on average over the turn-ups it cannot
 * rule out; in the play takes the most points now and, among equals, leaves the next player the
 * least; otherwise takes the first legal action. Ties go to the first in the engine's order, and
 * averages are compared as exact sums over the same pool (the engine rounds them to 9 places). */
#include <string.h>

#include "players/players.h"


/* The cards the seat to act cannot see (`PlayerView.unseen`): not in its hand, its discards, its
 * own crib, the cards played this deal, nor the turn-up once shown. */
static mask_t unseen(const KState *s, int seat) {
    mask_t known = s->hands[seat] | s->discarded[seat] | s->played;
    if (s->cfg->crib_kind[0] == CK_OWN) known |= s->cribs[seat];
    if (s->turned) known |= BIT(s->turnup);
    return ~known & ALL_CARDS;
}

/* The turn-ups the lay-away weighs: the cards of `pool` counted by rank and by suit. */
typedef struct { mask_t cards; int n, rank[14], suit[4]; } Pool;

static void count_pool(Pool *p, mask_t cards) {
    memset(p, 0, sizeof *p);
    p->cards = cards;
    for (mask_t m = cards; m; m &= m - 1) {
        int card = __builtin_ctzll(m);
        p->n++;
        p->rank[card % 13 + 1]++;
        p->suit[card / 13]++;
    }
}

/* The sum of the counts of `cards` with each turn-up in `pool` (the mean's numerator), none of
 * them held: the parts of the count (`hand_parts`) times the turn-ups of each rank and suit. */
static long pool_sum(const Config *c, mask_t cards, const Pool *pool, int crib) {
    HandParts parts;
    hand_parts(c, cards, crib, &parts);
    long sum = (long)pool->n * parts.base;
    for (int r = 1; r <= 13; r++) sum += (long)pool->rank[r] * parts.rank[r];
    for (int suit = 0; suit < 4; suit++) sum += (long)pool->suit[suit] * parts.suit[suit];
    if (parts.special_turnup)
        for (mask_t m = pool->cards; m; m &= m - 1) sum += c->special[__builtin_ctzll(m)];
    return sum;
}


static uint64_t discard(const KState *s, const uint64_t *legal, int n) {
    const Config *c = s->cfg;
    int seat = s->to_act;
    Pool pool;
    count_pool(&pool, s->turned ? BIT(s->turnup) : unseen(s, seat));
    int crib = c->discard[0] >= 2 && c->crib_kind[0] != CK_NONE;
    int mine = c->crib_kind[0] == CK_OWN || side_of(c, s->dealer) == side_of(c, seat);
    long best = 0;
    int at = 0;
    for (int i = 0; i < n; i++) {
        mask_t laid = legal[i] / 8;
        long value = pool_sum(c, s->hands[seat] & ~laid, &pool, 0);
        if (crib) value += (mine ? 1 : -1) * pool_sum(c, laid, &pool, 1);
        if (i == 0 || value > best) { best = value; at = i; }
    }
    return legal[at];
}

/* Whether the points of a card laid in the play depend on its rank alone (no flush in the play,
 * no Knave pegged in the play, no card scoring of itself there): then the best reply is found by
 * trying one unseen card of each rank, not every one. */
static int by_rank_only(const Config *c) {
    return !c->play_flush[0] && !(c->knave[0] && c->knave_when[0] == KW_IN_PLAY) && !c->special_in_play[0];
}

/* The lowest card of each rank in `cards`. */
static mask_t one_a_rank(mask_t cards) {
    mask_t kept = 0, seen = 0;
    for (mask_t m = cards; m; m &= m - 1) {
        int card = __builtin_ctzll(m), rank = card % 13;
        if (seen >> rank & 1) continue;
        seen |= (mask_t)1 << rank;
        kept |= BIT(card);
    }
    return kept;
}

static uint64_t play(const KState *s, const uint64_t *legal, int n) {
    const Config *c = s->cfg;
    uint8_t pile[MAX_PILE + 2];
    int thirty_one, knave, at = -1, best_now = 0, best_reply = 0;
    int rank_only = by_rank_only(c);
    mask_t others = unseen(s, s->to_act), reply_cards = rank_only ? one_a_rank(others) : others;
    for (int i = 0; i < s->npile; i++) pile[i] = s->pile[i];
    for (int i = 0; i < n; i++) {
        if (legal[i] % 8 != AC_PLAY) continue;
        int card = (int)(legal[i] / 8), count = s->count + card_value(card);
        pile[s->npile] = (uint8_t)card;
        int now = play_count(c, pile, s->npile + 1, s->turnup, &thirty_one, &knave), reply = 0;
        if (count != PLAY_LIMIT && rank_only)
            reply = best_reply_points(c, pile, s->npile + 1, others & reply_cards);
        else if (count != PLAY_LIMIT)
            for (mask_t m = others & reply_cards; m; m &= m - 1) {
                int other = __builtin_ctzll(m);
                if (count + card_value(other) > PLAY_LIMIT) continue;
                pile[s->npile + 1] = (uint8_t)other;
                int points = play_count(c, pile, s->npile + 2, s->turnup, &thirty_one, &knave);
                if (points > reply) reply = points;
            }
        if (at < 0 || now > best_now || (now == best_now && -reply > -best_reply)) {
            at = i;
            best_now = now;
            best_reply = reply;
        }
    }
    return at >= 0 ? legal[at] : legal[0];
}

uint64_t k_greedy(const KState *s, const uint64_t *legal, int n) {
    for (int i = 0; i < n; i++)
        if (legal[i] % 8 == AC_MUGGINS) return legal[i];
    if (s->phase == PH_DISCARD) return discard(s, legal, n);
    if (s->phase == PH_PLAY) return play(s, legal, n);
    return legal[0];
}
