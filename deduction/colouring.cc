// Colouring (see colouring.h). Per digit: conjugate-pair graph, clusters by
// breadth-first search, colour 0/1 alternating. O(N^2 * peers) per digit.
#include "deduction/colouring.h"

#include <algorithm>
#include <array>
#include <bit>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "deduction/chains.h"

namespace sudoku {
namespace {

struct Clusters {
  // Per cell: cluster id (-1 none) and colour (0/1).
  std::vector<int> cluster, colour;
  // Cells of each cluster (in BFS order).
  std::vector<std::vector<int>> cells;
  std::vector<bool> conflicted;  // an odd cycle (cannot happen if sound)
};

void BuildClusters(const Board& board, const UnitIndex& index, int d,
                   Clusters* cl) {
  const Shape& shape = board.shape();
  const int n = shape.size();
  cl->cluster.assign(static_cast<size_t>(shape.num_cells()), -1);
  cl->colour.assign(static_cast<size_t>(shape.num_cells()), 0);
  cl->cells.clear();
  cl->conflicted.clear();
  // Conjugate partners per cell (at most 3: one per unit).
  std::vector<int> queue;
  for (int start = 0; start < shape.num_cells(); ++start) {
    if (cl->cluster[static_cast<size_t>(start)] >= 0) continue;
    if (board.value(start) != 0 || !board.candidates(start).Contains(d))
      continue;
    // Only cells with a conjugate partner form clusters.
    bool has_link = false;
    for (int u : shape.UnitsOf(start))
      if (std::popcount(index.where(u, d)) == 2) has_link = true;
    if (!has_link) continue;
    const int id = static_cast<int>(cl->cells.size());
    cl->cells.emplace_back();
    cl->conflicted.push_back(false);
    queue.assign(1, start);
    cl->cluster[static_cast<size_t>(start)] = id;
    for (size_t h = 0; h < queue.size(); ++h) {
      const int cell = queue[h];
      cl->cells.back().push_back(cell);
      for (int u : shape.UnitsOf(cell)) {
        const uint32_t w = index.where(u, d);
        if (std::popcount(w) != 2) continue;
        for (int pos : Bits(w)) {
          const int other = index.CellAt(u, pos);
          if (other == cell) continue;
          const int want = 1 - cl->colour[static_cast<size_t>(cell)];
          if (cl->cluster[static_cast<size_t>(other)] < 0) {
            cl->cluster[static_cast<size_t>(other)] = id;
            cl->colour[static_cast<size_t>(other)] = want;
            queue.push_back(other);
          } else if (cl->colour[static_cast<size_t>(other)] != want) {
            cl->conflicted.back() = true;
          }
        }
      }
    }
    (void)n;
  }
}

// Cells of `cells` having colour `c`.
std::vector<int> OfColour(const Clusters& cl, const std::vector<int>& cells,
                          int c) {
  std::vector<int> out;
  for (int cell : cells)
    if (cl.colour[static_cast<size_t>(cell)] == c) out.push_back(cell);
  std::sort(out.begin(), out.end());
  return out;
}

bool SeesAny(const Shape& shape, int cell, const std::vector<int>& cells) {
  for (int c : cells)
    if (shape.SeesEachOther(cell, c)) return true;
  return false;
}

bool AnyPairSees(const Shape& shape, const std::vector<int>& a,
                 const std::vector<int>& b) {
  for (int x : a)
    if (SeesAny(shape, x, b)) return true;
  return false;
}

void AddPattern(const std::vector<int>& cells, int d, Deduction* ded) {
  for (int c : cells) {
    ded->pattern_cells.push_back(c);
    ded->pattern_candidates.push_back({c, d});
  }
}

}  // namespace

void SimpleColouring::Scan(const Board& board, const UnitIndex& index,
                           DeductionSink emit) const {
  const Shape& shape = board.shape();
  Clusters cl;
  for (int d = 1; d <= shape.size(); ++d) {
    BuildClusters(board, index, d, &cl);
    for (size_t cid = 0; cid < cl.cells.size(); ++cid) {
      const std::vector<int>& cells = cl.cells[cid];
      if (cells.size() < 3 || cl.conflicted[cid]) continue;
      const std::vector<int> c0 = OfColour(cl, cells, 0),
                             c1 = OfColour(cl, cells, 1);
      const std::string sym(1, shape.Symbol(d));
      // Wrap: a colour whose cells see each other is false.
      for (int c = 0; c < 2; ++c) {
        const std::vector<int>& same = c == 0 ? c0 : c1;
        bool wrap = false;
        for (size_t i = 0; i < same.size() && !wrap; ++i)
          for (size_t j = i + 1; j < same.size() && !wrap; ++j)
            wrap = shape.SeesEachOther(same[i], same[j]);
        if (!wrap) continue;
        Deduction ded;
        for (int cell : same) ded.eliminations.push_back({cell, d});
        ded.technique = std::string(id());
        ded.rating = ChainRating(difficulty(), static_cast<int>(cells.size()));
        AddPattern(cells, d, &ded);
        std::sort(ded.pattern_cells.begin(), ded.pattern_cells.end());
        const std::vector<int>& other = c == 0 ? c1 : c0;
        ded.text = absl::StrCat(
            "Simple colouring (colour wrap) on ", sym, ": ",
            CellList(shape, same), " / ", CellList(shape, other),
            "; two cells of the first colour see each other, so it is false "
            "=> ",
            ChainEliminationText(shape, ded.eliminations));
        if (!emit(std::move(ded))) return;
      }
      // Trap: cells outside seeing both colours.
      Deduction ded;
      for (int cell = 0; cell < shape.num_cells(); ++cell) {
        if (board.value(cell) != 0 || !board.candidates(cell).Contains(d))
          continue;
        if (cl.cluster[static_cast<size_t>(cell)] == static_cast<int>(cid))
          continue;
        if (SeesAny(shape, cell, c0) && SeesAny(shape, cell, c1))
          ded.eliminations.push_back({cell, d});
      }
      if (ded.eliminations.empty()) continue;
      ded.technique = std::string(id());
      ded.rating = ChainRating(difficulty(), static_cast<int>(cells.size()));
      AddPattern(cells, d, &ded);
      std::sort(ded.pattern_cells.begin(), ded.pattern_cells.end());
      ded.text =
          absl::StrCat("Simple colouring (colour trap) on ", sym, ": ",
                       CellList(shape, c0), " / ", CellList(shape, c1), " => ",
                       ChainEliminationText(shape, ded.eliminations));
      if (!emit(std::move(ded))) return;
    }
  }
}

void MultiColouring::Scan(const Board& board, const UnitIndex& index,
                          DeductionSink emit) const {
  const Shape& shape = board.shape();
  Clusters cl;
  for (int d = 1; d <= shape.size(); ++d) {
    BuildClusters(board, index, d, &cl);
    const size_t k = cl.cells.size();
    std::vector<std::array<std::vector<int>, 2>> colours(k);
    for (size_t id = 0; id < k; ++id)
      for (int c = 0; c < 2; ++c)
        colours[id][static_cast<size_t>(c)] = OfColour(cl, cl.cells[id], c);
    const std::string sym(1, shape.Symbol(d));
    // One step per pair of clusters, with every elimination the pair gives.
    for (size_t a = 0; a < k; ++a) {
      if (cl.conflicted[a]) continue;
      for (size_t b = a + 1; b < k; ++b) {
        if (cl.conflicted[b]) continue;
        const auto& A = colours[a];
        const auto& B = colours[b];
        Deduction ded;
        std::vector<std::string> reasons;
        size_t type2_count = 0;
        // Type 2: a colour of one cluster sees both colours of the other:
        // it is false.
        for (int side = 0; side < 2; ++side) {
          const auto& X = side == 0 ? A : B;
          const auto& Y = side == 0 ? B : A;
          for (int cx = 0; cx < 2; ++cx) {
            const std::vector<int>& col = X[static_cast<size_t>(cx)];
            if (!AnyPairSees(shape, col, Y[0]) ||
                !AnyPairSees(shape, col, Y[1]))
              continue;
            for (int cell : col) ded.eliminations.push_back({cell, d});
            reasons.push_back(absl::StrCat(
                CellList(shape, col), " see both colours of ",
                CellList(shape, Y[0]), " / ", CellList(shape, Y[1])));
          }
        }
        type2_count = ded.eliminations.size();
        const std::vector<CellDigit> type2(ded.eliminations);
        const size_t type2_reasons = reasons.size();
        // Type 1: colour ca of A sees colour cb of B: the opposite colours
        // cannot both be false.
        for (int ca = 0; ca < 2; ++ca) {
          for (int cb = 0; cb < 2; ++cb) {
            if (!AnyPairSees(shape, A[static_cast<size_t>(ca)],
                             B[static_cast<size_t>(cb)]))
              continue;
            const std::vector<int>& oa = A[static_cast<size_t>(1 - ca)];
            const std::vector<int>& ob = B[static_cast<size_t>(1 - cb)];
            const size_t before = ded.eliminations.size();
            for (int cell = 0; cell < shape.num_cells(); ++cell) {
              if (board.value(cell) != 0 || !board.candidates(cell).Contains(d))
                continue;
              const int cid = cl.cluster[static_cast<size_t>(cell)];
              if (cid == static_cast<int>(a) || cid == static_cast<int>(b))
                continue;
              if (SeesAny(shape, cell, oa) && SeesAny(shape, cell, ob))
                ded.eliminations.push_back({cell, d});
            }
            if (ded.eliminations.size() == before) continue;
            reasons.push_back(absl::StrCat(
                CellList(shape, A[static_cast<size_t>(ca)]), " see ",
                CellList(shape, B[static_cast<size_t>(cb)]), ", so ",
                CellList(shape, oa), " or ", CellList(shape, ob), " holds ",
                sym));
          }
        }
        Canonicalize(&ded.eliminations);
        if (ded.eliminations.empty()) continue;
        ded.technique = std::string(id());
        ded.rating = ChainRating(
            difficulty(),
            static_cast<int>(cl.cells[a].size() + cl.cells[b].size()));
        AddPattern(cl.cells[a], d, &ded);
        AddPattern(cl.cells[b], d, &ded);
        std::sort(ded.pattern_cells.begin(), ded.pattern_cells.end());
        std::string why;
        for (size_t r = 0; r < reasons.size(); ++r)
          why += (r == 0 ? "" : "; ") + reasons[r];
        ded.text = absl::StrCat("Multi-colouring on ", sym, ": ", why, " => ",
                                ChainEliminationText(shape, ded.eliminations));
        // The colour-sees-both part alone is also a step of its own
        // (HoDoKu's "Multi-Colors 2"); after the full one.
        Deduction only2;
        if (type2_count > 0 && type2_count < ded.eliminations.size()) {
          only2 = ded;
          only2.eliminations = type2;
          Canonicalize(&only2.eliminations);
          reasons.resize(type2_reasons);
          why.clear();
          for (size_t r = 0; r < reasons.size(); ++r)
            why += (r == 0 ? "" : "; ") + reasons[r];
          only2.text =
              absl::StrCat("Multi-colouring on ", sym, ": ", why, " => ",
                           ChainEliminationText(shape, only2.eliminations));
        }
        if (!emit(std::move(ded))) return;
        if (!only2.eliminations.empty() && !emit(std::move(only2))) return;
      }
    }
  }
}

}  // namespace sudoku
