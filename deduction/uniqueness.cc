// Uniqueness: unique rectangles and BUG+1.
//
// A deadly pattern is a set of empty cells whose candidates could be
// swapped to give a second solution. Four cells in two rows, two columns
// and two boxes that all end up {a,b} are one: swap a and b and every unit
// still holds each digit once. A puzzle with one solution cannot end there,
// so some cell must take a digit other than a, b:
//
//   {a,b}   {a,b}      type 1: three corners are exactly {a,b}: the fourth
//   {a,b}   {a,b,c}    is not a or b.          (SE 4.5)
//   type 2: two corners {a,b}, the two others {a,b,c}: one of them is c, so
//           cells seeing both lose c.           (SE 4.5)
//   type 3: the two others' extras act as one virtual cell forming a naked
//           subset with k-1 cells of their common unit.  (SE 4.5 for
//           a pair, +0.1 per further digit)
//   type 4: in a unit holding both others, a lies only in those two: one of
//           them is a, so neither may be b (the other would complete the
//           pattern), b leaves both.          (SE 4.5)
// The ratings are those Sukaku Explainer gives (../shared/corpora/rated/
// computed_labels.tsv: types 1-4 all rate 4.5 as the hardest step).
//
// BUG+1 ("bivalue universal grave"): if every empty cell had two
// candidates and every digit two places per unit, the rest could be solved
// two ways. With one trivalue cell, the digit that appears three times in
// its units must go there.
//
// Names: "unique rectangle" and BUG from the Sudoku Players' Forum (2006).
// Cost: O(N^4) rectangles (row pair x column pair), cheap filters first;
// BUG+1: one pass.
#include "deduction/uniqueness.h"

#include <algorithm>
#include <array>
#include <bit>

#include "absl/strings/str_cat.h"
#include "deduction/util.h"

