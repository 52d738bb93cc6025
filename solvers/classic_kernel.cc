#include "solvers/classic_kernel.h"

#include <array>
#include <bit>

#include "core/bits.h"

namespace sudoku {
namespace {

constexpr uint32_t kBandMask = (uint32_t{1} << 27) - 1;

// A "minirow" is the 3 cells where one row of a band meets one box. The 9
// minirows of a band form a 3x3 matrix, bit 3*row + box of a 9-bit mask.
struct Tables {
  // box_occupancy[row bits]: bit k when box k's third of the row is set.
  std::array<uint8_t, 512> box_occupancy{};
  // viable[minirows]: the union of the permutation matrices (one minirow per
  // row and per box) inside the mask; 0 when there is none.
  std::array<uint16_t, 512> viable{};
  // cells[minirows]: the 27-bit cell mask of the minirows.
  std::array<uint32_t, 512> cells{};
  // Cells of a band in column c (one per row).
  std::array<uint32_t, 9> column{};
  // Row and box peers of a band position inside the band.
  std::array<uint32_t, 27> band_peers{};

  constexpr Tables() {
    for (int bits = 0; bits < 512; ++bits) {
      int occ = 0;
      for (int k = 0; k < 3; ++k)
        if ((bits >> (3 * k)) & 7) occ |= 1 << k;
      box_occupancy[static_cast<size_t>(bits)] = static_cast<uint8_t>(occ);
      uint32_t m = 0;
      for (int i = 0; i < 9; ++i)
        if ((bits >> i) & 1) m |= uint32_t{7} << (9 * (i / 3) + 3 * (i % 3));
      cells[static_cast<size_t>(bits)] = m;
    }
    constexpr int kPerms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                  {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int s = 0; s < 512; ++s) {
      int v = 0;
      for (const auto& p : kPerms) {
        const int m = (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]));
        if ((s & m) == m) v |= m;
      }
      viable[static_cast<size_t>(s)] = static_cast<uint16_t>(v);
    }
    for (int c = 0; c < 9; ++c)
      column[static_cast<size_t>(c)] = (uint32_t{1} << c) |
                                       (uint32_t{1} << (c + 9)) |
                                       (uint32_t{1} << (c + 18));
    for (int p = 0; p < 27; ++p) {
      const int r = p / 9, c = p % 9;
      uint32_t m = uint32_t{0x1FF} << (9 * r);
      for (int rr = 0; rr < 3; ++rr) m |= uint32_t{7} << (9 * rr + 3 * (c / 3));
      band_peers[static_cast<size_t>(p)] = m & ~(uint32_t{1} << p);
    }
  }
};

constexpr Tables kT;

inline uint32_t FoldColumns(uint32_t a) {
  return (a | (a >> 9) | (a >> 18)) & 0x1FF;
}

}  // namespace

bool ClassicKernel::Update(State& s, int d, int b) {
  const int i = 3 * d + b;
  uint32_t a = s.f[i];
  const uint32_t occ = kT.box_occupancy[a & 0x1FF] |
                       (uint32_t{kT.box_occupancy[(a >> 9) & 0x1FF]} << 3) |
                       (uint32_t{kT.box_occupancy[a >> 18]} << 6);
  const uint32_t viable = kT.viable[occ];
  if (viable == 0) return false;
  a &= kT.cells[viable];
  // A row with one cell left places the digit there (a hidden single).
  const uint32_t r0 = a & 0x1FF, r1 = (a >> 9) & 0x1FF, r2 = a >> 18;
  uint32_t single = ((r0 & (r0 - 1)) == 0 ? r0 : 0) |
                    ((r1 & (r1 - 1)) == 0 ? r1 << 9 : 0) |
                    ((r2 & (r2 - 1)) == 0 ? r2 << 18 : 0);
  single &= s.unsolved[b];
  if (single != 0) {
    s.unsolved[b] &= ~single;
    for (int e = b; e < 27; e += 3) s.f[e] &= ~single;
    const uint32_t cols = FoldColumns(single);
    const uint32_t col_cells = cols | (cols << 9) | (cols << 18);
    for (int bb = 0; bb < 3; ++bb)
      if (bb != b) s.f[3 * d + bb] &= ~col_cells;
  }
  s.f[i] = a;
  return (FoldColumns(s.f[3 * d]) | FoldColumns(s.f[3 * d + 1]) |
          FoldColumns(s.f[3 * d + 2])) == 0x1FF;
}

void ClassicKernel::Place(State& s, int d, int cell) {
  const int b = cell / 27, p = cell % 27;
  const uint32_t bit = uint32_t{1} << p;
  for (int e = b; e < 27; e += 3) s.f[e] &= ~bit;
  s.f[3 * d + b] |= bit;
  s.f[3 * d + b] &= ~kT.band_peers[static_cast<size_t>(p)];
  const uint32_t col = kT.column[static_cast<size_t>(p % 9)];
  for (int bb = 0; bb < 3; ++bb)
    if (bb != b) s.f[3 * d + bb] &= ~col;
}

