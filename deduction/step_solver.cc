#include "deduction/step_solver.h"

#include <algorithm>
#include <cassert>
#include <chrono>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/status_macros.h"
#include "deduction/brute_force.h"
#include "deduction/util.h"

namespace sudoku {

absl::string_view ExplainStatusName(ExplainStatus status) {
  switch (status) {
    case ExplainStatus::kSolved:
      return "SOLVED";
    case ExplainStatus::kStuck:
      return "STUCK";
    case ExplainStatus::kNoSolution:
      return "NONE";
    case ExplainStatus::kMultipleSolutions:
      return "MULTIPLE";
    case ExplainStatus::kOutOfTime:
      return "OUT_OF_TIME";
    case ExplainStatus::kBudgetExceeded:
      return "BUDGET_EXCEEDED";
  }
  return "unknown";
}

SeRatings ComputeSeRatings(absl::Span<const Deduction> steps) {
  // Sudoku Explainer (Solver.getDifficulty): difficulty is the running max;
  // "diamond" (ED) is its value after the first step, "pearl" (EP) its value
  // after the first step that sets a cell.
  SeRatings r;
  bool have_pearl = false;
  for (size_t i = 0; i < steps.size(); ++i) {
    r.er = std::max(r.er, steps[i].rating);
    if (i == 0) r.ed = r.er;
    if (!have_pearl && !steps[i].placements.empty()) {
      r.ep = r.er;
      have_pearl = true;
    }
  }
  if (!have_pearl) r.ep = r.er;
  return r;
}

std::string SummarizeCounts(const Explanation& explanation) {
  return absl::StrJoin(
      explanation.technique_counts, ", ",
      [](std::string* out, const std::pair<std::string, int>& p) {
        absl::StrAppend(out, p.second, " \xC3\x97 ", p.first);
      });
}

StepSolver::StepSolver(std::vector<std::unique_ptr<Technique>> ladder,
                       const DeductionOptions& options)
    : ladder_(std::move(ladder)), options_(options) {
  for (const auto& t : ladder_)
    is_uniqueness_.push_back(IsUniquenessTechnique(t->id()));
}

absl::StatusOr<std::unique_ptr<StepSolver>> StepSolver::Create(
    absl::string_view spec, const DeductionOptions& options) {
  SUDOKU_ASSIGN_OR_RETURN(auto ladder, MakeLadder(spec, options));
  return std::make_unique<StepSolver>(std::move(ladder), options);
}

std::optional<Deduction> StepSolver::NextStep(const Board& board,
                                              bool allow_uniqueness) const {
  std::optional<Deduction> best;
  for (size_t i = 0; i < ladder_.size(); ++i) {
    const Technique& t = *ladder_[i];
    if (is_uniqueness_[i] && !allow_uniqueness) continue;
    // A technique never rates below its difficulty(), so it cannot beat (or
    // tie, ties going to the earlier technique) what we already have.
    if (best && t.difficulty() >= best->rating) continue;
    if (best && t.LastResort()) continue;
    std::optional<Deduction> d = t.Find(board);
    if (!d) continue;
    assert(MakesProgress(*d, board));
    if (!best || d->rating < best->rating) best = std::move(d);
  }
  // Sudoku Explainer's direct hints (direct pointing/claiming/hidden pair/
  // hidden triple) only set the cell they lead to: the pattern's own
  // eliminations are not applied, so a later step may need the plain
  // pattern. Keeping them would make our path easier than SE's.
  if (best && absl::StartsWith(best->technique, "direct_") &&
      !best->placements.empty()) {
    best->eliminations.clear();
  }
  return best;
}

namespace {

// GUESS: a cell with the fewest candidates, the solution's digit.
Deduction GuessStep(const Board& board, const Grid& solution) {
  const Shape& shape = board.shape();
  const int best = board.FewestCandidatesCell();
  const int best_count = board.candidates(best).Count();
  Deduction g;
  g.technique = std::string(kGuessId);
  g.rating = kGuessRating;
  const int digit = solution[best];
  g.placements.push_back({best, digit});
  g.pattern_cells.push_back(best);
  g.pattern_candidates.push_back({best, digit});
  g.text = absl::StrCat("Guess: no technique applies; try ",
                        std::string(1, shape.Symbol(digit)), " in ",
                        shape.CellName(best), " (", best_count,
                        " candidates), the digit of the solution");
  return g;
}

}  // namespace

Explanation StepSolver::Explain(const Grid& puzzle) const {
  absl::StatusOr<Board> board = Board::FromGrid(puzzle);
  if (!board.ok()) {
    Explanation e(puzzle.shape());
    e.status = ExplainStatus::kNoSolution;
    e.final_grid = puzzle;
    return e;
  }
  return ExplainBoard(*board);
}

Explanation StepSolver::ExplainBoard(const Board& start) const {
  Explanation e(start.shape());
  e.final_grid = start.grid();
  const auto deadline = DeadlineAfter(options_.max_seconds);
  const BruteForceResult exact = BruteForceSolve(
      start, std::max<int64_t>(0, options_.max_nodes), deadline);
  if (exact.limit_hit) {
    e.status = options_.max_nodes > 0 && exact.nodes >= options_.max_nodes
                   ? ExplainStatus::kBudgetExceeded
                   : ExplainStatus::kOutOfTime;
    return e;
  }
  if (exact.num_solutions != 1) {
    e.status = exact.num_solutions == 0 ? ExplainStatus::kNoSolution
                                        : ExplainStatus::kMultipleSolutions;
    return e;
  }
  const Grid& solution = exact.solutions[0];
  const bool allow_uniqueness = options_.allow_uniqueness;

  Board board = start;
  e.status = ExplainStatus::kSolved;
  while (!board.IsSolved()) {
    if (std::chrono::steady_clock::now() > deadline) {
      e.status = ExplainStatus::kOutOfTime;
      break;
    }
    std::optional<Deduction> step = NextStep(board, allow_uniqueness);
    if (!step) {
      if (!options_.allow_guessing) {
        e.status = ExplainStatus::kStuck;
        break;
      }
      step = GuessStep(board, solution);
      ++e.guesses;
    }
    if (!ApplyDeduction(*step, &board)) {
      // Only an unsound technique can get here; stop rather than loop.
      assert(false && "deduction led to a contradiction");
      e.steps.push_back(std::move(*step));
      e.status = ExplainStatus::kStuck;
      break;
    }
    e.steps.push_back(std::move(*step));
  }
  e.final_grid = board.grid();
  e.solved_by_logic = board.IsSolved() && e.guesses == 0;
  e.ratings = ComputeSeRatings(e.steps);
  for (const Deduction& d : e.steps) {
    auto it =
        std::find_if(e.technique_counts.begin(), e.technique_counts.end(),
                     [&d](const auto& p) { return p.first == d.technique; });
    if (it == e.technique_counts.end())
      e.technique_counts.emplace_back(d.technique, 1);
    else
      ++it->second;
  }
  std::stable_sort(
      e.technique_counts.begin(), e.technique_counts.end(),
      [](const auto& a, const auto& b) { return a.second > b.second; });
  return e;
}

}  // namespace sudoku
