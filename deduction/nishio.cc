// The single-digit subproblem ("Nishio", HoDoKu's "Template Delete").
//
// Pattern. Look at one digit only. Every solution puts it in N cells, one
// per row, column and box: a "template". A candidate that no template inside
// the current pencil marks can use is false, whatever the other digits do.
//
//      . . . | 7 . . | . . .       With 7 in r1c4 the 7s of boxes 2 and 3
//      . x . | . . . | 7 7 .       and the rest of the grid leave r2c2 on
//      ...                         no template: r2c2 <> 7.
//
// Source of the name: Tetsuya Nishio's single-digit trial method; Eppstein,
// "Solving single-digit Sudoku subproblems" (FUN 2012), gives the algorithm
// below. HoDoKu's "Template Delete" starts from the same templates but also
// prunes them against the other digits' templates, so it can do more.
//
// Eppstein's DAG (section 3), for boxes of r rows x c columns, N = r*c.
// Rows fall into c bands of r rows. Columns are filled left to right; after
// t columns, t rows are used. Record the used rows as an N-bit mask, which is
// Eppstein's 0-1 matrix with one matrix-row (r bits) per band. With
// t = b*c + j (b stacks done, j columns into the next) every band has used b
// rows, except that exactly j bands have used b+1 ("almost balanced"): each
// box of a finished stack took one row of its band, and j boxes of the
// current stack did. Column t may therefore take a free row of P from any
// band that still has b used rows. Source = no rows, sink = all rows; the
// source-to-sink paths are exactly the valid placements (Lemma 1), so a cell
// survives iff it labels an arc (v -> w) with v reachable from the source
// and w reaching the sink.
//
//   bands:  band 0 = rows 0..r-1      mask bit i = row i used
//           band 1 = rows r..2r-1     (c bands x r bits = N bits <= 25)
//
// Cost. We never store the DAG: successors come from the mask with c
// popcounts, and a depth-first search with a 2-bit memo per mask ("seen",
// "reaches the sink") visits only the vertices reachable inside P. The memo
// is a per-thread array of 2^N entries (8 MiB for 25x25) that is reset by
// the list of touched masks, so a call costs O(reached vertices * (c + N))
// and never O(2^N). Vertex counts of the full DAG: 290 (3x3), 19,442 (4x4),
// 4,528,052 (5x5).
//
// Pattern overlay scans all (r!)^c (c!)^r templates; the matching rule is
// Eppstein's earlier solver (boxes ignored); both are explained in nishio.h.
#include "deduction/nishio.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <map>
#include <memory>
#include <mutex>
#include <string_view>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/bits.h"

namespace sudoku {
namespace {

// ---------------------------------------------------------------------------
// DAG search.

// Per-thread memo: 2 bits per row mask.
//   00 = not visited, 01 = visited and dead, 11 = visited and reaches sink.
struct DagScratch {
  std::vector<uint64_t> state;
  std::vector<uint32_t> touched;
};

DagScratch& ThreadScratch(int n) {
  thread_local DagScratch scratch;
  const size_t words = std::max<size_t>(1, (size_t{1} << n) / 32);
  if (scratch.state.size() < words) scratch.state.assign(words, 0);
  return scratch;
}

struct DagGeometry {
  int n = 0;
  int c = 0;  // box width = columns per stack = number of bands
  uint32_t all_rows = 0;
  std::array<uint32_t, kMaxDigits> band_mask{};    // rows of band b
  std::array<uint32_t, kMaxDigits> band_of_row{};  // rows of row i's band

  explicit DagGeometry(const Shape& shape)
      : n(shape.size()), c(shape.box_cols()) {
    const int r = shape.box_rows();
    all_rows = (uint32_t{1} << n) - 1;
    for (int b = 0; b < c; ++b) {
      band_mask[static_cast<size_t>(b)] = ((uint32_t{1} << r) - 1) << (b * r);
    }
    for (int row = 0; row < n; ++row) {
      band_of_row[static_cast<size_t>(row)] =
          band_mask[static_cast<size_t>(row / r)];
    }
  }

