// Intersections, a.k.a. locked candidates.
//
// Pointing (locked candidates type 1): within box b, every candidate of d
// lies in one row r. Whichever cell of the box gets d, it is in row r, so no
// other cell of row r (outside b) can be d.
//
//   box 1     row 1 outside box 1
//   d d . | x x x   <- d removed here
//   . . . |
//   . . . |
//
// Claiming (box/line reduction, locked candidates type 2): within row r,
// every candidate of d lies in box b, so the rest of box b loses d.
//
// Names: "pointing" and "claiming" are Sudoku Explainer's, "locked
// candidates" HoDoKu's. SE also rates "direct" variants lower (1.7/1.9
// instead of 2.6/2.8): the same pattern when its eliminations immediately
// leave a hidden single, which a player sees as one move.
// Cost: for each of the 2N*N (line, digit) and N*N (box, digit) masks, a
// mask test that the candidate cells share a box (a line), O(N^2) in all.
#include "deduction/intersections.h"

#include <algorithm>
#include <bit>

#include "absl/strings/str_cat.h"

namespace sudoku {

std::optional<CellDigit> HiddenSingleAfter(
    const Board& board, const UnitIndex& index,
    const std::vector<CellDigit>& eliminations, std::vector<int> units) {
  const Shape& shape = board.shape();
  const int n = shape.size();
  for (const CellDigit& e : eliminations)
    for (int u : shape.UnitsOf(e.cell)) units.push_back(u);
  // Sudoku Explainer's order: boxes, then rows, then columns.
  std::sort(units.begin(), units.end(), [n](int a, int b) {
    const int ka = (Shape::KindOf(a, n) == UnitKind::kBox) ? -1 : a / n;
    const int kb = (Shape::KindOf(b, n) == UnitKind::kBox) ? -1 : b / n;
    return ka != kb ? ka < kb : a < b;
  });
  units.erase(std::unique(units.begin(), units.end()), units.end());
  for (int u : units) {
    for (int d = 1; d <= n; ++d) {
      uint32_t where = index.where(u, d);
      if (where == 0 || std::has_single_bit(where)) continue;
      bool touched = false;
      for (const CellDigit& e : eliminations) {
        if (e.digit != d) continue;
        const absl::Span<const int> cells = shape.unit(u);
        for (size_t i = 0; i < cells.size(); ++i) {
          if (cells[i] == e.cell) {
            where &= ~(uint32_t{1} << i);
            touched = true;
          }
        }
      }
      if (touched && std::has_single_bit(where))
        return CellDigit{index.CellAt(u, std::countr_zero(where)), d};
    }
  }
  return std::nullopt;
}

namespace {

// Shared body: for each `from` unit (boxes for pointing, lines for
// claiming), if d's cells there all lie in one unit of the other kind,
// eliminate d from that unit's other cells.
void ScanLocked(const Board& board, const UnitIndex& index, bool pointing,
                bool direct, absl::string_view id, double rating,
                DeductionSink emit) {
  const Shape& shape = board.shape();
  const int n = shape.size();
  const int br = shape.box_rows(), bc = shape.box_cols();
  // Positions in a box are row-major: its first row's, and its first
  // column's.
  const uint32_t box_row = (uint32_t{1} << bc) - 1;
  uint32_t box_col = 0;
  for (int r = 0; r < br; ++r) box_col |= uint32_t{1} << (r * bc);
  const int first = pointing ? 2 * n : 0;
  const int last = pointing ? 3 * n : 2 * n;
  for (int from = first; from < last; ++from) {
    const bool from_row = Shape::KindOf(from, n) == UnitKind::kRow;
    for (int d = 1; d <= n; ++d) {
      const uint32_t where = index.where(from, d);
      if (std::popcount(where) < 2) continue;
      // The unit of the other kind holding every candidate, if any, and
      // the positions in it of the cells it shares with `from`.
      const int first_pos = std::countr_zero(where);
      const int first_cell = index.CellAt(from, first_pos);
      int to = -1;
      uint32_t shared = 0;
      if (pointing) {
        if ((where & ~(box_row << (first_pos / bc * bc))) == 0) {
          to = shape.RowUnit(shape.Row(first_cell));
          shared = box_row << (shape.Col(first_cell) / bc * bc);
        } else if ((where & ~(box_col << (first_pos % bc))) == 0) {
          to = shape.ColUnit(shape.Col(first_cell));
          shared = ((uint32_t{1} << br) - 1)
                   << (shape.Row(first_cell) / br * br);
        }
      } else {
        // A box spans bc columns of a row, br rows of a column.
        const int span = from_row ? bc : br;
        if ((where & ~(((uint32_t{1} << span) - 1)
                       << (first_pos / span * span))) == 0) {
          to = shape.BoxUnit(shape.Box(first_cell));
          shared = from_row ? box_row << (shape.Row(first_cell) % br * bc)
                            : box_col << (shape.Col(first_cell) % bc);
        }
      }
      if (to < 0) continue;
      Deduction ded;
      for (int pos : Bits(index.where(to, d) & ~shared))
        ded.eliminations.push_back({index.CellAt(to, pos), d});
      if (ded.eliminations.empty()) continue;
      std::string single_text;
      if (direct) {
        // Sudoku Explainer's direct rule: the hidden single must appear in
        // another unit of the same kind as `from` (another box for
        // pointing, another line for claiming), once its cells in `to`
        // lose d. A single in a unit of the other kinds does not count.
        std::optional<CellDigit> single;
        const int kind_first = from < n ? 0 : (from < 2 * n ? n : 2 * n);
        for (int other = kind_first; other < kind_first + n && !single;
             ++other) {
          if (other == from) continue;
          const uint32_t where3 = index.where(other, d);
          if (std::popcount(where3) < 2) continue;
          uint32_t after = where3;
          for (int pos : Bits(where3)) {
            const int cell = index.CellAt(other, pos);
            const int to_index = to % n;
            const bool in_to = Shape::KindOf(to, n) == UnitKind::kRow
                                   ? shape.Row(cell) == to_index
                               : Shape::KindOf(to, n) == UnitKind::kColumn
                                   ? shape.Col(cell) == to_index
                                   : shape.Box(cell) == to_index;
            if (in_to) after &= ~(uint32_t{1} << pos);
          }
          if (after != where3 && std::has_single_bit(after))
            single = CellDigit{index.CellAt(other, std::countr_zero(after)), d};
        }
        if (!single) continue;
        ded.placements.push_back(*single);
        single_text = absl::StrCat("; then ", shape.CellName(single->cell),
                                   " is the only place for ",
                                   std::string(1, shape.Symbol(single->digit)));
      }
      ded.technique = std::string(id);
      ded.rating = rating;
      for (int pos : Bits(where)) {
        const int cell = index.CellAt(from, pos);
        ded.pattern_cells.push_back(cell);
        ded.pattern_candidates.push_back({cell, d});
      }
      ded.pattern_units = {from, to};
      const std::string sd(1, shape.Symbol(d));
      const char* label = pointing
                              ? (direct ? "Direct pointing: " : "Pointing: ")
                              : (direct ? "Direct claiming: " : "Claiming: ");
      ded.text = absl::StrCat(label, "in ", shape.UnitName(from), ", ", sd,
                              " can only go in ", shape.UnitName(to), ": ",
                              DescribeEliminations(shape, ded.eliminations),
                              single_text);
      if (!emit(std::move(ded))) return;
    }
  }
}

}  // namespace

void Pointing::Scan(const Board& board, const UnitIndex& index,
                    DeductionSink emit) const {
  ScanLocked(board, index, /*pointing=*/true, direct_, id(), difficulty(),
             emit);
}

void Claiming::Scan(const Board& board, const UnitIndex& index,
                    DeductionSink emit) const {
  ScanLocked(board, index, /*pointing=*/false, direct_, id(), difficulty(),
             emit);
}

}  // namespace sudoku
