// Wings.
//
// XY-Wing: pivot P = {x,y}; pincer A = {x,z} and B = {y,z} both see P. If P
// is x, A is z; if P is y, B is z. Either way a cell seeing A and B is not z.
//
//   P{x,y} . . A{x,z}        A and B need not see each other;
//   .                        the cell at B's row / A's column
//   B{y,z} . . [z gone]      sees both and loses z.
//
// XYZ-Wing: P = {x,y,z}, A = {x,z}, B = {y,z}: one of P, A, B is z, so
// only cells seeing all three lose z (they lie in P's box-line overlap).
//
// W-Wing: cells U, V both {x,y}, not peers; a unit where x has exactly two
// places S, T with S seeing U and T seeing V (S, T not U, V). If U is not y
// it is x, so S is not x, so T is x, so V is not x: V is y. One of U, V is
// y; cells seeing both lose y.
//
// Names: XY-Wing and XYZ-Wing from the Sudoku Players' Forum (SE uses
// them; 4.2, 4.4); W-Wing from the same forum (2007). Cost: XY/XYZ
// O(C * P^2) over bivalue/trivalue pivots C and their P peers; W-Wing
// O(B^2 * L) over bivalue cells B and strong links L.
#include "deduction/wings.h"

#include <bit>

#include "absl/strings/str_cat.h"

namespace sudoku {

void XyWing::Scan(const Board& board, const UnitIndex& /*index*/,
                  DeductionSink emit) const {
  const Shape& shape = board.shape();
  std::vector<int> pincers;
  for (int pivot = 0; pivot < shape.num_cells(); ++pivot) {
    if (board.value(pivot) != 0) continue;
    const CandidateSet pc = board.candidates(pivot);
    if (pc.Count() != (xyz_ ? 3 : 2)) continue;
    pincers.clear();
    for (int peer : shape.peers(pivot)) {
      if (board.value(peer) != 0) continue;
      const CandidateSet c = board.candidates(peer);
      if (c.Count() != 2) continue;
      if (xyz_ ? (c & pc) == c : (c & pc).Count() == 1) pincers.push_back(peer);
    }
    for (size_t i = 0; i < pincers.size(); ++i) {
      for (size_t j = i + 1; j < pincers.size(); ++j) {
        const int a = pincers[i], b = pincers[j];
        const CandidateSet ca = board.candidates(a), cb = board.candidates(b);
        if (ca == cb) continue;
        const CandidateSet common = ca & cb;
        if (common.Count() != 1) continue;
        const int z = common.Single();
        if (!xyz_) {
          // A = {x,z}, B = {y,z}, P = {x,y}: z not in P, x != y.
          if (pc.Contains(z)) continue;
          if ((ca | cb).Without(common) != pc) continue;
        } else if ((ca | cb) != pc) {
          continue;
        }
        Deduction ded;
        for (int cell : shape.peers(a)) {
          if (cell == b || cell == pivot || !shape.SeesEachOther(cell, b))
            continue;
          if (xyz_ && !shape.SeesEachOther(cell, pivot)) continue;
          if (board.value(cell) == 0 && board.candidates(cell).Contains(z))
            ded.eliminations.push_back({cell, z});
        }
        if (ded.eliminations.empty()) continue;
        ded.technique = std::string(id());
        ded.rating = difficulty();
        ded.pattern_cells = {pivot, a, b};
        for (int cell : ded.pattern_cells)
          for (int d : board.candidates(cell))
            ded.pattern_candidates.push_back({cell, d});
        ded.text =
            absl::StrCat(name(), ": pivot ", shape.CellName(pivot), " ",
                         DigitList(shape, pc), " with pincers ",
                         shape.CellName(a), " ", DigitList(shape, ca), " and ",
                         shape.CellName(b), " ", DigitList(shape, cb), ": ",
                         DescribeEliminations(shape, ded.eliminations));
        if (!emit(std::move(ded))) return;
      }
    }
  }
}

void WWing::Scan(const Board& board, const UnitIndex& index,
                 DeductionSink emit) const {
  const Shape& shape = board.shape();
  const int n = shape.size();
  std::vector<int> bivalue;
  for (int cell = 0; cell < shape.num_cells(); ++cell)
    if (board.value(cell) == 0 && board.candidates(cell).Count() == 2)
      bivalue.push_back(cell);
  for (size_t i = 0; i < bivalue.size(); ++i) {
    for (size_t j = i + 1; j < bivalue.size(); ++j) {
      const int u = bivalue[i], v = bivalue[j];
      const CandidateSet cu = board.candidates(u);
      if (cu != board.candidates(v) || shape.SeesEachOther(u, v)) continue;
      for (int x : cu) {
        CandidateSet rest = cu;
        rest.Erase(x);
        const int y = rest.Single();
        for (int lu = 0; lu < 3 * n; ++lu) {
          const uint32_t w = index.where(lu, x);
          if (std::popcount(w) != 2) continue;
          const int s0 = index.CellAt(lu, std::countr_zero(w));
          const int s1 = index.CellAt(lu, std::countr_zero(w & (w - 1)));
          if (s0 == u || s0 == v || s1 == u || s1 == v) continue;
          int s = -1, t = -1;
          if (shape.SeesEachOther(s0, u) && shape.SeesEachOther(s1, v)) {
            s = s0;
            t = s1;
          } else if (shape.SeesEachOther(s1, u) && shape.SeesEachOther(s0, v)) {
            s = s1;
            t = s0;
          } else {
            continue;
          }
          Deduction ded;
          for (int cell : shape.peers(u)) {
            if (cell == v || !shape.SeesEachOther(cell, v)) continue;
            if (board.value(cell) == 0 && board.candidates(cell).Contains(y))
              ded.eliminations.push_back({cell, y});
          }
          if (ded.eliminations.empty()) continue;
          ded.technique = std::string(id());
          ded.rating = difficulty();
          ded.pattern_cells = {u, v, s, t};
          ded.pattern_candidates = {{u, x}, {u, y}, {v, x},
                                    {v, y}, {s, x}, {t, x}};
          ded.pattern_units = {lu};
          ded.text = absl::StrCat(
              "W-Wing: ", shape.CellName(u), " and ", shape.CellName(v), " ",
              DigitList(shape, cu), " joined by the strong link ",
              shape.CellName(s), "=", shape.CellName(t), " on ",
              std::string(1, shape.Symbol(x)), " (", shape.UnitName(lu),
              "): ", DescribeEliminations(shape, ded.eliminations));
          if (!emit(std::move(ded))) return;
        }
      }
    }
  }
}

}  // namespace sudoku
