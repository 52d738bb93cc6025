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
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "deduction/util.h"

namespace sudoku {
namespace {

// One candidate deadly pattern: a rectangle of four empty cells in two
// rows, two columns and two boxes, and the digit pair {a,b} it would hold.
struct Rectangle {
  const Board& board;
  const UnitIndex& index;
  absl::string_view technique;  // the id steps carry
  std::array<int, 4> cells;
  int a, b;
  CandidateSet ab;

  // A step of `type` with the pattern filled in and the text begun.
  Deduction Step(int type, double rating) const {
    const Shape& shape = board.shape();
    Deduction d;
    d.technique = std::string(technique);
    d.rating = rating;
    d.pattern_cells.assign(cells.begin(), cells.end());
    for (int cell : cells) {
      d.pattern_candidates.push_back({cell, a});
      d.pattern_candidates.push_back({cell, b});
    }
    d.text = absl::StrCat("Unique rectangle type ", type, " on ",
                          DigitList(shape, ab), " in ",
                          CellList(shape, d.pattern_cells), ": ");
    return d;
  }
};

// Each TypeN emits the type-N steps of `r` whose roof (the two corners
// that are not exactly {a,b}) is x, y; it returns false as soon as `emit`
// does.

// Type 2: both roof cells are {a,b,c}: c leaves the cells seeing both.
bool Type2(const Rectangle& r, int x, int y, DeductionSink emit) {
  const Shape& shape = r.board.shape();
  const CandidateSet ex = r.board.candidates(x).Without(r.ab);
  const CandidateSet ey = r.board.candidates(y).Without(r.ab);
  if (ex.Count() != 1 || ex != ey) return true;
  const int c = ex.Single();
  Deduction d = r.Step(2, 4.5);
  for (int cell : shape.peers(x))
    if (cell != y && shape.SeesEachOther(cell, y) && r.board.value(cell) == 0 &&
        r.board.candidates(cell).Contains(c))
      d.eliminations.push_back({cell, c});
  if (d.eliminations.empty()) return true;
  Canonicalize(&d.eliminations);
  d.text += DescribeEliminations(shape, d.eliminations);
  return emit(std::move(d));
}

// Type 4: a (or b) lies only in x, y in a unit they share: neither is b (a).
bool Type4(const Rectangle& r, int x, int y, const std::vector<int>& shared,
           DeductionSink emit) {
  const Shape& shape = r.board.shape();
  for (int u : shared) {
    for (int e = 0; e < 2; ++e) {
      const int keep = e ? r.b : r.a, drop = e ? r.a : r.b;
      if (std::popcount(r.index.where(u, keep)) != 2) continue;
      Deduction d = r.Step(4, 4.5);
      d.pattern_units = {u};
      d.eliminations = {{x, drop}, {y, drop}};
      d.text += absl::StrCat(std::string(1, shape.Symbol(keep)),
                             " lies only in ", shape.CellName(x), ", ",
                             shape.CellName(y), " in ", shape.UnitName(u), "; ",
                             DescribeEliminations(shape, d.eliminations));
      if (!emit(std::move(d))) return false;
    }
  }
  return true;
}

// Type 3 with `subset` (k-1 cells of a unit the roof shares) and the roof's
// extras forming a naked subset on `digits`; nullopt when it eliminates
// nothing.
std::optional<Deduction> Type3Step(const Rectangle& r, int x, int y,
                                   const std::vector<int>& shared,
                                   const std::vector<int>& subset,
                                   CandidateSet extras, CandidateSet digits) {
  const Shape& shape = r.board.shape();
  const int k = digits.Count();
  Deduction d = r.Step(3, 4.5 + 0.1 * (k - 2));
  // Every shared unit of the roof that also holds the whole subset (a line
  // and a box: "locked").
  for (int v : shared) {
    bool holds = true;
    for (int cell : subset) {
      const auto us = shape.UnitsOf(cell);
      if (std::find(us.begin(), us.end(), v) == us.end()) holds = false;
    }
    if (holds) d.pattern_units.push_back(v);
  }
  for (int v : d.pattern_units) {
    for (int cell : shape.unit(v)) {
      if (cell == x || cell == y || r.board.value(cell) != 0 ||
          std::find(subset.begin(), subset.end(), cell) != subset.end())
        continue;
      for (int digit : r.board.candidates(cell) & digits)
        d.eliminations.push_back({cell, digit});
    }
  }
  if (d.eliminations.empty()) return std::nullopt;
  Canonicalize(&d.eliminations);
  d.text += absl::StrCat("the extra candidates ", DigitList(shape, extras),
                         " of ", shape.CellName(x), ", ", shape.CellName(y),
                         " form a naked subset ", DigitList(shape, digits),
                         " with ", CellList(shape, subset), " in ",
                         UnitList(shape, d.pattern_units), "; ",
                         DescribeEliminations(shape, d.eliminations));
  return d;
}

// Type 3: the roof's extras act as one virtual cell forming a naked subset
// with k-1 other cells of a unit the roof shares.
bool Type3(const Rectangle& r, int x, int y, const std::vector<int>& shared,
           DeductionSink emit) {
  const Board& board = r.board;
  const CandidateSet extras =
      board.candidates(x).Without(r.ab) | board.candidates(y).Without(r.ab);
  if (extras.Count() < 1) return true;
  for (int u : shared) {
    std::vector<int> others;
    for (int cell : board.shape().unit(u))
      if (cell != x && cell != y && board.value(cell) == 0)
        others.push_back(cell);
    for (int k = 2; k <= 4; ++k) {
      if (extras.Count() > k) continue;
      const bool go = ForEachCombination(
          static_cast<int>(others.size()), k - 1,
          [&](const std::array<int, 4>& c) {
            CandidateSet digits = extras;
            std::vector<int> subset;
            for (int i = 0; i < k - 1; ++i) {
              subset.push_back(
                  others[static_cast<size_t>(c[static_cast<size_t>(i)])]);
              digits |= board.candidates(subset.back());
            }
            if (digits.Count() != k) return true;
            std::optional<Deduction> d =
                Type3Step(r, x, y, shared, subset, extras, digits);
            return !d || emit(std::move(*d));
          });
      if (!go) return false;
    }
  }
  return true;
}

// Every step of rectangle `r`; false as soon as `emit` returns false.
bool ScanRectangle(const Rectangle& r, DeductionSink emit) {
  const Shape& shape = r.board.shape();
  std::vector<int> floor, roof;
  for (int cell : r.cells)
    (r.board.candidates(cell) == r.ab ? floor : roof).push_back(cell);
  // Type 1: three corners are exactly {a,b}: the fourth is neither.
  if (floor.size() == 3) {
    Deduction d = r.Step(1, 4.5);
    d.eliminations = {{roof[0], r.a}, {roof[0], r.b}};
    d.text += DescribeEliminations(shape, d.eliminations);
    return emit(std::move(d));
  }
  if (floor.size() != 2) return true;
  const int x = roof[0], y = roof[1];
  if (shape.Row(x) != shape.Row(y) && shape.Col(x) != shape.Col(y))
    return true;  // diagonal: not types 2-4
  if (!Type2(r, x, y, emit)) return false;
  std::vector<int> shared;
  for (int u : shape.UnitsOf(x)) {
    const auto uy = shape.UnitsOf(y);
    if (std::find(uy.begin(), uy.end(), u) != uy.end()) shared.push_back(u);
  }
  return Type4(r, x, y, shared, emit) && Type3(r, x, y, shared, emit);
}

}  // namespace

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
              const Rectangle r{board,
                                index,
                                id(),
                                cells,
                                a,
                                b,
                                CandidateSet::Of(a) | CandidateSet::Of(b)};
              if (!ScanRectangle(r, emit)) return;
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
