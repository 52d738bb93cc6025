// Bivalue Universal Grave, Sudoku Explainer's types 1 to 4.
//
// The BUG candidates: in each cell of three or more candidates, the digits
// that appear more than twice in every unit of the cell. Removing them must
// leave a BUG: every empty cell with two candidates and every digit of a
// unit in exactly two places (or none). Such a grid has an even number of
// solutions (swap the two digits around any cycle), so one of the BUG
// candidates is true; the types say what follows.
//
//   type 2: BUG candidates r1c1:7 and r5c1:7 (both 7, same column): 7 is in
//           r1c1 or r5c1, so the other cells of column 1 lose 7.
//   type 4: BUG cells r7c8 {6,9,+7} and r8c8 {7,9,+6}, column 8, where 9
//           has no other place: if r7c8 is not 7 it is its BUG digit...
//           one of them holds its BUG digit, so the other holds 9; each
//           keeps only its BUG digit and 9.
//   type 3: BUG cells in row 3 with BUG digits {3}, {9}; r3c9 {3,8,9}
//           and r3c7 {8,9}... the BUG digit that is true, r3c9 and r3c7
//           take three digits of {3,8,9}: the rest of row 3 loses them.
//
// Ratings are Sudoku Explainer 1.2.1's (types 2 and 4 5.7; type 3 5.6 + 0.1
// per digit of the naked subset, 5.8 and 5.9 in its step lists).
#include "deduction/bug.h"

#include <algorithm>
#include <bit>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

namespace sudoku {
namespace {

// The BUG candidates per cell, or an empty vector when removing them does
// not leave a BUG.
std::vector<CandidateSet> BugCandidates(const Board& board,
                                        const UnitIndex& index) {
  const Shape& shape = board.shape();
  std::vector<CandidateSet> bug(static_cast<size_t>(shape.num_cells()));
  bool any = false;
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (board.value(cell) != 0) continue;
    const CandidateSet c = board.candidates(cell);
    if (c.Count() < 2) return {};
    if (c.Count() == 2) continue;
    for (int d : c) {
      bool extra = true;
      for (int u : shape.UnitsOf(cell))
        if (std::popcount(index.where(u, d)) <= 2) extra = false;
      if (extra) bug[static_cast<size_t>(cell)].Insert(d);
    }
    if (c.Count() - bug[static_cast<size_t>(cell)].Count() != 2) return {};
    any = true;
  }
  if (!any) return {};
  for (int u = 0; u < shape.num_units(); ++u) {
    for (int d = 1; d <= shape.size(); ++d) {
      int left = 0;
      for (int cell : shape.unit(u))
        if (board.value(cell) == 0 && board.candidates(cell).Contains(d) &&
            !bug[static_cast<size_t>(cell)].Contains(d))
          ++left;
      if (left != 0 && left != 2) return {};
    }
  }
  return bug;
}

// Fills the common part of a BUG deduction and emits it if it removes
// something; `why` ends the sentence's reasoning.
bool Emit(const Board& board, const Technique& t, int type, double rating,
          const std::vector<int>& cells, const std::string& why, Deduction ded,
          DeductionSink emit) {
  if (ded.eliminations.empty()) return true;
  const Shape& shape = board.shape();
  ded.technique = std::string(t.id());
  ded.rating = rating;
  ded.pattern_cells = cells;
  for (int cell : cells)
    for (int d : board.candidates(cell))
      ded.pattern_candidates.push_back({cell, d});
  ded.text = absl::StrCat("BUG type ", type, ": ", why,
                          " (else a bivalue universal grave: no unique "
                          "solution); ",
                          DescribeEliminations(shape, ded.eliminations));
  return emit(std::move(ded));
}

}  // namespace

std::optional<Deduction> BugTypes::Find(const Board& board) const {
  std::vector<Deduction> all;
  FindAll(board, &all);
  return LowestRated(std::move(all));
}

