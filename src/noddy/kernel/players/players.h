/* The kernel's players (`noddy.players`): the greedy player choice for choice, the lay-away's
 * expected values, and deals played out from a lay-away; with their functions of the module. */
#ifndef NODDY_PLAYERS_H
#define NODDY_PLAYERS_H

#include "core/pyface.h"

/* greedy.c: `noddy.players.simple.GreedyPlayer`'s choice among the listed legal actions. */
uint64_t k_greedy(const KState *s, const uint64_t *legal, int n);

/* discard.c */
void discard_means(const Config *c, mask_t hand, const mask_t *laid, int n, mask_t pool, int turnup,
                   mask_t own_crib, int sign, int unknown, double *out);

/* rollout.c */
typedef struct {
    int seat, dealer, deal_number, turnup; /* turnup: -1 when not shown */
    int32_t scores[4];
    uint8_t hand[MAX_HAND], own_crib[MAX_HAND];
    int nhand, ncrib;
    mask_t pool;
} LayAway;
void greedy_deal(KState *s, int seat, uint64_t laid);
void deal_rollouts(const Config *c, const LayAway *at, const mask_t *laid, int n, int samples, uint64_t seed,
                   double win, double *value, double *hand, double *crib, int16_t *outcomes);

/* face.c: discard_values, deal_rollouts, greedy_deal; the greedy player as a policy (`GREEDY`, the
 * module's: what the board's deals and `State.choose` are played with where Python passes it). */
extern PyMethodDef players_methods[];
PyObject *greedy_policy(void);

/* search.c: a search to the end of the deal (`noddy.players.search.Search`), in C. */
extern PyMethodDef search_methods[];

#endif
