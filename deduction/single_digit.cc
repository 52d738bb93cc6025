// Single-digit patterns.
//
// Each is an X-chain of three links on one digit d: strong (d is in A or
// B), weak (B and C see each other, so not both), strong (C or D). If A is
// not d then B is, so C is not, so D is: one of A, D holds d, and any cell
// seeing both loses it.
//
//   Skyscraper (rows 1, 5)       2-String Kite (row 2, column 7)
//   A . . . . . d? . .           . . . | . . . | . C .   <- column 7 link
//   . . . . . .  . . .           B . . | . . . | . . .      C=D
//   B . . . . . .  D .           A...row 2 link A=B, B and C in box 1
//
// Turbot fish is the general case (either link may be in a box);
// skyscraper (parallel lines, B and C in one cross line) and 2-string kite
// (a row and a column, B and C in one box) are named special cases and are
// reported as such. Empty rectangle: within a box, d lies on the cross of
// row R and column C; if a line outside the box holds d only at P (on row
// R) and Q, then Q's row meets column C in a cell that cannot be d (if it
// were, the box's d would lie on row R, which removes P, which forces Q,
// which sees that cell).
//
// Names from the Sudoku Players' Forum; "empty rectangle" from the empty
// box corner. Cost: O(L^2) over the L strong links of each digit (L <= 3N).
#include "deduction/single_digit.h"

#include <algorithm>
#include <array>
#include <bit>

#include "absl/strings/str_cat.h"

