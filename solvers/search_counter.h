// SearchCounter: the limits and counts every exact engine keeps while it
// searches (the backtracking engines of bit_search.h and classic_kernel.h,
// Dancing Links), so that "node", "guess", "limit hit" and "stop" mean the
// same thing in each and SolveResult is filled in one place. Internal to
// solvers/.
#ifndef SUDOKU_SOLVERS_SEARCH_COUNTER_H_
#define SUDOKU_SOLVERS_SEARCH_COUNTER_H_

#include <cstdint>

#include "solvers/solver.h"

namespace sudoku {

struct SearchCounter {
  // From SolveLimits: stop after this many solutions (0 = all) or nodes
  // (0 = no limit).
  int max_solutions = 0;
  int64_t max_nodes = 0;
  // Counts of the current run.
  int num_solutions = 0;
  int64_t nodes = 0;       // calls of the recursive step
  int64_t guesses = 0;     // branches taken beyond the first at a choice point
  bool limit_hit = false;  // max_nodes stopped the search
  bool stop = false;       // the search should unwind (limit or enough found)

  // Starts a run under `limits` with `first_nodes` nodes already counted.
  void Reset(const SolveLimits& limits, int64_t first_nodes = 0) {
    max_solutions = limits.max_solutions;
    max_nodes = limits.max_nodes;
    num_solutions = 0;
    nodes = first_nodes;
    guesses = 0;
    limit_hit = stop = false;
  }
  // Counts one more node; false (limit_hit and stop set, node not counted)
  // when the node budget is spent.
  bool EnterNode() {
    if (max_nodes > 0 && nodes >= max_nodes) {
      limit_hit = stop = true;
      return false;
    }
    ++nodes;
    return true;
  }
  // Counts a solution; sets stop when max_solutions are found.
  void AddSolution() {
    ++num_solutions;
    if (max_solutions > 0 && num_solutions >= max_solutions) stop = true;
  }
  // The counts into `result` (its solutions are the engine's to fill).
  void Fill(SolveResult& result) const {
    result.num_solutions = num_solutions;
    result.limit_hit = limit_hit;
    result.nodes = nodes;
    result.guesses = guesses;
  }
};

}  // namespace sudoku

#endif  // SUDOKU_SOLVERS_SEARCH_COUNTER_H_
