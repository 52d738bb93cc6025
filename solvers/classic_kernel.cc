#include "solvers/classic_kernel.h"

#include <array>
#include <bit>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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
  // single[bits]: of each group of 3 bits (0-2, 3-5, 6-8), the bit when it
  // is the only one set in its group. For minirow masks the groups are the
  // band's rows, for column masks the stacks: a digit left with one
  // minirow in a row (one column in a box) must take it.
  std::array<uint16_t, 512> single{};
  // locked[j]: for minirow j (bit 3*row + box), the band cells outside the
  // minirow that share its row or its box.
  std::array<uint32_t, 9> locked{};
  // arrangements[minirows]: the permutation matrices inside the mask, as a
  // 6-bit set of indexes into perm_minirows.
  std::array<uint8_t, 512> arrangements{};
  std::array<uint8_t, 512> num_arrangements{};
  std::array<uint16_t, 6> perm_minirows{};

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
    for (int k = 0; k < 6; ++k) {
      const auto& p = kPerms[k];
      perm_minirows[static_cast<size_t>(k)] = static_cast<uint16_t>(
          (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2])));
    }
    for (int s = 0; s < 512; ++s) {
      int v = 0, set = 0;
      for (int k = 0; k < 6; ++k) {
        const int m = perm_minirows[static_cast<size_t>(k)];
        if ((s & m) == m) {
          v |= m;
          set |= 1 << k;
        }
      }
      arrangements[static_cast<size_t>(s)] = static_cast<uint8_t>(set);
      num_arrangements[static_cast<size_t>(s)] =
          static_cast<uint8_t>(std::popcount(static_cast<unsigned>(set)));
      viable[static_cast<size_t>(s)] = static_cast<uint16_t>(v);
      int one = 0;
      for (int g = 0; g < 9; g += 3) {
        const int group = (s >> g) & 7;
        if (group == 1 || group == 2 || group == 4) one |= group << g;
      }
      single[static_cast<size_t>(s)] = static_cast<uint16_t>(one);
    }
    for (int j = 0; j < 9; ++j) {
      const int r = j / 3, k = j % 3;
      uint32_t m = uint32_t{0x1FF} << (9 * r);
      for (int rr = 0; rr < 3; ++rr) m |= uint32_t{7} << (9 * rr + 3 * k);
      locked[static_cast<size_t>(j)] = m & ~(uint32_t{7} << (9 * r + 3 * k));
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

// The minirows (bit 3*row + box) of a band word that hold a candidate.
inline uint32_t Minirows(uint32_t a) {
  return kT.box_occupancy[a & 0x1FF] |
         (uint32_t{kT.box_occupancy[(a >> 9) & 0x1FF]} << 3) |
         (uint32_t{kT.box_occupancy[a >> 18]} << 6);
}

// Bit-sliced counter of 9-bit masks: at_least[k] has the bits seen in at
// least k+1 of the masks added so far (k = 0..3).
struct Counter4 {
  uint32_t at_least[4] = {0, 0, 0, 0};
  void Add(uint32_t m) {
    at_least[3] |= at_least[2] & m;
    at_least[2] |= at_least[1] & m;
    at_least[1] |= at_least[0] & m;
    at_least[0] |= m;
  }
};

}  // namespace

bool ClassicKernel::Update(State& s, int d, int b) {
  const int i = 3 * d + b;
  uint32_t a = s.f[i];
  const uint32_t viable = kT.viable[Minirows(a)];
  s.rows[i] = static_cast<uint16_t>(viable);
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
  return true;
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

// The words that changed since their last Update, one bit each (a loop the
// compiler turns into vector compares).
inline uint32_t ClassicKernel::Changed(const State& s) {
#if defined(__SSE2__)
  uint32_t same = 0;
  for (int k = 0; k < 7; ++k) {
    const __m128i a =
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.f + 4 * k));
    const __m128i b =
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.prev + 4 * k));
    same |= static_cast<uint32_t>(
                _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(a, b))))
            << (4 * k);
  }
  return ~same & ((uint32_t{1} << 27) - 1);
#else
  uint32_t m = 0;
  for (int i = 0; i < 27; ++i) m |= uint32_t{s.f[i] != s.prev[i]} << i;
  return m;
#endif
}

bool ClassicKernel::Propagate(State& s) {
  for (;;) {
    for (uint32_t changed = Changed(s); changed != 0; changed = Changed(s)) {
      do {
        const int i = std::countr_zero(changed);
        changed &= changed - 1;
        if (!Update(s, i / 3, i % 3)) return false;
        s.prev[i] = s.f[i];
      } while (changed != 0);
    }
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
      const uint32_t* w = s.f + 3 * d;
      // Per band position, whether one or two of the three bands have the
      // digit there; then the same over the three rows of a band.
      const uint32_t any = w[0] | w[1] | w[2];
      const uint32_t two = (w[0] & w[1]) | ((w[0] | w[1]) & w[2]);
      const uint32_t a0 = any & 0x1FF, a1 = (any >> 9) & 0x1FF, a2 = any >> 18;
      const uint32_t once = a0 | a1 | a2;
      const uint32_t twice = FoldColumns(two) | (a0 & a1) | ((a0 | a1) & a2);
      const uint32_t done =
          FoldColumns((w[0] & ~s.unsolved[0]) | (w[1] & ~s.unsolved[1]) |
                      (w[2] & ~s.unsolved[2]));
      // A digit missing from a column is a contradiction.
      if (once != 0x1FF) return false;
      uint32_t hidden = once & ~twice & ~done;
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
    bool narrowed = false;
    if (!StackAndTriads(s, narrowed)) return false;
    if (!narrowed) return true;
  }
}

