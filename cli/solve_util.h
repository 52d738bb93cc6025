// Small helpers shared by the commands that run exact solvers.
#ifndef SUDOKU_CLI_SOLVE_UTIL_H_
#define SUDOKU_CLI_SOLVE_UTIL_H_

#include <cstdint>

#include "solvers/solver.h"
#include "storage/cli_output.pb.h"
#include "storage/json.h"

namespace sudoku::cli {

// What a search with `max_solutions` (0 = all) tells about uniqueness.
inline ValidateOutput::Status StatusOf(const SolveResult& r,
                                       int max_solutions) {
  if (r.num_solutions >= 2) return ValidateOutput::MULTIPLE;
  if (r.limit_hit) return ValidateOutput::BUDGET_EXCEEDED;
  if (r.num_solutions == 0) return ValidateOutput::NONE;
  return max_solutions == 1 ? ValidateOutput::SOLVED : ValidateOutput::UNIQUE;
}

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_SOLVE_UTIL_H_
