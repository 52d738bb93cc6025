// sudoku-forge generate: a batch of puzzles from one seed, in parallel.
#include <atomic>
#include <csignal>
#include <iostream>
#include <map>
#include <mutex>
#include <thread>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/flags.h"
#include "cli/json.h"
#include "cli/parallel.h"
#include "cli/progress.h"
#include "core/format.h"
#include "core/rng.h"
#include "generator/generator.h"
#include "deduction/registry.h"
#include "rater/rater.h"
#include "storage/cli_output.pb.h"

ABSL_FLAG(std::string, symmetry, "none",
          "Clue pattern symmetry: none, rot180, rot90, diagonal, antidiagonal, "
          "horizontal, vertical, mirrors, dihedral");
ABSL_FLAG(bool, minimal, true, "Remove clues until none can go (--nominimal stops at --min-clues)");
ABSL_FLAG(int, min_clues, 0, "Stop removing clues at this many (0 = no bound)");
ABSL_FLAG(int, max_clues, 0, "Reject puzzles with more clues than this (0 = no bound)");
ABSL_FLAG(double, score_min, -1e9, "Lowest Forge score accepted (with or instead of --level)");
ABSL_FLAG(double, score_max, 1e9, "Highest Forge score accepted (with or instead of --level)");
ABSL_FLAG(std::string, requires, "",
          "Accept only puzzles whose easiest solution uses this technique id "
          "(e.g. x_wing for a book chapter on X-Wings)");
ABSL_FLAG(bool, strict_minimal, false,
          "With a difficulty target, return only minimal puzzles (never put clues back "
          "to make a too-hard puzzle easier)");
ABSL_FLAG(int, max_attempts, 1000, "Full grids tried per puzzle before giving up on it");