  // Rows that column t (= popcount(mask)) may use, from scratch: the free
  // rows of bands that have used only t / c rows so far.
  uint32_t OpenRows(uint32_t mask, int t) const {
    const int target = t / c;
    uint32_t open = 0;
    for (size_t b = 0; b < static_cast<size_t>(c); ++b) {
      if (std::popcount(mask & band_mask[b]) == target) open |= band_mask[b];
    }
    return open & ~mask;
  }
};

// Memo for shapes with N <= 9 (row masks < 512): a byte per mask on the
// stack, zeroed per call (cheaper than any bookkeeping at this size).
class SmallMemo {
 public:
  SmallMemo() { state_.fill(0); }
  uint32_t Get(uint32_t mask) const { return state_[mask]; }
  void Set(uint32_t mask, uint32_t s) {
    state_[mask] = static_cast<uint8_t>(s);
  }
  void Reset() {}

 private:
  std::array<uint8_t, 512> state_;
};

// Memo for larger shapes: the per-thread 2-bit array, cleared afterwards
// through the list of touched masks.
class ScratchMemo {
 public:
  explicit ScratchMemo(DagScratch* scratch) : scratch_(scratch) {}
  uint32_t Get(uint32_t mask) const {
    return static_cast<uint32_t>(
        (scratch_->state[mask >> 5] >> ((mask & 31) * 2)) & 3);
  }
  void Set(uint32_t mask, uint32_t s) {
    scratch_->state[mask >> 5] |= uint64_t{s} << ((mask & 31) * 2);
    scratch_->touched.push_back(mask);
  }
  void Reset() {
    for (uint32_t m : scratch_->touched) {
      scratch_->state[m >> 5] &= ~(uint64_t{3} << ((m & 31) * 2));
    }
    scratch_->touched.clear();
  }

 private:
  DagScratch* scratch_;  // not owned
};

// The depth-first search. Besides the vertex (row mask) it carries the rows
// of the bands still open in the current stack: a band closes when column
// t takes one of its rows and all reopen when the stack is complete. That
// set is a function of the vertex (the bands with t / c used rows), so the
// memo stays keyed by the mask, and no popcount is needed per vertex.
template <typename Memo>
class DagSearch {
 public:
  DagSearch(const DagGeometry& geometry, const uint32_t* col_rows, Memo* memo)
      : g_(geometry), col_rows_(col_rows), memo_(memo) {}

  // Returns whether `mask` (with t = popcount(mask) columns done) reaches
  // the sink; records surviving arcs in survivors_.
  // memo: 0 = not visited, 1 = visited and dead, 3 = reaches the sink.
  bool Visit(uint32_t mask, int t, uint32_t open_bands) {
    if (t == g_.n) return true;
    const uint32_t s = memo_->Get(mask);
    if (s != 0) return s == 3;
    return Expand(mask, t, open_bands);
  }

  const std::array<uint32_t, kMaxDigits>& survivors() const {
    return survivors_;
  }
  int64_t expanded() const { return expanded_; }

 private:
  // Visit() of a vertex not yet in the memo. Children already in the memo
  // are answered here, without a call.
  bool Expand(uint32_t mask, int t, uint32_t open_bands) {
    ++expanded_;
    uint32_t rows = col_rows_[t] & open_bands & ~mask;
    if (t + 1 == g_.n) {  // every arc of the last column ends at the sink
      survivors_[static_cast<size_t>(t)] |= rows;
      memo_->Set(mask, rows != 0 ? 3 : 1);
      return rows != 0;
    }
    bool alive = false;
    while (rows != 0) {
      const int row = std::countr_zero(rows);
      const uint32_t bit = uint32_t{1} << row;
      rows ^= bit;
      const uint32_t next = mask | bit;
      const uint32_t known = memo_->Get(next);
      bool reaches = known == 3;
      if (known == 0) {
        uint32_t next_open =
            open_bands & ~g_.band_of_row[static_cast<size_t>(row)];
        if (next_open == 0) next_open = g_.all_rows;
        reaches = Expand(next, t + 1, next_open);
      }
      if (reaches) {
        alive = true;
        survivors_[static_cast<size_t>(t)] |= bit;
      }
    }
    memo_->Set(mask, alive ? 3 : 1);
    return alive;
  }

