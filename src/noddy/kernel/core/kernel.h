/* The compiled game kernel: a fixed-size game state, driven by a flat integer configuration built
 * from `Rules` (src/noddy/kernel/config.py), mirroring the readable engine (noddy.game.flow).
 * Cards are 0-51 (`Card.index`: suit-major, clubs A-K first); a set of cards is a 64-bit mask. */
#ifndef NODDY_KERNEL_H
#define NODDY_KERNEL_H

#include <stdint.h>

typedef uint64_t mask_t;

/* The configuration's fields, in the order `CONFIG_FIELDS` gives them to Python: name, length. */
#define CONFIG_FIELDS(F) \
    F(players, 1) F(partners, 1) F(sides, 1) \
    F(dealt, 1) F(discard, 1) F(crib_dealt, 1) F(crib_from_pack, 1) \
    F(first_dealer, 1) F(rotation, 1) F(rotation_per_deal, 1) F(reshuffle, 1) F(direction, 1) \
    F(jack_to_elder, 1) F(jack_points, 1) F(jack_in_announcement, 1) F(jack_also_in_hand, 1) \
    F(turnup_before, 1) \
    F(hand_15, 1) F(hand_25, 1) F(hand_31, 1) F(hand_flush, 1) F(crib_flush, 1) \
    F(flush_three_of_four, 1) F(knave, 1) F(knave_when, 1) F(hand_after_play, 1) \
    F(dealer_first, 1) F(wrong_count, 1) \
    F(crib_kind, 1) F(crib_after_play, 1) \
    F(play_15, 1) F(play_25, 1) F(play_31, 1) F(thirty_one_extra, 1) F(last_card, 1) \
    F(play_flush, 1) F(best_only, 1) F(go_ends, 1) F(must_play, 1) F(next_only, 1) \
    F(series_reset, 1) \
    F(pair_points, 16) F(pairs_by_value, 1) F(run_points, 16) F(ace, 1) \
    F(special, 52) F(special_in_hand, 1) F(special_in_play, 1) F(special_turnup, 1) \
    F(single_deal, 1) F(target, 1) F(win_at_once, 1) F(compensation, 1)

#define DECLARE_FIELD(name, n) int name[n];
typedef struct {
    CONFIG_FIELDS(DECLARE_FIELD)
} Config;
#undef DECLARE_FIELD

/* The kernel's codes, each list once: its enum here, and its names (by which Python matches the
 * engine's, module.c exports them as the tuple in brackets) from the same list. */
#define FIRST_DEALER_LIST(X) X(FD_LOW, "low_cut") X(FD_HIGH, "high_cut") X(FD_ANY, "any")
#define FLUSH_LIST(X) X(FL_OFF, "off") X(FL_ANY, "any") X(FL_HELD, "held") X(FL_ALL, "all") X(FL_HELD_FIVE, "held_five")
#define KNAVE_WHEN_LIST(X) X(KW_AT_START, "at_start") X(KW_IN_ANNOUNCEMENT, "in_announcement") X(KW_IN_PLAY, "in_play")
#define WRONG_COUNT_LIST(X) X(WC_CORRECTED, "corrected") X(WC_STANDS, "stands") X(WC_MUGGINS, "muggins")
#define CRIB_KIND_LIST(X) X(CK_NONE, "none") X(CK_DEALER, "dealer") X(CK_OWN, "own")
#define ACE_LIST(X) X(ACE_LOW, "low") X(ACE_HIGH_OR_LOW, "high_or_low") X(ACE_AROUND, "around")
/* Phases and event kinds: the engine's `Phase` and `EventKind`, by name (PHASES, EVENT_KINDS). */
#define PHASE_LIST(X) \
    X(PH_CUT, "cut") X(PH_SHUFFLE, "shuffle") X(PH_DISCARD, "discard") X(PH_COUNT, "count") \
    X(PH_MUGGINS, "muggins") X(PH_PLAY, "play") X(PH_OVER, "over")
