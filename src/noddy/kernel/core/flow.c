/* The kernel's transitions: what each action leads to, as `noddy.game.flow` says (each function
 * here is named after the one it mirrors there), on a fixed-size state. Every rule is read from
 * the configuration; `tests/kernel/test_kernel.py` holds this and the engine together action by action. */
#include <string.h>

#include "core/kernel.h"


static int next_seat(const KState *s, int seat) {
    int n = s->cfg->players[0];
    return (seat + s->cfg->direction[0] + n) % n;
}


static int elder(const KState *s) { return next_seat(s, s->dealer); }

int k_elder(const KState *s) { return elder(s); }
int k_next_seat(const KState *s, int seat) { return next_seat(s, seat); }

static int jack_receiver(const KState *s) { return s->cfg->jack_to_elder[0] ? elder(s) : s->dealer; }

/* Take `cards` out of `seat`'s hand, keeping the order of the rest. */
static void take(KState *s, int seat, mask_t cards) {
    int kept = 0;
    for (int i = 0; i < s->nhand[seat]; i++)
        if (!(cards & BIT(s->order[seat][i]))) s->order[seat][kept++] = s->order[seat][i];
    s->nhand[seat] = (int8_t)kept;
    s->hands[seat] &= ~cards;
}

static void emit(KState *s, int kind, int seat, int points) {
    if (s->nevents < MAX_EVENTS) s->events[s->nevents++] = (KEvent){(int8_t)kind, (int8_t)seat, (int16_t)points};
}

static void finish(KState *s, int side) {
    s->phase = PH_OVER;
    s->to_act = -1;
    s->winner = (int8_t)side;
    emit(s, EV_WIN, side, 0);
}

/* Record an event and peg its points (`_peg`): `points` less the parts made by the Knave held, a Jack
 * turned up and 31 laid (each tallied apart) count under `tally`; returns 1 when the side reaching
 * the target wins at once. */
static int peg(KState *s, int kind, int seat, int points, int tally, int knave, int jack, int thirty_one) {
    const Config *c = s->cfg;
    emit(s, kind, seat, points);
    if (!points || seat < 0) return 0;
    int side = side_of(s->cfg, seat);
    s->scores[side] += points;
    s->tallies[seat][tally] += points - knave - jack - thirty_one;
    s->tallies[seat][TALLY_KNAVE] += knave;
    s->tallies[seat][TALLY_TURNED_JACK] += jack;
    s->tallies[seat][TALLY_THIRTY_ONE] += thirty_one;
    if (!c->single_deal[0] && c->win_at_once[0] && s->scores[side] >= c->target[0]) {
        finish(s, side);
        return 1;
    }
    return 0;
}

void k_new(KState *s, const Config *c) {
    memset(s, 0, sizeof *s);
    s->cfg = c;
    s->phase = PH_CUT;
    s->to_act = s->last_player = s->winner = s->turnup = -1;
}

static void first_dealer(KState *s, int dealer) {
    s->dealer = (int8_t)dealer;
    emit(s, EV_DEALER, dealer, 0);
    s->phase = PH_SHUFFLE;
    if (s->cfg->compensation[0]) peg(s, EV_COMPENSATION, elder(s), s->cfg->compensation[0], TALLY_COMPENSATION, 0, 0, 0);
}

void k_draw_dealer(KState *s, int dealer) { first_dealer(s, dealer); }

void k_cut(KState *s, const uint8_t *cards) {
    int n = s->cfg->players[0], best = -1, at = 0, ties = 0;
    for (int i = 0; i < n; i++) {
        int r = RANK(cards[i]);
        int better = best < 0 || (s->cfg->first_dealer[0] == FD_LOW ? r < best : r > best);
        if (better) { best = r; at = i; ties = 0; }
        else if (r == best) ties++;
    }
    if (ties) { emit(s, EV_CUT_AGAIN, -1, 0); return; }
    emit(s, EV_CUT, -1, 0);
    first_dealer(s, at);
}