  const DagGeometry& g_;
  const uint32_t* col_rows_;  // not owned
  Memo* memo_;                // not owned
  std::array<uint32_t, kMaxDigits> survivors_{};
  int64_t expanded_ = 0;
};

// P as one row mask per column.
std::array<uint32_t, kMaxDigits> ColumnRows(const Shape& shape,
                                            const CellBits& p) {
  std::array<uint32_t, kMaxDigits> cols{};
  const size_t n = static_cast<size_t>(shape.size());
  assert((p >> (n * n)).none());  // REQUIRES of SolveSingleDigitDag
  // Row by row, 64 cells at a time: set bits only, and no division per cell.
  const CellBits low64(~uint64_t{0});
  size_t row = 0, row_start = 0;
  for (size_t base = 0; base < n * n; base += 64) {
    uint64_t word = ((p >> base) & low64).to_ullong();
    while (word != 0) {
      const size_t cell = base + static_cast<size_t>(std::countr_zero(word));
      word &= word - 1;
      while (cell >= row_start + n) {
        ++row;
        row_start += n;
      }
      cols[cell - row_start] |= uint32_t{1} << row;
    }
  }
  return cols;
}

void FinishResult(const CellBits& p, SingleDigitResult* result) {
  result->contradiction = result->survivors.none();
  result->eliminated = p & ~result->survivors;
}

// ---------------------------------------------------------------------------
// Pattern overlay.

struct Templates {
  size_t words = 0;  // 64-bit words per template
  size_t count = 0;
  std::vector<uint64_t> bits;  // count x words
};

uint64_t Factorial(int k) {
  uint64_t f = 1;
  for (int i = 2; i <= k; ++i) f *= static_cast<uint64_t>(i);
  return f;
}

// (r!)^c (c!)^r, saturating at UINT64_MAX.
uint64_t TemplateCount(const Shape& shape) {
  const int r = shape.box_rows(), c = shape.box_cols();
  Uint128 total = 1;
  for (int i = 0; i < c; ++i) {
    total *= Factorial(r);
    if (total > UINT64_MAX) return UINT64_MAX;
  }
  for (int i = 0; i < r; ++i) {
    total *= Factorial(c);
    if (total > UINT64_MAX) return UINT64_MAX;
  }
  return static_cast<uint64_t>(total);
}

// Plain backtracking, row by row: a column and a box not yet used.
void EnumerateTemplates(const Shape& shape, int row, uint32_t used_cols,
                        uint32_t used_boxes, std::vector<uint64_t>* current,
                        Templates* out) {
  const int n = shape.size();
  if (row == n) {
    out->bits.insert(out->bits.end(), current->begin(), current->end());
    ++out->count;
    return;
  }
  for (int col = 0; col < n; ++col) {
    const int cell = shape.Cell(row, col);
    const int box = shape.Box(cell);
    if ((used_cols >> col & 1) || (used_boxes >> box & 1)) continue;
    const auto word = static_cast<size_t>(cell / 64);
    const uint64_t bit = uint64_t{1} << (cell % 64);
    (*current)[word] |= bit;
    EnumerateTemplates(shape, row + 1, used_cols | (1u << col),
                       used_boxes | (1u << box), current, out);
    (*current)[word] &= ~bit;
  }
}

const Templates* GetTemplates(const Shape& shape) {
  static std::mutex mu;
  static auto* cache = new std::map<const Shape*, std::unique_ptr<Templates>>;
  std::lock_guard<std::mutex> lock(mu);
  auto& slot = (*cache)[&shape];
  if (slot == nullptr) {
    slot = std::make_unique<Templates>();
    slot->words = static_cast<size_t>((shape.num_cells() + 63) / 64);
    slot->bits.reserve(TemplateCount(shape) * slot->words);
    std::vector<uint64_t> current(slot->words, 0);
    EnumerateTemplates(shape, 0, 0, 0, &current, slot.get());
  }
  return slot.get();
}

// ---------------------------------------------------------------------------
// Matching.

// Kuhn's augmenting path from `row`; `seen` marks columns tried.
bool Augment(int row, const std::array<uint32_t, kMaxDigits>& adj,
             uint32_t* seen, std::array<int, kMaxDigits>* match_col,
             int64_t* work) {
  uint32_t cols = adj[static_cast<size_t>(row)] & ~*seen;
  while (cols != 0) {
    const int col = std::countr_zero(cols);
    cols &= cols - 1;
    ++*work;
    *seen |= 1u << col;
    int& owner = (*match_col)[static_cast<size_t>(col)];
    if (owner < 0 || Augment(owner, adj, seen, match_col, work)) {
      owner = row;
      return true;
    }
  }
  return false;
}

}  // namespace

namespace {

// The order in which the search takes the columns (t -> column): stacks
// with the fewest cells of P first, and inside a stack its columns with the
// fewest cells first. Reordering stacks, and columns within a stack, maps
// placements to placements (a symmetry of the grid), so the surviving cells
// are the same; columns with few choices near the source cut the search
// early.
std::array<int, kMaxDigits> TightestFirst(
    const Shape& shape, const std::array<uint32_t, kMaxDigits>& cols) {
  const int c = shape.box_cols();
  const int stacks = shape.size() / c;
  // The position of item i among `count` items: the number of items with a
  // smaller key, ties broken by index (a stable order, without branches).
  auto rank = [](const int* key, int count, int i) {
    int r = 0;
    for (int j = 0; j < count; ++j) {
      r += static_cast<int>((key[j] < key[i]) | ((key[j] == key[i]) & (j < i)));
    }
    return r;
  };
  std::array<int, kMaxDigits> col_weight{}, stack_weight{}, order{};
  for (int s = 0; s < stacks; ++s) {
    for (int j = 0; j < c; ++j) {
      const auto col = static_cast<size_t>(s * c + j);
      col_weight[col] = Popcount(cols[col]);
      stack_weight[static_cast<size_t>(s)] += col_weight[col];
    }
  }
  for (int s = 0; s < stacks; ++s) {
    const int at = rank(stack_weight.data(), stacks, s) * c;
    for (int j = 0; j < c; ++j) {
      order[static_cast<size_t>(at + rank(col_weight.data() + s * c, c, j))] =
          s * c + j;
    }
  }
  return order;
}

template <typename Memo>
SingleDigitResult RunDag(const Shape& shape, const CellBits& p, Memo* memo) {
  const DagGeometry geometry(shape);
  const std::array<uint32_t, kMaxDigits> raw = ColumnRows(shape, p);
  const std::array<int, kMaxDigits> order = TightestFirst(shape, raw);
  std::array<uint32_t, kMaxDigits> cols{};
  const int n = shape.size();
  for (int t = 0; t < n; ++t) {
    cols[static_cast<size_t>(t)] =
        raw[static_cast<size_t>(order[static_cast<size_t>(t)])];
  }
  DagSearch<Memo> search(geometry, cols.data(), memo);
  search.Visit(0, 0, geometry.all_rows);
  memo->Reset();

  SingleDigitResult result;
  result.work = search.expanded();
  for (int t = 0; t < n; ++t) {
    const int col = order[static_cast<size_t>(t)];
    uint32_t rows = search.survivors()[static_cast<size_t>(t)];
    while (rows != 0) {
      const int row = std::countr_zero(rows);
      rows &= rows - 1;
      result.survivors.set(static_cast<size_t>(row * n + col));
    }
  }
  FinishResult(p, &result);
  return result;
}

}  // namespace

SingleDigitResult SolveSingleDigitDag(const Shape& shape, const CellBits& p) {
  if (shape.size() <= 9) {
    SmallMemo memo;
    return RunDag(shape, p, &memo);
  }
  ScratchMemo memo(&ThreadScratch(shape.size()));
  return RunDag(shape, p, &memo);
}

std::optional<SingleDigitResult> SolveSingleDigitOverlay(const Shape& shape,
                                                         const CellBits& p) {
  if (TemplateCount(shape) > kMaxOverlayTemplates) return std::nullopt;
  const Templates& t = *GetTemplates(shape);
  const size_t words = t.words;
  std::array<uint64_t, 10> pw{};
  std::array<uint64_t, 10> keep{};
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (p.test(static_cast<size_t>(cell))) {
      pw[static_cast<size_t>(cell / 64)] |= uint64_t{1} << (cell % 64);
    }
  }
  const uint64_t* bits = t.bits.data();
  for (size_t i = 0; i < t.count; ++i, bits += words) {
    bool inside = true;
    for (size_t w = 0; w < words; ++w) {
      if ((bits[w] & ~pw[w]) != 0) {
        inside = false;
        break;
      }
    }
    if (!inside) continue;
    for (size_t w = 0; w < words; ++w) keep[w] |= bits[w];
  }
  SingleDigitResult result;
  result.work = static_cast<int64_t>(t.count);
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (keep[static_cast<size_t>(cell / 64)] >> (cell % 64) & 1) {
      result.survivors.set(static_cast<size_t>(cell));
    }
  }
  FinishResult(p, &result);
  return result;
}