#define EVENT_LIST(X) \
    X(EV_CUT, "cut") X(EV_CUT_AGAIN, "cut_again") X(EV_DEALER, "dealer") X(EV_COMPENSATION, "compensation") \
    X(EV_DEAL, "deal") X(EV_DISCARD, "discard") X(EV_TURNUP, "turnup") X(EV_TURNED_JACK, "turned_jack") \
    X(EV_KNAVE, "knave") X(EV_COUNT, "count") X(EV_DECLARE, "declare") X(EV_SHOW, "show") \
    X(EV_MUGGINS, "muggins") X(EV_PLAY, "play") X(EV_GO, "go") X(EV_LAST_CARD, "last_card") \
    X(EV_RESET, "reset") X(EV_PLAY_END, "play_end") X(EV_DEAL_END, "deal_end") X(EV_WIN, "win")
/* A seat's points as the kernel tallies them, in the engine's terms (`TALLIES`, by name): a hand's
 * count, a crib's, the play's, and apart from them the items of 31 laid in the play, of the Knave
 * (held or laid) and of a Jack turned up; then the last card, muggins and compensation. The
 * simulator decides where each tally counts (`noddy.sim.tournament.KERNEL_TALLIES`). */
#define TALLY_LIST(X) \
    X(TALLY_HAND, "hand") X(TALLY_CRIB, "crib") X(TALLY_PLAY, "play") X(TALLY_THIRTY_ONE, "thirty_one") \
    X(TALLY_LAST_CARD, "last_card") X(TALLY_KNAVE, "knave") X(TALLY_TURNED_JACK, "turned_jack") \
    X(TALLY_MUGGINS, "muggins") X(TALLY_COMPENSATION, "compensation")
/* A player's action as an int: kind + 8 * payload (a card, a mask of cards, or a number). */
#define ACTION_LIST(X) \
    X(AC_PLAY, "play") X(AC_GO, "go") X(AC_DISCARD, "discard") X(AC_COUNT, "count") X(AC_DECLARE, "declare") \
    X(AC_MUGGINS, "muggins") X(AC_PASS, "pass")

#define CODE_ENUM(code, name) code,
enum { FIRST_DEALER_LIST(CODE_ENUM) };
enum { FLUSH_LIST(CODE_ENUM) };
enum { KNAVE_WHEN_LIST(CODE_ENUM) };
enum { WRONG_COUNT_LIST(CODE_ENUM) };
enum { CRIB_KIND_LIST(CODE_ENUM) };
enum { ACE_LIST(CODE_ENUM) };
enum { PHASE_LIST(CODE_ENUM) };
enum { EVENT_LIST(CODE_ENUM) };
enum { TALLY_LIST(CODE_ENUM) N_TALLIES };
enum { ACTION_LIST(CODE_ENUM) };
#undef CODE_ENUM
#define ACTION(kind, payload) ((uint64_t)(kind) + 8 * (uint64_t)(payload))

enum { T_HAND = 0, T_CRIB, T_MUGGINS };

#define MAX_EVENTS 64
#define MAX_TASKS 16
#define MAX_PILE 32
#define MAX_ACTIONS 1024
#define MAX_HAND 32
#define MAX_COUNTED 13 /* the most cards a hand or crib count takes, the turn-up included */
#define DECLARE_LIMIT 100

typedef struct {
    int8_t kind;
    int8_t seat; /* -1: the table */
    int16_t points;
} KEvent;

typedef struct {
    int8_t what;
    int8_t seat;
} Task;

