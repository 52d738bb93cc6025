// A small exact solver on Board, used by the stepping solver to learn the
// solution (for the GUESS rung and to detect multiple solutions, which turns
// the uniqueness techniques off) without depending on solvers/ (which sits
// above deduction/ in the layering). Depth-first search over the cell with
// the fewest candidates, with naked/hidden-single propagation at each node.
#ifndef SUDOKU_DEDUCTION_BRUTE_FORCE_H_
#define SUDOKU_DEDUCTION_BRUTE_FORCE_H_

#include <chrono>
#include <cstdint>
#include <vector>

#include "core/board.h"
#include "core/grid.h"

namespace sudoku {

struct BruteForceResult {
  int num_solutions = 0;        // 0, 1 or 2 (2 = "at least two")
  bool limit_hit = false;       // gave up after max_nodes or at the deadline;
                                // the count is a lower bound
  std::vector<Grid> solutions;  // the first (up to two) solutions
  int64_t nodes = 0;
};

// Counts the solutions of `board` (its current candidates are respected) up
// to two. `max_nodes` = 0 means no limit; the search also stops (limit_hit)
// once `deadline` has passed (checked at the first node and every 256 after).
BruteForceResult BruteForceSolve(
    const Board& board, int64_t max_nodes = 0,
    std::chrono::steady_clock::time_point deadline =
        std::chrono::steady_clock::time_point::max());

// The deadline `max_seconds` from now (time_point::max() when <= 0).
std::chrono::steady_clock::time_point DeadlineAfter(double max_seconds);

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_BRUTE_FORCE_H_
