// Alternating projections for Sudoku (Chi & Lange, "Techniques for Solving
// Sudoku Puzzles", section 2.3 and section 3).
//
// The variables and constraint groups are those of solvers/relaxation.h:
// p[cell][digit] >= 0, with every cell's digits and every (unit, digit)'s
// positions summing to 1, i.e. lying on a unit simplex. One *sweep* (the
// solver's iteration) projects p onto each group's simplex in turn (cells,
// then rows, columns, boxes) with the sort-based projection of Duchi et al.
// and Michelot (Algorithm 1 of the paper). After each sweep every empty cell
// is rounded to its most probable digit; the run stops when that grid is a
// valid solution, when the relative change of p in a sweep,
// ||p_new - p_old||_2 / ||p_new||_2, falls below `eta`, or after
// `max_sweeps` sweeps.
//
// Start: the origin, as in the paper (deterministic: every seed gives the
// same run), or with start=random a uniform [0, 1) point drawn from the seed.
//
// Works for every shape.
#ifndef SUDOKU_SOLVERS_PROJECTION_H_
#define SUDOKU_SOLVERS_PROJECTION_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "solvers/relaxation.h"
#include "solvers/stochastic.h"

namespace sudoku {

struct ProjectionOptions {
  // Sweeps per run when StochasticBudget::max_iterations is 0. The paper
  // states none (the authors' code allows 10^6); on top95 the successful
  // runs need up to a few 10^4 sweeps (~10 us each on 9x9), so 10^5 keeps a
  // failing run near one CPU second.
  int64_t max_sweeps = 100000;
  // Stop when the relative change of p in one sweep is below this: the
  // iteration has converged (to a point whose rounding failed, otherwise
  // the run would have stopped already). The authors' code uses 1e-16
  // (never); 1e-10 ends the runs that sit on a fractional limit point (the
  // multi-solution puzzles) early without cutting off slow progress.
  double eta = 1e-10;
  // Start at the origin (paper) or at a random point drawn from the seed.
  bool random_start = false;
  // Fill the cells forced by naked and hidden singles first (FillSingles in
  // solvers/anneal.h), as the authors' code does before both heuristics.
  bool presolve = false;

  absl::Status Validate() const;
};

// Euclidean projection of `y` onto the unit simplex {x >= 0, sum x = 1},
// written to `x` (Duchi et al. 2008, Michelot 1986): sort descending, find
// the largest k with w_k > (w_1 + ... + w_k - 1) / k, and shift by that
// threshold. `scratch` needs y.size() entries. REQUIRES: y non-empty,
// x.size() == y.size().
void ProjectOntoSimplex(absl::Span<const double> y, absl::Span<double> x,
                        absl::Span<double> scratch);

class ProjectionSolver : public StochasticSolver {
 public:
  explicit ProjectionSolver(const ProjectionOptions& options)
      : options_(options) {}
  absl::string_view name() const override { return "projection"; }
  bool SupportsShape(const Shape&) const override { return true; }
  StochasticResult Run(const Grid& puzzle, uint64_t seed,
                       const StochasticBudget& budget) override;
  // The same on a prepared relaxation (soft clues: solvers/soft_puzzle.h).
  // `puzzle` is the grid IsValidSolution checks against.
  StochasticResult RunRelaxation(const Relaxation& relaxation,
                                 const Grid& puzzle, uint64_t seed,
                                 const StochasticBudget& budget);

 private:
  ProjectionOptions options_;
};

// Registry factory. Keys: max_sweeps, eta, start (origin|random), presolve
// (0/1).
absl::StatusOr<std::unique_ptr<StochasticSolver>> MakeProjectionSolver(
    StochasticParams params);

}  // namespace sudoku

#endif  // SUDOKU_SOLVERS_PROJECTION_H_
