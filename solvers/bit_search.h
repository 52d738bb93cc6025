// BitSearch: the shape-generic engine behind the `backtrack` solver and
// RandomSolution. Internal to solvers/.
//
// Chi & Lange's backtracking (§2.1: fill the cell with the fewest
// candidates first) made fast: every cell keeps a CandidateSet-style mask,
// and every search node propagates naked singles (a cell with one
// candidate) and hidden singles (a digit with one place in a unit) to a
// fixpoint before it branches on the cell with the fewest candidates.
//
// Cell word layout (one uint32_t per cell, one array per search level):
//
//   bit:   31      30 ... 25  24 ...  1  0
//          solved  (unused)   digits 25..1      digit d lives in bit d-1
//
// `solved` marks a cell whose single digit has been removed from its peers;
// a cell with one digit bit but no `solved` bit is queued for that.
//
// Memory: (cells + 1) levels of `cells` words, allocated when the shape
// changes, never inside the search. Not thread-safe.
#ifndef SUDOKU_SOLVERS_BIT_SEARCH_H_
#define SUDOKU_SOLVERS_BIT_SEARCH_H_

#include <cstdint>
#include <vector>

#include "core/grid.h"
#include "core/rng.h"
#include "solvers/search_counter.h"
#include "solvers/solver.h"

namespace sudoku {

class BitSearch {
 public:
  BitSearch() = default;
  BitSearch(const BitSearch&) = delete;
  BitSearch& operator=(const BitSearch&) = delete;

  // Counts the solutions of `puzzle` within `limits`. With `rng` (not
  // owned) the digits of each branch are tried in random order, which makes
  // the first solution a random one; without it, in increasing order.
  // Givens that clash give 0 solutions.
  SolveResult Run(const Grid& puzzle, const SolveLimits& limits, Rng* rng);

 private:
  static constexpr uint32_t kSolved = uint32_t{1} << 31;

  void Prepare(const Shape& shape);
  uint32_t* Level(int depth) {
    return levels_.data() + static_cast<size_t>(depth) * cells_;
  }
  // Marks `cell` solved as `bit` and removes `bit` from its peers, queueing
  // peers left with one candidate. False on a contradiction.
  bool Assign(uint32_t* cand, int cell, uint32_t bit);
  // Naked and hidden singles to a fixpoint. False on a contradiction
  // (and the queue is cleared).
  bool Propagate(uint32_t* cand);
  bool DrainQueue(uint32_t* cand);
  void Search(int depth);
  void RecordSolution(const uint32_t* cand);

  const Shape* shape_ = nullptr;  // not owned
  size_t cells_ = 0;
  int n_ = 0;
  uint32_t all_ = 0;
  std::vector<int16_t> peers_;  // cells_ x num_peers_
  int num_peers_ = 0;
  std::vector<int16_t> units_;  // 3N x N
  std::vector<uint32_t> levels_;
  std::vector<int16_t> queue_;
  size_t queue_size_ = 0;
  std::vector<uint8_t> solutions_;  // 2 x cells_

  // Per-run state.
  Rng* rng_ = nullptr;
  SearchCounter count_;
};

}  // namespace sudoku

#endif  // SUDOKU_SOLVERS_BIT_SEARCH_H_
