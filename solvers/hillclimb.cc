// Steepest-ascent hill climbing with plateau-triggered random restarts
// (Jones, Roach & Perkins). A swap within a box touches at most two rows and
// two columns, so Delta() is O(1) from the row/column digit counts and the
// given-clash tables; an iteration costs O(moves) = O(sum over boxes of
// k(k-1)/2) for k empty cells per box (131 moves for the paper's Figure 1).
#include "solvers/hillclimb.h"

#include <deque>
#include <functional>
#include <iterator>
#include <limits>
#include <map>
#include <string>
#include <unordered_set>

#include "absl/strings/str_cat.h"
#include "core/status_macros.h"

namespace sudoku {
namespace {

size_t Idx(int i) { return static_cast<size_t>(i); }

// Zobrist hashing: a state's hash is the XOR of one key per (cell, digit),
// so the hash of a successor (a swap of two cells) costs four keys instead
// of a pass over the grid.
uint64_t CellKey(int cell, int digit) {
  return DeriveSeed(static_cast<uint64_t>(cell), static_cast<uint64_t>(digit));
}

uint64_t HashCells(const Grid& g) {
  uint64_t h = 0;
  for (int cell = 0; cell < g.shape().num_cells(); ++cell)
    h ^= CellKey(cell, g[cell]);
  return h;
}

// The hash of `g` (whose hash is h) with cells a and b swapped.
uint64_t SwappedHash(uint64_t h, const Grid& g, int a, int b) {
  return h ^ CellKey(a, g[a]) ^ CellKey(a, g[b]) ^ CellKey(b, g[b]) ^
         CellKey(b, g[a]);
}

// One queued, not yet expanded state.
struct QueueEntry {
  int64_t score;
  Grid grid;
  uint64_t hash;
};

// The search's priority queue: best score first, older first among equal
// scores, at most `capacity` states (a push beyond it drops the worst,
// newest state). States arrive in time order, so each score's states form a
// FIFO: the queue is a few score buckets (successor scores differ from their
// parent's by a handful) instead of one balanced tree over every state.
class SuccessorQueue {
 public:
  explicit SuccessorQueue(int64_t capacity) : capacity_(capacity) {}

  // Whether Push(score, ...) would drop the new state at once.
  bool WouldDrop(int64_t score) const {
    return size_ >= capacity_ && score <= buckets_.rbegin()->first;
  }
  void Push(QueueEntry entry) {
    buckets_[entry.score].push_back(std::move(entry));
    if (++size_ > capacity_) {
      auto worst = std::prev(buckets_.end());
      worst->second.pop_back();
      if (worst->second.empty()) buckets_.erase(worst);
      --size_;
    }
  }
  // Up to `count` states from the front, in queue order, dropping on the way
  // every state whose hash is in `expanded`.
  std::vector<const QueueEntry*> Head(
      int64_t count, const std::unordered_set<uint64_t>& expanded) {
    // (score, position) first: erasing inside a deque moves its elements.
    std::vector<std::pair<int64_t, size_t>> picks;
    for (auto bucket = buckets_.begin();
         bucket != buckets_.end() &&
         static_cast<int64_t>(picks.size()) < count;) {
      std::deque<QueueEntry>& states = bucket->second;
      for (size_t i = 0;
           i < states.size() && static_cast<int64_t>(picks.size()) < count;) {
        if (expanded.count(states[i].hash)) {
          states.erase(states.begin() + static_cast<std::ptrdiff_t>(i));
          --size_;
        } else {
          picks.emplace_back(bucket->first, i++);
        }
      }
      bucket = states.empty() ? buckets_.erase(bucket) : std::next(bucket);
    }
    std::vector<const QueueEntry*> head;
    for (const auto& [score, i] : picks) head.push_back(&buckets_.at(score)[i]);
    return head;
  }
  // REQUIRES: a state is queued (Head() returned one).
  QueueEntry PopFront() {
    auto best = buckets_.begin();
    QueueEntry entry = std::move(best->second.front());
    best->second.pop_front();
    if (best->second.empty()) buckets_.erase(best);
    --size_;
    return entry;
  }

