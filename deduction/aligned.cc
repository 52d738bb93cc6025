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
// soon as the cells chosen so far have no excluding cell in common (bit sets
// of cells); each surviving tuple tries the combinations of its candidates
// depth-first, skipping a branch that cannot keep a digit not kept yet and
// stopping once every candidate is kept.
#include "deduction/aligned.h"

#include <array>
#include <bit>
#include <cstdint>
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
  std::array<CandidateSet, kMaxDegree> candidates{};  // of each base cell
  std::array<CandidateSet, kMaxDegree> kept{};
  std::array<int, kMaxDegree> values{};
  // sees[i][j]: base cells i and j share a unit.
  std::array<std::array<bool, kMaxDegree>, kMaxDegree> sees{};
  // The candidates of the shared E cells that could be left empty (all
  // their digits among the base cells').
  std::vector<CandidateSet> excluding;
};

// Tries every combination from base cell `i` on (values[0..i) chosen, two
// base cells that see each other never with the same digit; `used`: their
// digits), recording the digits of each possible one in `kept`; the last
// cell's digits are taken all at once. Returns false as soon as every
// candidate of every base cell is kept: the tuple removes nothing, whatever
// the combinations left.
bool Combine(Tuple* t, int i, CandidateSet used) {
  // Nothing new below: the digits chosen so far are kept already, and so is
  // every candidate of the cells still to choose.
  bool open = false;
  for (int j = 0; j < t->degree && !open; ++j)
    open = j < i ? !t->kept[static_cast<size_t>(j)].Contains(
                       t->values[static_cast<size_t>(j)])
                 : t->kept[static_cast<size_t>(j)] !=
                       t->candidates[static_cast<size_t>(j)];
  if (!open) return true;
  const CandidateSet cands = t->candidates[static_cast<size_t>(i)];
  if (i + 1 < t->degree) {
    for (int d : cands) {
      bool clash = false;
      for (int j = 0; j < i; ++j)
        clash =
            clash || (t->values[static_cast<size_t>(j)] == d &&
                      t->sees[static_cast<size_t>(i)][static_cast<size_t>(j)]);
      if (clash) continue;
      t->values[static_cast<size_t>(i)] = d;
      if (!Combine(t, i + 1, used | CandidateSet::Of(d))) return false;
    }
    return true;
  }
  // The last cell's digits that complete a possible combination: none that
  // a cell seeing it holds already, and none that would leave an excluding
  // cell without a digit (one whose only digit beyond `used` it is).
  CandidateSet ok = cands;
  for (int j = 0; j < i; ++j)
    if (t->sees[static_cast<size_t>(i)][static_cast<size_t>(j)])
      ok = ok.Without(CandidateSet::Of(t->values[static_cast<size_t>(j)]));
  for (CandidateSet e : t->excluding) {
    const CandidateSet rest = e.Without(used);
    if (rest.empty()) return true;
    if (rest.Count() == 1) ok = ok.Without(rest);
  }
  if (ok.empty()) return true;
  t->kept[static_cast<size_t>(i)] |= ok;
  bool all_kept = true;
  for (int j = 0; j <= i; ++j) {
    CandidateSet& kept = t->kept[static_cast<size_t>(j)];
    if (j < i) kept.Insert(t->values[static_cast<size_t>(j)]);
    all_kept = all_kept && kept == t->candidates[static_cast<size_t>(j)];
  }
  return !all_kept;
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
  // Excluding cells of each base cell, as bit sets of cells (`words` words
  // a base cell).
  const size_t words = static_cast<size_t>(shape.num_cells() + 63) / 64;
  std::vector<uint64_t> sees(base.size() * words, 0);
  for (size_t i = 0; i < base.size(); ++i)
    for (int peer : shape.peers(base[i]))
      if (excluder[static_cast<size_t>(peer)])
        sees[i * words + static_cast<size_t>(peer) / 64] |= uint64_t{1}
                                                            << (peer % 64);

  Tuple t;
  t.degree = degree;
  std::array<size_t, kMaxDegree> pick{};
  std::array<std::vector<uint64_t>, kMaxDegree> common;
  for (std::vector<uint64_t>& c : common) c.assign(words, 0);
  std::vector<int> here;  // the excluding cells of a whole tuple, in order
  // Depth-first over increasing indices; common[k] = excluding cells seeing
  // base cells pick[0..k].
  auto visit = [&](auto&& self, int k, size_t from) -> bool {
    for (size_t i = from; i < base.size(); ++i) {
      pick[static_cast<size_t>(k)] = i;
      uint64_t* shared = common[static_cast<size_t>(k)].data();
      uint64_t any = 0;
      for (size_t w = 0; w < words; ++w) {
        shared[w] = sees[i * words + w];
        if (k > 0) shared[w] &= common[static_cast<size_t>(k - 1)][w];
        any |= shared[w];
      }
      if (any == 0) continue;
      if (k + 1 < degree) {
        if (!self(self, k + 1, i + 1)) return false;
        continue;
      }
      CandidateSet digits;  // of the base cells
      for (int j = 0; j < degree; ++j) {
        const int cell = base[pick[static_cast<size_t>(j)]];
        t.cells[static_cast<size_t>(j)] = cell;
        t.candidates[static_cast<size_t>(j)] = board.candidates(cell);
        t.kept[static_cast<size_t>(j)] = CandidateSet();
        digits |= board.candidates(cell);
        for (int m = 0; m < j; ++m)
          t.sees[static_cast<size_t>(j)][static_cast<size_t>(m)] =
              shape.SeesEachOther(cell, t.cells[static_cast<size_t>(m)]);
      }
      here.clear();
      t.excluding.clear();
      for (size_t w = 0; w < words; ++w)
        for (uint64_t m = shared[w]; m != 0; m &= m - 1) {
          const int e = static_cast<int>(w * 64) + std::countr_zero(m);
          here.push_back(e);
          // Only a cell whose digits are all the base cells' can be left
          // with none.
          const CandidateSet cands = board.candidates(e);
          if ((cands & digits) == cands) t.excluding.push_back(cands);
        }
      if (!Combine(&t, 0, CandidateSet())) continue;
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
