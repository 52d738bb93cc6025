// Naked and hidden subsets.
//
// Naked subset: k empty cells of one unit whose candidate union has exactly
// k digits. Those k digits must fill those k cells, so no other cell of the
// unit can hold them.
//
//   row: {1,2} {1,2} {1,2,5} {2,7} ...   naked pair {1,2} in c1,c2:
//                                         remove 1,2 from c3, c4, ...
//
// Hidden subset: k digits of one unit whose candidate cells are the same k
// cells. Those cells must hold those digits, so their other candidates go.
//
//   box: 4 and 8 appear only in r1c1 and r2c3 -> r1c1, r2c3 = {4,8}
//
// When the k cells of a naked subset also share a second unit (a line and a
// box), the digits leave that unit too (HoDoKu's "locked pair/triple").
// Names from Sudopedia; ratings from Sudoku Explainer 1.2.1 (naked 3.0 /
// 3.6 / 5.0, hidden 3.4 / 4.0 / 5.4, direct hidden pair / triple 2.0 /
// 2.5). Cost: per unit, combinations of the cells (digits) with 2..k
// candidates (positions), k <= 4: at most C(N, 4) per unit.
#include "deduction/subsets.h"

#include <algorithm>
#include <array>
#include <bit>

#include "absl/strings/str_cat.h"
#include "deduction/intersections.h"
#include "deduction/util.h"

namespace sudoku {
namespace {

constexpr const char* kSizeName[] = {"", "single", "pair", "triple", "quad"};

}  // namespace

NakedSubset::NakedSubset(TechniqueId tid, int size)
    : ScanningTechnique(tid), size_(size) {}

void NakedSubset::Scan(const Board& board, const UnitIndex& index,
                       DeductionSink emit) const {
  const Shape& shape = board.shape();
  const int n = shape.size();
  const int k = size_;
  std::array<int, kMaxDigits> cells{};
  for (int u = 0; u < 3 * n; ++u) {
    int m = 0;
    for (int pos : Bits(index.empty(u))) {
      const int cell = index.CellAt(u, pos);
      const int count = board.candidates(cell).Count();
      if (count >= 2 && count <= k) cells[static_cast<size_t>(m++)] = cell;
    }
    if (std::popcount(index.empty(u)) <= k) continue;  // nothing outside
    const bool go = ForEachCombination(m, k, [&](const std::array<int, 4>& c) {
      CandidateSet digits;
      for (int i = 0; i < k; ++i)
        digits |= board.candidates(
            cells[static_cast<size_t>(c[static_cast<size_t>(i)])]);
      if (digits.Count() != k) return true;
      std::array<int, 4> chosen{};
      for (int i = 0; i < k; ++i)
        chosen[static_cast<size_t>(i)] =
            cells[static_cast<size_t>(c[static_cast<size_t>(i)])];
      auto is_chosen = [&](int cell) {
        for (int i = 0; i < k; ++i)
          if (chosen[static_cast<size_t>(i)] == cell) return true;
        return false;
      };
      // This unit, plus any other unit all k cells share.
      std::vector<int> units = {u};
      for (int v : shape.UnitsOf(chosen[0])) {
        if (v == u) continue;
        bool all = true;
        for (int i = 1; i < k; ++i) {
          const auto us = shape.UnitsOf(chosen[static_cast<size_t>(i)]);
          if (std::find(us.begin(), us.end(), v) == us.end()) all = false;
        }
        if (all) units.push_back(v);
      }
      Deduction d;
      for (int v : units) {
        for (int cell : shape.unit(v)) {
          if (board.value(cell) != 0 || is_chosen(cell)) continue;
          for (int digit : board.candidates(cell) & digits)
            d.eliminations.push_back({cell, digit});
        }
      }
      if (d.eliminations.empty()) return true;
      Canonicalize(&d.eliminations);
      d.technique = std::string(id());
      d.rating = difficulty();
      for (int i = 0; i < k; ++i) {
        const int cell = chosen[static_cast<size_t>(i)];
        d.pattern_cells.push_back(cell);
        for (int digit : board.candidates(cell))
          d.pattern_candidates.push_back({cell, digit});
      }
      d.pattern_units = units;
      d.text = absl::StrCat(
          "Naked ", kSizeName[k], " ", DigitList(shape, digits), " in ",
          CellList(shape, d.pattern_cells), " (", UnitList(shape, units),
          "): ", DescribeEliminations(shape, d.eliminations));
      return emit(std::move(d));
    });
    if (!go) return;
  }
}

HiddenSubset::HiddenSubset(TechniqueId tid, int size, bool direct)
    : ScanningTechnique(tid), size_(size), direct_(direct) {}

void HiddenSubset::Scan(const Board& board, const UnitIndex& index,
                        DeductionSink emit) const {
  const Shape& shape = board.shape();
  const int n = shape.size();
  const int k = size_;
  std::array<int, kMaxDigits> digits{};
  // SE scans blocks first for the direct variants; keep one order for all.
  for (int i = 0; i < 3 * n; ++i) {
    const int u = i < n ? 2 * n + i : i - n;
    int m = 0;
    for (int d = 1; d <= n; ++d) {
      const int count = std::popcount(index.where(u, d));
      if (count >= 2 && count <= k) digits[static_cast<size_t>(m++)] = d;
    }
    if (std::popcount(index.empty(u)) <= k) continue;
    const bool go = ForEachCombination(m, k, [&](const std::array<int, 4>& c) {
      uint32_t positions = 0;
      CandidateSet set;
      for (int j = 0; j < k; ++j) {
        const int d = digits[static_cast<size_t>(c[static_cast<size_t>(j)])];
        positions |= index.where(u, d);
        set.Insert(d);
      }
      if (std::popcount(positions) != k) return true;
      Deduction ded;
      for (int pos : Bits(positions)) {
        const int cell = index.CellAt(u, pos);
        for (int d : board.candidates(cell).Without(set))
          ded.eliminations.push_back({cell, d});
      }
      if (ded.eliminations.empty()) return true;
      std::string single_text;
      if (direct_) {
        // A hidden single in this unit that the eliminations create.
        std::optional<CellDigit> single;
        for (int d = 1; d <= n && !single; ++d) {
          if (set.Contains(d)) continue;
          const uint32_t where = index.where(u, d);
          const uint32_t after = where & ~positions;
          if (where != after && std::has_single_bit(after))
            single = CellDigit{index.CellAt(u, std::countr_zero(after)), d};
        }
        if (!single) return true;
        ded.placements.push_back(*single);
        single_text = absl::StrCat("; then ", shape.CellName(single->cell),
                                   " is the only place for ",
                                   std::string(1, shape.Symbol(single->digit)),
                                   " in ", shape.UnitName(u));
      }
      ded.technique = std::string(id());
      ded.rating = difficulty();
      for (int pos : Bits(positions)) {
        const int cell = index.CellAt(u, pos);
        ded.pattern_cells.push_back(cell);
        for (int d : board.candidates(cell) & set)
          ded.pattern_candidates.push_back({cell, d});
      }
      ded.pattern_units = {u};
      ded.text = absl::StrCat(
          direct_ ? "Direct hidden " : "Hidden ", kSizeName[k], " ",
          DigitList(shape, set), " in ", CellList(shape, ded.pattern_cells),
          " (", shape.UnitName(u),
          "): ", DescribeEliminations(shape, ded.eliminations), single_text);
      return emit(std::move(ded));
    });
    if (!go) return;
  }
}

}  // namespace sudoku
