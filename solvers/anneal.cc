// Simulated annealing (Chi & Lange 2.2). The hot loop is one proposal:
// two cell draws from four violation buckets (O(1)), an incremental cost
// update over the six units the swap touches (O(1)), and on acceptance a
// refresh of the violation counts of the cells in those units (O(N)). No
// full recount ever happens inside the loop; AnnealCost is the test oracle.
#include "solvers/anneal.h"

#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/board.h"
#include "core/status_macros.h"

namespace sudoku {
namespace {

size_t Idx(int i) { return static_cast<size_t>(i); }

}  // namespace

absl::Status AnnealOptions::Validate() const {
  if (!(t0 > 0)) return absl::InvalidArgumentError("anneal: t0 must be > 0");
  if (!(cooling > 0 && cooling <= 1)) {
    return absl::InvalidArgumentError("anneal: cooling must be in (0, 1]");
  }
  if (cool_every < 1 || reset_every < 1 || max_iterations < 1) {
    return absl::InvalidArgumentError(
        "anneal: cool_every, reset_every and max_iterations must be >= 1");
  }
  return absl::OkStatus();
}

bool FillSingles(Grid& grid) {
  absl::StatusOr<Board> board_or = Board::FromGrid(grid);
  if (!board_or.ok()) return false;
  Board board = *std::move(board_or);
  const Shape& shape = grid.shape();
  const int n = shape.size();
  for (bool changed = true; changed;) {
    changed = false;
    for (int cell = 0; cell < shape.num_cells(); ++cell) {
      if (board.value(cell) != 0) continue;
      const CandidateSet c = board.candidates(cell);
      if (c.empty()) return false;
      if (c.Single() != 0) {
        if (!board.Place(cell, c.Single())) return false;
        changed = true;
      }
    }
    for (int u = 0; u < shape.num_units(); ++u) {
      for (int d = 1; d <= n; ++d) {
        int where = -1, count = 0;
        bool placed = false;
        for (int cell : shape.unit(u)) {
          if (board.value(cell) == d) placed = true;
          if (board.candidates(cell).Contains(d)) {
            where = cell;
            ++count;
          }
        }
        if (placed) continue;
        if (count == 0) return false;
        if (count == 1) {
          if (!board.Place(where, d)) return false;
          changed = true;
        }
      }
    }
  }
  grid = board.grid();
  return true;
}

int64_t AnnealCost(const Grid& board) {
  const Shape& shape = board.shape();
  const int n = shape.size();
  int64_t cost = 0;
  for (int u = 0; u < shape.num_units(); ++u) {
    std::vector<int> count(Idx(n + 1), 0);
    for (int cell : shape.unit(u)) ++count[Idx(board[cell])];
    for (int d = 1; d <= n; ++d) cost += count[Idx(d)] != 1;
  }
  return cost;
}

int AnnealViolations(const Grid& board, int cell) {
  const Shape& shape = board.shape();
  int v = 0;
  for (int u : shape.UnitsOf(cell)) {
    int same = 0;
    for (int other : shape.unit(u)) same += board[other] == board[cell];
    v += same > 1;
  }
  return v;
}

AnnealBoard::AnnealBoard(const Grid& board, const std::vector<bool>& fixed)
    : grid_(board), n_(board.size()) {
  const Shape& shape = board.shape();
  counts_.assign(Idx(shape.num_units() * (n_ + 1)), 0);
  for (int u = 0; u < shape.num_units(); ++u) {
    for (int cell : shape.unit(u)) ++counts_[Idx(u * (n_ + 1) + board[cell])];
    for (int d = 1; d <= n_; ++d) cost_ += counts_[Idx(u * (n_ + 1) + d)] != 1;
  }
  viol_.assign(Idx(shape.num_cells()), 0);
  pos_in_bucket_.assign(Idx(shape.num_cells()), -1);
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (fixed[Idx(cell)]) continue;
    free_.push_back(cell);
    const int v = ComputeViolation(cell);
    viol_[Idx(cell)] = v;
    pos_in_bucket_[Idx(cell)] = static_cast<int>(buckets_[v].size());
    buckets_[v].push_back(cell);
  }
}

int AnnealBoard::ComputeViolation(int cell) const {
  const int d = grid_[cell];
  int v = 0;
  for (int u : grid_.shape().UnitsOf(cell)) {
    v += counts_[Idx(u * (n_ + 1) + d)] > 1;
  }
  return v;
}

void AnnealBoard::SetViolation(int cell, int v) {
  const int old = viol_[Idx(cell)];
  if (old == v) return;
  // Remove from the old bucket by moving its last element into the hole.
  std::vector<int>& from = buckets_[old];
  const int pos = pos_in_bucket_[Idx(cell)];
  const int last = from.back();
  from[Idx(pos)] = last;
  pos_in_bucket_[Idx(last)] = pos;
  from.pop_back();
  pos_in_bucket_[Idx(cell)] = static_cast<int>(buckets_[v].size());
  buckets_[v].push_back(cell);
  viol_[Idx(cell)] = v;
}

void AnnealBoard::Move(int cell, int from, int to) {
  for (int u : grid_.shape().UnitsOf(cell)) {
    int& cf = counts_[Idx(u * (n_ + 1) + from)];
    cost_ -= cf != 1;
    --cf;
    cost_ += cf != 1;
    int& ct = counts_[Idx(u * (n_ + 1) + to)];
    cost_ -= ct != 1;
    ++ct;
    cost_ += ct != 1;
  }
}