bool ClassicKernel::StackAndTriads(State& s, bool& narrowed) {
  // Stack step and triads, one pass over the digits, last because they
  // rarely fire.
  //
  // Stack step, the band step turned sideways: in each stack a digit needs
  // one column per box and one box per column, so the 3x3 matrix (band x
  // column of the stack) must hold a permutation matrix. Clears the
  // columns of a box that no such placement uses (locked candidates
  // between boxes and columns).
  //
  // Triads: the 3 cells of a minirow (or minicolumn) hold 3 different
  // digits. So fewer than 3 possible digits is a contradiction; exactly 3
  // possible digits must all go there (each leaves the rest of its row
  // and box, or column and box); 3 digits that must go there (their only
  // minirow in that row, their only column in that box) leave no room
  // for the others, and 4 are a contradiction. Each rule that fires
  // clears at least one candidate, so Propagate ends. has[d] holds, per
  // band b at bit 18*b, the digit's minirows (bits 0-8, bit 3*row + box)
  // and minicolumns (bits 9-17, column c at 9+c); needs[d] those it must
  // take. arrangements_ keeps the pass's minirow and stack matrices for
  // Search.
  uint64_t has1 = 0, has2 = 0, has3 = 0, has4 = 0;
  uint64_t need1 = 0, need2 = 0, need3 = 0, need4 = 0;
  uint64_t has[9], needs[9];
  for (int d = 0; d < 9; ++d) {
    uint32_t* w = s.f + 3 * d;
    uint32_t c[3] = {FoldColumns(w[0]), FoldColumns(w[1]), FoldColumns(w[2])};
    uint32_t keep[3] = {0, 0, 0};
    for (int k = 0; k < 9; k += 3) {
      const uint32_t m = ((c[0] >> k) & 7) | (((c[1] >> k) & 7) << 3) |
                         (((c[2] >> k) & 7) << 6);
      arrangements_[d][3 + k / 3] = static_cast<uint16_t>(m);
      const uint32_t v = kT.viable[m];
      if (v == 0) return false;
      keep[0] |= (v & 7) << k;
      keep[1] |= ((v >> 3) & 7) << k;
      keep[2] |= ((v >> 6) & 7) << k;
    }
    if (keep[0] != c[0] || keep[1] != c[1] || keep[2] != c[2]) {
      for (int b = 0; b < 3; ++b) {
        w[b] &= keep[b] | (keep[b] << 9) | (keep[b] << 18);
        c[b] = keep[b];
      }
      narrowed = true;
    }
    uint64_t x = 0, n = 0;
    for (int b = 0; b < 3; ++b) {
      const uint32_t r = s.rows[3 * d + b];
      arrangements_[d][b] = static_cast<uint16_t>(r);
      x |= uint64_t{r | (c[b] << 9)} << (18 * b);
      n |= uint64_t{kT.single[r] | (uint32_t{kT.single[c[b]]} << 9)}
           << (18 * b);
    }
    has[d] = x;
    needs[d] = n;
    has4 |= has3 & x;
    has3 |= has2 & x;
    has2 |= has1 & x;
    has1 |= x;
    need4 |= need3 & n;
    need3 |= need2 & n;
    need2 |= need1 & n;
    need1 |= n;
  }
  if (narrowed) return true;
  constexpr uint64_t kAll = (uint64_t{1} << 54) - 1;
  if (has3 != kAll || need4 != 0) return false;
  const uint64_t three = has3 & ~has4 & ~need3;
  const uint64_t full = need3 & has4;
  if ((three | full) == 0) return true;
  narrowed = true;
  for (int d = 0; d < 9; ++d) {
    const uint64_t free = has[d] & ~needs[d];
    if ((free & (three | full)) == 0) continue;
    uint32_t* w = s.f + 3 * d;
    for (int b = 0; b < 3; ++b) {
      const auto t = static_cast<uint32_t>((three & free) >> (18 * b));
      const auto f = static_cast<uint32_t>((full & free) >> (18 * b));
      for (uint32_t m = t & 0x1FF; m != 0; m &= m - 1)
        w[b] &= ~kT.locked[static_cast<size_t>(std::countr_zero(m))];
      w[b] &= ~kT.cells[f & 0x1FF];
      for (uint32_t m = (t >> 9) & 0x1FF; m != 0; m &= m - 1) {
        const int col = std::countr_zero(m);
        const uint32_t others =
            (uint32_t{7} << (col - col % 3)) & ~(uint32_t{1} << col);
        w[b] &= ~(others | (others << 9) | (others << 18));
        for (int bb = 0; bb < 3; ++bb)
          if (bb != b) w[bb] &= ~kT.column[static_cast<size_t>(col)];
      }
      const uint32_t fc = (f >> 9) & 0x1FF;
      w[b] &= ~(fc | (fc << 9) | (fc << 18));
    }
  }
  return true;
}

