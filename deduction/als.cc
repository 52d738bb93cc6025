// ALS-XZ (see als.h). Cell sets are 640-bit masks (N <= 25), so "sees every
// x of A" is one AND against a precomputed common-peer mask.
#include "deduction/als.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "deduction/chains.h"
#include "deduction/util.h"

namespace sudoku {
namespace {

struct CellBits {
  std::array<uint64_t, 10> w{};
  void Set(int c) { w[static_cast<size_t>(c >> 6)] |= uint64_t{1} << (c & 63); }
  bool Has(int c) const {
    return (w[static_cast<size_t>(c >> 6)] >> (c & 63)) & 1u;
  }
  CellBits operator&(const CellBits& o) const {
    CellBits r;
    for (size_t i = 0; i < w.size(); ++i) r.w[i] = w[i] & o.w[i];
    return r;
  }
  bool Intersects(const CellBits& o) const {
    for (size_t i = 0; i < w.size(); ++i)
      if (w[i] & o.w[i]) return true;
    return false;
  }
  bool SubsetOf(const CellBits& o) const {
    for (size_t i = 0; i < w.size(); ++i)
      if (w[i] & ~o.w[i]) return false;
    return true;
  }
  static CellBits All() {
    CellBits r;
    r.w.fill(~uint64_t{0});
    return r;
  }
};

struct Als {
  std::vector<int> cells;
  CellBits cell_bits;
  CandidateSet digits;
  // Per digit (index d-1): cells of the set holding it, and the cells
  // (outside the set) that see all of them.
  std::vector<CellBits> with, sees;
};

void Enumerate(const Board& board, const std::vector<int>& empty, size_t from,
               int max_cells, std::vector<int>* cur, CandidateSet digits,
               std::set<std::vector<int>>* seen, std::vector<Als>* out) {
  for (size_t i = from; i < empty.size(); ++i) {
    const CandidateSet u = digits | board.candidates(empty[i]);
    const int size = static_cast<int>(cur->size()) + 1;
    if (u.Count() > max_cells + 1) continue;
    cur->push_back(empty[i]);
    if (u.Count() == size + 1) {
      std::vector<int> sorted = *cur;
      std::sort(sorted.begin(), sorted.end());
      if (seen->insert(sorted).second) {
        Als a;
        a.cells = sorted;
        a.digits = u;
        out->push_back(std::move(a));
      }
    }
    if (size < max_cells)
      Enumerate(board, empty, i + 1, max_cells, cur, u, seen, out);
    cur->pop_back();
  }
}

std::string AlsName(const Shape& shape, const Als& a) {
  return absl::StrCat(CellList(shape, a.cells), " ",
                      DigitList(shape, a.digits));
}

}  // namespace

std::optional<Deduction> AlsXz::Find(const Board& board) const {
  std::vector<Deduction> all;
  FindAll(board, &all);
  return LowestRated(std::move(all));
}

void AlsXz::Scan(const Board& board, const UnitIndex& /*index*/,
                 DeductionSink emit) const {
  const Shape& shape = board.shape();
  const int n = shape.size();
  const int max_cells = n <= 9 ? kMaxAlsCells : 4;
  std::vector<Als> sets;
  std::set<std::vector<int>> seen;
  std::vector<int> empty, cur;
  for (int u = 0; u < 3 * n; ++u) {
    empty.clear();
    for (int cell : shape.unit(u))
      if (board.value(cell) == 0) empty.push_back(cell);
    const int limit = std::min(max_cells, static_cast<int>(empty.size()) - 1);
    if (limit < 1) continue;
    Enumerate(board, empty, 0, limit, &cur, CandidateSet(), &seen, &sets);
  }
  std::vector<CellBits> peers(static_cast<size_t>(shape.num_cells()));
  for (int c = 0; c < shape.num_cells(); ++c)
    for (int p : shape.peers(c)) peers[static_cast<size_t>(c)].Set(p);
  for (Als& a : sets) {
    for (int c : a.cells) a.cell_bits.Set(c);
    a.with.assign(static_cast<size_t>(n), CellBits());
    a.sees.assign(static_cast<size_t>(n), CellBits());
    for (int d : a.digits) {
      CellBits w, s = CellBits::All();
      for (int c : a.cells) {
        if (!board.candidates(c).Contains(d)) continue;
        w.Set(c);
        s = s & peers[static_cast<size_t>(c)];
      }
      a.with[static_cast<size_t>(d - 1)] = w;
      a.sees[static_cast<size_t>(d - 1)] = s;
    }
  }
  auto holders = [&](const CellBits& mask, int d, std::vector<CellDigit>* out) {
    for (int c = 0; c < shape.num_cells(); ++c)
      if (mask.Has(c) && board.value(c) == 0 && board.candidates(c).Contains(d))
        out->push_back({c, d});
  };
  for (size_t i = 0; i < sets.size(); ++i) {
    const Als& a = sets[i];
    for (size_t j = i + 1; j < sets.size(); ++j) {
      const Als& b = sets[j];
      const CandidateSet common = a.digits & b.digits;
      if (common.Count() < 2) continue;
      if (a.cell_bits.Intersects(b.cell_bits)) continue;
      std::vector<int> rcc;
      for (int x : common) {
        const size_t k = static_cast<size_t>(x - 1);
        if (a.with[k].SubsetOf(b.sees[k])) rcc.push_back(x);
      }
      if (rcc.empty() || rcc.size() > 2) continue;
      Deduction d;
      if (rcc.size() == 1) {
        for (int z : common) {
          if (z == rcc[0]) continue;
          const size_t k = static_cast<size_t>(z - 1);
          holders(a.sees[k] & b.sees[k], z, &d.eliminations);
        }
      } else {
        for (const Als* s : {&a, &b}) {
          for (int z : s->digits) {
            const size_t k = static_cast<size_t>(z - 1);
            if (z == rcc[0] || z == rcc[1]) {
              if (s == &a) holders(a.sees[k] & b.sees[k], z, &d.eliminations);
              continue;
            }
            CellBits outside = s->sees[k];
            holders(outside, z, &d.eliminations);
          }
        }
        Canonicalize(&d.eliminations);
      }
      if (d.eliminations.empty()) continue;
      Canonicalize(&d.eliminations);
      d.technique = std::string(id());
      d.rating = ChainRating(
          difficulty(), static_cast<int>(a.cells.size() + b.cells.size()) + 2);
      for (const Als* s : {&a, &b})
        for (int c : s->cells) {
          d.pattern_cells.push_back(c);
          for (int dg : board.candidates(c))
            d.pattern_candidates.push_back({c, dg});
        }
      std::sort(d.pattern_cells.begin(), d.pattern_cells.end());
      std::string links;
      for (size_t r = 0; r < rcc.size(); ++r) {
        if (r > 0) links += ",";
        links += shape.Symbol(rcc[r]);
      }
      d.text =
          absl::StrCat(name(), rcc.size() == 2 ? " (doubly linked)" : "",
                       ": A = ", AlsName(shape, a), ", B = ", AlsName(shape, b),
                       ", restricted common ", links, " => ",
                       ChainEliminationText(shape, d.eliminations));
      if (!emit(std::move(d))) return;
    }
  }
}

}  // namespace sudoku
