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
#include <cassert>
#include <cstdint>
#include <numeric>
#include <optional>
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

  // The minlex grid; when `transform` is not null, also one transform that
  // produces it (CanonicalForm skips building it).
  absl::StatusOr<Grid> Run(std::optional<GridTransform>* transform) {
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
          const int cmp = Evaluate(cand, row, has_best ? best.data() : nullptr,
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
      for (int i = 0; i < n_; ++i)
        out.set(level * n_ + i, best[static_cast<size_t>(i)]);
      current.swap(next);
    }
    // Every surviving candidate yields `out`; the first is as good as any.
    if (transform != nullptr) *transform = TransformOf(current.front(), out);
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

  // The transform of a surviving candidate. Candidates do not record their
  // row order (it would make them larger than a cache line, and every key
  // would pay ~10 % for it): it is recovered here by matching each band of
  // `form` with an original band whose rows, under the candidate's columns
  // and labels, are the same rows. Bands that match the same form band are
  // interchangeable, so the first match is as good as any.
  GridTransform TransformOf(const Candidate& cand, const Grid& form) const {
    const auto n = static_cast<size_t>(n_);
    std::vector<uint8_t> image(n * n);
    for (int row = 0; row < n_; ++row) {
      const uint8_t* v = RowValues(cand, row);
      for (int col = 0; col < n_; ++col) {
        const uint8_t d = v[cand.col_order[col]];
        image[static_cast<size_t>(row * n_ + col)] =
            d == 0 ? 0 : cand.label_of[d];
      }
    }
    auto same_row = [&](int original, int output) {
      for (int col = 0; col < n_; ++col) {
        if (image[static_cast<size_t>(original * n_ + col)] !=
            form[output * n_ + col])
          return false;
      }
      return true;
    };
    std::vector<int> rows(n, -1);
    std::vector<bool> band_used(n, false);
    for (int out_band = 0; out_band < n_ / r_; ++out_band) {
      for (int band = 0; band < n_ / r_; ++band) {
        if (band_used[static_cast<size_t>(band)]) continue;
        std::vector<bool> taken(static_cast<size_t>(r_), false);
        bool ok = true;
        for (int i = 0; i < r_ && ok; ++i) {
          ok = false;
          for (int j = 0; j < r_; ++j) {
            if (taken[static_cast<size_t>(j)] ||
                !same_row(band * r_ + j, out_band * r_ + i))
              continue;
            taken[static_cast<size_t>(j)] = true;
            rows[static_cast<size_t>(out_band * r_ + i)] = band * r_ + j;
            ok = true;
            break;
          }
        }
        if (ok) {
          band_used[static_cast<size_t>(band)] = true;
          break;
        }
      }
    }
    std::vector<int> cols(cand.col_order, cand.col_order + n_);
    std::vector<int> relabel(static_cast<size_t>(n_ + 1), 0);
    std::vector<bool> label_used(static_cast<size_t>(n_ + 1), false);
    for (int d = 1; d <= n_; ++d) {
      relabel[static_cast<size_t>(d)] = cand.label_of[d];
      label_used[cand.label_of[d]] = true;
    }
    // Digits the puzzle lacks: the labels left over, in increasing order.
    int free_label = 1;
    for (int d = 1; d <= n_; ++d) {
      if (relabel[static_cast<size_t>(d)] != 0) continue;
      while (label_used[static_cast<size_t>(free_label)]) ++free_label;
      relabel[static_cast<size_t>(d)] = free_label++;
    }
    absl::StatusOr<GridTransform> t =
        GridTransform::Create(shape_, cand.orientation == 1, std::move(rows),
                              std::move(cols), std::move(relabel));
    assert(t.ok());
    return *std::move(t);
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
        if (decided == 0 && value != best[pos])
          decided = value < best[pos] ? -1 : 1;
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
          while (i > 0 &&
                 cand.label_of[v[mapped_cols[static_cast<size_t>(i - 1)]]] >
                     cand.label_of[d]) {
            mapped_cols[static_cast<size_t>(i)] =
                mapped_cols[static_cast<size_t>(i - 1)];
            --i;
          }
          mapped_cols[static_cast<size_t>(i)] = col;
        } else {
          fresh_cols[static_cast<size_t>(fresh++)] = col;
        }
      }
      int p = pos;
      for (int i = 0; i < zeros; ++i)
        base.col_order[p++] = zero_cols[static_cast<size_t>(i)];
      for (int i = 0; i < num_mapped; ++i) {
        base.cell_starts |= 1u << p;
        base.col_order[p++] = mapped_cols[static_cast<size_t>(i)];
      }
      // Sorted, so that next_permutation below visits every order once.
      std::sort(fresh_cols.begin(), fresh_cols.begin() + fresh);
      if (fresh >= 2)
        blocks[static_cast<size_t>(num_blocks++)] = {p, p + fresh};
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
        if (std::next_permutation(base.col_order + start, base.col_order + end))
          break;
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

