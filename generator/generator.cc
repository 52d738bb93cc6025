#include "generator/generator.h"

#include <cassert>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "core/rng.h"
#include "solvers/random_solution.h"

namespace sudoku {

absl::Status GeneratorOptions::Validate() const {
  if (shape == nullptr)
    return absl::InvalidArgumentError("generator: no shape");
  const int cells = shape->num_cells();
  if (min_clues < 0 || min_clues > cells) {
    return absl::InvalidArgumentError(absl::StrCat(
        "generator: --min-clues must be in 0..", cells, ", got ", min_clues));
  }
  if (max_clues < 0 || max_clues > cells) {
    return absl::InvalidArgumentError(absl::StrCat(
        "generator: --max-clues must be in 0..", cells, ", got ", max_clues));
  }
  if (max_clues > 0 && min_clues > max_clues) {
    return absl::InvalidArgumentError(
        absl::StrCat("generator: --min-clues (", min_clues,
                     ") exceeds --max-clues (", max_clues, ")"));
  }
  if (max_attempts < 1) {
    return absl::InvalidArgumentError(
        "generator: max_attempts must be at least 1");
  }
  return absl::OkStatus();
}

Generator::Generator(const GeneratorOptions& options)
    : options_(options),
      orbits_(SymmetryOrbits(*options.shape, options.symmetry)) {
  assert(options.Validate().ok());
  absl::StatusOr<std::unique_ptr<Solver>> solver = MakeSolver("backtrack");
  assert(solver.ok());
  solver_ = std::move(*solver);
  if (options.shape->box_rows() == 3 && options.shape->box_cols() == 3) {
    kernel_ = std::make_unique<ClassicKernel>();
  }
}

bool Generator::StillUnique(const Grid& puzzle, const Grid& solution,
                            const std::vector<int>& orbit) {
  if (kernel_ == nullptr) return IsUnique(puzzle);
  return !kernel_->HasSolutionDifferingAt(puzzle, solution, orbit.data(),
                                          static_cast<int>(orbit.size()));
}

bool Generator::IsUnique(const Grid& puzzle) {
  SolveLimits limits;
  limits.max_solutions = 2;
  return solver_->Solve(puzzle, limits).num_solutions == 1;
}

void Generator::RemoveClues(const Grid& solution, Rng& rng,
                            std::vector<int>* removed, int64_t* checks) {
  std::vector<int> order(orbits_.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  Shuffle(rng, order.begin(), order.end());
  Grid puzzle = solution;
  int clues = puzzle.num_cells();
  // One pass suffices for minimality: a removal refused now stays refused
  // after later removals (fewer clues never restore uniqueness).
  for (int index : order) {
    const std::vector<int>& orbit = orbits_[static_cast<size_t>(index)];
    const int after = clues - static_cast<int>(orbit.size());
    if (options_.min_clues > 0 && after < options_.min_clues) continue;
    for (int cell : orbit) puzzle.set(cell, 0);
    ++*checks;
    if (StillUnique(puzzle, solution, orbit)) {
      clues = after;
      removed->push_back(index);
      if (!options_.minimal && options_.min_clues > 0 &&
          clues == options_.min_clues)
        break;
    } else {
      for (int cell : orbit) puzzle.set(cell, solution[cell]);
    }
  }
}

Grid Generator::PuzzleAt(const Grid& solution, const std::vector<int>& removed,
                         size_t steps) const {
  Grid puzzle = solution;
  for (size_t k = 0; k < steps; ++k) {
    for (int cell : orbits_[static_cast<size_t>(removed[k])])
      puzzle.set(cell, 0);
  }
  return puzzle;
}

std::optional<GeneratedPuzzle> Generator::Generate(uint64_t seed,
                                                   const Judge& judge) {
  GeneratedPuzzle result{
      Grid(*options_.shape), Grid(*options_.shape), seed, 0, 0, 0, nullptr};
  std::vector<int> removed;
  for (int attempt = 0; attempt < options_.max_attempts; ++attempt) {
    ++result.attempts;
    const uint64_t attempt_seed =
        DeriveSeed(seed, static_cast<uint64_t>(attempt));
    Rng rng(attempt_seed);
    const Grid solution = RandomSolution(*options_.shape, rng());
    removed.clear();
    RemoveClues(solution, rng, &removed, &result.uniqueness_checks);
    Grid last = PuzzleAt(solution, removed, removed.size());
    if (options_.max_clues > 0 && last.NumFilled() > options_.max_clues)
      continue;
    if (!judge) {
      result.puzzle = std::move(last);
      result.solution = solution;
      return result;
    }
    ++result.judged;
    Judgement first = judge(last, solution);
    if (first.verdict == Verdict::kAccept && first.offset <= 0) {
      result.puzzle = std::move(last);
      result.solution = solution;
      result.rating = std::move(first.rating);
      return result;
    }
    if (first.verdict == Verdict::kTooEasy || !options_.allow_backoff) continue;
    // Too hard (or harder than the judge prefers) and backing off is
    // allowed: earlier puzzles of the sequence have more clues and are
    // (nearly always) easier. Bisect for the accepted puzzle nearest the
    // judge's preference; with no preference, the one with the fewest clues
    // (an easy puzzle should not keep 20 clues it does not need). Puzzle k
    // of the sequence is the solution minus the first k removed orbits.
    std::optional<Grid> best;
    std::shared_ptr<RatingResult> best_rating;
    double best_distance = 0;
    auto consider = [&](Grid&& candidate, Judgement& j) {
      // Ties go to the later (fewer clues) puzzle.
      if (!best || std::abs(j.offset) <= best_distance) {
        best = std::move(candidate);
        best_rating = std::move(j.rating);
        best_distance = std::abs(j.offset);
      }
    };
    if (first.verdict == Verdict::kAccept) consider(std::move(last), first);
    size_t lo = 0,
           hi = removed
                    .size();  // puzzle hi is too hard or harder than preferred
    while (lo + 1 < hi) {
      const size_t mid = (lo + hi) / 2;
      Grid candidate = PuzzleAt(solution, removed, mid);
      if (options_.max_clues > 0 &&
          candidate.NumFilled() > options_.max_clues) {
        lo = mid;
        continue;
      }
      ++result.judged;
      Judgement j = judge(candidate, solution);
      const bool harder = j.verdict == Verdict::kTooHard ||
                          (j.verdict == Verdict::kAccept && j.offset > 0);
      if (j.verdict == Verdict::kAccept) consider(std::move(candidate), j);
      if (harder) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    if (best) {
      result.puzzle = *std::move(best);
      result.solution = solution;
      result.rating = std::move(best_rating);
      return result;
    }
  }
  return std::nullopt;
}

bool Generator::IsMinimal(const Grid& puzzle) {
  Grid probe = puzzle;
  for (int cell = 0; cell < puzzle.num_cells(); ++cell) {
    const int d = puzzle[cell];
    if (d == 0) continue;
    probe.set(cell, 0);
    const bool unique = IsUnique(probe);
    probe.set(cell, d);
    if (unique) return false;
  }
  return true;
}

}  // namespace sudoku