 private:
  int64_t capacity_;
  int64_t size_ = 0;
  std::map<int64_t, std::deque<QueueEntry>, std::greater<int64_t>> buckets_;
};

}  // namespace

absl::Status HillClimbOptions::Validate() const {
  if (plateau_states < 1 || queue_capacity < plateau_states ||
      max_iterations < 1) {
    return absl::InvalidArgumentError(
        "hillclimb: need plateau_states >= 1, queue_capacity >= "
        "plateau_states and max_iterations >= 1");
  }
  return absl::OkStatus();
}

HillClimbState::HillClimbState(const Grid& puzzle, const Grid& grid)
    : grid_(grid), n_(grid.size()) {
  const Shape& shape = grid.shape();
  const size_t table = Idx(n_ * (n_ + 1));
  given_.assign(Idx(shape.num_cells()), false);
  given_row_.assign(table, 0);
  given_col_.assign(table, 0);
  row_count_.assign(table, 0);
  col_count_.assign(table, 0);
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    const int r = shape.Row(cell), c = shape.Col(cell);
    if (puzzle[cell] != 0) {
      given_[Idx(cell)] = true;
      given_row_[Idx(r * (n_ + 1) + puzzle[cell])] = 1;
      given_col_[Idx(c * (n_ + 1) + puzzle[cell])] = 1;
    }
    ++row_count_[Idx(r * (n_ + 1) + grid[cell])];
    ++col_count_[Idx(c * (n_ + 1) + grid[cell])];
  }
  for (int i = 0; i < n_; ++i) {
    for (int d = 1; d <= n_; ++d) {
      f1_ += row_count_[Idx(i * (n_ + 1) + d)] > 0;
      f1_ += col_count_[Idx(i * (n_ + 1) + d)] > 0;
    }
  }
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (!given_[Idx(cell)]) f2_ += GivenClashes(cell, grid[cell]);
  }
  for (int b = 0; b < n_; ++b) {
    absl::Span<const int> box = shape.unit(shape.BoxUnit(b));
    for (size_t i = 0; i < box.size(); ++i) {
      if (given_[Idx(box[i])]) continue;
      for (size_t j = i + 1; j < box.size(); ++j) {
        if (!given_[Idx(box[j])]) moves_.emplace_back(box[i], box[j]);
      }
    }
  }
}

int HillClimbState::GivenClashes(int cell, int digit) const {
  const Shape& shape = grid_.shape();
  return given_row_[Idx(shape.Row(cell) * (n_ + 1) + digit)] +
         given_col_[Idx(shape.Col(cell) * (n_ + 1) + digit)];
}

std::pair<int, int> HillClimbState::Delta(int a, int b) const {
  const int va = grid_[a], vb = grid_[b];
  if (va == vb) return {0, 0};
  const Shape& shape = grid_.shape();
  const int m = n_ + 1;
  int d1 = 0;
  const int ra = shape.Row(a), rb = shape.Row(b);
  if (ra != rb) {
    d1 += -(row_count_[Idx(ra * m + va)] == 1) +
          (row_count_[Idx(ra * m + vb)] == 0);
    d1 += -(row_count_[Idx(rb * m + vb)] == 1) +
          (row_count_[Idx(rb * m + va)] == 0);
  }
  const int ca = shape.Col(a), cb = shape.Col(b);
  if (ca != cb) {
    d1 += -(col_count_[Idx(ca * m + va)] == 1) +
          (col_count_[Idx(ca * m + vb)] == 0);
    d1 += -(col_count_[Idx(cb * m + vb)] == 1) +
          (col_count_[Idx(cb * m + va)] == 0);
  }
  const int d2 = GivenClashes(a, vb) + GivenClashes(b, va) -
                 GivenClashes(a, va) - GivenClashes(b, vb);
  return {d1, d2};
}

void HillClimbState::Apply(int a, int b) {
  const auto [d1, d2] = Delta(a, b);
  const int va = grid_[a], vb = grid_[b];
  const Shape& shape = grid_.shape();
  const int m = n_ + 1;
  --row_count_[Idx(shape.Row(a) * m + va)];
  ++row_count_[Idx(shape.Row(a) * m + vb)];
  --row_count_[Idx(shape.Row(b) * m + vb)];
  ++row_count_[Idx(shape.Row(b) * m + va)];
  --col_count_[Idx(shape.Col(a) * m + va)];
  ++col_count_[Idx(shape.Col(a) * m + vb)];
  --col_count_[Idx(shape.Col(b) * m + vb)];
  ++col_count_[Idx(shape.Col(b) * m + va)];
  grid_.set(a, vb);
  grid_.set(b, va);
  f1_ += d1;
  f2_ += d2;
}

