/* The board tables in the kernel (`noddy.analysis.board`): the chance of winning from every board
 * position, measured from deals played by greedy players. */
#ifndef NODDY_ANALYSIS_H
#define NODDY_ANALYSIS_H

#include "core/pyface.h"
#include "players/players.h" /* the table is made of greedy players' deals */

/* board.c: board_table, board_pass, board_games. */
extern PyMethodDef analysis_methods[];

#endif
