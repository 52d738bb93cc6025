// Entropy minimisation for Sudoku (Gunther & Moon, "Entropy Minimization for
// Solving Sudoku", IEEE TSP 2012, sections II-V), with COIN-OR CLP as the LP
// and QP solver.
//
// The polytope P = {x : Ax = 1, x >= 0} is the relaxation of
// solvers/relaxation.h (the hard-clue rows and the variables they fix are
// eliminated). A solution is the {0,1} vertex of P, the only point of zero
// entropy H(x) = -sum x log x; the method walks across P towards it:
//
//  * INIT: a feasible point. We solve "minimise 0 s.t. Ax = 1, x >= 0" with
//    CLP's primal-dual interior point method (ClpSimplex::barrier) without
//    crossover, as the paper's cvx did: it returns a point in the relative
//    interior of P, away from the vertices, so the rounding test below is
//    meaningful and the later LPs start from a maximally uncommitted point.
//    (A simplex solve would return an arbitrary vertex instead.) Stop if
//    rounding already solves the puzzle (not counted as an iteration).
//  * DOWN: y = the Newton ascent direction -x.log x - x (or the gradient
//    -log x - 1 with direction=gradient), then a feasible step z from
//      C, D: min y'z              (the LP min y'w over P, w = x + z)
//      E:    min ||alpha y + z||_1 (an LP with one auxiliary per variable)
//      F:    min ||alpha y + z||_2 (a QP: CLP's quadratic objective)
//    subject to A(x + z) = 1, x + z >= 0; then x <- x + z (D: x + z/2).
//    Repeat until ||z||_inf < step_tolerance.
//  * UP: the same with the objective reversed (max y'z, or alpha y - z);
//    one UP step, then DOWN again.
//  * After every update probabilities below 1e-8 are set to 1e-8, and the
//    run stops when the rounding [x] (x_i >= 0.5 -> 1) is a valid solution.
//    At most 15 DOWN and 15 UP steps per run (the paper's limits). One
//    iteration = one DOWN or UP step, as the paper counts.
//
// Variants are the rows of the paper's Table I: C linear objective, full
// step; D linear, half step; E l1 with alpha = 10; F l2 with alpha = 10; all
// with the Newton direction. Deterministic: the seed is unused (every run of
// a puzzle is the same run).
//
// Works for every shape (the LP grows as N^3).
#ifndef SUDOKU_SOLVERS_ENTROPY_H_
#define SUDOKU_SOLVERS_ENTROPY_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "solvers/relaxation.h"
#include "solvers/stochastic.h"

namespace sudoku {

struct EntropyOptions {
  // 'C', 'D', 'E' or 'F' (Gunther & Moon Table I); C is the default.
  char variant = 'C';
  // The norm objectives' acceleration ||alpha y +- z||; paper: 10.
  double alpha = 10;
  // Newton direction (paper, Table I) or the gradient -log x - 1.
  bool newton = true;
  // Solve the DOWN/UP programs with the warm-started simplex (an optimal
  // vertex; default) or, with lp=barrier, CLP's interior point method
  // without crossover (the centre of the optimal face, as cvx's
  // interior-point solvers returned to the authors). On top95 the barrier
  // steps solved 58/52/36/60 puzzles with C/D/E/F against the simplex's
  // 57/52/53/59, at several times the cost, so simplex is the default.
  bool interior_steps = false;
  // Step budgets; paper: 15 each. StochasticBudget::max_iterations, when
  // set, caps DOWN + UP steps together as well.
  int64_t max_down = 15;
  int64_t max_up = 15;
  // Probabilities below this are raised to it after every update; paper.
  double floor = 1e-8;
  // ||z||_inf below this ends a descent ("||z|| = 0").
  double step_tolerance = 1e-6;

  absl::Status Validate() const;
};

// What one run did, beyond StochasticResult (for the reproduction tables).
struct EntropyTrace {
  bool solved_by_init = false;
  int64_t down_steps = 0;
  int64_t up_steps = 0;
  // LP/QP solves that CLP did not finish as optimal (the run stops there).
  int64_t solver_failures = 0;
};

class EntropySolver : public StochasticSolver {
 public:
  explicit EntropySolver(const EntropyOptions& options) : options_(options) {}
  absl::string_view name() const override { return "entropy"; }
  bool SupportsShape(const Shape&) const override { return true; }
  StochasticResult Run(const Grid& puzzle, uint64_t seed,
                       const StochasticBudget& budget) override;
  // The same on a prepared relaxation. `prior` (empty, or one entry per
  // variable) holds the soft clues' probabilities: INIT then minimises
  // -sum log(prior) x instead of 0, i.e. it starts from the part of P the
  // clues make most likely (solvers/soft_puzzle.h). `puzzle` is the grid
  // IsValidSolution checks against.
  StochasticResult RunRelaxation(const Relaxation& relaxation,
                                 const std::vector<double>& prior,
                                 const Grid& puzzle,
                                 const StochasticBudget& budget);
  // The trace of the last run.
  const EntropyTrace& trace() const { return trace_; }
  // The last run's point after INIT (one entry per variable; for tests).
  const std::vector<double>& init_point() const { return init_point_; }

 private:
  EntropyOptions options_;
  EntropyTrace trace_;
  std::vector<double> init_point_;
};

// Registry factory. Keys: variant (C|D|E|F), alpha, direction
// (newton|gradient), max_down, max_up, floor, step_tolerance, lp
// (simplex|barrier).
absl::StatusOr<std::unique_ptr<StochasticSolver>> MakeEntropySolver(
    StochasticParams params);

}  // namespace sudoku

#endif  // SUDOKU_SOLVERS_ENTROPY_H_
