// Sudoku Explainer's static links on one grid, listed once for the
// searches that follow them all over the grid: SE's static forcing chains
// and cycles (se_static_chains.cc) and the reach of a nested search's outer
// board (se_chaining.cc's OuterReach). (SE's static forcing chains expand
// the same links from the few literals their runs reach, as they go:
// se_chaining.cc's Chainer.)
//
// A literal is 2 * (cell * N + digit - 1) + 1 for a candidate "on", + 0
// for it "off". Each candidate of the grid has both, with their links in
// SE's order:
//   on  X   Y: X's cell's other candidates off (digit order);
//           X: X's digit off at its other places in X's box, row and
//              column (each unit in its order; the row and the column skip
//              the box's cells, listed with the box's cause);
//   off X   Y: the other candidate of X's cell, on, when the cell has two;
//           X: the other place of X's digit, on, in each of X's box, row
//              and column that has two (not again for the row or the
//              column when the box listed it).
// Each link carries its cause: -1 (kCellCause) for the cell, else the
// unit. The grid does not change while the links are followed.
#ifndef SUDOKU_DEDUCTION_SE_STATIC_LINKS_H_
#define SUDOKU_DEDUCTION_SE_STATIC_LINKS_H_

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/types/span.h"
#include "core/board.h"
#include "deduction/unit_index.h"

namespace sudoku {

class SeStaticLinks {
 public:
  static constexpr int kCellCause = -1;
  struct Link {
    int lit;
    int cause;  // kCellCause or a unit
  };
  // A literal's links in links(): its Y-links [y, x), then its X-links
  // [x, end).
  struct Span {
    int y = 0, x = 0, end = 0;
  };

  // Lists the links of every candidate of `board` (which need not outlive
  // this), replacing what was listed before.
  void Build(const Board& board) {
    const Shape& shape = board.shape();
    const int n = shape.size();
    const size_t lits = 2 * static_cast<size_t>(shape.num_cells() * n);
    if (spans_.size() != lits) spans_.assign(lits, Span{});
    const std::vector<SeCellUnits>& cell_units = SeCellUnitsOf(shape);
    const UnitIndex places(board);
    const auto lit_of = [n](int cell, int d, bool on) {
      return 2 * (cell * n + d - 1) + (on ? 1 : 0);
    };
    links_.clear();
    present_.clear();
    for (int cell = 0; cell < shape.num_cells(); ++cell) {
      if (board.value(cell) != 0) continue;
      const CandidateSet cs = board.candidates(cell);
      const SeCellUnits& units = cell_units[static_cast<size_t>(cell)];
      for (int d : cs) {
        // "off" then "on": literals in increasing order.
        for (const bool on : {false, true}) {
          const int lit = lit_of(cell, d, on);
          present_.push_back(lit);
          Span& span = spans_[static_cast<size_t>(lit)];
          span.y = static_cast<int>(links_.size());
          if (on) {
            for (int x : cs)
              if (x != d)
                links_.push_back({lit_of(cell, x, false), kCellCause});
          } else if (cs.Count() == 2) {
            links_.push_back(
                {lit_of(cell, cs.Without(CandidateSet::Of(d)).Single(), true),
                 kCellCause});
          }
          span.x = static_cast<int>(links_.size());
          // Whether the box's places were listed: the row and the column
          // then skip the cells they share with it.
          bool box_listed = false;
          for (size_t k = 0; k < 3; ++k) {
            const int u = units.unit[k];
            uint32_t where = places.where(u, d);
            if (!on && std::popcount(where) != 2) continue;
            where &= ~units.self[k];
            if (box_listed) where &= ~units.in_box[k];
            box_listed = box_listed || k == 0;
            const int* const cells = shape.unit(u).data();
            for (int pos : Bits(where))
              links_.push_back({lit_of(cells[pos], d, !on), u});
          }
          span.end = static_cast<int>(links_.size());
        }
      }
    }
  }

  // The grid's literals, in increasing order.
  const std::vector<int>& present() const { return present_; }
  size_t num_links() const { return links_.size(); }
  // Where `lit`'s links lie in links(). REQUIRES: `lit` in present().
  const Span& span(int lit) const { return spans_[static_cast<size_t>(lit)]; }
  const std::vector<Link>& links() const { return links_; }
  // Every link from `lit`, Y then X. REQUIRES: `lit` in present().
  absl::Span<const Link> All(int lit) const {
    const Span& s = span(lit);
    return absl::MakeConstSpan(links_).subspan(
        static_cast<size_t>(s.y), static_cast<size_t>(s.end - s.y));
  }

 private:
  std::vector<Link> links_;
  std::vector<Span> spans_;  // per literal (present ones only meaningful)
  std::vector<int> present_;
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_SE_STATIC_LINKS_H_