int64_t AnnealBoard::Swap(int a, int b) {
  const int va = grid_[a], vb = grid_[b];
  if (va == vb) return cost_;
  Move(a, va, vb);
  Move(b, vb, va);
  grid_.set(a, vb);
  grid_.set(b, va);
  return cost_;
}

void AnnealBoard::CommitSwap(int a, int b) {
  const Shape& shape = grid_.shape();
  for (int cell : {a, b}) {
    for (int u : shape.UnitsOf(cell)) {
      for (int other : shape.unit(u)) {
        if (pos_in_bucket_[Idx(other)] < 0) continue;  // a clue
        SetViolation(other, ComputeViolation(other));
      }
    }
  }
}

int AnnealBoard::DrawCell(Rng& rng) const {
  static const double kWeight[4] = {1.0, std::exp(1.0), std::exp(2.0),
                                    std::exp(3.0)};
  double total = 0;
  for (int k = 0; k < 4; ++k) {
    total += kWeight[k] * static_cast<double>(buckets_[k].size());
  }
  double x = UniformDouble(rng) * total;
  int k = 3;
  for (int j = 0; j < 4; ++j) {
    const double w = kWeight[j] * static_cast<double>(buckets_[j].size());
    if (x < w) {
      k = j;
      break;
    }
    x -= w;
  }
  while (buckets_[k].empty()) --k;  // rounding at the top end
  const std::vector<int>& bucket = buckets_[k];
  return bucket[UniformInt(rng, bucket.size())];
}

StochasticResult AnnealSolver::Run(const Grid& puzzle, uint64_t seed,
                                   const StochasticBudget& budget) {
  const double start = ThreadCpuSeconds();
  auto elapsed = [&] { return ThreadCpuSeconds() - start; };
  const Shape& shape = puzzle.shape();
  const int n = shape.size();
  Rng rng(seed);
  StochasticResult result;

  Grid start_grid = puzzle;
  if (options_.presolve) {
    Grid presolved = puzzle;
    if (FillSingles(presolved)) start_grid = presolved;
  }
  // Initial state: the missing digits in random order (each digit N times).
  std::vector<bool> fixed(Idx(shape.num_cells()));
  std::vector<int> missing;
  std::vector<int> count(Idx(n + 1), 0);
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    fixed[Idx(cell)] = start_grid[cell] != 0;
    ++count[Idx(start_grid[cell])];
  }
  for (int d = 1; d <= n; ++d) {
    for (int k = count[Idx(d)]; k < n; ++k) missing.push_back(d);
  }
  Shuffle(rng, missing.begin(), missing.end());
  Grid board = start_grid;
  {
    size_t next = 0;
    for (int cell = 0; cell < shape.num_cells(); ++cell) {
      // Clashing givens can leave a digit over-used; the cell then gets a
      // digit that is certainly wrong (such puzzles have no solution).
      if (board[cell] == 0)
        board.set(cell, next < missing.size() ? missing[next++] : 1);
    }
  }
  AnnealBoard state(board, fixed);

  const int64_t max_iterations = budget.max_iterations > 0
                                     ? budget.max_iterations
                                     : options_.max_iterations;
  Grid best = state.grid();
  int64_t best_cost = state.cost();
  double tau = options_.t0;
  int64_t it = 0;
  if (state.free_cells().size() >= 2) {
    while (state.cost() > 0 && it < max_iterations) {
      if (budget.max_seconds > 0 && (it & 1023) == 0 &&
          elapsed() > budget.max_seconds) {
        result.time_limit_hit = true;
        break;
      }
      ++it;
      const int a = state.DrawCell(rng);
      int b = state.DrawCell(rng);
      while (b == a) b = state.DrawCell(rng);
      const int64_t old_cost = state.cost();
      const int64_t new_cost = state.Swap(a, b);
      const bool accept =
          new_cost <= old_cost ||
          UniformDouble(rng) <=
              std::exp(static_cast<double>(old_cost - new_cost) / tau);
      if (accept) {
        state.CommitSwap(a, b);
        if (new_cost < best_cost) {
          best_cost = new_cost;
          best = state.grid();
        }
      } else {
        state.Swap(a, b);
      }
      if (it % options_.cool_every == 0) tau *= options_.cooling;
      if (it % options_.reset_every == 0 && state.cost() > 0) {
        tau = options_.t0;
        ++result.restarts;
      }
    }
  }
  result.iterations = it;
  result.final_cost = best_cost;
  result.grid = best;
  result.solved = IsValidSolution(puzzle, result.grid);
  result.seconds = elapsed();
  return result;
}

absl::StatusOr<std::unique_ptr<StochasticSolver>> MakeAnnealSolver(
    StochasticParams params) {
  AnnealOptions o;
  int64_t presolve = o.presolve ? 1 : 0;
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "t0", &o.t0));
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "cooling", &o.cooling));
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "cool_every", &o.cool_every));
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "reset_every", &o.reset_every));
  SUDOKU_RETURN_IF_ERROR(
      TakeParam(params, "max_iterations", &o.max_iterations));
  SUDOKU_RETURN_IF_ERROR(TakeParam(params, "presolve", &presolve));
  SUDOKU_RETURN_IF_ERROR(CheckNoParamsLeft("anneal", params));
  if (presolve != 0 && presolve != 1) {
    return absl::InvalidArgumentError("anneal: presolve must be 0 or 1");
  }
  o.presolve = presolve == 1;
  SUDOKU_RETURN_IF_ERROR(o.Validate());
  return std::make_unique<AnnealSolver>(o);
}

}  // namespace sudoku