absl::StatusOr<Canonical> Canonicalize(const Grid& puzzle,
                                       const CanonicalOptions& options) {
  SUDOKU_RETURN_IF_ERROR(CheckGivens(puzzle));
  std::optional<GridTransform> transform;
  SUDOKU_ASSIGN_OR_RETURN(Grid form,
                          Canonicalizer(puzzle, options).Run(&transform));
  assert(transform->Apply(puzzle) == form);
  return Canonical{std::move(form), *std::move(transform)};
}

absl::StatusOr<Grid> CanonicalForm(const Grid& puzzle,
                                   const CanonicalOptions& options) {
  SUDOKU_RETURN_IF_ERROR(CheckGivens(puzzle));
  return Canonicalizer(puzzle, options).Run(nullptr);
}

absl::StatusOr<std::string> CanonicalKey(const Grid& puzzle,
                                         const CanonicalOptions& options) {
  SUDOKU_ASSIGN_OR_RETURN(Grid canonical, CanonicalForm(puzzle, options));
  return ToLine(canonical);
}

std::string CanonicalKeyOf(const Canonical& canonical) {
  return ToLine(canonical.form);
}

GridTransform::GridTransform(const Shape& shape, bool transpose,
                             std::vector<int> row_order,
                             std::vector<int> col_order,
                             std::vector<int> relabel)
    : shape_(&shape),
      transpose_(transpose),
      row_order_(std::move(row_order)),
      col_order_(std::move(col_order)),
      relabel_(std::move(relabel)) {
  const int n = shape.size();
  unlabel_.assign(relabel_.size(), 0);
  for (int d = 0; d <= n; ++d)
    unlabel_[static_cast<size_t>(relabel_[static_cast<size_t>(d)])] = d;
  cell_to_image_.assign(static_cast<size_t>(shape.num_cells()), 0);
  cell_to_source_.assign(static_cast<size_t>(shape.num_cells()), 0);
  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) {
      const int o_row = row_order_[static_cast<size_t>(row)];
      const int o_col = col_order_[static_cast<size_t>(col)];
      const int source =
          transpose_ ? shape.Cell(o_col, o_row) : shape.Cell(o_row, o_col);
      const int image = shape.Cell(row, col);
      cell_to_image_[static_cast<size_t>(source)] = image;
      cell_to_source_[static_cast<size_t>(image)] = source;
    }
  }
}

GridTransform GridTransform::Identity(const Shape& shape) {
  std::vector<int> lines(static_cast<size_t>(shape.size()));
  std::iota(lines.begin(), lines.end(), 0);
  std::vector<int> digits(static_cast<size_t>(shape.size() + 1));
  std::iota(digits.begin(), digits.end(), 0);
  return GridTransform(shape, false, lines, lines, std::move(digits));
}

absl::StatusOr<GridTransform> GridTransform::Create(const Shape& shape,
                                                    bool transpose,
                                                    std::vector<int> row_order,
                                                    std::vector<int> col_order,
                                                    std::vector<int> relabel) {
  const int n = shape.size();
  if (transpose && shape.box_rows() != shape.box_cols()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "transform: transposition needs square boxes, not ", shape.name()));
  }
  // `group` lines per block must stay together: lines per group.
  auto check_lines = [n](const std::vector<int>& order, int per_group,
                         absl::string_view what) -> absl::Status {
    std::vector<bool> seen(static_cast<size_t>(n), false);
    if (static_cast<int>(order.size()) != n) {
      return absl::InvalidArgumentError(
          absl::StrCat("transform: ", what, " order has ", order.size(),
                       " entries, not ", n));
    }
    for (int i = 0; i < n; ++i) {
      const int line = order[static_cast<size_t>(i)];
      if (line < 0 || line >= n || seen[static_cast<size_t>(line)] ||
          line / per_group !=
              order[static_cast<size_t>(i - i % per_group)] / per_group) {
        return absl::InvalidArgumentError(absl::StrCat(
            "transform: ", what, " order is not a permutation keeping its ",
            what == "row" ? "bands" : "stacks", " together (entry ", i, " = ",
            line, ")"));
      }
      seen[static_cast<size_t>(line)] = true;
    }
    return absl::OkStatus();
  };
  SUDOKU_RETURN_IF_ERROR(check_lines(row_order, shape.box_rows(), "row"));
  SUDOKU_RETURN_IF_ERROR(check_lines(col_order, shape.box_cols(), "column"));
  if (static_cast<int>(relabel.size()) != n + 1 || relabel[0] != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("transform: relabelling needs ", n + 1,
                     " entries starting with 0, got ", relabel.size()));
  }
  std::vector<bool> seen(static_cast<size_t>(n + 1), false);
  for (int d = 1; d <= n; ++d) {
    const int to = relabel[static_cast<size_t>(d)];
    if (to < 1 || to > n || seen[static_cast<size_t>(to)]) {
      return absl::InvalidArgumentError(
          absl::StrCat("transform: relabelling is not a permutation of 1..", n,
                       " (digit ", d, " -> ", to, ")"));
    }
    seen[static_cast<size_t>(to)] = true;
  }
  return GridTransform(shape, transpose, std::move(row_order),
                       std::move(col_order), std::move(relabel));
}

