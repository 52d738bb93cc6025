// Steepest-ascent hill climbing with random restarts (Jones, Roach &
// Perkins, "Construction of Heuristics for a Search-Based Approach to
// Solving Sudoku", sections 3-4).
//
// State: every box holds a permutation of its missing digits around its
// givens, so the box constraint always holds. Neighbourhood: the swaps of two
// non-given cells of one box. Objective (maximised): f = w1*f1 + w2*f2,
// w1 = 1, w2 = -1, where
//   f1 = sum over rows and columns of the number of distinct digits
//        (2*N*N exactly when the grid is solved), and
//   f2 = number of clashes between givens and non-givens: for every
//        non-given cell, 1 if a given of its row holds the same digit, plus 1
//        if a given of its column does.
// Initial state (4.4): greedy placement (each box's empty cells in row-major
// order take the smallest missing digit of the box that clashes with no
// given of the cell's row or column, or the smallest missing digit when none
// is clash-free), then post-swapping (a value clashing with a given is
// swapped with another value of its box, tried in random order, when the swap
// creates no new given clash).
// Search (4.1, 4.5): each iteration expands the current state: it evaluates
// the whole neighbourhood, moves to the best successor when that is better
// (ties broken uniformly at random), and pushes the successors on a priority
// queue (best score first, older first on ties; capped, see options). When no
// successor is better, the queue decides: if its 10 best states share one
// score and none of them has a better successor, a plateau is declared and
// the search restarts from a fresh initial state (queue cleared); otherwise
// the best unexpanded state of the queue becomes the current state.
// One iteration = one expanded state. StochasticResult::final_cost is
// (2*N*N - f1) + f2, zero exactly on a solution.
//
// Works for every shape (N = 4..25).
#ifndef SUDOKU_SOLVERS_HILLCLIMB_H_
#define SUDOKU_SOLVERS_HILLCLIMB_H_

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/grid.h"
#include "core/rng.h"
#include "solvers/stochastic.h"

namespace sudoku {

struct HillClimbOptions {
  // Objective weights; paper: w1 = 1, w2 = -1.
  int64_t w1 = 1;
  int64_t w2 = -1;
  // Plateau test: this many best queued states share one score; paper: 10.
  int64_t plateau_states = 10;
  // The queue keeps only its best `queue_capacity` states (memory bound; the
  // paper's queue is unbounded but only its head is ever used).
  int64_t queue_capacity = 1000;
  // Run post-swapping after the greedy placement (paper: yes).
  bool post_swap = true;
  // Default iteration budget when StochasticBudget::max_iterations is 0.
  int64_t max_iterations = 100000;

  absl::Status Validate() const;
};

// A hill-climbing state with row/column digit counts kept incrementally.
// Exposed for tests; not thread-safe.
class HillClimbState {
 public:
  // REQUIRES: `grid` complete and consistent with `puzzle`'s givens.
  HillClimbState(const Grid& puzzle, const Grid& grid);

  const Grid& grid() const { return grid_; }
  int64_t f1() const { return f1_; }
  int64_t f2() const { return f2_; }
  // The changes (df1, df2) that swapping cells a and b would make.
  std::pair<int, int> Delta(int a, int b) const;
  // Swaps the contents of a and b, updating f1 and f2.
  void Apply(int a, int b);
  // The swappable pairs: two non-given cells of one box (a < b).
  const std::vector<std::pair<int, int>>& moves() const { return moves_; }
  bool solved() const { return f1_ == 2 * n_ * n_; }

 private:
  int GivenClashes(int cell, int digit) const;

  Grid grid_;
  int n_;
  std::vector<bool> given_;
  std::vector<uint8_t> given_row_;  // row * (n + 1) + digit
  std::vector<uint8_t> given_col_;  // col * (n + 1) + digit
  std::vector<int> row_count_;      // row * (n + 1) + digit
  std::vector<int> col_count_;
  std::vector<std::pair<int, int>> moves_;
  int64_t f1_ = 0;
  int64_t f2_ = 0;
};

// Full recounts (test oracles).
int64_t HillClimbF1(const Grid& grid);
int64_t HillClimbF2(const Grid& puzzle, const Grid& grid);

// The paper's initial state: greedy placement, then post-swapping when
// `post_swap` (random order from `rng`). REQUIRES: CheckGivens(puzzle).ok().
Grid HillClimbInitialState(const Grid& puzzle, bool post_swap, Rng& rng);

class HillClimbSolver : public StochasticSolver {
 public:
  explicit HillClimbSolver(const HillClimbOptions& options)
      : options_(options) {}
  absl::string_view name() const override { return "hillclimb"; }
  bool SupportsShape(const Shape&) const override { return true; }
  StochasticResult Run(const Grid& puzzle, uint64_t seed,
                       const StochasticBudget& budget) override;

 private:
  HillClimbOptions options_;
};

// Registry factory. Keys: w1, w2, plateau_states, queue_capacity, post_swap
// (0/1), max_iterations.
absl::StatusOr<std::unique_ptr<StochasticSolver>> MakeHillClimbSolver(
    StochasticParams params);

}  // namespace sudoku

#endif  // SUDOKU_SOLVERS_HILLCLIMB_H_
