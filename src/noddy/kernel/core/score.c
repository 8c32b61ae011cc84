/* Counting in the kernel: a hand or crib (`noddy.scoring.score_hand_reference`, then the flow's
 * `announced_items`) and the last card of the play (`noddy.scoring.score_play`), as point totals
 * split by where they count. Every number comes from the configuration, built from `Rules`. */
#include "core/kernel.h"

/* Points of a sum made by `n` cards under a points code: -1 is 1 a card, 0 off, else flat. */
static int sum_points(int code, int n) { return code < 0 ? n : code; }

/* The runs among the rank counts `by_rank` (1-13), by the ace reading: maximal blocks of three or
 * more consecutive positions, each scoring the product of its counts times its length's points. */
static int runs(const Config *c, const int *by_rank) {
    int pos[16], npos, points = 0;
    if (c->ace[0] == ACE_AROUND) {
        int start = 0;
        for (int r = 1; r <= 13; r++)
            if (!by_rank[r]) { start = r; break; }
        if (!start) {
            int product = 1;
            for (int r = 1; r <= 13; r++) product *= by_rank[r];
            return product * c->run_points[13];
        }
        npos = 13;
        for (int i = 0; i < 13; i++) pos[i] = by_rank[(start + i - 1) % 13 + 1];
    } else {
        npos = c->ace[0] == ACE_HIGH_OR_LOW ? 14 : 13;
        for (int i = 0; i < 13; i++) pos[i] = by_rank[i + 1];
        pos[13] = by_rank[1];
    }
    pos[npos] = 0;
    int length = 0, product = 1;
    for (int i = 0; i <= npos; i++) {
        if (pos[i]) {
            length++;
            product *= pos[i];
            continue;
        }
        if (length >= 3) points += product * c->run_points[length];
        length = 0;
        product = 1;
    }
    return points;
}

/* The points of a block of `length` consecutive ranks whose counts multiply to `product`. */
static int block_points(const Config *c, int length, int product) {
    return length >= 3 ? product * c->run_points[length] : 0;
}

/* `runs` of `by_rank` with one more card of rank `r`, given `alone`, the runs without it, where the
 * ace is low (no wrap): only the block of consecutive ranks holding `r` changes. */
static int runs_with(const Config *c, const int *by_rank, int r, int alone) {
    int lo = r, hi = r;
    while (lo > 1 && by_rank[lo - 1]) lo--;
    while (hi < 13 && by_rank[hi + 1]) hi++;
    int with = 1, left = 1, right = 1;
    for (int k = lo; k <= hi; k++) {
        with *= by_rank[k] + (k == r);
        if (k < r) left *= by_rank[k];
        if (k > r) right *= by_rank[k];
    }
    int before = by_rank[r] ? block_points(c, hi - lo + 1, left * by_rank[r] * right)
                            : block_points(c, r - lo, left) + block_points(c, hi - r, right);
    return alone - before + block_points(c, hi - lo + 1, with);
}

static int flush(const Config *c, int reading, const int *cards, int nheld, int turnup) {
    int held_suits[4] = {0, 0, 0, 0}, best = 0;
    for (int i = 0; i < nheld; i++) held_suits[SUIT(cards[i])]++;
    for (int s = 0; s < 4; s++)
        if (held_suits[s] > best) best = held_suits[s];
    int all_held = best == nheld;
    int matches = all_held && SUIT(turnup) == SUIT(cards[0]);
    switch (reading) {
    case FL_ANY: {
        int pool = best;
        for (int s = 0; s < 4; s++) {
            int n = held_suits[s] + (SUIT(turnup) == s);
            if (n > pool) pool = n;
        }
        return pool >= 3 ? pool : 0;
    }
    case FL_HELD:
        return all_held && nheld >= 3 ? nheld + matches : 0;
    case FL_ALL:
        return matches && nheld >= 2 ? nheld + 1 : 0;
    case FL_HELD_FIVE:
        if (all_held && nheld >= 3) return nheld + (matches && nheld >= 4);
        return c->flush_three_of_four[0] && best >= 3 ? best : 0;
    default:
        return 0;
    }
}

/* The count of `held` with `turnup` (every item of `score_hand_reference`); its Knave items' part
 * (the Knave held, and a Jack turned up counted as held) in `*knave`. */
