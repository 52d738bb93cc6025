// Aligned exclusion (Sudoku Explainer's Aligned Pair / Triplet Exclusion).
//
// Base cells B1..Bk (k = 2 or 3), each with two or more candidates, and the
// "excluding" cells E: cells seeing every base cell that have 2..k
// candidates. In a solution the base cells hold one combination of their
// candidates. A combination is impossible when
//   * two base cells that see each other hold the same digit, or
//   * some E's candidates are all among the combination's digits (E sees
//     every base cell, so it would have no digit left).
// A candidate of a base cell that appears in no possible combination is
// false.
//
//   r1c1{1,2,5} r1c2{2,5}   . . .   r1c7{1,5}   (E, sees both)
//   r2c1{2,5}   (E, sees both: same box)
// Combinations of r1c1, r1c2: 1-2, 1-5, 2-5, 5-2 (2-2, 5-5 same row);
// 1-5 empties r1c7, 2-5 and 5-2 empty r2c1: only 1-2 is left, so r1c1
// loses 2 and 5 and r1c2 loses 5.
//
// The name and the ratings (6.2 pair, 7.5 triplet) are Sudoku Explainer
// 1.2.1's. Cost: the base tuples are enumerated in cell order, pruned as
// soon as the cells chosen so far have no excluding cell in common; each
// surviving tuple tries the product of its candidate counts.
#include "deduction/aligned.h"

#include <array>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"

namespace sudoku {
namespace {

constexpr int kMaxDegree = 3;

// The state of one tuple: its base cells, the excluding cells they share,
// and for each base cell the digits found in some possible combination.
struct Tuple {
  int degree = 0;
  std::array<int, kMaxDegree> cells{};
  std::array<CandidateSet, kMaxDegree> kept{};
  std::array<int, kMaxDegree> values{};
  std::vector<CandidateSet> excluding;  // candidates of the shared E cells
};

// True when the assignment values[0..degree) is possible.
bool Possible(const Shape& shape, const Tuple& t) {
  CandidateSet used;
  for (int i = 0; i < t.degree; ++i) {
    for (int j = 0; j < i; ++j)
      if (t.values[static_cast<size_t>(i)] ==
              t.values[static_cast<size_t>(j)] &&
          shape.SeesEachOther(t.cells[static_cast<size_t>(i)],
                              t.cells[static_cast<size_t>(j)]))
        return false;
    used.Insert(t.values[static_cast<size_t>(i)]);
  }
  for (CandidateSet e : t.excluding)
    if ((e & used) == e) return false;
  return true;
}

// Tries every combination from base cell `i` on, recording kept digits.
void Combine(const Board& board, Tuple* t, int i) {
  if (i == t->degree) {
    if (!Possible(board.shape(), *t)) return;
    for (int j = 0; j < t->degree; ++j)
      t->kept[static_cast<size_t>(j)].Insert(t->values[static_cast<size_t>(j)]);
    return;
  }
  for (int d : board.candidates(t->cells[static_cast<size_t>(i)])) {
    t->values[static_cast<size_t>(i)] = d;
    Combine(board, t, i + 1);
  }
}

}  // namespace

void AlignedExclusion::Scan(const Board& board, const UnitIndex& /*index*/,
                            DeductionSink emit) const {
  const Shape& shape = board.shape();
  const int degree =
      degree_ < 2 ? 2 : (degree_ > kMaxDegree ? kMaxDegree : degree_);
  // Base candidates: empty cells with 2+ candidates. Excluding cells: empty
  // cells with 2..degree candidates.
  std::vector<int> base;
  std::vector<bool> excluder(static_cast<size_t>(shape.num_cells()), false);
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (board.value(cell) != 0) continue;
    const int count = board.candidates(cell).Count();
    if (count >= 2) base.push_back(cell);
    if (count >= 2 && count <= degree)
      excluder[static_cast<size_t>(cell)] = true;
  }
  // Excluding cells of each base cell, in cell order.
  std::vector<std::vector<int>> sees(base.size());
  for (size_t i = 0; i < base.size(); ++i)
    for (int peer : shape.peers(base[i]))
      if (excluder[static_cast<size_t>(peer)]) sees[i].push_back(peer);

  Tuple t;
  t.degree = degree;
  std::array<size_t, kMaxDegree> pick{};
  std::array<std::vector<int>, kMaxDegree> common;
  // Depth-first over increasing indices; common[k] = excluding cells seeing
  // base cells pick[0..k].
  auto visit = [&](auto&& self, int k, size_t from) -> bool {
    for (size_t i = from; i < base.size(); ++i) {
      pick[static_cast<size_t>(k)] = i;
      std::vector<int>& here = common[static_cast<size_t>(k)];
      here.clear();
      if (k == 0) {
        here = sees[i];
      } else {
        for (int e : common[static_cast<size_t>(k - 1)])
          if (shape.SeesEachOther(e, base[i])) here.push_back(e);
      }
      if (here.empty()) continue;
      if (k + 1 < degree) {
        if (!self(self, k + 1, i + 1)) return false;
        continue;
      }
      t.excluding.clear();
      for (int e : here) t.excluding.push_back(board.candidates(e));
      for (int j = 0; j < degree; ++j) {
        t.cells[static_cast<size_t>(j)] = base[pick[static_cast<size_t>(j)]];
        t.kept[static_cast<size_t>(j)] = CandidateSet();
      }
      Combine(board, &t, 0);
      Deduction ded;
      for (int j = 0; j < degree; ++j) {
        const int cell = t.cells[static_cast<size_t>(j)];
        for (int d : board.candidates(cell))
          if (!t.kept[static_cast<size_t>(j)].Contains(d))
            ded.eliminations.push_back({cell, d});
      }
      if (ded.eliminations.empty()) continue;
      ded.technique = std::string(id());
      ded.rating = difficulty();
      for (int j = 0; j < degree; ++j)
        ded.pattern_cells.push_back(t.cells[static_cast<size_t>(j)]);
      for (int e : here) ded.pattern_cells.push_back(e);
      for (int cell : ded.pattern_cells)
        for (int d : board.candidates(cell))
          ded.pattern_candidates.push_back({cell, d});
      std::vector<int> bases(ded.pattern_cells.begin(),
                             ded.pattern_cells.begin() + degree);
      ded.text = absl::StrCat(
          name(), ": ", CellList(shape, bases),
          " cannot take a combination that repeats a digit in a unit or"
          " leaves no candidate in ",
          CellList(shape, here), " (each sees them all): ",
          DescribeEliminations(shape, ded.eliminations));
      if (!emit(std::move(ded))) return false;
    }
    return true;
  };
  visit(visit, 0, 0);
}

}  // namespace sudoku
