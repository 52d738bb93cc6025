// Singles.
//
// Full house: a unit with one empty cell takes the one digit it lacks.
// Hidden single: digit d has one candidate cell left in a unit, so it goes
// there. Naked single: a cell has one candidate left.
//
//   full house        hidden single (box)   naked single
//   1 2 3 | ...       . . . |               r5c5 sees 1,2,3,4,5,6,8,9
//   4 . 6 |           . 7 . |  <- the only  in its row, column and box,
//   7 8 9 |           . . . |     7-spot    so it must be 7
//
// The names are the community's (Sudopedia; "full house" from HoDoKu, SE
// calls it "last value"). Ratings follow Sudoku Explainer 1.2.1: last value
// 1.0, hidden single in a box 1.2, in a row or column 1.5, naked single 2.3.
// Cost: one pass over the 3N units (masks from UnitIndex) or the N^2 cells.
#include "deduction/singles.h"

#include <bit>

#include "absl/strings/str_cat.h"

namespace sudoku {
namespace {

Deduction MakePlacement(absl::string_view technique, double rating, int cell,
                        int digit, int unit, std::string text) {
  Deduction d;
  d.technique = std::string(technique);
  d.rating = rating;
  d.placements.push_back({cell, digit});
  d.pattern_cells.push_back(cell);
  d.pattern_candidates.push_back({cell, digit});
  if (unit >= 0) d.pattern_units.push_back(unit);
  d.text = std::move(text);
  return d;
}

// Units in Sudoku Explainer's scan order: boxes, then rows, then columns.
int UnitInScanOrder(int i, int n) {
  if (i < n) return 2 * n + i;
  return i - n;
}

}  // namespace

void FullHouse::Scan(const Board& board, const UnitIndex& index,
                     DeductionSink emit) const {
  const Shape& shape = board.shape();
  const int n = shape.size();
  const uint32_t all = (uint32_t{1} << n) - 1;
  for (int i = 0; i < 3 * n; ++i) {
    const int u = UnitInScanOrder(i, n);
    const uint32_t empty = index.empty(u);
    if (!std::has_single_bit(empty)) continue;
    const uint32_t missing = all & ~index.placed(u);
    if (!std::has_single_bit(missing)) continue;  // contradictory board
    const int digit = std::countr_zero(missing) + 1;
    const int cell = index.CellAt(u, std::countr_zero(empty));
    if (!board.candidates(cell).Contains(digit)) continue;
    if (!emit(MakePlacement(
            id(), 1.0, cell, digit, u,
            absl::StrCat("Full house: ", shape.CellName(cell),
                         " is the last empty cell of ", shape.UnitName(u),
                         ", so it is ", std::string(1, shape.Symbol(digit))))))
      return;
  }
}

void HiddenSingle::Scan(const Board& board, const UnitIndex& index,
                        DeductionSink emit) const {
  const Shape& shape = board.shape();
  const int n = shape.size();
  for (int i = 0; i < 3 * n; ++i) {
    const int u = UnitInScanOrder(i, n);
    const double rating = i < n ? 1.2 : 1.5;
    for (int digit = 1; digit <= n; ++digit) {
      const uint32_t where = index.where(u, digit);
      if (!std::has_single_bit(where)) continue;
      const int cell = index.CellAt(u, std::countr_zero(where));
      if (!emit(MakePlacement(
              id(), rating, cell, digit, u,
              absl::StrCat(
                  "Hidden single: ", std::string(1, shape.Symbol(digit)),
                  " can only go in ", shape.CellName(cell), " within ",
                  shape.UnitName(u)))))
        return;
    }
  }
}

void NakedSingle::Scan(const Board& board, const UnitIndex& /*index*/,
                       DeductionSink emit) const {
  const Shape& shape = board.shape();
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (board.value(cell) != 0) continue;
    const int digit = board.candidates(cell).Single();
    if (digit == 0) continue;
    if (!emit(MakePlacement(id(), 2.3, cell, digit, -1,
                            absl::StrCat("Naked single: ", shape.CellName(cell),
                                         " can only be ",
                                         std::string(1, shape.Symbol(digit))))))
      return;
  }
}

}  // namespace sudoku