int hand_count(const Config *c, mask_t held, int turnup, int crib, int *knave) {
    int cards[MAX_COUNTED], n = 0;
    for (mask_t m = held; m; m &= m - 1) cards[n++] = __builtin_ctzll(m);
    int nheld = n;
    cards[n++] = turnup;
    int points = 0;
    *knave = 0;
    if (c->hand_15[0] || c->hand_25[0] || c->hand_31[0]) {
        uint16_t sums[1 << MAX_COUNTED];
        sums[0] = 0;
        for (int m = 1; m < (1 << n); m++) {
            sums[m] = sums[m & (m - 1)] + card_value(cards[__builtin_ctz(m)]);
            int size = __builtin_popcount(m);
            if (size < 2) continue;
            if (sums[m] == 15 && c->hand_15[0]) points += sum_points(c->hand_15[0], size);
            else if (sums[m] == 25 && c->hand_25[0]) points += sum_points(c->hand_25[0], size);
            else if (sums[m] == 31 && c->hand_31[0]) points += sum_points(c->hand_31[0], size);
        }
    }
    int by_rank[14] = {0}, by_key[14] = {0};
    for (int i = 0; i < n; i++) {
        by_rank[RANK(cards[i])]++;
        by_key[c->pairs_by_value[0] ? card_value(cards[i]) : RANK(cards[i])]++;
    }
    for (int k = 1; k <= 13; k++)
        if (by_key[k] >= 2) points += c->pair_points[by_key[k]];
    points += runs(c, by_rank);
    points += flush(c, crib ? c->crib_flush[0] : c->hand_flush[0], cards, nheld, turnup);
    if (c->knave[0] && c->knave_when[0] != KW_IN_PLAY) {
        for (int i = 0; i < nheld; i++)
            if (RANK(cards[i]) == JACK && SUIT(cards[i]) == SUIT(turnup)) *knave += c->knave[0];
        if (RANK(turnup) == JACK && c->jack_also_in_hand[0]) *knave += c->knave[0];
    }
    points += *knave;
    if (c->special_in_hand[0]) {
        for (int i = 0; i < nheld; i++) points += c->special[cards[i]];
        if (c->special_turnup[0]) points += c->special[turnup];
    }
    return points;
}

/* What a sum of `n` cards totalling `total` scores in a hand (15, 25 and 31, as the rules say). */
static int hand_sum_points(const Config *c, int total, int n) {
    if (total == 15 && c->hand_15[0]) return sum_points(c->hand_15[0], n);
    if (total == 25 && c->hand_25[0]) return sum_points(c->hand_25[0], n);
    if (total == 31 && c->hand_31[0]) return sum_points(c->hand_31[0], n);
    return 0;
}

/* The parts of `hand_count` of `held` with any turn-up not held (`HandParts`): what does not
 * depend on the turn-up is counted once, the rest by its counting value (sums), rank (pairs,
 * runs) and suit (flush, the Knave). It is the greedy player's inner loop (its lay-away weighs
 * every discard over every turn-up), so: a subset's sum meets the turn-up's value only where the
 * value completes 15, 25 or 31, and a turn-up whose rank and both neighbours' are not held only
 * adds a lone card, which changes no run. */
void hand_parts(const Config *c, mask_t held, int crib, HandParts *parts) {
    int cards[MAX_COUNTED], n = 0, fixed = 0, with_value[11] = {0};
    for (mask_t m = held; m; m &= m - 1) cards[n++] = __builtin_ctzll(m);
    if (c->hand_15[0] || c->hand_25[0] || c->hand_31[0]) {
        const int targets[3] = {15, 25, 31}, codes[3] = {c->hand_15[0], c->hand_25[0], c->hand_31[0]};
        uint16_t sums[1 << MAX_COUNTED];
        uint8_t sizes[1 << MAX_COUNTED];
        sums[0] = sizes[0] = 0;
        for (int m = 1; m < (1 << n); m++) {
            int rest = m & (m - 1), size = sizes[rest] + 1;
            sums[m] = (uint16_t)(sums[rest] + card_value(cards[__builtin_ctz(m)]));
            sizes[m] = (uint8_t)size;
            if (size >= 2) fixed += hand_sum_points(c, sums[m], size);
            for (int k = 0; k < 3; k++) {
                int v = targets[k] - sums[m];
                if (codes[k] && v >= 1 && v <= 10) with_value[v] += sum_points(codes[k], size + 1);
            }
        }
    }
    int by_rank[14] = {0}, by_key[14] = {0}, pairs = 0;
    for (int i = 0; i < n; i++) {
        by_rank[RANK(cards[i])]++;
        by_key[c->pairs_by_value[0] ? card_value(cards[i]) : RANK(cards[i])]++;
    }
    for (int k = 1; k <= 13; k++)
        if (by_key[k] >= 2) pairs += c->pair_points[by_key[k]];
    int knave = c->knave[0] && c->knave_when[0] != KW_IN_PLAY, alone = runs(c, by_rank);
    parts->base = fixed + pairs;
    if (c->special_in_hand[0])
        for (int i = 0; i < n; i++) parts->base += c->special[cards[i]];
    for (int r = 1; r <= 13; r++) {
        int value = r > 10 ? 10 : r, alike = by_key[c->pairs_by_value[0] ? value : r];
        int points = with_value[value];
        if (!by_rank[r] && !by_rank[r == 1 ? 13 : r - 1] && !by_rank[r == 13 ? 1 : r + 1]) {
            points += alone;
        } else if (c->ace[0] == ACE_LOW) {
            points += runs_with(c, by_rank, r, alone);
        } else {
            by_rank[r]++;
            points += runs(c, by_rank);
            by_rank[r]--;
        }
        if (alike >= 1) points += c->pair_points[alike + 1] - (alike >= 2 ? c->pair_points[alike] : 0);
        if (knave && r == JACK && c->jack_also_in_hand[0]) points += c->knave[0];
        parts->rank[r] = points;
    }
    for (int suit = 0; suit < 4; suit++) {
        parts->suit[suit] = flush(c, crib ? c->crib_flush[0] : c->hand_flush[0], cards, n, suit * 13);
        if (knave)
            for (int i = 0; i < n; i++)
                if (RANK(cards[i]) == JACK && SUIT(cards[i]) == suit) parts->suit[suit] += c->knave[0];
    }
    parts->special_turnup = c->special_in_hand[0] && c->special_turnup[0];
}

