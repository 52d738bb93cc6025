// RESEDA: a restarted estimation of distribution algorithm (Maire &
// Prissette, "A restarted estimation of distribution algorithm for solving
// sudoku puzzles", sections 2-5).
//
// The model is a probability p[cell][k] for every cell and symbol. One
// generation ("round", the unit of StochasticResult::iterations) draws Q grids
// from p, keeps the Q1 with the lowest cost, and updates
// p <- alpha * p + (1 - alpha) * r, r being the symbol frequencies of those
// Q1 grids. A shot stops on a zero-cost sample (solved) or when
// rho = min over cells of max over symbols of p exceeds beta (converged to a
// wrong grid).
//  * Cost (2.1): the sum over rows, columns and boxes of the symbols missing
//    from the unit; 0 exactly on a valid grid.
//  * Pre-computation (2.1): givens have p = 1; any other cell starts uniform
//    over the symbols that no given of its row, column or box holds.
//  * Block-permutation sampling (3.1): each box is filled as a permutation of
//    its missing symbols: repeatedly, among the box's unfilled cells, the one
//    whose most probable remaining symbol has the highest (renormalised)
//    probability draws its symbol from its renormalised distribution, and
//    that symbol leaves the other cells of the box. When some unfilled cell
//    has no probability left for any remaining symbol, the box's remaining
//    symbols go to its remaining cells uniformly at random.
//  * Partial restarts (4.2): after a failed shot, the best sample of its last
//    generation is kept; for each zone of the chosen list whose cells hold a
//    permutation (and agree with the givens), a new shot runs with that zone
//    fixed as extra givens. Zone lists: the 3 boxes of the main diagonal, the
//    N boxes, or all 3N units (rows, then columns, then boxes). Then a full
//    restart from the original puzzle. One "attempt" = a shot plus its
//    partial restarts; StochasticResult::restarts counts every shot after the
//    first.
//  * Brute-force coupling (5.2): every admissible filling of one box (its
//    missing symbols placed so that none clashes with a given of its row or
//    column) is fixed in turn and an attempt runs on each.
//
// Works for every shape; the "diagonal" zones are the boxes (i, i) for
// i < min(bands, stacks).
#ifndef SUDOKU_SOLVERS_RESEDA_H_
#define SUDOKU_SOLVERS_RESEDA_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/grid.h"
#include "core/rng.h"
#include "solvers/stochastic.h"

namespace sudoku {

enum class ResedaZones {
  kNone = 0,
  kDiagonalBoxes = 3,
  kBoxes = 9,
  kAllUnits = 27
};

struct ResedaOptions {
  // Samples per generation and how many of the best update the model; paper:
  // Q = 100, Q1 = 10.
  int64_t q = 100;
  int64_t q1 = 10;
  // Smoothing: the fraction of p kept from one generation to the next;
  // paper: 0.7 (section 3.2).
  double alpha = 0.7;
  // Stop a shot when rho exceeds beta. The text says both "close to one"
  // (2.3) and "stops when rho(n) = 0.6" (3.1, "used in all the following
  // tests"); 0.6 is the default (see docs/STOCHASTIC.md for the comparison).
  double beta = 0.6;
  // The two optimisations of Table 1 (paper: both on).
  bool precompute = true;
  bool block_sampling = true;
  // Partial-restart zones (paper's recommendation: 3 diagonal boxes).
  ResedaZones zones = ResedaZones::kDiagonalBoxes;
  // Full restarts after the first attempt: -1 = until the budget runs out,
  // 0 = a single attempt (how the paper's tables count successes).
  int64_t full_restarts = -1;
  // Brute-force coupling: the box (0-based) whose admissible fillings are
  // tried in turn, or -1 for none.
  int64_t brute_box = -1;
  // Default generation budget when StochasticBudget::max_iterations is 0.
  int64_t max_iterations = 20000;

  absl::Status Validate() const;
};

// Cost of a complete grid: sum over the 3N units of the symbols missing
// from the unit.
int64_t ResedaCost(const Grid& grid);

// The admissible fillings of box `box` of `puzzle` (missing symbols on the
// empty cells, none clashing with a given of its row or column), in
// lexicographic order of the cells' symbols.
std::vector<std::vector<int>> AdmissibleBoxFillings(const Grid& puzzle,
                                                    int box);

// The model and sampler of one shot, exposed for tests. Not thread-safe.
class ResedaModel {
 public:
  // Initial probabilities for `puzzle` (givens fixed).
  ResedaModel(const Grid& puzzle, const ResedaOptions& options);

  double p(int cell, int digit) const {
    return p_[static_cast<size_t>(cell * n_ + digit - 1)];
  }
  // rho = min over cells of max over symbols of p.
  double Rho() const;
  // Draws one complete grid (givens kept).
  Grid Sample(Rng& rng) const;
  // p <- alpha p + (1 - alpha) r, r = frequencies over `best`.
  void Update(const std::vector<const Grid*>& best, double alpha);

 private:
  void SampleBox(int box, Rng& rng, Grid& grid) const;

  const Grid puzzle_;
  const ResedaOptions options_;
  int n_;
  std::vector<double> p_;  // cell * n + (digit - 1)
};

class ResedaSolver : public StochasticSolver {
 public:
  explicit ResedaSolver(const ResedaOptions& options) : options_(options) {}
  absl::string_view name() const override { return "reseda"; }
  bool SupportsShape(const Shape&) const override { return true; }
  StochasticResult Run(const Grid& puzzle, uint64_t seed,
                       const StochasticBudget& budget) override;

 private:
  ResedaOptions options_;
};

// Registry factory. Keys: q, q1, alpha, beta, precompute (0/1),
// block_sampling (0/1), zones (none|3|9|27), full_restarts, brute_box,
// max_iterations.
absl::StatusOr<std::unique_ptr<StochasticSolver>> MakeResedaSolver(
    StochasticParams params);

}  // namespace sudoku

#endif  // SUDOKU_SOLVERS_RESEDA_H_