namespace sudoku {
std::optional<Deduction> UniqueRectangle::Find(const Board& board) const {
  std::vector<Deduction> all;
  FindAll(board, &all);
  return LowestRated(std::move(all));
}

void UniqueRectangle::Scan(const Board& board, const UnitIndex& index,
                           DeductionSink emit) const {
  const Shape& shape = board.shape();
  const int n = shape.size();
  for (int r1 = 0; r1 < n; ++r1) {
    for (int r2 = r1 + 1; r2 < n; ++r2) {
      for (int c1 = 0; c1 < n; ++c1) {
        for (int c2 = c1 + 1; c2 < n; ++c2) {
          const std::array<int, 4> cells = {
              shape.Cell(r1, c1), shape.Cell(r1, c2), shape.Cell(r2, c1),
              shape.Cell(r2, c2)};
          CandidateSet common = CandidateSet::All(n);
          bool empty = true;
          for (int cell : cells) {
            if (board.value(cell) != 0) empty = false;
            common &= board.candidates(cell);
          }
          if (!empty || common.Count() < 2) continue;
          // Exactly two boxes.
          const bool same_band = shape.Box(cells[0]) == shape.Box(cells[1]);
          const bool same_stack = shape.Box(cells[0]) == shape.Box(cells[2]);
          if (same_band == same_stack) continue;
          for (int a : common) {
            for (int b : common) {
              if (b <= a) continue;
              CandidateSet ab = CandidateSet::Of(a) | CandidateSet::Of(b);
              std::vector<int> floor, roof;
              for (int cell : cells)
                (board.candidates(cell) == ab ? floor : roof).push_back(cell);
              const std::string sab = DigitList(shape, ab);
              auto base = [&](int type, double rating) {
                Deduction d;
                d.technique = std::string(id());
                d.rating = rating;
                d.pattern_cells.assign(cells.begin(), cells.end());
                for (int cell : cells) {
                  d.pattern_candidates.push_back({cell, a});
                  d.pattern_candidates.push_back({cell, b});
                }
                d.text = absl::StrCat("Unique rectangle type ", type, " on ",
                                      sab, " in ",
                                      CellList(shape, d.pattern_cells), ": ");
                return d;
              };
              if (floor.size() == 3) {
                Deduction d = base(1, 4.5);
                d.eliminations = {{roof[0], a}, {roof[0], b}};
                d.text += DescribeEliminations(shape, d.eliminations);
                if (!emit(std::move(d))) return;
                continue;
              }
              if (floor.size() != 2) continue;
              const int x = roof[0], y = roof[1];
              if (shape.Row(x) != shape.Row(y) && shape.Col(x) != shape.Col(y))
                continue;  // diagonal: not types 2-4
              const CandidateSet ex = board.candidates(x).Without(ab);
              const CandidateSet ey = board.candidates(y).Without(ab);
              const CandidateSet extras = ex | ey;
              // Type 2.
              if (ex.Count() == 1 && ex == ey) {
                const int c = ex.Single();
                Deduction d = base(2, 4.5);
                for (int cell : shape.peers(x))
                  if (cell != y && shape.SeesEachOther(cell, y) &&
                      board.value(cell) == 0 &&
                      board.candidates(cell).Contains(c))
                    d.eliminations.push_back({cell, c});
                if (!d.eliminations.empty()) {
                  Canonicalize(&d.eliminations);
                  d.text += DescribeEliminations(shape, d.eliminations);
                  if (!emit(std::move(d))) return;
                }
              }
              std::vector<int> shared;
              for (int u : shape.UnitsOf(x)) {
                const auto uy = shape.UnitsOf(y);
                if (std::find(uy.begin(), uy.end(), u) != uy.end())
                  shared.push_back(u);
              }
              // Type 4: a (or b) confined to x, y in a shared unit.
              for (int u : shared) {
                for (int e = 0; e < 2; ++e) {
                  const int keep = e ? b : a, drop = e ? a : b;
                  if (std::popcount(index.where(u, keep)) != 2) continue;
                  Deduction d = base(4, 4.5);
                  d.pattern_units = {u};
                  d.eliminations = {{x, drop}, {y, drop}};
                  d.text += absl::StrCat(
                      std::string(1, shape.Symbol(keep)), " lies only in ",
                      shape.CellName(x), ", ", shape.CellName(y), " in ",
                      shape.UnitName(u), "; ",
                      DescribeEliminations(shape, d.eliminations));
                  if (!emit(std::move(d))) return;
                }
              }
              // Type 3: extras + k-1 cells of a shared unit = naked subset.
              if (extras.Count() < 1) continue;
              for (int u : shared) {
                std::vector<int> others;
                for (int cell : shape.unit(u))
                  if (cell != x && cell != y && board.value(cell) == 0)
                    others.push_back(cell);
                for (int k = 2; k <= 4; ++k) {
                  if (extras.Count() > k) continue;
                  const bool go = ForEachCombination(
                      static_cast<int>(others.size()), k - 1,
                      [&](const std::array<int, 4>& c) {
                        CandidateSet digits = extras;
                        for (int i = 0; i < k - 1; ++i)
                          digits |= board.candidates(others[static_cast<size_t>(
                              c[static_cast<size_t>(i)])]);
                        if (digits.Count() != k) return true;
                        std::vector<int> subset;
                        for (int i = 0; i < k - 1; ++i)
                          subset.push_back(others[static_cast<size_t>(
                              c[static_cast<size_t>(i)])]);
                        Deduction d = base(3, 4.5 + 0.1 * (k - 2));
                        // Every shared unit of the roof that also holds the
                        // whole subset (a line and a box: "locked").
                        for (int v : shared) {
                          bool holds = true;
                          for (int cell : subset) {
                            const auto us = shape.UnitsOf(cell);
                            if (std::find(us.begin(), us.end(), v) == us.end())
                              holds = false;
                          }
                          if (holds) d.pattern_units.push_back(v);
                        }
                        for (int v : d.pattern_units) {
                          for (int cell : shape.unit(v)) {
                            if (cell == x || cell == y ||
                                board.value(cell) != 0 ||
                                std::find(subset.begin(), subset.end(), cell) !=
                                    subset.end())
                              continue;
                            for (int digit : board.candidates(cell) & digits)
                              d.eliminations.push_back({cell, digit});
                          }
                        }
                        if (d.eliminations.empty()) return true;
                        Canonicalize(&d.eliminations);
                        d.text += absl::StrCat(
                            "the extra candidates ", DigitList(shape, extras),
                            " of ", shape.CellName(x), ", ", shape.CellName(y),
                            " form a naked subset ", DigitList(shape, digits),
                            " with ", CellList(shape, subset), " in ",
                            UnitList(shape, d.pattern_units), "; ",
                            DescribeEliminations(shape, d.eliminations));
                        return emit(std::move(d));
                      });
                  if (!go) return;
                }
              }
            }
          }
        }
      }
    }
  }
}

void BugPlusOne::Scan(const Board& board, const UnitIndex& index,
                      DeductionSink emit) const {
  const Shape& shape = board.shape();
  const int n = shape.size();
  int plus = -1;
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (board.value(cell) != 0) continue;
    const int count = board.candidates(cell).Count();
    if (count == 2) continue;
    if (count != 3 || plus != -1) return;
    plus = cell;
  }
  if (plus < 0) return;
  // The digit of `plus` seen three times in each of its units.
  int digit = 0;
  for (int d : board.candidates(plus)) {
    bool three = true;
    for (int u : shape.UnitsOf(plus))
      if (std::popcount(index.where(u, d)) != 3) three = false;
    if (three) {
      if (digit != 0) return;
      digit = d;
    }
  }
  if (digit == 0) return;
  // Every other (unit, digit) must hold 0 or 2 candidates.
  const auto plus_units = shape.UnitsOf(plus);
  for (int u = 0; u < 3 * n; ++u) {
    for (int d = 1; d <= n; ++d) {
      const int count = std::popcount(index.where(u, d));
      const bool special =
          d == digit && std::find(plus_units.begin(), plus_units.end(), u) !=
                            plus_units.end();
      if (count != (special ? 3 : count == 0 ? 0 : 2)) return;
    }
  }
  Deduction ded;
  ded.technique = std::string(id());
  ded.rating = difficulty();
  ded.placements.push_back({plus, digit});
  ded.pattern_cells.push_back(plus);
  for (int d : board.candidates(plus))
    ded.pattern_candidates.push_back({plus, d});
  ded.text = absl::StrCat(
      "BUG+1: every empty cell but ", shape.CellName(plus),
      " has two candidates; ", std::string(1, shape.Symbol(digit)),
      " appears three times in its row, column and box, so ",
      shape.CellName(plus), " is ", std::string(1, shape.Symbol(digit)));
  emit(std::move(ded));
}

}  // namespace sudoku