static void order_from_elder(const KState *s, int *order) {
    order[0] = elder(s);
    for (int i = 1; i < s->cfg->players[0]; i++) order[i] = next_seat(s, order[i - 1]);
}

static void next_task(KState *s);
static void start_counting(KState *s, int after_play);

static void show_turnup(KState *s) {
    const Config *c = s->cfg;
    emit(s, EV_TURNUP, -1, 0);
    s->turned = 1;
    s->to_act = -1;
    if (RANK(s->turnup) == JACK && c->jack_points[0] && !c->jack_in_announcement[0])
        peg(s, EV_TURNED_JACK, jack_receiver(s), c->jack_points[0], TALLY_TURNED_JACK, 0, 0, 0);
}

static void after_turnup(KState *s) {
    const Config *c = s->cfg;
    if (c->knave[0] && c->knave_when[0] == KW_AT_START) {
        int order[4];
        order_from_elder(s, order);
        for (int i = 0; i < c->players[0]; i++)
            for (mask_t m = s->held[order[i]]; m; m &= m - 1) {
                int card = __builtin_ctzll(m);
                if (RANK(card) == JACK && SUIT(card) == SUIT(s->turnup) &&
                    peg(s, EV_KNAVE, order[i], c->knave[0], TALLY_KNAVE, 0, 0, 0))
                    return;
            }
    }
    start_counting(s, 0);
}

static void turn_up(KState *s) {
    show_turnup(s);
    if (s->phase != PH_OVER) after_turnup(s);
}

/* Deal from the stock: one card at a time from the elder round to the dealer, own cribs, the
 * crib's cards from the pack, then the turn-up (`_deal`). */
static void deal(KState *s) {
    const Config *c = s->cfg;
    int order[4], pos = 0, n = c->players[0];
    order_from_elder(s, order);
    for (int i = 0; i < 4; i++) {
        s->hands[i] = s->held[i] = s->cribs[i] = s->discarded[i] = 0;
        s->nhand[i] = 0;
    }
    s->played = 0;
    s->turned = 0;
    for (int r = 0; r < c->dealt[0]; r++)
        for (int i = 0; i < n; i++) {
            int card = s->stock[pos++];
            s->hands[order[i]] |= BIT(card);
            s->order[order[i]][s->nhand[order[i]]++] = (uint8_t)card;
        }
    for (int r = 0; r < c->crib_dealt[0]; r++)
        for (int i = 0; i < n; i++) s->cribs[order[i]] |= BIT(s->stock[pos++]);
    for (int r = 0; r < c->crib_from_pack[0]; r++) s->cribs[s->dealer] |= BIT(s->stock[pos++]);
    s->turnup = (int8_t)s->stock[pos++];
    memmove(s->stock, s->stock + pos, (size_t)(s->stock_len - pos));
    s->stock_len = (int8_t)(s->stock_len - pos);
    for (int i = 0; i < 4; i++) s->held[i] = s->hands[i];
    s->deal_number++;
    s->npile = 0;
    s->count = 0;
    s->gone = 0;
    s->last_player = -1;
    s->last_was_go = 0;
    s->ntasks = 0;
    s->play_done = 0;
    s->ncounted = 0;
    memset(s->missed, 0, sizeof s->missed);
    memset(s->declared, 0, sizeof s->declared);
    emit(s, EV_DEAL, s->dealer, 0);
    if (!c->discard[0]) { turn_up(s); return; }
    if (c->turnup_before[0]) {
        show_turnup(s);
        if (s->phase == PH_OVER) return;
    }
    s->phase = PH_DISCARD;
    s->to_act = (int8_t)elder(s);
}

void k_deal(KState *s, const uint8_t *order, int n) {
    memcpy(s->stock, order, (size_t)n);
    s->stock_len = (int8_t)n;
    deal(s);
}

