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
#include "cli/progress.h"
#include "core/format.h"
#include "core/rng.h"
#include "generator/generator.h"
#include "storage/cli_output.pb.h"

ABSL_FLAG(std::string, symmetry, "none",
          "Clue pattern symmetry: none, rot180, rot90, diagonal, antidiagonal, "
          "horizontal, vertical, mirrors, dihedral");
ABSL_FLAG(bool, minimal, true, "Remove clues until none can go (--nominimal stops at --min-clues)");
ABSL_FLAG(int, min_clues, 0, "Stop removing clues at this many (0 = no bound)");
ABSL_FLAG(int, max_clues, 0, "Reject puzzles with more clues than this (0 = no bound)");

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
  const int count = absl::GetFlag(FLAGS_count);
  const int jobs = absl::GetFlag(FLAGS_jobs);
  if (count < 1) return UsageError("generate", "--count must be at least 1");
  if (jobs < 1 || jobs > 256) return UsageError("generate", "--jobs must be in 1..256");
  const uint64_t seed = absl::GetFlag(FLAGS_seed);
  const bool json = absl::GetFlag(FLAGS_json);

  std::signal(SIGINT, OnInterrupt);
  // Puzzle i is seeded with DeriveSeed(seed, i): the batch is the same for
  // every --jobs. Results are printed in index order as they become ready.
  std::atomic<int> next{0};
  std::mutex mu;
  std::map<int, std::optional<GeneratedPuzzle>> ready;
  int printed = 0, failed = 0;
  Progress progress("generate", count);
  const auto start = std::chrono::steady_clock::now();
  auto flush = [&]() {  // REQUIRES: mu held
    for (auto it = ready.find(printed); it != ready.end(); it = ready.find(printed)) {
      const std::optional<GeneratedPuzzle>& p = it->second;
      if (!p) {
        ++failed;
        std::cerr << "puzzle " << printed << ": no puzzle within the attempt limit\n";
      } else if (json) {
        GeneratedOutput out;
        out.set_index(static_cast<uint32_t>(printed));
        out.set_puzzle(ToLine(p->puzzle));
        out.set_solution(ToLine(p->solution));
        out.set_shape(p->puzzle.shape().name());
        out.set_clues(static_cast<uint32_t>(p->puzzle.NumFilled()));
        out.set_seed(p->seed);
        out.set_attempts(static_cast<uint32_t>(p->attempts));
        out.set_symmetry(SymmetryName(options.symmetry));
        std::cout << ToJson(out) << "\n";
      } else {
        std::cout << ToLine(p->puzzle) << "\n";
      }
      ready.erase(it);
      ++printed;
    }
  };
  auto worker = [&]() {
    Generator generator(options);
    while (!g_interrupted.load()) {
      const int i = next.fetch_add(1);
      if (i >= count) break;
      std::optional<GeneratedPuzzle> p = generator.Generate(DeriveSeed(seed, static_cast<uint64_t>(i)));
      std::lock_guard<std::mutex> lock(mu);
      ready.emplace(i, std::move(p));
      flush();
      progress.Add();
    }
  };
  std::vector<std::thread> threads;
  for (int j = 0; j < jobs; ++j) threads.emplace_back(worker);
  for (std::thread& t : threads) t.join();
  std::signal(SIGINT, SIG_DFL);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cerr << absl::StrFormat("generated %d puzzles (%s, symmetry %s) in %.2f s: %.1f puzzles/s%s\n",
                               printed - failed, options.shape->name(), SymmetryName(options.symmetry),
                               secs, (printed - failed) / secs,
                               g_interrupted.load() ? " (interrupted)" : "");
  if (g_interrupted.load()) return 130;
  return failed > 0 ? kExitBadPuzzle : kExitOk;
}

}  // namespace

Command GenerateCommand() {
  return {"generate", "generate unique puzzles (minimal, symmetric) from a seed",
          "Usage: sudoku-forge generate [--count=N] [--shape=RxC] [--symmetry=S]\n"
          "       [--seed=S] [--jobs=J] [--min-clues=N] [--max-clues=N] [--nominimal]\n"
          "       [--json]\n"
          "Each puzzle: a random full grid, then clue removal in random order,\n"
          "each removal kept only if the puzzle still has one solution. The same\n"
          "--seed gives the same puzzles for any --jobs. Prints one puzzle per line\n"
          "(or one JSON object with solution, seed and attempts).",
          {"count", "shape", "symmetry", "seed", "jobs", "minimal", "min_clues", "max_clues",
           "json"},
          &RunGenerate};
}

}  // namespace sudoku::cli