namespace sudoku {
namespace {

struct StrongLink {
  int unit;
  int a, b;  // the two cells, a < b
};

// The strong links of digit d (units with exactly two candidates).
int CollectLinks(const UnitIndex& index, int d,
                 std::array<StrongLink, 3 * kMaxDigits>* links) {
  int m = 0;
  for (int u = 0; u < 3 * index.n(); ++u) {
    const uint32_t where = index.where(u, d);
    if (std::popcount(where) != 2) continue;
    const int p = std::countr_zero(where);
    const int q = std::countr_zero(where & (where - 1));
    (*links)[static_cast<size_t>(m++)] = {u, index.CellAt(u, p),
                                          index.CellAt(u, q)};
  }
  return m;
}

}  // namespace

void TwoLinkPattern::Scan(const Board& board, const UnitIndex& index,
                          DeductionSink emit) const {
  const Shape& shape = board.shape();
  const int n = shape.size();
  std::array<StrongLink, 3 * kMaxDigits> links;
  for (int d = 1; d <= n; ++d) {
    const int m = CollectLinks(index, d, &links);
    for (int i = 0; i < m; ++i) {
      for (int j = i + 1; j < m; ++j) {
        const StrongLink& s = links[static_cast<size_t>(i)];
        const StrongLink& t = links[static_cast<size_t>(j)];
        const UnitKind ks = shape.unit_kind(s.unit);
        const UnitKind kt = shape.unit_kind(t.unit);
        // Try each choice of linked ends B (of s) and C (of t).
        for (int e = 0; e < 4; ++e) {
          const int b = (e & 1) ? s.b : s.a, a = (e & 1) ? s.a : s.b;
          const int c = (e & 2) ? t.b : t.a, dd = (e & 2) ? t.a : t.b;
          if (a == c || a == dd || b == c || b == dd) continue;
          if (!shape.SeesEachOther(b, c)) continue;
          if (shape.SeesEachOther(a, dd)) continue;  // a plain pair/locked set
          TwoLinkKind kind = TwoLinkKind::kTurbotFish;
          if (ks == kt && ks != UnitKind::kBox) {
            const bool cross_line = ks == UnitKind::kRow
                                        ? shape.Col(b) == shape.Col(c)
                                        : shape.Row(b) == shape.Row(c);
            if (cross_line) kind = TwoLinkKind::kSkyscraper;
          } else if (ks != UnitKind::kBox && kt != UnitKind::kBox && ks != kt &&
                     shape.Box(b) == shape.Box(c)) {
            kind = TwoLinkKind::kTwoStringKite;
          }
          if (kind != kind_) continue;
          Deduction ded;
          for (int cell : shape.peers(a)) {
            if (cell == dd || !shape.SeesEachOther(cell, dd)) continue;
            if (board.value(cell) == 0 && board.candidates(cell).Contains(d))
              ded.eliminations.push_back({cell, d});
          }
          if (ded.eliminations.empty()) continue;
          ded.technique = std::string(id());
          ded.rating = difficulty();
          ded.pattern_cells = {a, b, c, dd};
          for (int cell : ded.pattern_cells)
            ded.pattern_candidates.push_back({cell, d});
          ded.pattern_units = {s.unit, t.unit};
          const std::string sd(1, shape.Symbol(d));
          ded.text = absl::StrCat(
              name(), " on ", sd, ": ", shape.CellName(a), "=",
              shape.CellName(b), " (", shape.UnitName(s.unit), "), ",
              shape.CellName(c), "=", shape.CellName(dd), " (",
              shape.UnitName(t.unit), "), so ", shape.CellName(a), " or ",
              shape.CellName(dd), " is ", sd, ": ",
              DescribeEliminations(shape, ded.eliminations));
          if (!emit(std::move(ded))) return;
        }
      }
    }
  }
}

void EmptyRectangle::Scan(const Board& board, const UnitIndex& index,
                          DeductionSink emit) const {
  const Shape& shape = board.shape();
  const int n = shape.size();
  for (int d = 1; d <= n; ++d) {
    for (int box = 0; box < n; ++box) {
      const int bu = shape.BoxUnit(box);
      const uint32_t where = index.where(bu, d);
      if (std::popcount(where) < 2) continue;
      std::vector<int> cells;
      for (int p : Bits(where)) cells.push_back(index.CellAt(bu, p));
      const int first = shape.unit(bu)[0];
      for (int r = shape.Row(first); r < shape.Row(first) + shape.box_rows();
           ++r) {
        for (int c = shape.Col(first); c < shape.Col(first) + shape.box_cols();
             ++c) {
          // Cross of row r and column c must hold every candidate, with
          // candidates on both arms off the centre.
          bool covered = true, row_arm = false, col_arm = false;
          for (int cell : cells) {
            const bool in_row = shape.Row(cell) == r;
            const bool in_col = shape.Col(cell) == c;
            if (!in_row && !in_col) covered = false;
            if (in_row && !in_col) row_arm = true;
            if (in_col && !in_row) col_arm = true;
          }
          if (!covered || !row_arm || !col_arm) continue;
          // Strong link in a column c2 (outside the box's stack) with one end
          // P on row r: remove d from (row of Q, c). And the transpose.
          for (int orient = 0; orient < 2; ++orient) {
            const bool link_in_col = orient == 0;
            for (int line = 0; line < n; ++line) {
              const int lu =
                  link_in_col ? shape.ColUnit(line) : shape.RowUnit(line);
              const uint32_t w = index.where(lu, d);
              if (std::popcount(w) != 2) continue;
              const int p0 = index.CellAt(lu, std::countr_zero(w));
              const int p1 = index.CellAt(lu, std::countr_zero(w & (w - 1)));
              for (int e = 0; e < 2; ++e) {
                const int p = e ? p1 : p0, q = e ? p0 : p1;
                if (shape.Box(p) == box || shape.Box(q) == box) continue;
                const bool on_cross =
                    link_in_col ? shape.Row(p) == r : shape.Col(p) == c;
                if (!on_cross) continue;
                const int target = link_in_col ? shape.Cell(shape.Row(q), c)
                                               : shape.Cell(r, shape.Col(q));
                if (shape.Box(target) == box) continue;
                if (board.value(target) != 0 ||
                    !board.candidates(target).Contains(d))
                  continue;
                Deduction ded;
                ded.technique = std::string(id());
                ded.rating = difficulty();
                ded.eliminations.push_back({target, d});
                ded.pattern_cells = cells;
                ded.pattern_cells.push_back(p);
                ded.pattern_cells.push_back(q);
                for (int cell : ded.pattern_cells)
                  ded.pattern_candidates.push_back({cell, d});
                ded.pattern_units = {bu, lu};
                const std::string sd(1, shape.Symbol(d));
                ded.text = absl::StrCat(
                    "Empty rectangle on ", sd, " in ", shape.UnitName(bu),
                    " (row ", r + 1, ", column ", c + 1, ") with ",
                    shape.CellName(p), "=", shape.CellName(q), " in ",
                    shape.UnitName(lu), ": ",
                    DescribeEliminations(shape, ded.eliminations));
                if (!emit(std::move(ded))) return;
              }
            }
          }
        }
      }
    }
  }
}

}  // namespace sudoku
