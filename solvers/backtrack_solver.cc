#include "solvers/backtrack_solver.h"

#include "solvers/bit_search.h"
#include "solvers/classic_kernel.h"

namespace sudoku {
namespace {

class BacktrackSolver : public Solver {
 public:
  explicit BacktrackSolver(const BacktrackOptions& options)
      : options_(options) {}

  absl::string_view name() const override { return "backtrack"; }

  SolveResult Solve(const Grid& puzzle, const SolveLimits& limits) override {
    const Shape& shape = puzzle.shape();
    if (options_.use_classic_kernel && shape.box_rows() == 3 &&
        shape.box_cols() == 3) {
      return kernel_.Run(puzzle, limits);
    }
    return search_.Run(puzzle, limits, /*rng=*/nullptr);
  }

 private:
  BacktrackOptions options_;
  ClassicKernel kernel_;
  BitSearch search_;
};

}  // namespace

std::unique_ptr<Solver> NewBacktrackSolver(const BacktrackOptions& options) {
  return std::make_unique<BacktrackSolver>(options);
}

}  // namespace sudoku