int64_t HillClimbF1(const Grid& grid) {
  const Shape& shape = grid.shape();
  int64_t f1 = 0;
  for (int u = 0; u < 2 * shape.size(); ++u) {  // rows then columns
    std::vector<bool> seen(Idx(shape.size() + 1), false);
    for (int cell : shape.unit(u)) {
      if (!seen[Idx(grid[cell])]) ++f1;
      seen[Idx(grid[cell])] = true;
    }
  }
  return f1;
}

int64_t HillClimbF2(const Grid& puzzle, const Grid& grid) {
  const Shape& shape = grid.shape();
  int64_t f2 = 0;
  for (int g = 0; g < shape.num_cells(); ++g) {
    if (puzzle[g] == 0) continue;
    for (int u : {shape.RowUnit(shape.Row(g)), shape.ColUnit(shape.Col(g))}) {
      for (int cell : shape.unit(u)) {
        if (puzzle[cell] == 0 && grid[cell] == puzzle[g]) ++f2;
      }
    }
  }
  return f2;
}

Grid HillClimbInitialState(const Grid& puzzle, bool post_swap, Rng& rng) {
  const Shape& shape = puzzle.shape();
  const int n = shape.size();
  const int m = n + 1;
  std::vector<uint8_t> given_row(Idx(n * m), 0), given_col(Idx(n * m), 0);
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (puzzle[cell] == 0) continue;
    given_row[Idx(shape.Row(cell) * m + puzzle[cell])] = 1;
    given_col[Idx(shape.Col(cell) * m + puzzle[cell])] = 1;
  }
  auto clashes = [&](int cell, int d) {
    return given_row[Idx(shape.Row(cell) * m + d)] +
           given_col[Idx(shape.Col(cell) * m + d)];
  };
  Grid grid = puzzle;
  for (int b = 0; b < n; ++b) {
    absl::Span<const int> box = shape.unit(shape.BoxUnit(b));
    std::vector<bool> present(Idx(m), false);
    for (int cell : box) present[Idx(puzzle[cell])] = true;
    std::vector<int> missing;
    for (int d = 1; d <= n; ++d)
      if (!present[Idx(d)]) missing.push_back(d);
    // Greedy placement.
    for (int cell : box) {
      if (puzzle[cell] != 0) continue;
      size_t pick = 0;
      for (size_t i = 0; i < missing.size(); ++i) {
        if (clashes(cell, missing[i]) == 0) {
          pick = i;
          break;
        }
      }
      grid.set(cell, missing[pick]);
      missing.erase(missing.begin() + static_cast<std::ptrdiff_t>(pick));
    }
    if (!post_swap) continue;
    // Post-swapping.
    std::vector<int> free;
    for (int cell : box)
      if (puzzle[cell] == 0) free.push_back(cell);
    for (int a : free) {
      if (clashes(a, grid[a]) == 0) continue;
      std::vector<int> others;
      for (int c : free)
        if (c != a) others.push_back(c);
      Shuffle(rng, others.begin(), others.end());
      for (int b2 : others) {
        // No new clash: each value is clash-free in its new cell.
        if (clashes(b2, grid[a]) == 0 && clashes(a, grid[b2]) == 0) {
          const int va = grid[a];
          grid.set(a, grid[b2]);
          grid.set(b2, va);
          break;
        }
      }
    }
  }
  return grid;
}