int GridTransform::MapUnit(int source_unit) const {
  const int n = shape_->size();
  // A box: the box of its first cell's image. A line: the image of two of
  // its cells share one line, a row or (transposed) a column.
  const absl::Span<const int> cells = shape_->unit(source_unit);
  const int a = MapCell(cells[0]);
  if (shape_->unit_kind(source_unit) == UnitKind::kBox)
    return 2 * n + shape_->Box(a);
  const int b = MapCell(cells[1]);
  return shape_->Row(a) == shape_->Row(b) ? shape_->Row(a) : n + shape_->Col(a);
}

int GridTransform::UnmapUnit(int image_unit) const {
  const int n = shape_->size();
  const absl::Span<const int> cells = shape_->unit(image_unit);
  const int a = UnmapCell(cells[0]);
  if (shape_->unit_kind(image_unit) == UnitKind::kBox)
    return 2 * n + shape_->Box(a);
  const int b = UnmapCell(cells[1]);
  return shape_->Row(a) == shape_->Row(b) ? shape_->Row(a) : n + shape_->Col(a);
}

Grid GridTransform::Apply(const Grid& source) const {
  assert(&source.shape() == shape_);
  Grid out(*shape_);
  for (int cell = 0; cell < shape_->num_cells(); ++cell)
    out.set(MapCell(cell), MapDigit(source[cell]));
  return out;
}

Grid GridTransform::Unapply(const Grid& image) const {
  assert(&image.shape() == shape_);
  Grid out(*shape_);
  for (int cell = 0; cell < shape_->num_cells(); ++cell)
    out.set(UnmapCell(cell), UnmapDigit(image[cell]));
  return out;
}

GridTransform GridTransform::Inverse() const {
  // image(r, c) = relabel[oriented(row_order[r], col_order[c])], so
  // oriented(x, y) = unlabel[image(row_order^-1[x], col_order^-1[y])]; with
  // transposition, source(x, y) = oriented(y, x) and the inverse reads the
  // image transposed, with the two orders swapped.
  const size_t n = row_order_.size();
  std::vector<int> row_inv(n), col_inv(n);
  for (size_t i = 0; i < n; ++i) {
    row_inv[static_cast<size_t>(row_order_[i])] = static_cast<int>(i);
    col_inv[static_cast<size_t>(col_order_[i])] = static_cast<int>(i);
  }
  if (transpose_) std::swap(row_inv, col_inv);
  return GridTransform(*shape_, transpose_, std::move(row_inv),
                       std::move(col_inv), unlabel_);
}

GridTransform RandomTransform(const Shape& shape, Rng& rng) {
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
  std::vector<int> rows = line_map(n / r, r);
  std::vector<int> cols = line_map(n / c, c);
  std::vector<int> digits(static_cast<size_t>(n + 1));
  std::iota(digits.begin(), digits.end(), 0);
  Shuffle(rng, digits.begin() + 1, digits.end());
  absl::StatusOr<GridTransform> t = GridTransform::Create(
      shape, transpose, std::move(rows), std::move(cols), std::move(digits));
  assert(t.ok());
  return *std::move(t);
}

Grid RandomIsomorph(const Grid& grid, Rng& rng) {
  return RandomTransform(grid.shape(), rng).Apply(grid);
}

}  // namespace sudoku
