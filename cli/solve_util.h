// Small helpers shared by the commands that run exact solvers.
#ifndef SUDOKU_CLI_SOLVE_UTIL_H_
#define SUDOKU_CLI_SOLVE_UTIL_H_

#include <cstdint>

#include "solvers/solver.h"
#include "storage/cli_output.pb.h"

namespace sudoku::cli {

// Clamps a count into a uint32 JSON field.
inline uint32_t Saturate(int64_t v) {
  return v > int64_t{UINT32_MAX} ? UINT32_MAX
                                 : static_cast<uint32_t>(v < 0 ? 0 : v);
}

// What a search with `max_solutions` (0 = all) tells about uniqueness.
inline ValidateOutput::Status StatusOf(const SolveResult& r,
                                       int max_solutions) {
  if (r.num_solutions >= 2) return ValidateOutput::MULTIPLE;
  if (r.limit_hit) return ValidateOutput::UNKNOWN;
  if (r.num_solutions == 0) return ValidateOutput::NONE;
  return max_solutions == 1 ? ValidateOutput::SOLVED : ValidateOutput::UNIQUE;
}

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_SOLVE_UTIL_H_
