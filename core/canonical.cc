// Minlex canonical form: a breadth-first search over partial
// transformations, one output row per level, pruned to the minimal prefix.
//
// A partial transformation ("candidate") after k output rows fixes
//   * the orientation (given or transposed),
//   * which original rows became output rows 0..k-1 (and so the order of the
//     bands started so far),
//   * the stack order (enumerated up front: r! orders, r <= 5),
//   * an ORDERED PARTITION of the columns: output positions grouped in
//     cells; columns in one cell are still interchangeable, because every
//     row placed so far holds the same value (0) in all of them,
//   * the digit relabelling for every digit seen so far.
//
//     output columns:  | 0 1 2 | 3 4 5 | 6 7 8 |     stacks (fixed order)
//     cells after row: | 0 0 | a | b | 0 0 0 | c |   (bars = cell starts)
//
// For a candidate and a row, the lexicographically smallest row string is
// forced: inside each cell the values go zeros first, then already-labelled
// digits in label order, then new digits, which receive the next labels in
// order of appearance (all larger than every label in use). The only real
// choice is which original new digit goes where inside one cell, so that is
// where the search branches (k! ways for k new digits in one cell). All
// candidates whose row equals the best row of the level survive; the rows
// chosen at each level, read together, are the minlex grid.
//
// Cost: a 17-clue 9x9 puzzle keeps tens of candidates per level. Ties from
// automorphisms or empty rows multiply the count; CanonicalOptions bounds it.
#include "core/canonical.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/format.h"
#include "core/status_macros.h"

namespace sudoku {
namespace {

constexpr int kMaxN = kMaxDigits;

struct Candidate {
  uint32_t used_rows;           // bit per original row already placed
  uint32_t cell_starts;         // bit p: output column p starts a cell
  uint8_t orientation;          // 0 = as given, 1 = transposed
  uint8_t band;                 // original band of the current output band
  uint8_t next_label;           // smallest label not yet given
  uint8_t col_order[kMaxN];     // output column -> original column
  uint8_t label_of[kMaxN + 1];  // original digit -> label (0 = none yet)
};

class Canonicalizer {
 public:
  Canonicalizer(const Grid& grid, const CanonicalOptions& options)
      : shape_(grid.shape()),
        n_(shape_.size()),
        r_(shape_.box_rows()),
        c_(shape_.box_cols()),
        options_(options) {
    const auto cells = static_cast<size_t>(shape_.num_cells());
    oriented_[0].assign(grid.cells().begin(), grid.cells().end());
    if (r_ == c_) {
      oriented_[1].resize(cells);
      for (int row = 0; row < n_; ++row) {
        for (int col = 0; col < n_; ++col) {
          oriented_[1][static_cast<size_t>(col * n_ + row)] =
              grid.cells()[static_cast<size_t>(row * n_ + col)];
        }
      }
    }
  }

  absl::StatusOr<Grid> Run() {
    std::vector<Candidate> current;
    std::vector<Candidate> next;
    SeedCandidates(&current);
    Grid out(shape_);
    std::array<uint8_t, kMaxN> best{};
    std::array<uint8_t, kMaxN> row_values{};
    for (int level = 0; level < n_; ++level) {
      next.clear();
      bool has_best = false;
      const bool band_start = level % r_ == 0;
      for (const Candidate& cand : current) {
        for (int row = 0; row < n_; ++row) {
          if (cand.used_rows & (1u << row)) continue;
          if (!band_start && row / r_ != cand.band) continue;
          const int cmp =
              Evaluate(cand, row, has_best ? best.data() : nullptr,
                       row_values.data());
          if (cmp > 0) continue;
          if (cmp < 0) {
            best = row_values;
            has_best = true;
            next.clear();
          }
          Extend(cand, row, band_start, &next);
          if (static_cast<int64_t>(next.size()) > options_.max_candidates) {
            return absl::ResourceExhaustedError(absl::StrCat(
                "canonical form: more than ", options_.max_candidates,
                " tied partial transformations at row ", level + 1, " of a ",
                shape_.name(), " grid with ",
                std::count_if(oriented_[0].begin(), oriented_[0].end(),
                              [](uint8_t v) { return v != 0; }),
                " givens"));
          }
        }
      }
      for (int i = 0; i < n_; ++i) out.set(level * n_ + i, best[static_cast<size_t>(i)]);
      current.swap(next);
    }
    return out;
  }