SingleDigitResult SolveSingleDigitMatching(const Shape& shape,
                                           const CellBits& p) {
  const int n = shape.size();
  std::array<uint32_t, kMaxDigits> adj{};  // row -> columns of P
  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) {
      if (p.test(static_cast<size_t>(row * n + col))) {
        adj[static_cast<size_t>(row)] |= 1u << col;
      }
    }
  }
  SingleDigitResult result;
  std::array<int, kMaxDigits> match_col;
  match_col.fill(-1);
  int matched = 0;
  for (int row = 0; row < n; ++row) {
    uint32_t seen = 0;
    if (Augment(row, adj, &seen, &match_col, &result.work)) ++matched;
  }
  if (matched < n) {
    FinishResult(p, &result);  // no perfect matching: nothing survives
    return result;
  }
  // Alternating graph on 2N nodes (rows 0..N-1, columns N..2N-1): an
  // unmatched edge goes row -> column, a matched one column -> row. An
  // unmatched edge (u, v) lies on some perfect matching iff it lies on an
  // alternating cycle, i.e. iff v reaches u.
  std::array<int, kMaxDigits> match_row{};
  for (int col = 0; col < n; ++col) {
    match_row[static_cast<size_t>(match_col[static_cast<size_t>(col)])] = col;
  }
  // reach_row[col]: rows reachable from column node `col` (including its
  // partner). BFS over columns: col -> partner row -> that row's other cols.
  std::array<uint32_t, kMaxDigits> reach_row{};
  for (int start = 0; start < n; ++start) {
    uint32_t cols_seen = 1u << start;
    uint32_t frontier = 1u << start;
    uint32_t rows_seen = 0;
    while (frontier != 0) {
      const int col = std::countr_zero(frontier);
      frontier &= frontier - 1;
      const int row = match_col[static_cast<size_t>(col)];
      if (rows_seen >> row & 1) continue;
      rows_seen |= 1u << row;
      const uint32_t next = adj[static_cast<size_t>(row)] & ~cols_seen;
      result.work += std::popcount(adj[static_cast<size_t>(row)]);
      cols_seen |= next;
      frontier |= next;
    }
    reach_row[static_cast<size_t>(start)] = rows_seen;
  }
  for (int row = 0; row < n; ++row) {
    uint32_t cols = adj[static_cast<size_t>(row)];
    while (cols != 0) {
      const int col = std::countr_zero(cols);
      cols &= cols - 1;
      if (match_row[static_cast<size_t>(row)] == col ||
          (reach_row[static_cast<size_t>(col)] >> row & 1)) {
        result.survivors.set(static_cast<size_t>(row * n + col));
      }
    }
  }
  FinishResult(p, &result);
  return result;
}