void BugTypes::Scan(const Board& board, const UnitIndex& index,
                    DeductionSink emit) const {
  const Shape& shape = board.shape();
  const std::vector<CandidateSet> bug = BugCandidates(board, index);
  if (bug.empty()) return;
  std::vector<int> cells;
  CandidateSet all;
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (bug[static_cast<size_t>(cell)].Count() == 0) continue;
    cells.push_back(cell);
    all |= bug[static_cast<size_t>(cell)];
  }
  // Type 1: one cell; BugPlusOne has the cell of three candidates.
  if (cells.size() == 1) {
    const int cell = cells[0];
    if (board.candidates(cell).Count() == 3 && all.Count() == 1) return;
    Deduction ded;
    for (int d : board.candidates(cell))
      if (!all.Contains(d)) ded.eliminations.push_back({cell, d});
    Emit(board, *this, 1, 5.6, cells,
         absl::StrCat(shape.CellName(cell), " takes one of its extra digits ",
                      DigitList(shape, all)),
         std::move(ded), emit);
    return;
  }
  // Type 2: one digit; cells seeing every BUG cell lose it.
  if (all.Count() == 1) {
    const int d = all.Single();
    Deduction ded;
    for (int cell = 0; cell < shape.num_cells(); ++cell) {
      if (board.value(cell) != 0 || !board.candidates(cell).Contains(d))
        continue;
      bool sees_all = true;
      for (int b : cells) sees_all &= shape.SeesEachOther(cell, b);
      if (sees_all) ded.eliminations.push_back({cell, d});
    }
    if (!Emit(board, *this, 2, 5.7, cells,
              absl::StrCat("one of ", CellList(shape, cells), " is ",
                           std::string(1, shape.Symbol(d))),
              std::move(ded), emit))
      return;
  }
  // Types 4 and 3 need the BUG cells in one unit.
  for (int u : shape.UnitsOf(cells[0])) {
    bool together = true;
    for (int b : cells) {
      bool in = false;
      for (int v : shape.UnitsOf(b)) in |= v == u;
      together &= in;
    }
    if (!together) continue;
    // Type 4: two cells and a digit of both with no other place in u.
    if (cells.size() == 2) {
      const int a = cells[0], b = cells[1];
      const CandidateSet shared =
          (board.candidates(a) & board.candidates(b)).Without(all);
      for (int x : shared) {
        if (std::popcount(index.where(u, x)) != 2) continue;
        Deduction ded;
        for (int cell : cells) {
          CandidateSet keep = bug[static_cast<size_t>(cell)];
          keep.Insert(x);
          for (int d : board.candidates(cell))
            if (!keep.Contains(d)) ded.eliminations.push_back({cell, d});
        }
        if (!Emit(board, *this, 4, 5.7, cells,
                  absl::StrCat("one of ", CellList(shape, cells),
                               " takes its extra digit and ",
                               std::string(1, shape.Symbol(x)),
                               " has no other place in ", shape.UnitName(u),
                               ", so each is its extra digit or ",
                               std::string(1, shape.Symbol(x))),
                  std::move(ded), emit))
          return;
      }
    }
    // Type 3: the BUG digits and m other cells of u: m + 1 digits.
    std::vector<int> others;
    for (int cell : shape.unit(u))
      if (board.value(cell) == 0 && bug[static_cast<size_t>(cell)].Count() == 0)
        others.push_back(cell);
    for (int m = 1; m + 1 < static_cast<int>(others.size()) && m <= 3; ++m) {
      const bool go_on = ForEachCombination(
          static_cast<int>(others.size()), m, [&](const auto& idx) {
            CandidateSet t = all;
            std::vector<int> subset;
            for (int i = 0; i < m; ++i) {
              subset.push_back(
                  others[static_cast<size_t>(idx[static_cast<size_t>(i)])]);
              t |= board.candidates(subset.back());
            }
            if (t.Count() != m + 1) return true;
            Deduction ded;
            for (int cell : others) {
              if (std::find(subset.begin(), subset.end(), cell) != subset.end())
                continue;
              for (int d : board.candidates(cell) & t)
                ded.eliminations.push_back({cell, d});
            }
            std::vector<int> pattern = cells;
            pattern.insert(pattern.end(), subset.begin(), subset.end());
            return Emit(
                board, *this, 3, (56 + t.Count()) / 10.0, pattern,
                absl::StrCat("the extra digits of ", CellList(shape, cells),
                             " and ", CellList(shape, subset),
                             " form a naked subset ", DigitList(shape, t),
                             " in ", shape.UnitName(u)),
                std::move(ded), emit);
          });
      if (!go_on) return;
    }
  }
}

}  // namespace sudoku
