/* Chance in the kernel: the one place its games, rollouts, batches and environments draw the first
 * dealer, the cut and the deal (`noddy.game`'s chance actions, drawn from the kernel's generator). */
#include "core/kernel.h"

void shuffle_deck(Rng *r, uint8_t *deck, int draws) {
    for (int i = 0; i < 52; i++) deck[i] = (uint8_t)i;
    for (int i = 0; i < draws; i++) {
        int j = i + (int)below(r, (uint32_t)(52 - i));
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
}

int k_chance(KState *s, Rng *rng) {
    const Config *c = s->cfg;
    uint8_t deck[52];
    if (s->phase == PH_CUT && c->first_dealer[0] == FD_ANY) {
        k_draw_dealer(s, (int)below(rng, (uint32_t)c->players[0]));
    } else if (s->phase == PH_CUT) {
        shuffle_deck(rng, deck, c->players[0]);
        k_cut(s, deck);
    } else if (s->phase == PH_SHUFFLE) {
        shuffle_deck(rng, deck, 51);
        k_deal(s, deck, 52);
    } else {
        return 0;
    }
    return 1;
}
