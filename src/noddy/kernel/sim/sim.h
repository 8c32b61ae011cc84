/* Whole games in the kernel for the simulator (`noddy.sim`): one game between the kernel's own
 * players, and a tournament's games in one call, tallied. */
#ifndef NODDY_SIM_H
#define NODDY_SIM_H

#include "core/pyface.h"
#include "players/players.h"

/* The kernel's own players (`PLAYERS`: uniform random, greedy). */
enum { KP_RANDOM = 0, KP_GREEDY };
typedef struct { int dealer; int32_t points[4]; } DealRecord; /* a deal: its dealer, points by side */
typedef struct { DealRecord *deals; int ndeals, capacity, first_dealer, actions; } GameLog;
/* One whole game in `s` from `seed`, `kinds[seat]` deciding for each seat: its deals, first dealer
 * and the players' actions in `log` (its deals grown as needed; the caller frees them). 0, or -1 out
 * of memory, or -2 not ended in the kernel's limit of steps. */
int k_play_game(KState *s, const Config *c, uint64_t seed, const uint8_t *kinds, GameLog *log);

/* batch.c: play_game, play_batch. */
extern PyMethodDef sim_methods[];

#endif