StochasticResult HillClimbSolver::Run(const Grid& puzzle, uint64_t seed,
                                      const StochasticBudget& budget) {
  const double start = ThreadCpuSeconds();
  auto elapsed = [&] { return ThreadCpuSeconds() - start; };
  const int n = puzzle.size();
  const int64_t goal_f1 = 2 * static_cast<int64_t>(n) * n;
  const int64_t max_iterations = budget.max_iterations > 0
                                     ? budget.max_iterations
                                     : options_.max_iterations;
  const int64_t w1 = options_.w1, w2 = options_.w2;
  Rng rng(seed);
  StochasticResult result;
  result.grid = puzzle;
  int64_t best_cost = std::numeric_limits<int64_t>::max();
  auto cost_of = [&](const HillClimbState& s) {
    return (goal_f1 - s.f1()) + s.f2();
  };
  auto score_of = [&](const HillClimbState& s) {
    return w1 * s.f1() + w2 * s.f2();
  };
  // The best successor gain of a state (evaluates its whole neighbourhood).
  auto best_gain = [&](const HillClimbState& s) {
    int64_t best = std::numeric_limits<int64_t>::min();
    for (const auto& [a, b] : s.moves()) {
      const auto [d1, d2] = s.Delta(a, b);
      best = std::max(best, w1 * d1 + w2 * d2);
    }
    return best;
  };

  int64_t it = 0;
  bool done = false;
  for (bool first = true; !done; first = false) {
    if (!first) ++result.restarts;
    HillClimbState cur(puzzle,
                       HillClimbInitialState(puzzle, options_.post_swap, rng));
    SuccessorQueue queue(options_.queue_capacity);
    std::unordered_set<uint64_t> expanded;
    while (true) {
      if (cost_of(cur) < best_cost) {
        best_cost = cost_of(cur);
        result.grid = cur.grid();
      }
      if (cur.solved()) {
        done = true;
        break;
      }
      if (it >= max_iterations) {
        done = true;
        break;
      }
      if (budget.max_seconds > 0 && (it & 63) == 0 &&
          elapsed() > budget.max_seconds) {
        result.time_limit_hit = true;
        done = true;
        break;
      }
      ++it;
      const uint64_t cur_hash = HashCells(cur.grid());
      expanded.insert(cur_hash);
      const int64_t score = score_of(cur);
      // Expand: steepest ascent over the whole neighbourhood.
      int64_t best = std::numeric_limits<int64_t>::min();
      std::pair<int, int> pick{-1, -1};
      uint64_t ties = 0;
      for (const auto& [a, b] : cur.moves()) {
        const auto [d1, d2] = cur.Delta(a, b);
        const int64_t gain = w1 * d1 + w2 * d2;
        if (gain > best) {
          best = gain;
          pick = {a, b};
          ties = 1;
        } else if (gain == best && UniformInt(rng, ++ties) == 0) {
          pick = {a, b};
        }
        // Queue the successor unless the capped queue would drop it at once.
        const int64_t s = score + gain;
        if (queue.WouldDrop(s)) continue;
        const uint64_t h = SwappedHash(cur_hash, cur.grid(), a, b);
        if (expanded.count(h)) continue;
        Grid succ = cur.grid();
        succ.set(a, cur.grid()[b]);
        succ.set(b, cur.grid()[a]);
        queue.Push(QueueEntry{s, std::move(succ), h});
      }
      if (pick.first >= 0 && best > 0) {
        cur.Apply(pick.first, pick.second);
        continue;
      }
      // No better successor: consult the queue (drop expanded states first).
      const std::vector<const QueueEntry*> head =
          queue.Head(options_.plateau_states, expanded);
      if (head.empty()) break;  // nothing left to explore: restart
      bool plateau = true;
      for (const QueueEntry* e : head) {
        if (e->score != head.front()->score) {
          plateau = false;
          break;
        }
      }
      if (plateau) {
        for (const QueueEntry* e : head) {
          if (best_gain(HillClimbState(puzzle, e->grid)) > 0) {
            plateau = false;
            break;
          }
        }
      }
      if (plateau) break;  // random restart
      cur = HillClimbState(puzzle, queue.PopFront().grid);
    }
    if (it >= max_iterations || result.time_limit_hit) done = true;
  }
  result.iterations = it;
  result.final_cost = best_cost;
  result.solved = IsValidSolution(puzzle, result.grid);
  result.seconds = elapsed();
  return result;
}

absl::StatusOr<std::unique_ptr<StochasticSolver>> MakeHillClimbSolver(
    StochasticParams params) {
  HillClimbOptions o;
  int64_t post_swap = o.post_swap ? 1 : 0;
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "w1", &o.w1));
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "w2", &o.w2));
  SUDOKU_RETURN_IF_ERROR(
      TakeParam(params, "plateau_states", &o.plateau_states));
  SUDOKU_RETURN_IF_ERROR(
      TakeParam(params, "queue_capacity", &o.queue_capacity));
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "post_swap", &post_swap));
  SUDOKU_RETURN_IF_ERROR(
      TakeParam(params, "max_iterations", &o.max_iterations));
  SUDOKU_RETURN_IF_ERROR(CheckNoParamsLeft("hillclimb", params));
  if (post_swap != 0 && post_swap != 1) {
    return absl::InvalidArgumentError("hillclimb: post_swap must be 0 or 1");
  }
  o.post_swap = post_swap == 1;
  SUDOKU_RETURN_IF_ERROR(o.Validate());
  return std::make_unique<HillClimbSolver>(o);
}

}  // namespace sudoku