bool ClassicKernel::Propagate(State& s) {
  for (;;) {
    bool changed;
    do {
      changed = false;
      for (int d = 0; d < 9; ++d) {
        for (int b = 0; b < 3; ++b) {
          const int i = 3 * d + b;
          if (s.f[i] == s.prev[i]) continue;
          if (!Update(s, d, b)) return false;
          s.prev[i] = s.f[i];
          changed = true;
        }
      }
    } while (changed);
    if ((s.unsolved[0] | s.unsolved[1] | s.unsolved[2]) == 0) return true;
    // Naked singles, with bit-sliced counters over the digits of a band.
    bool placed = false;
    for (int b = 0; b < 3; ++b) {
      const uint32_t u = s.unsolved[b];
      if (u == 0) continue;
      uint32_t once = 0, twice = 0;
      for (int d = 0; d < 9; ++d) {
        const uint32_t x = s.f[3 * d + b];
        twice |= once & x;
        once |= x;
      }
      if ((u & ~once) != 0) return false;
      uint32_t singles = once & ~twice & u;
      while (singles != 0) {
        const int p = std::countr_zero(singles);
        singles &= singles - 1;
        const uint32_t bit = uint32_t{1} << p;
        for (int d = 0; d < 9; ++d) {
          if (s.f[3 * d + b] & bit) {
            Place(s, d, 27 * b + p);
            break;
          }
        }
        placed = true;
      }
    }
    if (placed) continue;
    // Hidden singles in columns (rows and boxes are covered by Update):
    // bit-sliced counters over the 9 rows of a digit, minus the columns
    // where the digit is already placed.
    for (int d = 0; d < 9; ++d) {
      uint32_t once = 0, twice = 0, done = 0;
      for (int b = 0; b < 3; ++b) {
        const uint32_t w = s.f[3 * d + b];
        done |= w & ~s.unsolved[b];
        for (int r = 0; r < 27; r += 9) {
          const uint32_t x = (w >> r) & 0x1FF;
          twice |= once & x;
          once |= x;
        }
      }
      uint32_t hidden = once & ~twice & ~FoldColumns(done);
      while (hidden != 0) {
        const int c = std::countr_zero(hidden);
        hidden &= hidden - 1;
        const uint32_t col = kT.column[static_cast<size_t>(c)];
        int b = 0;
        while (b < 3 && (s.f[3 * d + b] & col) == 0) ++b;
        // An earlier placement in this pass took the cell's row or box.
        if (b == 3) return false;
        Place(s, d, 27 * b + std::countr_zero(s.f[3 * d + b] & col));
        placed = true;
      }
    }
    if (placed) continue;
    // Stack step, the band step turned sideways, last because it rarely
    // fires: in each stack a digit needs one column per box and one box per
    // column, so the 3x3 matrix (band x column of the stack) must hold a
    // permutation matrix. Clears the columns of a box that no such
    // placement uses (locked candidates between boxes and columns).
    bool narrowed = false;
    for (int d = 0; d < 9; ++d) {
      uint32_t* w = s.f + 3 * d;
      const uint32_t c0 = FoldColumns(w[0]), c1 = FoldColumns(w[1]),
                     c2 = FoldColumns(w[2]);
      uint32_t keep0 = 0, keep1 = 0, keep2 = 0;
      for (int k = 0; k < 9; k += 3) {
        const uint32_t m =
            ((c0 >> k) & 7) | (((c1 >> k) & 7) << 3) | (((c2 >> k) & 7) << 6);
        const uint32_t v = kT.viable[m];
        if (v == 0) return false;
        keep0 |= (v & 7) << k;
        keep1 |= ((v >> 3) & 7) << k;
        keep2 |= ((v >> 6) & 7) << k;
      }
      if (keep0 == c0 && keep1 == c1 && keep2 == c2) continue;
      w[0] &= keep0 | (keep0 << 9) | (keep0 << 18);
      w[1] &= keep1 | (keep1 << 9) | (keep1 << 18);
      w[2] &= keep2 | (keep2 << 9) | (keep2 << 18);
      narrowed = true;
    }
    if (!narrowed) return true;
  }
}

void ClassicKernel::RecordSolution(const State& s) {
  if (num_solutions_ < 2) {
    uint8_t* out = solutions_[num_solutions_];
    for (int d = 0; d < 9; ++d)
      for (int b = 0; b < 3; ++b)
        for (uint32_t m = s.f[3 * d + b]; m != 0; m &= m - 1)
          out[27 * b + std::countr_zero(m)] = static_cast<uint8_t>(d + 1);
  }
  ++num_solutions_;
  if (max_solutions_ > 0 && num_solutions_ >= max_solutions_) stop_ = true;
}