/* `hand_count` of `held` with every possible turn-up at once (`out[t]` for each card `t` not
 * held, 0 for those held), from its parts. Equal to `hand_count` card for card. */
void hand_counts(const Config *c, mask_t held, int crib, int *out) {
    HandParts p;
    hand_parts(c, held, crib, &p);
    for (int suit = 0, t = 0; suit < 4; suit++)
        for (int r = 1; r <= 13; r++, t++)
            out[t] = held >> t & 1 ? 0 : p.base + p.rank[r] + p.suit[suit] + (p.special_turnup ? c->special[t] : 0);
}

/* Whether `k` cards of distinct ranks (`present`: bit r for rank r, from `low` to `high`) make a
 * run: consecutive ranks, or with the ace high where the rules allow it, or around the corner. */
static int is_run(const Config *c, unsigned present, int low, int high, int k) {
    if (high - low == k - 1) return 1;
    if (c->ace[0] == ACE_HIGH_OR_LOW && present >> 1 & 1) {
        unsigned above = present & ~3u; /* ranks 2 and up */
        return above && 14 - __builtin_ctz(above) == k - 1;
    }
    if (c->ace[0] == ACE_AROUND) {
        for (int s = 1; s <= 13; s++) {
            if (!(present >> s & 1)) continue;
            int all = 1;
            for (int i = 0; i < k && all; i++) all = present >> ((s + i - 1) % 13 + 1) & 1;
            if (all) return 1;
        }
    }
    return 0;
}

/* The ranks on top of a pile: after its top `j` cards (`j` from 0 up to `n`, the most before a
 * rank is met twice), the ranks seen (`present`) and the lowest and highest. */
typedef struct {
    int n;
    unsigned present[MAX_PILE + 1];
    int low[MAX_PILE + 1], high[MAX_PILE + 1];
} TopRanks;

static void top_ranks(const uint8_t *pile, int n, TopRanks *t) {
    t->n = 0;
    t->present[0] = 0;
    t->low[0] = 14;
    t->high[0] = 0;
    for (int i = n - 1; i >= 0; i--) {
        int r = RANK(pile[i]), j = t->n;
        if (t->present[j] >> r & 1) break;
        t->present[j + 1] = t->present[j] | 1u << r;
        t->low[j + 1] = r < t->low[j] ? r : t->low[j];
        t->high[j + 1] = r > t->high[j] ? r : t->high[j];
        t->n++;
    }
}

/* The most cards (3 or more) on top of the pile that make a run with a card of rank `r` laid on
 * it (0: none laid), 0 where none do; a rank met twice ends every longer run. */
static int top_run(const Config *c, const TopRanks *t, int r) {
    int longest = 0;
    for (int j = r ? 0 : 3; j <= t->n; j++) {
        if (r && t->present[j] >> r & 1) break;
        int k = r ? j + 1 : j, low = r && r < t->low[j] ? r : t->low[j], high = r > t->high[j] ? r : t->high[j];
        if (k >= 3 && is_run(c, t->present[j] | (r ? 1u << r : 0), low, high, k)) longest = k;
    }
    return longest;
}

/* A card's key for pairs in the play: its counting value or its rank, as the rules pair them. */
static int pair_key(const Config *c, int card) { return c->pairs_by_value[0] ? card_value(card) : RANK(card); }

