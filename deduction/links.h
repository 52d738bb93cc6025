// The links between the candidates of a board, as the chain and cycle
// searches (deduction/chains.h, deduction/cycles.h) follow them.
//
// Candidates are numbered cell * N + digit - 1. Two kinds of link, each
// weak (at most one of the two is true) or strong (at least one is):
//   unit links  the same digit in two cells of a row, column or box: weak
//               always, strong when the digit has only those two places
//               in the unit;
//   cell links  two digits of one cell: weak always, strong when the cell
//               has only those two.
// A candidate's links come in the order the searches try them: unit links
// to its row's other places, its column's, then its box's (the cells not
// already listed), then cell links to its cell's other digits, ascending;
// strong unit links to the other place of its row, column, box where the
// digit has two (a cell listed once).
#ifndef SUDOKU_DEDUCTION_LINKS_H_
#define SUDOKU_DEDUCTION_LINKS_H_

#include <cstdint>
#include <vector>

#include "absl/types/span.h"
#include "core/board.h"

namespace sudoku {

class CandidateLinks {
 public:
  // The links of `board`'s candidates. One object per thread, rebuilt only
  // when the candidates differ from the last board's: the se ladder's
  // nested forcing chains ask several chain and cycle searches in turn on
  // each branch's grid. Valid until the next call on this thread.
  static const CandidateLinks& Of(const Board& board);

  // Candidate numbers: 0 .. num_candidates() - 1.
  int num_candidates() const { return num_; }
  // The board's candidates (of its empty cells), ascending.
  absl::Span<const int> Candidates() const { return candidates_; }
  int Cell(int c) const { return c / n_; }
  int Digit(int c) const { return c % n_ + 1; }
  // The strong (weak) links of candidate c: its unit links when `unit`,
  // then its cell links when `cell`.
  absl::Span<const int> Strong(int c, bool unit, bool cell) const {
    return Links(strong_at_, strong_, c, unit, cell);
  }
  absl::Span<const int> Weak(int c, bool unit, bool cell) const {
    return Links(weak_at_, weak_, c, unit, cell);
  }

 private:
  void Build(const Board& board);
  static absl::Span<const int> Links(const std::vector<int>& at,
                                     const std::vector<int>& links, int c,
                                     bool unit, bool cell) {
    const size_t i = 2 * static_cast<size_t>(c);
    const size_t b = static_cast<size_t>(at[unit ? i : i + 1]);
    const size_t e = static_cast<size_t>(at[cell ? i + 2 : i + 1]);
    return e > b ? absl::MakeConstSpan(links).subspan(b, e - b)
                 : absl::Span<const int>();
  }

  int n_ = 0;
  int num_ = 0;
  // Candidate c's links are links[at[2c] .. at[2c + 2]): the unit ones
  // before at[2c + 1], the cell ones from there.
  std::vector<int> strong_at_, strong_, weak_at_, weak_;
  std::vector<int> candidates_;
  // The grid the links are of (GridKey, deduction/util.h).
  const Shape* shape_ = nullptr;
  std::vector<uint32_t> key_;
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_LINKS_H_
