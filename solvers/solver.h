// Exact solvers: count a puzzle's solutions up to a limit.
//
// "No solution", "several solutions" and "gave up" are results, not errors.
// Effort is measured in counts (nodes, guesses), never wall time, so that
// ratings are reproducible.
#ifndef SUDOKU_SOLVERS_SOLVER_H_
#define SUDOKU_SOLVERS_SOLVER_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/grid.h"

namespace sudoku {

struct SolveLimits {
  // Stop after this many solutions: 1 = solve, 2 = uniqueness check,
  // 0 = count all (bounded only by max_nodes).
  int max_solutions = 2;
  // Give up after this many search nodes (0 = no limit); limit_hit is set.
  int64_t max_nodes = 0;
};

struct SolveResult {
  // Solutions found, at most max_solutions (when that is > 0).
  int num_solutions = 0;
  // True when the search stopped on max_nodes before it was complete, so
  // num_solutions is a lower bound.
  bool limit_hit = false;
  // The first two solutions found, in search order.
  std::vector<Grid> solutions;
  // Search nodes visited (calls of the recursive step) and guesses (branches
  // taken beyond the first at a choice point, i.e. backtracks).
  int64_t nodes = 0;
  int64_t guesses = 0;
};

// A solver instance keeps scratch memory between calls; not thread-safe
// (use one per thread).
class Solver {
 public:
  virtual ~Solver() = default;
  virtual absl::string_view name() const = 0;
  // REQUIRES: CheckGivens(puzzle).ok().
  virtual SolveResult Solve(const Grid& puzzle, const SolveLimits& limits) = 0;
};

// The registered exact solvers: "backtrack", "dlx".
std::vector<std::string> SolverNames();
// NotFound (listing the known names) for an unknown name.
absl::StatusOr<std::unique_ptr<Solver>> MakeSolver(absl::string_view name);

}  // namespace sudoku

#endif  // SUDOKU_SOLVERS_SOLVER_H_