static void discard(KState *s, int seat, mask_t cards) {
    take(s, seat, cards);
    s->discarded[seat] = cards;
    s->held[seat] = s->hands[seat];
    s->cribs[s->cfg->crib_kind[0] == CK_OWN ? seat : s->dealer] |= cards;
    emit(s, EV_DISCARD, seat, 0);
    int following = next_seat(s, seat);
    if (following != elder(s)) { s->to_act = (int8_t)following; return; }
    if (s->cfg->turnup_before[0]) {
        s->to_act = -1;
        after_turnup(s);
    } else {
        turn_up(s);
    }
}

static int tasks_for(const KState *s, int after_play, Task *tasks) {
    const Config *c = s->cfg;
    int order[4], n = c->players[0], ntasks = 0;
    order_from_elder(s, order);
    if (c->dealer_first[0]) {
        for (int i = n - 1; i > 0; i--) order[i] = order[i - 1];
        order[0] = s->dealer;
    }
    int hands_now = c->hand_after_play[0] == after_play;
    if (hands_now)
        for (int i = 0; i < n; i++) tasks[ntasks++] = (Task){T_HAND, (int8_t)order[i]};
    if (c->crib_kind[0] != CK_NONE && c->crib_after_play[0] == after_play) {
        if (c->crib_kind[0] == CK_DEALER && hands_now) {
            int at = 0;
            while (tasks[at].seat != s->dealer) at++;
            for (int i = ntasks; i > at + 1; i--) tasks[i] = tasks[i - 1];
            tasks[at + 1] = (Task){T_CRIB, s->dealer};
            ntasks++;
        } else if (c->crib_kind[0] == CK_OWN) {
            for (int i = 0; i < n; i++) tasks[ntasks++] = (Task){T_CRIB, (int8_t)order[i]};
        } else {
            tasks[ntasks++] = (Task){T_CRIB, s->dealer};
        }
    }
    return ntasks;
}

static void start_counting(KState *s, int after_play) {
    const Config *c = s->cfg;
    Task tasks[MAX_TASKS];
    int ntasks = tasks_for(s, after_play, tasks);
    s->ntasks = 0;
    if (after_play && c->wrong_count[0] == WC_MUGGINS && !c->hand_after_play[0]) {
        for (int i = 0; i < s->ncounted; i++) emit(s, EV_SHOW, s->counted[i], 0);
        for (int i = 0; i < s->ncounted; i++)
            if (s->missed[s->counted[i]] > 0) s->tasks[s->ntasks++] = (Task){T_MUGGINS, s->counted[i]};
    }
    for (int i = 0; i < ntasks; i++) s->tasks[s->ntasks++] = tasks[i];
    next_task(s);
}

static void pop_task(KState *s) {
    s->ntasks--;
    memmove(s->tasks, s->tasks + 1, (size_t)s->ntasks * sizeof(Task));
}

static void open_claim(KState *s, int declarer, int missed) {
    int claimant = next_seat(s, declarer);
    while (side_of(s->cfg, claimant) == side_of(s->cfg, declarer)) claimant = next_seat(s, claimant);
    s->phase = PH_MUGGINS;
    s->muggins_declarer = (int8_t)declarer;
    s->muggins_missed = (int16_t)missed;
    s->to_act = (int8_t)claimant;
}

static void start_play(KState *s) {
    s->phase = PH_PLAY;
    s->ntasks = 0;
    s->npile = 0;
    s->count = 0;
    s->gone = 0;
    s->to_act = (int8_t)elder(s);
}

static void end_deal(KState *s) {
    const Config *c = s->cfg;
    int sides = c->sides[0], best = -1, leaders = 0, leader = -1;
    s->phase = PH_SHUFFLE;
    s->to_act = -1;
    s->ntasks = 0;
    emit(s, EV_DEAL_END, s->dealer, 0);
    for (int side = 0; side < sides; side++) {
        int score = s->scores[side];
        if (!c->single_deal[0] && score < c->target[0]) continue;
        if (score > best) { best = score; leaders = 1; leader = side; }
        else if (score == best) leaders++;
    }
    if (leaders) { finish(s, leaders == 1 ? leader : -1); return; }
    int n = c->players[0];
    if (c->rotation_per_deal[0]) s->dealer = (int8_t)((s->dealer + c->rotation[0] + n) % n);
    int need = n * (c->dealt[0] + c->crib_dealt[0]) + c->crib_from_pack[0] + 1;
    if (!c->reshuffle[0] && s->stock_len >= need) deal(s);
}

