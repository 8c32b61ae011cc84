/* The board tables in the kernel (`noddy.analysis.board`): the chance of winning from every board
 * position, measured from deals played by the policy given (the greedy player's: engine/services). */
#ifndef NODDY_ANALYSIS_H
#define NODDY_ANALYSIS_H

#include "core/pyface.h"

/* board.c: board_table, board_pass, board_games. */
extern PyMethodDef analysis_methods[];

#endif
