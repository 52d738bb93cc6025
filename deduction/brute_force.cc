#include "deduction/brute_force.h"

#include <bit>

#include "deduction/unit_index.h"

namespace sudoku {
namespace {

class Search {
 public:
  Search(int64_t max_nodes, std::chrono::steady_clock::time_point deadline,
         BruteForceResult* result)
      : max_nodes_(max_nodes), deadline_(deadline), result_(result) {}

  // Returns false to stop the whole search.
  bool Run(Board board) {
    if (max_nodes_ > 0 && result_->nodes >= max_nodes_) {
      result_->limit_hit = true;
      return false;
    }
    if ((result_->nodes & 255) == 0 &&
        std::chrono::steady_clock::now() > deadline_) {
      result_->limit_hit = true;
      return false;
    }
    ++result_->nodes;
    if (!Propagate(&board)) return true;
    if (board.IsSolved()) {
      ++result_->num_solutions;
      result_->solutions.push_back(board.grid());
      return result_->num_solutions < 2;
    }
    const int best = board.FewestCandidatesCell(/*good_enough=*/2);
    for (int d : board.candidates(best)) {
      Board next = board;
      if (!next.Place(best, d)) continue;
      if (!Run(std::move(next))) return false;
    }
    return true;
  }

 private:
  // Naked and hidden singles to a fixpoint. False on a contradiction.
  static bool Propagate(Board* board) {
    const Shape& shape = board->shape();
    const int n = shape.size();
    bool changed = true;
    while (changed && !board->IsSolved()) {
      changed = false;
      for (int cell = 0; cell < shape.num_cells(); ++cell) {
        if (board->value(cell) != 0) continue;
        const CandidateSet c = board->candidates(cell);
        if (c.empty()) return false;
        if (c.Count() == 1) {
          if (!board->Place(cell, c.Single())) return false;
          changed = true;
        }
      }
      if (changed) continue;
      const UnitIndex index(*board);
      for (int u = 0; u < 3 * n; ++u) {
        for (int d = 1; d <= n; ++d) {
          if (index.placed(u) >> (d - 1) & 1u) continue;
          const uint32_t where = index.where(u, d);
          if (where == 0) return false;
          if (std::has_single_bit(where)) {
            const int cell = index.CellAt(u, std::countr_zero(where));
            if (board->value(cell) != 0) continue;  // placed this pass
            if (!board->Place(cell, d)) return false;
            changed = true;
          }
        }
        if (changed) break;
      }
    }
    return true;
  }

  int64_t max_nodes_;
  std::chrono::steady_clock::time_point deadline_;
  BruteForceResult* result_;  // not owned
};

}  // namespace

BruteForceResult BruteForceSolve(
    const Board& board, int64_t max_nodes,
    std::chrono::steady_clock::time_point deadline) {
  BruteForceResult result;
  Search search(max_nodes, deadline, &result);
  search.Run(board);
  return result;
}

std::chrono::steady_clock::time_point DeadlineAfter(double max_seconds) {
  using Clock = std::chrono::steady_clock;
  // Past about 30 years the bound is no bound (and the sum would overflow).
  if (max_seconds <= 0 || max_seconds > 1e9) return Clock::time_point::max();
  return Clock::now() + std::chrono::duration_cast<Clock::duration>(
                            std::chrono::duration<double>(max_seconds));
}

}  // namespace sudoku