 private:
  // One candidate per orientation and stack order; every column of a stack
  // in one cell.
  void SeedCandidates(std::vector<Candidate>* out) const {
    const int num_stacks = n_ / c_;  // == r_
    std::vector<int> stacks(static_cast<size_t>(num_stacks));
    const int orientations = r_ == c_ ? 2 : 1;
    for (int o = 0; o < orientations; ++o) {
      std::iota(stacks.begin(), stacks.end(), 0);
      do {
        Candidate cand{};
        cand.orientation = static_cast<uint8_t>(o);
        cand.next_label = 1;
        int pos = 0;
        for (int s : stacks) {
          cand.cell_starts |= 1u << pos;
          for (int k = 0; k < c_; ++k) {
            cand.col_order[pos++] = static_cast<uint8_t>(s * c_ + k);
          }
        }
        out->push_back(cand);
      } while (std::next_permutation(stacks.begin(), stacks.end()));
    }
  }

  const uint8_t* RowValues(const Candidate& cand, int row) const {
    return oriented_[cand.orientation].data() + row * n_;
  }

  int CellEnd(uint32_t cell_starts, int start) const {
    int end = start + 1;
    while (end < n_ && !(cell_starts & (1u << end))) ++end;
    return end;
  }

  // Writes the smallest string `row` can give under `cand` into `out`.
  // Returns -1 / 0 / +1 as it compares with `best` (-1 when best is null);
  // stops early (contents of `out` unspecified) once it is greater.
  int Evaluate(const Candidate& cand, int row, const uint8_t* best,
               uint8_t* out) const {
    const uint8_t* v = RowValues(cand, row);
    int decided = best == nullptr ? -1 : 0;
    int next = cand.next_label;
    int pos = 0;
    std::array<uint8_t, kMaxN> mapped;
    while (pos < n_) {
      const int end = CellEnd(cand.cell_starts, pos);
      int zeros = 0, num_mapped = 0, fresh = 0;
      for (int p = pos; p < end; ++p) {
        const int d = v[cand.col_order[p]];
        if (d == 0) {
          ++zeros;
        } else if (cand.label_of[d] != 0) {
          // Insertion sort: cells hold at most c <= 12 columns.
          int i = num_mapped++;
          const uint8_t label = cand.label_of[d];
          while (i > 0 && mapped[static_cast<size_t>(i - 1)] > label) {
            mapped[static_cast<size_t>(i)] = mapped[static_cast<size_t>(i - 1)];
            --i;
          }
          mapped[static_cast<size_t>(i)] = label;
        } else {
          ++fresh;
        }
      }
      auto emit = [&](int value) {
        out[pos] = static_cast<uint8_t>(value);
        if (decided == 0 && value != best[pos]) decided = value < best[pos] ? -1 : 1;
        ++pos;
      };
      for (int i = 0; i < zeros; ++i) emit(0);
      if (decided > 0) return 1;
      for (int i = 0; i < num_mapped; ++i) emit(mapped[static_cast<size_t>(i)]);
      if (decided > 0) return 1;
      for (int i = 0; i < fresh; ++i) emit(next++);
      if (decided > 0) return 1;
    }
    return decided;
  }