typedef struct {
    const Config *cfg;
    int8_t phase, dealer, to_act, last_player, last_was_go, winner, play_done;
    int8_t turnup, npile, ntasks, ncounted, muggins_declarer;
    int16_t count, muggins_missed, deal_number;
    uint8_t gone, declared[4];
    int32_t scores[4];
    int16_t missed[4];
    int8_t counted[4];
    uint8_t stock[52];
    int8_t stock_len, turned;
    mask_t hands[4], held[4], cribs[4], discarded[4], played;
    uint8_t order[4][MAX_HAND]; /* each hand in the engine's order (as dealt): it orders the legal actions */
    int8_t nhand[4];
    uint8_t pile[MAX_PILE];
    Task tasks[MAX_TASKS];
    int32_t tallies[4][N_TALLIES];
    int32_t actions;
    int nevents;
    KEvent events[MAX_EVENTS];
} KState;

/* xoshiro256** seeded by splitmix64: fast, and the same games for the same seed everywhere. */
typedef struct { uint64_t s[4]; } Rng;

static inline uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t next_u64(Rng *r) {
    uint64_t *s = r->s, result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* A generator seeded from one number: its four words from splitmix64 (every kernel game and rollout). */
static inline void rng_seed(Rng *r, uint64_t seed) {
    for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&seed);
}

/* Uniform in [0, n): Lemire's multiply-and-reject, exact. */
static inline uint32_t below(Rng *r, uint32_t n) {
    uint64_t m = (uint64_t)(uint32_t)(next_u64(r) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = -n % n;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(next_u64(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* The helpers every file uses, here once: a card's bit, rank (1-13), suit (0-3) and counting value;
 * the Jack's rank; the play's limit (`noddy.scoring.PLAY_LIMIT`); a seat's side (partners: seats 0
 * and 2, 1 and 3, as `noddy.game.side_of`). */
#define BIT(card) ((mask_t)1 << (card))
#define RANK(card) ((card) % 13 + 1)
#define SUIT(card) ((card) / 13)
#define ALL_CARDS (((mask_t)1 << 52) - 1)
#define JACK 11
#define PLAY_LIMIT 31

static inline int card_value(int card) { return RANK(card) > 10 ? 10 : RANK(card); }
static inline int side_of(const Config *c, int seat) { return c->partners[0] ? seat % 2 : seat; }

/* state.c: the bytes a search's transposition table keys a position by (at most KEY_MAX). */
#define KEY_MAX (4 * 8 + 4 * 4 + 1 + MAX_PILE + 6)
int k_key(const KState *s, uint8_t *buf);

/* score.c */
int hand_count(const Config *c, mask_t held, int turnup, int crib, int *knave);
void hand_counts(const Config *c, mask_t held, int crib, int *out);
/* A count of `held` with a turn-up not held, in parts: `base` + `rank[its rank]` + `suit[its
 * suit]`, and its own `special` points where `special_turnup` (what `hand_counts` adds up). */
typedef struct { int base, rank[14], suit[4], special_turnup; } HandParts;
void hand_parts(const Config *c, mask_t held, int crib, HandParts *parts);
int play_count(const Config *c, const uint8_t *pile, int n, int turnup, int *thirty_one, int *knave);
int best_reply_points(const Config *c, const uint8_t *pile, int n, mask_t cards);

/* flow.c */
int k_elder(const KState *s);
int k_next_seat(const KState *s, int seat);
void k_new(KState *s, const Config *c);
int k_legal(const KState *s, uint64_t *out);
int k_is_legal(const KState *s, uint64_t action);
void k_apply(KState *s, uint64_t action);
void k_deal(KState *s, const uint8_t *order, int n);
void k_cut(KState *s, const uint8_t *cards);
void k_draw_dealer(KState *s, int dealer);

/* chance.c */
/* The deck in order with its first `draws` places drawn at random (a partial Fisher-Yates shuffle). */
void shuffle_deck(Rng *r, uint8_t *deck, int draws);
/* Chance's step where the position waits on chance (the first dealer drawn or cut for, a shuffle and
 * deal), drawn fairly from `rng`: 1 if it was chance's turn, 0 if a player's (or the game is over). */
int k_chance(KState *s, Rng *rng);

#endif