static void next_task(KState *s) {
    if (!s->ntasks) {
        if (s->play_done) end_deal(s);
        else start_play(s);
        return;
    }
    Task task = s->tasks[0];
    if (task.what == T_MUGGINS) {
        pop_task(s);
        open_claim(s, task.seat, s->missed[task.seat]);
        return;
    }
    if (task.what == T_CRIB) emit(s, EV_SHOW, task.seat, 0);
    s->phase = PH_COUNT;
    s->to_act = task.seat;
}

/* A count made by the engine, or a declared number (`_count`). */
static void count(KState *s, int declare, int declared) {
    const Config *c = s->cfg;
    Task task = s->tasks[0];
    int seat = task.seat, crib = task.what == T_CRIB, knave, jack = 0;
    int truth = hand_count(c, crib ? s->cribs[seat] : s->held[seat], s->turnup, crib, &knave);
    if (c->knave_when[0] == KW_AT_START) { truth -= knave; knave = 0; }
    if (!crib && RANK(s->turnup) == JACK && c->jack_points[0] && c->jack_in_announcement[0] &&
        seat == jack_receiver(s)) {
        truth += c->jack_points[0];
        jack = c->jack_points[0];
    }
    int hidden = !crib && !c->hand_after_play[0], tally = crib ? TALLY_CRIB : TALLY_HAND, claim = 0, over;
    if (!crib) s->counted[s->ncounted++] = (int8_t)seat;
    if (!declare) {
        over = peg(s, EV_COUNT, seat, truth, tally, knave, jack, 0);
    } else {
        int is_short = declared < truth && c->wrong_count[0] != WC_CORRECTED;
        int pegged = is_short ? declared : truth;
        claim = is_short && c->wrong_count[0] == WC_MUGGINS && !hidden;
        if (!crib && !s->declared[seat]) {
            s->declared[seat] = 1;
            s->missed[seat] = (int16_t)(truth > pegged ? truth - pegged : 0);
        }
        int whole = pegged == truth; /* a count pegged other than its items is tallied whole */
        over = peg(s, EV_DECLARE, seat, pegged, tally, whole ? knave : 0, whole ? jack : 0, 0);
    }
    if (over) return;
    pop_task(s);
    if (claim) open_claim(s, seat, truth - declared);
    else next_task(s);
}

static void muggins(KState *s, int seat, int claim) {
    if (claim && peg(s, EV_MUGGINS, seat, s->muggins_missed, TALLY_MUGGINS, 0, 0, 0)) return;
    next_task(s);
}

static void end_series(KState *s, int thirty_one);

static void next_to_play(KState *s, int seat) {
    int candidate = seat;
    for (int i = 0; i < s->cfg->players[0]; i++) {
        candidate = next_seat(s, candidate);
        if (!(s->gone >> candidate & 1) && s->hands[candidate]) {
            s->to_act = (int8_t)candidate;
            return;
        }
    }
    end_series(s, 0);
}

static void end_series(KState *s, int thirty_one) {
    const Config *c = s->cfg;
    int last = s->last_player;
    if (!thirty_one && s->npile && last >= 0 && c->last_card[0] &&
        peg(s, EV_LAST_CARD, last, c->last_card[0], TALLY_LAST_CARD, 0, 0, 0))
        return;
    int cards_left = 0;
    for (int i = 0; i < c->players[0]; i++) cards_left |= s->hands[i] != 0;
    if (c->series_reset[0] && cards_left) {
        s->npile = 0;
        s->count = 0;
        s->gone = 0;
        s->last_was_go = 0;
        emit(s, EV_RESET, -1, 0);
        next_to_play(s, last >= 0 ? last : elder(s));
        return;
    }
    emit(s, EV_PLAY_END, -1, 0);
    s->to_act = -1;
    s->play_done = 1;
    start_counting(s, 1);
}

