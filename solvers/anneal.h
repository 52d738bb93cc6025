// Simulated annealing for Sudoku (Chi & Lange, "Techniques for Solving
// Sudoku Puzzles", section 2.2 and section 3).
//
// State: a complete board that keeps the clues and uses each digit exactly N
// times. Move: swap the contents of two different non-clue cells, each drawn
// with probability proportional to exp(v) where v is the number of constraint
// violations the cell is involved in. Acceptance: Metropolis,
// U <= min(exp((c_old - c_new) / tau), 1). Schedule (paper): tau0 = 200,
// tau *= 0.99 every 50 iterations, tau reset to tau0 every 10^5 iterations,
// at most 2*10^5 iterations. One iteration = one proposed swap.
//
// Cost (the paper's "number of constraint violations", as the authors' code
// counts it): the number of (unit, digit) pairs whose digit does not occur
// exactly once in the unit, over the 3N units (rows, columns, boxes). A
// digit appearing twice in a row costs 2 (it is duplicated and some other
// digit is missing). A cell's violations v in {0..3}: the number of its
// units in which its digit occurs more than once.
//
// Works for every shape (N = 4..25).
#ifndef SUDOKU_SOLVERS_ANNEAL_H_
#define SUDOKU_SOLVERS_ANNEAL_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/grid.h"
#include "core/rng.h"
#include "solvers/stochastic.h"

namespace sudoku {

struct AnnealOptions {
  // Initial (and reset) temperature; paper: 200.
  double t0 = 200;
  // Geometric cooling factor applied every `cool_every` iterations; paper.
  double cooling = 0.99;
  int64_t cool_every = 50;
  // Reset tau to t0 every this many iterations without a solution; paper.
  int64_t reset_every = 100000;
  // Default iteration budget when StochasticBudget::max_iterations is 0.
  int64_t max_iterations = 200000;
  // Fill the cells forced by singles (a cell with one candidate, a digit
  // with one place in a unit) before annealing. Not in the paper's text, but
  // the authors' code (presolve() in echi/Sudoku) does it; off by default.
  bool presolve = false;

  absl::Status Validate() const;
};

// The annealing state with incrementally maintained counts, cost and
// per-cell violations. Exposed for tests; not thread-safe.
class AnnealBoard {
 public:
  // `board` is complete; `fixed[cell]` marks clues (never swapped).
  AnnealBoard(const Grid& board, const std::vector<bool>& fixed);

  const Grid& grid() const { return grid_; }
  int64_t cost() const { return cost_; }
  // Violations of `cell` (0..3).
  int violations(int cell) const { return viol_[static_cast<size_t>(cell)]; }
  const std::vector<int>& free_cells() const { return free_; }

  // Swaps two cells, updating counts and cost incrementally; returns the new
  // cost. Violations are NOT updated (call CommitSwap after accepting).
  int64_t Swap(int a, int b);
  // Updates the violations after an accepted Swap(a, b).
  void CommitSwap(int a, int b);
  // Draws a free cell with probability proportional to exp(violations).
  int DrawCell(Rng& rng) const;

 private:
  void Move(int cell, int from, int to);
  void SetViolation(int cell, int v);
  int ComputeViolation(int cell) const;

  Grid grid_;
  int n_;
  std::vector<int> free_;
  std::vector<int> counts_;  // unit * (n + 1) + digit
  int64_t cost_ = 0;
  std::vector<int> viol_;           // per cell
  std::vector<int> pos_in_bucket_;  // per free cell
  std::vector<int> buckets_[4];     // free cells by violation count
};

// Full recount of the cost of a complete board (the incremental updates are
// tested against it).
int64_t AnnealCost(const Grid& board);
// Full recount of a cell's violations.
int AnnealViolations(const Grid& board, int cell);

class AnnealSolver : public StochasticSolver {
 public:
  explicit AnnealSolver(const AnnealOptions& options) : options_(options) {}
  absl::string_view name() const override { return "anneal"; }
  bool SupportsShape(const Shape&) const override { return true; }
  StochasticResult Run(const Grid& puzzle, uint64_t seed,
                       const StochasticBudget& budget) override;

 private:
  AnnealOptions options_;
};

// Registry factory. Keys: t0, cooling, cool_every, reset_every,
// max_iterations, presolve (0/1).
absl::StatusOr<std::unique_ptr<StochasticSolver>> MakeAnnealSolver(
    StochasticParams params);

// Fills the cells forced by naked and hidden singles, repeatedly. Returns
// false when the givens lead to a contradiction. Shared by the solvers that
// offer a presolve option.
bool FillSingles(Grid& grid);

}  // namespace sudoku

#endif  // SUDOKU_SOLVERS_ANNEAL_H_
