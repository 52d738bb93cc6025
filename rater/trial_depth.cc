#include "rater/trial_depth.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "deduction/technique.h"

namespace sudoku {
namespace {

// One sweep of naked singles. False on a contradiction; *changed when a
// digit was placed.
bool NakedSingles(Board& board, bool* changed) {
  const Shape& shape = board.shape();
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (board.value(cell) != 0) continue;
    const CandidateSet c = board.candidates(cell);
    if (c.empty()) return false;
    if (c.Count() == 1) {
      if (!board.Place(cell, c.Single())) return false;
      *changed = true;
    }
  }
  return true;
}

// The places of every digit in unit `u`: count and the last cell, and
// whether the digit is already placed there.
struct DigitPlaces {
  int count = 0;
  int cell = -1;
  bool placed = false;
};

void CountPlaces(const Board& board, int u, std::vector<DigitPlaces>& places) {
  std::fill(places.begin(), places.end(), DigitPlaces{});
  for (int cell : board.shape().unit(u)) {
    if (board.value(cell) != 0) {
      places[static_cast<size_t>(board.value(cell))].placed = true;
      continue;
    }
    for (int d : board.candidates(cell)) {
      DigitPlaces& p = places[static_cast<size_t>(d)];
      ++p.count;
      p.cell = cell;
    }
  }
}

// One sweep of hidden singles, unit by unit (counts are redone after each
// placement in a unit).
bool HiddenSingles(Board& board, std::vector<DigitPlaces>& places,
                   bool* changed) {
  const Shape& shape = board.shape();
  const int n = shape.size();
  for (int u = 0; u < shape.num_units(); ++u) {
    bool again = true;
    while (again) {
      again = false;
      CountPlaces(board, u, places);
      for (int d = 1; d <= n; ++d) {
        const DigitPlaces& p = places[static_cast<size_t>(d)];
        if (p.placed) continue;
        if (p.count == 0) return false;
        if (p.count == 1) {
          if (!board.Place(p.cell, d)) return false;
          *changed = again = true;
          break;
        }
      }
    }
  }
  return true;
}

// Pointing and claiming: a digit whose places in one unit all lie in a
// second unit leaves the rest of the second unit. One sweep.
bool LockedCandidates(Board& board, std::vector<DigitPlaces>& places,
                      bool* changed) {
  const Shape& shape = board.shape();
  const int n = shape.size();
  for (int u = 0; u < shape.num_units(); ++u) {
    CountPlaces(board, u, places);
    for (int d = 1; d <= n; ++d) {
      const DigitPlaces& p = places[static_cast<size_t>(d)];
      if (p.placed || p.count < 2) continue;
      // The units other than u that hold every place of d in u.
      for (int other : shape.UnitsOf(p.cell)) {
        if (other == u || shape.unit_kind(other) == shape.unit_kind(u))
          continue;
        bool all = true;
        for (int cell : shape.unit(u)) {
          if (board.value(cell) == 0 && board.candidates(cell).Contains(d)) {
            const auto units = shape.UnitsOf(cell);
            if (std::find(units.begin(), units.end(), other) == units.end())
              all = false;
          }
        }
        if (!all) continue;
        for (int cell : shape.unit(other)) {
          if (board.value(cell) != 0 || !board.candidates(cell).Contains(d))
            continue;
          const auto units = shape.UnitsOf(cell);
          if (std::find(units.begin(), units.end(), u) != units.end()) continue;
          if (!board.Eliminate(cell, d)) return false;
          *changed = true;
        }
      }
    }
  }
  return true;
}

// Every candidate of the empty cells, in cell then digit order.
std::vector<std::pair<int, int>> Candidates(const Board& board) {
  std::vector<std::pair<int, int>> out;
  for (int cell = 0; cell < board.shape().num_cells(); ++cell) {
    if (board.value(cell) != 0) continue;
    for (int d : board.candidates(cell)) out.emplace_back(cell, d);
  }
  return out;
}

// Whether assuming (cell, digit) on `board` and propagating singles ends in
// a contradiction; `after` receives the propagated board otherwise.
bool RefutedBySingles(const Board& board, int cell, int digit, Board* after) {
  *after = board;
  return !after->Place(cell, digit) || !PropagateSingles(*after, false);
}

// Trials by singles inside `board` (removing each refuted candidate as it
// is found), then singles: false on a contradiction.
bool NestedPass(Board& board) {
  Board scratch = board;
  for (const auto& [cell, digit] : Candidates(board)) {
    if (board.value(cell) != 0 || !board.candidates(cell).Contains(digit))
      continue;
    if (RefutedBySingles(board, cell, digit, &scratch) &&
        !board.Eliminate(cell, digit))
      return false;
  }
  return PropagateSingles(board, false);
}

}  // namespace

bool PropagateSingles(Board& board, bool locked) {
  std::vector<DigitPlaces> places(
      static_cast<size_t>(board.shape().size() + 1));
  bool changed = true;
  while (changed && !board.IsSolved()) {
    changed = false;
    if (!NakedSingles(board, &changed)) return false;
    if (!HiddenSingles(board, places, &changed)) return false;
    if (!changed && locked && !LockedCandidates(board, places, &changed))
      return false;
  }
  return true;
}

TrialDepth MeasureTrialDepth(const Board& board) {
  TrialDepth t;
  t.computed = true;
  t.empty_cells = board.num_empty();
  Board after = board;
  for (const auto& [cell, digit] : Candidates(board)) {
    ++t.candidates;
    if (RefutedBySingles(board, cell, digit, &after)) {
      ++t.by_singles;
      ++t.by_locked;
      ++t.by_nested;
      continue;
    }
    Board locked = after;
    if (!PropagateSingles(locked, true)) ++t.by_locked;
    if (!NestedPass(after)) ++t.by_nested;
  }
  return t;
}

TrialDepth TrialDepthOfTrace(const Grid& puzzle,
                             const Explanation& explanation) {
  absl::StatusOr<Board> board = Board::FromGrid(puzzle);
  if (!board.ok()) return {};
  for (const Deduction& step : explanation.steps) {
    if (step.technique == kGuessId) return MeasureTrialDepth(*board);
    if (!ApplyDeduction(step, &*board)) return {};
  }
  if (explanation.status == ExplainStatus::kStuck)
    return MeasureTrialDepth(*board);
  return {};
}

}  // namespace sudoku