/* What a card laid in the play scores from what it makes: the `count` it brings the `n` cards since
 * the last reset to, the cards of a kind on top (`alike`), the longest run on top (`run`, 0: none),
 * the cards of its suit on top (`flush`, 0 where the rules score none), the Knave's and a named
 * card's own points (0: none): the items of `score_play` in its order, only the best combination
 * where the rules say so (the Knave and a named card besides it, as their own points). The 31's
 * part is in `*thirty_one`, the Knave's in `*knave`; the rest counts as the play's. */
static int play_points(const Config *c, int count, int n, int alike, int run, int flush, int knave_points,
                       int special, int *thirty_one, int *knave) {
    int points[8], tally[8], items = 0;
    if (count == 15 && c->play_15[0]) { points[items] = sum_points(c->play_15[0], n); tally[items++] = TALLY_PLAY; }
    if (count == 25 && c->play_25[0]) { points[items] = sum_points(c->play_25[0], n); tally[items++] = TALLY_PLAY; }
    if (count == 31 && c->play_31[0]) {
        points[items] = sum_points(c->play_31[0], n) + c->thirty_one_extra[0];
        tally[items++] = TALLY_THIRTY_ONE;
    }
    if (alike >= 2) { points[items] = c->pair_points[alike]; tally[items++] = TALLY_PLAY; }
    if (run) { points[items] = c->run_points[run]; tally[items++] = TALLY_PLAY; }
    if (flush >= 3) { points[items] = flush; tally[items++] = TALLY_PLAY; }
    int combinations = items; /* the Knave and a named card score on their own, besides the best */
    if (knave_points) { points[items] = knave_points; tally[items++] = TALLY_KNAVE; }
    if (special) { points[items] = special; tally[items++] = TALLY_PLAY; }
    *thirty_one = *knave = 0;
    int best = -1;
    if (c->best_only[0] && combinations > 1) {
        best = 0;
        for (int i = 1; i < combinations; i++)
            if (points[i] > points[best]) best = i;
    }
    int total = 0;
    for (int i = 0; i < items; i++) {
        if (best >= 0 && i < combinations && i != best) continue;
        total += points[i];
        if (tally[i] == TALLY_THIRTY_ONE) *thirty_one += points[i];
        if (tally[i] == TALLY_KNAVE) *knave += points[i];
    }
    return total;
}

/* What the last card of `pile` (the `n` cards since the last reset) scores (`play_points`). */
int play_count(const Config *c, const uint8_t *pile, int n, int turnup, int *thirty_one, int *knave) {
    int count = 0;
    for (int i = 0; i < n; i++) count += card_value(pile[i]);
    int last = pile[n - 1], key = pair_key(c, last), alike = 1, flush = 0;
    while (alike < n && pair_key(c, pile[n - 1 - alike]) == key) alike++;
    if (c->play_flush[0]) {
        flush = 1;
        while (flush < n && SUIT(pile[n - 1 - flush]) == SUIT(last)) flush++;
    }
    int knave_points = c->knave[0] && c->knave_when[0] == KW_IN_PLAY && RANK(last) == JACK && SUIT(last) == SUIT(turnup)
                           ? c->knave[0]
                           : 0;
    TopRanks top;
    top_ranks(pile, n, &top);
    return play_points(c, count, n, alike, top_run(c, &top, 0), flush, knave_points,
                       c->special_in_play[0] ? c->special[last] : 0, thirty_one, knave);
}

/* The most any card of `cards` laid on `pile` (`n` cards) scores without passing 31 (0 where none
 * scores or none fits): `play_count` of each, where the play scores a card by its rank alone (no
 * flush, Knave or named card in the play). The pile is read once for all of them: the greedy player
 * weighs its opponent's best reply to each card it could lay. */
int best_reply_points(const Config *c, const uint8_t *pile, int n, mask_t cards) {
    int count = 0, key = pair_key(c, pile[n - 1]), alike = 1, best = 0, thirty_one, knave;
    for (int i = 0; i < n; i++) count += card_value(pile[i]);
    while (alike < n && pair_key(c, pile[n - 1 - alike]) == key) alike++;
    TopRanks top;
    top_ranks(pile, n, &top);
    for (mask_t m = cards; m; m &= m - 1) {
        int card = __builtin_ctzll(m), now = count + card_value(card);
        if (now > PLAY_LIMIT) continue;
        int points = play_points(c, now, n + 1, pair_key(c, card) == key ? alike + 1 : 1, top_run(c, &top, RANK(card)), 0,
                                 0, 0, &thirty_one, &knave);
        if (points > best) best = points;
    }
    return best;
}