static void play(KState *s, int seat, int card) {
    int thirty_one, knave;
    take(s, seat, BIT(card));
    s->played |= BIT(card);
    s->pile[s->npile++] = (uint8_t)card;
    s->count = (int16_t)(s->count + card_value(card));
    int points = play_count(s->cfg, s->pile, s->npile, s->turnup, &thirty_one, &knave);
    s->last_player = (int8_t)seat;
    s->last_was_go = 0;
    if (peg(s, EV_PLAY, seat, points, TALLY_PLAY, knave, 0, thirty_one)) return;
    if (s->count == PLAY_LIMIT) end_series(s, 1);
    else next_to_play(s, seat);
}

static void go(KState *s, int seat) {
    emit(s, EV_GO, seat, 0);
    int follows_go = s->last_was_go;
    s->gone |= (uint8_t)(1 << seat);
    s->last_was_go = 1;
    if (s->cfg->go_ends[0] || (s->cfg->next_only[0] && follows_go)) end_series(s, 0);
    else next_to_play(s, seat);
}

/* Every listed legal action of the seat to act (`legal_actions`: the declaration family is not
 * listed; `k_is_legal` answers for it). */
int k_legal(const KState *s, uint64_t *out) {
    int n = 0, seat = s->to_act;
    if (seat < 0) return 0;
    switch (s->phase) {
    case PH_DISCARD: {
        int k = s->cfg->discard[0], idx[MAX_HAND], size = s->nhand[seat];
        const uint8_t *cards = s->order[seat];
        if (k > size) return 0;
        for (int i = 0; i < k; i++) idx[i] = i;
        while (n < MAX_ACTIONS) {
            mask_t chosen = 0;
            for (int i = 0; i < k; i++) chosen |= BIT(cards[idx[i]]);
            out[n++] = ACTION(AC_DISCARD, chosen);
            int i = k - 1;
            while (i >= 0 && idx[i] == size - k + i) i--;
            if (i < 0) break;
            idx[i]++;
            for (int j = i + 1; j < k; j++) idx[j] = idx[j - 1] + 1;
        }
        return n;
    }
    case PH_COUNT:
        out[n++] = ACTION(AC_COUNT, 0);
        return n;
    case PH_MUGGINS:
        out[n++] = ACTION(AC_MUGGINS, 0);
        out[n++] = ACTION(AC_PASS, 0);
        return n;
    case PH_PLAY: {
        int fits = 0;
        for (int i = 0; i < s->nhand[seat]; i++) {
            int card = s->order[seat][i];
            if (s->count + card_value(card) <= PLAY_LIMIT) {
                out[n++] = ACTION(AC_PLAY, card);
                fits = 1;
            }
        }
        if (!fits || (!s->cfg->must_play[0] && s->npile)) out[n++] = ACTION(AC_GO, 0);
        return n;
    }
    default:
        return 0;
    }
}

int k_is_legal(const KState *s, uint64_t action) {
    uint64_t legal[MAX_ACTIONS];
    if (action % 8 == AC_DECLARE) return s->phase == PH_COUNT && s->to_act >= 0 && action / 8 < DECLARE_LIMIT;
    int n = k_legal(s, legal);
    for (int i = 0; i < n; i++)
        if (legal[i] == action) return 1;
    return 0;
}

/* Apply a legal action of the seat to act (checked by `k_is_legal` or chosen from `k_legal`). */
void k_apply(KState *s, uint64_t action) {
    int seat = s->to_act;
    uint64_t payload = action / 8;
    s->actions++;
    switch (action % 8) {
    case AC_PLAY: play(s, seat, (int)payload); break;
    case AC_GO: go(s, seat); break;
    case AC_DISCARD: discard(s, seat, payload); break;
    case AC_COUNT: count(s, 0, 0); break;
    case AC_DECLARE: count(s, 1, (int)payload); break;
    case AC_MUGGINS: muggins(s, seat, 1); break;
    case AC_PASS: muggins(s, seat, 0); break;
    }
}
