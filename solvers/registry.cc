// The explicit solver registry (no self-registering statics).
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "solvers/backtrack_solver.h"
#include "solvers/dlx_solver.h"
#include "solvers/solver.h"

namespace sudoku {

std::vector<std::string> SolverNames() { return {"backtrack", "dlx"}; }

absl::StatusOr<std::unique_ptr<Solver>> MakeSolver(absl::string_view name) {
  if (name == "backtrack") return NewBacktrackSolver();
  if (name == "dlx") return NewDlxSolver();
  return absl::NotFoundError(
      absl::StrCat("solver: unknown name '", name,
                   "'; known: ", absl::StrJoin(SolverNames(), ", ")));
}

}  // namespace sudoku
