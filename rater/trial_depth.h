// How deep a person would have to dig by trial and error where the
// deduction ladder gets stuck: the rater's measure of difficulty above the
// ladder's forcing chains (the `extreme` level, docs/CALIBRATION.md).
//
// From a stuck board (pencil marks as the ladder left them) every candidate
// is assumed in turn and the consequences are propagated; a candidate whose
// assumption ends in a contradiction can be removed. Three propagations,
// from cheap to deep, after Berthier's T&E(n) classification and Sudoku
// Explainer's dynamic, dynamic "+" and nested forcing chains:
//   * singles: naked and hidden singles (SE's dynamic forcing chains);
//   * locked: singles plus pointing and claiming (SE's chains "+", which
//     apply basic techniques inside);
//   * nested: singles plus one pass of trials by singles inside the trial
//     (SE's nested forcing chains).
// The fewer candidates a propagation removes, the rarer the contradictions a
// solver has to find, and the longer SE's chains get. The counts are exact
// for the board (no randomness, no time bound): the nested pass is at most
// candidates² singles propagations, about 0.1-0.5 s on a stuck 9x9 board.
#ifndef SUDOKU_RATER_TRIAL_DEPTH_H_
#define SUDOKU_RATER_TRIAL_DEPTH_H_

#include "core/board.h"
#include "core/grid.h"
#include "deduction/step_solver.h"

namespace sudoku {

struct TrialDepth {
  bool computed = false;  // false: the trace had no guess to measure at
  int empty_cells = 0;    // empty cells of the stuck board
  int candidates = 0;     // candidates left on the stuck board
  int by_singles = 0;     // removed by trials propagated with singles
  int by_locked = 0;      // ... with singles, pointing and claiming
  int by_nested = 0;      // ... with singles and trials by singles inside
};

// Naked and hidden singles (and with `locked` pointing and claiming) until
// nothing changes. False on a contradiction: a cell without candidates or a
// digit without a place in a unit.
bool PropagateSingles(Board& board, bool locked);

// The trial counts on `board` (a stuck board: `computed` is set).
TrialDepth MeasureTrialDepth(const Board& board);

// The trial counts where `explanation` (a trace of `puzzle`) made its first
// guess, or at its end when it stopped stuck (a ladder without guessing);
// not computed when it did neither or the replay fails.
TrialDepth TrialDepthOfTrace(const Grid& puzzle,
                             const Explanation& explanation);

}  // namespace sudoku

#endif  // SUDOKU_RATER_TRIAL_DEPTH_H_