void ClassicKernel::Search(State& s) {
  if ((s.unsolved[0] | s.unsolved[1] | s.unsolved[2]) == 0) {
    RecordSolution(s);
    return;
  }
  // Branch on a cell with two candidates if any, else the fewest.
  // Among cells with two candidates, the one with the most unplaced peers:
  // its guess propagates furthest.
  int cell = -1;
  int best_score = -1;
  for (int b = 0; b < 3; ++b) {
    const uint32_t u = s.unsolved[b];
    if (u == 0) continue;
    uint32_t once = 0, twice = 0, thrice = 0;
    for (int d = 0; d < 9; ++d) {
      const uint32_t x = s.f[3 * d + b];
      thrice |= twice & x;
      twice |= once & x;
      once |= x;
    }
    for (uint32_t pairs = twice & ~thrice & u; pairs != 0; pairs &= pairs - 1) {
      const int p = std::countr_zero(pairs);
      const uint32_t col = kT.column[static_cast<size_t>(p % 9)];
      const int score =
          Popcount(u & kT.band_peers[static_cast<size_t>(p)]) +
          Popcount((s.unsolved[0] & col) | ((s.unsolved[1] & col) << 1) |
                   ((s.unsolved[2] & col) << 2));
      if (score > best_score) {
        best_score = score;
        cell = 27 * b + p;
      }
    }
  }
  if (cell < 0) {
    int best = 10;
    for (int b = 0; b < 3; ++b) {
      for (uint32_t u = s.unsolved[b]; u != 0; u &= u - 1) {
        const uint32_t bit = u & (0 - u);
        int k = 0;
        for (int d = 0; d < 9; ++d) k += (s.f[3 * d + b] & bit) != 0;
        if (k < best) {
          best = k;
          cell = 27 * b + std::countr_zero(u);
        }
      }
    }
  }
  const int b = cell / 27;
  const uint32_t bit = uint32_t{1} << (cell % 27);
  int digits[9];
  int count = 0;
  for (int d = 0; d < 9; ++d)
    if (s.f[3 * d + b] & bit) digits[count++] = d;
  for (int k = 0; k < count; ++k) {
    if (k > 0) ++guesses_;
    if (max_nodes_ > 0 && nodes_ >= max_nodes_) {
      limit_hit_ = stop_ = true;
      return;
    }
    ++nodes_;
    if (k + 1 < count) {
      State child = s;
      Place(child, digits[k], cell);
      if (Propagate(child)) Search(child);
      if (stop_) return;
    } else {
      Place(s, digits[k], cell);
      if (Propagate(s)) Search(s);
    }
  }
}

bool ClassicKernel::HasSolutionDifferingAt(const Grid& puzzle,
                                           const Grid& solution,
                                           const int* cells, int num_cells) {
  max_solutions_ = 1;
  max_nodes_ = 0;
  num_solutions_ = 0;
  nodes_ = 1;
  guesses_ = 0;
  limit_hit_ = stop_ = false;
  State base;
  for (int i = 0; i < 27; ++i) {
    base.f[i] = kBandMask;
    base.prev[i] = 0;
  }
  for (int b = 0; b < 3; ++b) base.unsolved[b] = kBandMask;
  for (int cell = 0; cell < 81; ++cell) {
    const int d = puzzle[cell] - 1;
    if (d >= 0) Place(base, d, cell);
  }
  for (int k = 0; k < num_cells; ++k) {
    const int cell = cells[k];
    const int d = solution[cell] - 1;
    State s = base;
    s.f[3 * d + cell / 27] &= ~(uint32_t{1} << (cell % 27));
    if (Propagate(s)) Search(s);
    if (num_solutions_ > 0) return true;
    Place(base, d, cell);
  }
  return false;
}

SolveResult ClassicKernel::Run(const Grid& puzzle, const SolveLimits& limits) {
  max_solutions_ = limits.max_solutions;
  max_nodes_ = limits.max_nodes;
  num_solutions_ = 0;
  nodes_ = 1;
  guesses_ = 0;
  limit_hit_ = stop_ = false;
  State s;
  for (int i = 0; i < 27; ++i) {
    s.f[i] = kBandMask;
    s.prev[i] = 0;
  }
  for (int b = 0; b < 3; ++b) s.unsolved[b] = kBandMask;
  bool ok = true;
  for (int cell = 0; cell < 81 && ok; ++cell) {
    const int d = puzzle[cell] - 1;
    if (d < 0) continue;
    if ((s.f[3 * d + cell / 27] & (uint32_t{1} << (cell % 27))) == 0) {
      ok = false;
    } else {
      Place(s, d, cell);
    }
  }
  if (ok && Propagate(s)) Search(s);
  SolveResult result;
  result.num_solutions = num_solutions_;
  result.limit_hit = limit_hit_;
  result.nodes = nodes_;
  result.guesses = guesses_;
  for (int k = 0; k < num_solutions_ && k < 2; ++k) {
    Grid g(puzzle.shape());
    for (int cell = 0; cell < 81; ++cell) g.set(cell, solutions_[k][cell]);
    result.solutions.push_back(std::move(g));
  }
  return result;
}

}  // namespace sudoku
