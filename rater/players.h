// Simulated players: how long a typical person searches for moves while
// solving a puzzle.
//
// A simulated player fills the grid with singles. In each position it sees
// the cells that a single fills, each with a visibility (in tenths): 10 for
// each box in which the cell is the only place for its digit, 5 for each
// such row or column, 10 for each house of which it is the last empty cell
// (a full house, whatever the house's kind), and 1 more when the cell has
// one candidate left (a naked single, which a person without pencil marks
// rarely sees). Finding a move takes longer when little is visible, so the
// position costs
//
//     empty cells / (total visibility / 10)
//
// and the player then places one of the visible singles, drawn with
// probability proportional to its visibility (a person takes the move that
// stands out, not the first in reading order). When no single is left, the
// player needs the next step of the deduction trace that is not a single;
// finding it costs
//
//     empty cells * exp(technique_slope * (step rating - 1.2))
//
// (a step rated like a box hidden single, 1.2, costs what a position with
// one visible box single costs; each further point of Sudoku Explainer
// rating multiplies the cost by e^technique_slope). The step's eliminations
// and placements are facts about the unique solution, so they hold in any
// position, and the player goes on.
//
// The effort of a puzzle is the mean total cost over `players` independent
// players. Averaging over many paths, instead of following the one path of
// the deduction trace, is what makes the effort predict human solve times
// (docs/CALIBRATION.md gives the figures). The model follows Pelanek's
// simulation of human Sudoku solving ("Difficulty rating of Sudoku puzzles
// by a computational model", FLAIRS 2011), whose step cost also grows with
// the empty cells and falls with the moves on offer.
//
// Deterministic: the players' choices flow from `seed` only. 9x9 runs on a
// bitboard kernel; other shapes on Board; both walk the very same paths
// (players_test.cc checks it).
#ifndef SUDOKU_RATER_PLAYERS_H_
#define SUDOKU_RATER_PLAYERS_H_

#include <cstdint>

#include "absl/strings/string_view.h"
#include "core/grid.h"
#include "deduction/step_solver.h"

namespace sudoku {

struct PlayerModelOptions {
  // Independent simulated players; their mean is the effort. On the human
  // solve times 8, 16, 32, 64 and 128 players give held-out rho 0.707,
  // 0.706, 0.708, 0.710, 0.711: 16 keep the cost low.
  int players = 16;
  // Visibility of a single, in tenths, by the kind of house that makes it.
  int box_visibility = 10;
  int line_visibility = 5;         // a row or a column
  int full_house_visibility = 10;  // the house's last empty cell
  int naked_visibility = 1;        // the cell's last candidate
  // Growth of a non-single step's cost per point of its rating. Chosen on
  // the editors' and apps' levels (docs/CALIBRATION.md): the human solve
  // times hold too few puzzles above singles to fix it.
  double technique_slope = 3.0;
};

// Whether `technique` (a Technique::id()) is one of the singles the players
// look for: a technique of the "singles" group of deduction/techniques.def
// (full house, hidden single, naked single).
bool IsSingleTechnique(absl::string_view technique);

// The simulated players' mean effort on `puzzle`, which `explanation`
// solves (its non-single steps are what the players need when they run out
// of singles). 0 when the puzzle has no empty cell.
// REQUIRES: CheckGivens(puzzle).ok(); explanation solves puzzle.
double PlayerEffort(const Grid& puzzle, const Explanation& explanation,
                    const PlayerModelOptions& options, uint64_t seed);

// The same on the shape-generic path, also for 9x9 (tests compare it with
// the 9x9 kernel).
double PlayerEffortGeneric(const Grid& puzzle, const Explanation& explanation,
                           const PlayerModelOptions& options, uint64_t seed);

}  // namespace sudoku

#endif  // SUDOKU_RATER_PLAYERS_H_