namespace {

// Level-by-level walk of the DAG inside P, counting paths from the source.
// Independent of the depth-first search above (used to cross-check it).
DagStats WalkLevels(const Shape& shape, const CellBits& p) {
  const DagGeometry geometry(shape);
  const std::array<uint32_t, kMaxDigits> cols = ColumnRows(shape, p);
  DagStats stats;
  absl::flat_hash_map<uint32_t, Uint128> level = {{0u, Uint128{1}}};
  for (int t = 0; t < geometry.n; ++t) {
    stats.vertices += static_cast<int64_t>(level.size());
    absl::flat_hash_map<uint32_t, Uint128> next;
    for (const auto& [mask, paths] : level) {
      uint32_t rows = cols[static_cast<size_t>(t)] & geometry.OpenRows(mask, t);
      while (rows != 0) {
        const uint32_t bit = rows & (0u - rows);
        rows ^= bit;
        ++stats.arcs;
        next[mask | bit] += paths;
      }
    }
    level = std::move(next);
  }
  stats.vertices += static_cast<int64_t>(level.size());
  stats.placements = level.empty() ? 0 : level.begin()->second;
  return stats;
}

CellBits AllCells(const Shape& shape) {
  CellBits all;
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    all.set(static_cast<size_t>(cell));
  }
  return all;
}

}  // namespace