namespace sudoku::cli {
namespace {

std::atomic<bool> g_interrupted{false};

void OnInterrupt(int) { g_interrupted.store(true); }

int RunGenerate(const CommandArgs& args) {
  if (!args.positional.empty()) {
    return UsageError("generate", absl::StrCat("unexpected argument '", args.positional[0], "'"));
  }
  GeneratorOptions options;
  const std::string shape_spec = absl::GetFlag(FLAGS_shape);
  if (!shape_spec.empty()) {
    absl::StatusOr<const Shape*> shape = Shape::FromSpec(shape_spec);
    if (!shape.ok()) return UsageError("generate", std::string(shape.status().message()));
    options.shape = *shape;
  }
  absl::StatusOr<Symmetry> symmetry = ParseSymmetry(absl::GetFlag(FLAGS_symmetry));
  if (!symmetry.ok()) return UsageError("generate", std::string(symmetry.status().message()));
  options.symmetry = *symmetry;
  options.minimal = absl::GetFlag(FLAGS_minimal);
  options.min_clues = absl::GetFlag(FLAGS_min_clues);
  options.max_clues = absl::GetFlag(FLAGS_max_clues);
  if (absl::Status s = options.Validate(); !s.ok()) {
    return UsageError("generate", std::string(s.message()));
  }
  options.max_attempts = absl::GetFlag(FLAGS_max_attempts);
  options.allow_backoff = !absl::GetFlag(FLAGS_strict_minimal);
  // Difficulty target: --level sets the score band; --score-min/max narrow it.
  const std::string level_name = absl::GetFlag(FLAGS_level);
  const std::string required = absl::GetFlag(FLAGS_requires);
  double lo = absl::GetFlag(FLAGS_score_min), hi = absl::GetFlag(FLAGS_score_max);
  std::optional<Level> level;
  if (!level_name.empty()) {
    absl::StatusOr<Level> parsed = ParseLevel(level_name);
    if (!parsed.ok()) return UsageError("generate", std::string(parsed.status().message()));
    level = *parsed;
    auto [band_lo, band_hi] = ScoreBand(*level);
    lo = std::max(lo, band_lo);
    hi = std::min(hi, band_hi);
  }
  if (lo >= hi) return UsageError("generate", "the score range is empty");
  const bool targeted = level.has_value() || !required.empty() ||
                        absl::GetFlag(FLAGS_score_min) > -1e9 || absl::GetFlag(FLAGS_score_max) < 1e9;
  std::unique_ptr<Rater> rater;
  double required_difficulty = 0;
  if (targeted) {
    absl::StatusOr<std::unique_ptr<Rater>> made = Rater::Create({});
    if (!made.ok()) return UsageError("generate", std::string(made.status().message()));
    rater = std::move(*made);
    if (!required.empty()) {
      absl::StatusOr<std::unique_ptr<Technique>> t = FindTechnique(required);
      if (!t.ok()) return UsageError("generate", std::string(t.status().message()));
      required_difficulty = (*t)->difficulty();
    }
  }
  // Judges a candidate: below the band (or easier than the required
  // technique) is too easy; above it, or needing a guess, too hard.
  const bool want_guessing = level == Level::kNeedsGuessing;
  Judge judge;
  if (targeted) {
    judge = [&, lo, hi](const Grid& puzzle, const Grid&) {
      RatingResult r = rater->Rate(puzzle);
      const RatingFeatures& f = r.features;
      if (want_guessing) return f.solved_by_logic ? Verdict::kTooEasy : Verdict::kAccept;
      if (!f.solved_by_logic) return Verdict::kTooHard;
      if (!required.empty()) {
        bool used = false;
        for (const auto& [id, n] : f.technique_counts) used |= id == required;
        if (!used) return f.er < required_difficulty ? Verdict::kTooEasy : Verdict::kTooHard;
      }
      if (r.score < lo) return Verdict::kTooEasy;
      if (r.score >= hi) return Verdict::kTooHard;
      return Verdict::kAccept;
    };
  }
  const int count = absl::GetFlag(FLAGS_count);
  const int jobs = absl::GetFlag(FLAGS_jobs);
  if (count < 1) return UsageError("generate", "--count must be at least 1");
  if (jobs < 1 || jobs > 256) return UsageError("generate", "--jobs must be in 1..256");
  const uint64_t seed = absl::GetFlag(FLAGS_seed);
  const bool json = absl::GetFlag(FLAGS_json);

  std::signal(SIGINT, OnInterrupt);
  // Puzzle i is seeded with DeriveSeed(seed, i): the batch is the same for
  // every --jobs. Results are printed in index order as they become ready.
  struct Made {
    std::optional<GeneratedPuzzle> puzzle;
    std::optional<RatingResult> rating;
  };
  int made = 0, failed = 0;
  int64_t attempts = 0;
  Progress progress("generate", count);
  const auto start = std::chrono::steady_clock::now();
  std::mutex generators_mu;
  std::map<std::thread::id, std::unique_ptr<Generator>> generators;  // one per thread
  auto work = [&](size_t i) {
    Generator* generator;
    {
      std::lock_guard<std::mutex> lock(generators_mu);
      auto& slot = generators[std::this_thread::get_id()];
      if (slot == nullptr) slot = std::make_unique<Generator>(options);
      generator = slot.get();
    }
    Made m;
    m.puzzle = generator->Generate(DeriveSeed(seed, i), judge);
    if (m.puzzle && rater != nullptr) m.rating = rater->Rate(m.puzzle->puzzle);
    return m;
  };
  auto emit = [&](size_t i, Made m) {
    progress.Add();
    if (!m.puzzle) {
      ++failed;
      std::cerr << "puzzle " << i << ": none accepted within --max-attempts=" << options.max_attempts
                << "\n";
      return;
    }
    ++made;
    const GeneratedPuzzle& p = *m.puzzle;
    attempts += p.attempts;
    if (!json) {
      std::cout << ToLine(p.puzzle) << "\n";
      return;
    }
    GeneratedOutput out;
    out.set_index(static_cast<uint32_t>(i));
    out.set_puzzle(ToLine(p.puzzle));
    out.set_solution(ToLine(p.solution));
    out.set_shape(p.puzzle.shape().name());
    out.set_clues(static_cast<uint32_t>(p.puzzle.NumFilled()));
    out.set_seed(p.seed);
    out.set_attempts(static_cast<uint32_t>(p.attempts));
    out.set_symmetry(SymmetryName(options.symmetry));
    if (m.rating) {
      out.set_score(m.rating->score);
      out.set_level(std::string(LevelName(m.rating->level)));
      out.set_er(m.rating->features.er);
      out.set_hardest_technique(m.rating->features.hardest_technique);
    }
    std::cout << ToJson(out) << "\n";
  };
  ParallelOrdered(static_cast<size_t>(count), jobs, work, emit, &g_interrupted);
  std::signal(SIGINT, SIG_DFL);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cerr << absl::StrFormat(
      "generated %d puzzles (%s, symmetry %s%s) in %.2f s: %.1f puzzles/s, %.2f grids tried per "
      "puzzle%s\n",
      made, options.shape->name(), SymmetryName(options.symmetry),
      level ? absl::StrCat(", level ", LevelName(*level)) : "", secs, made / secs,
      made > 0 ? static_cast<double>(attempts) / made : 0.0,
      g_interrupted.load() ? " (interrupted)" : "");
  if (g_interrupted.load()) return 130;
  return failed > 0 ? kExitBadPuzzle : kExitOk;
}

}  // namespace

Command GenerateCommand() {
  return {"generate", "generate unique puzzles (minimal, symmetric) from a seed",
          "Usage: sudoku-forge generate [--count=N] [--shape=RxC] [--symmetry=S]\n"
          "       [--seed=S] [--jobs=J] [--min-clues=N] [--max-clues=N] [--nominimal]\n"
          "       [--level=easy|medium|hard|evil|needs-guessing] [--score-min=X]\n"
          "       [--score-max=X] [--requires=TECHNIQUE] [--max-attempts=N] [--json]\n"
          "Each puzzle: a random full grid, then clue removal in random order,\n"
          "each removal kept only if the puzzle still has one solution. The same\n"
          "--seed gives the same puzzles for any --jobs. Prints one puzzle per line\n"
          "(or one JSON object with solution, seed and attempts).",
          {"count", "shape", "symmetry", "seed", "jobs", "minimal", "min_clues", "max_clues",
           "json", "level", "score_min", "score_max", "requires", "max_attempts", "strict_minimal"},
          &RunGenerate};
}

}  // namespace sudoku::cli