  // Appends to `out` every refinement of `cand` by `row` that yields the
  // minimal row string: one per ordering of the new digits inside each cell.
  void Extend(const Candidate& cand, int row, bool band_start,
              std::vector<Candidate>* out) const {
    const uint8_t* v = RowValues(cand, row);
    Candidate base = cand;
    base.used_rows |= 1u << row;
    if (band_start) base.band = static_cast<uint8_t>(row / r_);
    // Blocks of >= 2 new digits in one cell: [start, end) output positions.
    std::array<std::pair<int, int>, kMaxN> blocks;
    int num_blocks = 0;
    int pos = 0;
    while (pos < n_) {
      const int end = CellEnd(cand.cell_starts, pos);
      std::array<uint8_t, kMaxN> zero_cols, mapped_cols, fresh_cols;
      int zeros = 0, num_mapped = 0, fresh = 0;
      for (int p = pos; p < end; ++p) {
        const uint8_t col = cand.col_order[p];
        const int d = v[col];
        if (d == 0) {
          zero_cols[static_cast<size_t>(zeros++)] = col;
        } else if (cand.label_of[d] != 0) {
          int i = num_mapped++;
          while (i > 0 && cand.label_of[v[mapped_cols[static_cast<size_t>(i - 1)]]] >
                              cand.label_of[d]) {
            mapped_cols[static_cast<size_t>(i)] = mapped_cols[static_cast<size_t>(i - 1)];
            --i;
          }
          mapped_cols[static_cast<size_t>(i)] = col;
        } else {
          fresh_cols[static_cast<size_t>(fresh++)] = col;
        }
      }
      int p = pos;
      for (int i = 0; i < zeros; ++i) base.col_order[p++] = zero_cols[static_cast<size_t>(i)];
      for (int i = 0; i < num_mapped; ++i) {
        base.cell_starts |= 1u << p;
        base.col_order[p++] = mapped_cols[static_cast<size_t>(i)];
      }
      // Sorted, so that next_permutation below visits every order once.
      std::sort(fresh_cols.begin(), fresh_cols.begin() + fresh);
      if (fresh >= 2) blocks[static_cast<size_t>(num_blocks++)] = {p, p + fresh};
      for (int i = 0; i < fresh; ++i) {
        base.cell_starts |= 1u << p;
        base.col_order[p++] = fresh_cols[static_cast<size_t>(i)];
      }
      if (end < n_) base.cell_starts |= 1u << end;
      pos = end;
    }
    while (true) {
      Candidate cand_out = base;
      for (int p = 0; p < n_; ++p) {
        const int d = v[cand_out.col_order[p]];
        if (d != 0 && cand_out.label_of[d] == 0) {
          cand_out.label_of[d] = cand_out.next_label++;
        }
      }
      out->push_back(cand_out);
      // Odometer over the orders of every block.
      int b = 0;
      for (; b < num_blocks; ++b) {
        const auto [start, end] = blocks[static_cast<size_t>(b)];
        if (std::next_permutation(base.col_order + start, base.col_order + end)) break;
      }
      if (b == num_blocks) break;
    }
  }

  const Shape& shape_;
  const int n_, r_, c_;
  const CanonicalOptions options_;
  std::array<std::vector<uint8_t>, 2> oriented_;
};

}  // namespace

absl::StatusOr<Grid> CanonicalForm(const Grid& puzzle,
                                   const CanonicalOptions& options) {
  SUDOKU_RETURN_IF_ERROR(CheckGivens(puzzle));
  return Canonicalizer(puzzle, options).Run();
}

absl::StatusOr<std::string> CanonicalKey(const Grid& puzzle,
                                         const CanonicalOptions& options) {
  SUDOKU_ASSIGN_OR_RETURN(Grid canonical, CanonicalForm(puzzle, options));
  return ToLine(canonical);
}

Grid RandomIsomorph(const Grid& grid, Rng& rng) {
  const Shape& shape = grid.shape();
  const int n = shape.size(), r = shape.box_rows(), c = shape.box_cols();
  const bool transpose = r == c && UniformInt(rng, 2) == 1;
  // Output row -> original row: bands (c of them, r rows each) shuffled,
  // then rows inside each band.
  auto line_map = [&](int groups, int per_group) {
    std::vector<int> group_order(static_cast<size_t>(groups));
    std::iota(group_order.begin(), group_order.end(), 0);
    Shuffle(rng, group_order.begin(), group_order.end());
    std::vector<int> map;
    for (int g : group_order) {
      std::vector<int> inner(static_cast<size_t>(per_group));
      std::iota(inner.begin(), inner.end(), g * per_group);
      Shuffle(rng, inner.begin(), inner.end());
      map.insert(map.end(), inner.begin(), inner.end());
    }
    return map;
  };
  const std::vector<int> rows = line_map(n / r, r);
  const std::vector<int> cols = line_map(n / c, c);
  std::vector<int> digits(static_cast<size_t>(n + 1));
  std::iota(digits.begin(), digits.end(), 0);
  Shuffle(rng, digits.begin() + 1, digits.end());
  Grid out(shape);
  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) {
      const int src_row = rows[static_cast<size_t>(row)];
      const int src_col = cols[static_cast<size_t>(col)];
      const int d = transpose ? grid[shape.Cell(src_col, src_row)]
                              : grid[shape.Cell(src_row, src_col)];
      out.set(shape.Cell(row, col), digits[static_cast<size_t>(d)]);
    }
  }
  return out;
}

}  // namespace sudoku