void ClassicKernel::RecordSolution(const State& s) {
  if (count_.num_solutions < 2) {
    uint8_t* out = solutions_[count_.num_solutions];
    for (int d = 0; d < 9; ++d)
      for (int b = 0; b < 3; ++b)
        for (uint32_t m = s.f[3 * d + b]; m != 0; m &= m - 1)
          out[27 * b + std::countr_zero(m)] = static_cast<uint8_t>(d + 1);
  }
  count_.AddSolution();
}

bool ClassicKernel::BranchOnArrangement(State& s) {
  // Among the bands and stacks with a digit that has exactly two
  // arrangements left, the one with the fewest arrangements in total; the
  // branches are that digit's two arrangements. arrangements_ is up to
  // date: Propagate has just returned true without solving the grid.
  int best_total = 1 << 30, best = -1, best_d = -1;
  for (int k = 0; k < 6; ++k) {
    int total = 0, two = -1;
    for (int d = 0; d < 9; ++d) {
      const int n = kT.num_arrangements[arrangements_[d][k]];
      total += n;
      if (n == 2 && two < 0) two = d;
    }
    if (two >= 0 && total < best_total) {
      best_total = total;
      best = k;
      best_d = two;
    }
  }
  if (best < 0) return false;
  const int d = best_d;
  uint32_t keep[2][3];
  uint32_t set = kT.arrangements[arrangements_[d][best]];
  for (int k = 0; k < 2; ++k, set &= set - 1) {
    const uint32_t pm =
        kT.perm_minirows[static_cast<size_t>(std::countr_zero(set))];
    if (best < 3) {
      for (int bb = 0; bb < 3; ++bb) keep[k][bb] = kBandMask;
      keep[k][best] = kT.cells[pm];
    } else {
      const int st = best - 3;
      for (int bb = 0; bb < 3; ++bb) {
        const uint32_t c = (~(uint32_t{7} << (3 * st)) |
                            (((pm >> (3 * bb)) & 7) << (3 * st))) &
                           0x1FF;
        keep[k][bb] = c | (c << 9) | (c << 18);
      }
    }
  }
  for (int k = 0; k < 2; ++k) {
    if (k > 0) ++count_.guesses;
    if (!count_.EnterNode()) return true;
    if (k == 0) {
      State child = s;
      for (int bb = 0; bb < 3; ++bb) child.f[3 * d + bb] &= keep[0][bb];
      if (Propagate(child)) Search(child);
      if (count_.stop) return true;
    } else {
      for (int bb = 0; bb < 3; ++bb) s.f[3 * d + bb] &= keep[1][bb];
      if (Propagate(s)) Search(s);
    }
  }
  return true;
}

void ClassicKernel::Search(State& s) {
  if ((s.unsolved[0] | s.unsolved[1] | s.unsolved[2]) == 0) {
    RecordSolution(s);
    return;
  }
  if (BranchOnArrangement(s)) return;
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
    if (k > 0) ++count_.guesses;
    if (!count_.EnterNode()) return;
    if (k + 1 < count) {
      State child = s;
      Place(child, digits[k], cell);
      if (Propagate(child)) Search(child);
      if (count_.stop) return;
    } else {
      Place(s, digits[k], cell);
      if (Propagate(s)) Search(s);
    }
  }
}

bool ClassicKernel::HasSolutionDifferingAt(const Grid& puzzle,
                                           const Grid& solution,
                                           const int* cells, int num_cells) {
  count_.Reset({.max_solutions = 1, .max_nodes = 0},
               /*first_nodes=*/1);
  State base;
  for (int i = 0; i < 28; ++i) {
    base.f[i] = i < 27 ? kBandMask : 0;
    base.prev[i] = 0;
    base.rows[i] = 0;
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
    if (count_.num_solutions > 0) return true;
    Place(base, d, cell);
  }
  return false;
}

SolveResult ClassicKernel::Run(const Grid& puzzle, const SolveLimits& limits) {
  count_.Reset(limits, /*first_nodes=*/1);
  State s;
  for (int i = 0; i < 28; ++i) {
    s.f[i] = i < 27 ? kBandMask : 0;
    s.prev[i] = 0;
    s.rows[i] = 0;
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
  count_.Fill(result);
  for (int k = 0; k < count_.num_solutions && k < 2; ++k) {
    Grid g(puzzle.shape());
    for (int cell = 0; cell < 81; ++cell) g.set(cell, solutions_[k][cell]);
    result.solutions.push_back(std::move(g));
  }
  return result;
}

}  // namespace sudoku