DagStats ComputeDagStats(const Shape& shape) {
  return WalkLevels(shape, AllCells(shape));
}

Uint128 CountPlacementsInside(const Shape& shape, const CellBits& p) {
  return WalkLevels(shape, p).placements;
}

namespace {

// "an 8", "an F", "a 7".
const char* Article(char symbol) {
  for (char c : std::string_view("8AEFHILMNORSX")) {
    if (c == symbol) return "an";
  }
  return "a";
}

}  // namespace

CellBits DigitCells(const Board& board, int digit) {
  CellBits p;
  for (int cell = 0; cell < board.shape().num_cells(); ++cell) {
    if (board.value(cell) == digit || board.candidates(cell).Contains(digit)) {
      p.set(static_cast<size_t>(cell));
    }
  }
  return p;
}

std::optional<std::string> ExplainByPropagation(const Board& board, int digit,
                                                const CellBits& p, int cell,
                                                int max_forced) {
  const Shape& shape = board.shape();
  CellBits open;    // cells still able to take the digit (not placed)
  CellBits placed;  // cells holding the digit, really or by assumption
  for (int x = 0; x < shape.num_cells(); ++x) {
    if (!p.test(static_cast<size_t>(x))) continue;
    if (board.value(x) == digit) {
      placed.set(static_cast<size_t>(x));
    } else {
      open.set(static_cast<size_t>(x));
    }
  }
  auto place = [&](int x) {
    placed.set(static_cast<size_t>(x));
    open.reset(static_cast<size_t>(x));
    for (int peer : shape.peers(x)) open.reset(static_cast<size_t>(peer));
  };
  place(cell);
  std::vector<std::string> forced;
  const char symbol = shape.Symbol(digit);
  while (true) {
    int single = -1;
    for (int u = 0; u < shape.num_units(); ++u) {
      int count = 0, last = -1;
      bool done = false;
      for (int x : shape.unit(u)) {
        if (placed.test(static_cast<size_t>(x))) done = true;
        if (open.test(static_cast<size_t>(x))) {
          ++count;
          last = x;
        }
      }
      if (done) continue;
      if (count == 0) {
        std::string text =
            absl::StrCat(Article(symbol), " ", std::string(1, symbol), " in ",
                         shape.CellName(cell));
        if (!forced.empty()) {
          absl::StrAppend(&text, " forces ", absl::StrJoin(forced, ", "));
        }
        absl::StrAppend(&text, ": no ", std::string(1, symbol), " left for ",
                        shape.UnitName(u));
        return text;
      }
      if (count == 1 && single < 0) single = last;
    }
    if (single < 0 || static_cast<int>(forced.size()) >= max_forced) {
      return std::nullopt;
    }
    forced.push_back(shape.CellName(single));
    place(single);
  }
}

}  // namespace sudoku
