// sudoku-forge corpus build|merge: level corpora in the database, sharded
// across machines and merged back with canonical-form deduplication.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <tuple>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "bank/corpus.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/flags.h"
#include "cli/generator_flags.h"
#include "cli/progress.h"
#include "cli/store_util.h"
#include "core/format.h"
#include "core/rng.h"
#include "rater/rater.h"
#include "rater/solver_features.h"

ABSL_DECLARE_FLAG(bool, store_traces);
ABSL_DECLARE_FLAG(bool, stochastic);

ABSL_FLAG(int, per_level, 100,
          "corpus build: puzzles per level (over all shards)");
ABSL_FLAG(std::string, levels, "easy,medium,hard,evil",
          "corpus build: comma-separated levels");
ABSL_FLAG(std::string, shard, "0/1",
          "corpus build: I/K makes shard I (0-based) of K, the puzzles whose "
          "index is I modulo K; auto/K takes I from JOB_COMPLETION_INDEX "
          "(Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID (Slurm array)");

namespace sudoku::cli {
namespace {

constexpr const char* kName = "corpus";

std::string CollectionPrefix() {
  const std::string c = absl::GetFlag(FLAGS_collection);
  return c.empty() ? "corpus" : c;
}

int RunBuild(const CommandArgs& args) {
  if (args.positional.size() > 1) {
    return UsageError(
        kName, absl::StrCat("unexpected argument '", args.positional[1], "'"));
  }
  absl::StatusOr<GeneratorOptions> options = GeneratorOptionsFromFlags();
  if (!options.ok())
    return UsageError(kName, std::string(options.status().message()));
  std::map<std::string, std::string> env;
  for (const char* name : bank::kShardIndexVariables) {
    if (const char* v = std::getenv(name); v != nullptr) env[name] = v;
  }
  absl::StatusOr<bank::Shard> shard =
      bank::ResolveShard(absl::GetFlag(FLAGS_shard), env);
  if (!shard.ok())
    return UsageError(kName, std::string(shard.status().message()));
  const int per_level = absl::GetFlag(FLAGS_per_level);
  if (per_level < 1) return UsageError(kName, "--per-level must be at least 1");
  const int jobs = absl::GetFlag(FLAGS_jobs);
  if (jobs < 1 || jobs > 256)
    return UsageError(kName, "--jobs must be in 1..256");
  std::vector<Level> levels;
  for (absl::string_view name :
       absl::StrSplit(absl::GetFlag(FLAGS_levels), ',', absl::SkipEmpty())) {
    absl::StatusOr<Level> level = ParseLevel(name);
    if (!level.ok())
      return UsageError(kName, std::string(level.status().message()));
    levels.push_back(*level);
  }
  if (levels.empty()) return UsageError(kName, "--levels is empty");
  RaterOptions rater_options = WithSolverFeatures({});
  const absl::StatusOr<int64_t> top_work = TopWorkFlag();
  if (!top_work.ok())
    return UsageError(kName, std::string(top_work.status().message()));
  rater_options.top_work = *top_work;
  absl::StatusOr<std::unique_ptr<Rater>> rater = Rater::Create(rater_options);
  if (!rater.ok())
    return UsageError(kName, std::string(rater.status().message()));
  absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> store =
      OpenStoreFromFlags(true);
  if (!store.ok())
    return UsageError(kName, std::string(store.status().message()));
  const std::string out_dir = absl::GetFlag(FLAGS_out);
  if (!out_dir.empty()) {
    if (absl::Status s = bank::EnsureDir(out_dir); !s.ok())
      return UsageError(kName, std::string(s.message()));
  }
  const uint64_t seed = absl::GetFlag(FLAGS_seed);
  const std::string prefix = CollectionPrefix();

  InterruptGuard interrupt;
  std::cout << absl::StrFormat("%-15s %7s %7s %8s %9s %9s %7s  %s\n", "level",
                               "total", "new", "seconds", "puzzles/s",
                               "grids/pz", "failed", "example");
  bool failed = false;
  for (Level level : levels) {
    const std::string level_name(LevelName(level));
    absl::StatusOr<bank::BatchSpec> spec = bank::PlanCorpusLevel(
        *options, level, **rater, seed, per_level, *shard, jobs);
    if (!spec.ok())
      return UsageError(kName, std::string(spec.status().message()));
    spec->stochastic = absl::GetFlag(FLAGS_stochastic);
    bank::StoreSpec store_spec;
    store_spec.store = store->get();
    store_spec.collection = absl::StrCat(prefix, "/", level_name);
    store_spec.source = "corpus build";
    store_spec.traces = absl::GetFlag(FLAGS_store_traces);
    std::string example;
    std::unique_ptr<Progress> progress;
    bank::BatchCallbacks callbacks;
    callbacks.on_start = [&](int64_t pending) {
      progress = std::make_unique<Progress>(absl::StrCat("corpus ", level_name),
                                            pending);
    };
    callbacks.on_progress = [&] { progress->Add(); };
    callbacks.on_made = [&](const bank::MadePuzzle& m) {
      if (example.empty()) example = ToLine(m.puzzle.puzzle);
    };
    absl::StatusOr<bank::BatchStats> stats =
        bank::RunBatch(*spec, store_spec, interrupt.flag(), callbacks);
    progress.reset();
    if (!stats.ok()) {
      std::cerr << "sudoku-forge corpus: " << stats.status().message() << "\n";
      return kExitUsage;
    }
    const bank::BatchStats& s = *stats;
    failed |= s.failed > 0;
    // A fully resumed level made nothing: no rate to show.
    std::cout << absl::StrFormat(
        "%-15s %7d %7d %8s %9s %9s %7d  %s\n", level_name, s.resumed + s.made,
        s.inserted, s.made > 0 ? absl::StrFormat("%.2f", s.seconds) : "-",
        s.made > 0
            ? absl::StrFormat("%.1f", static_cast<double>(s.made) / s.seconds)
            : "-",
        s.made > 0 ? absl::StrFormat("%.2f", static_cast<double>(s.attempts) /
                                                 static_cast<double>(s.made))
                   : "-",
        s.failed, example.empty() ? "-" : example);
    std::cout.flush();
    if (!out_dir.empty()) {
      const bank::Shard sh = *shard;
      absl::StatusOr<std::vector<bank::FileRow>> rows =
          bank::CollectRows(**store, store_spec.collection,
                            bank::RunKey(spec->parameters), [&](uint64_t i) {
                              return i < static_cast<uint64_t>(per_level) &&
                                     i % sh.count == sh.index;
                            });
      if (!rows.ok()) {
        std::cerr << "sudoku-forge corpus: " << rows.status().message() << "\n";
        return kExitUsage;
      }
      const std::string path = bank::LevelFilePath(out_dir, level_name, sh);
      if (absl::Status w = bank::WriteRows(path, *rows); !w.ok()) {
        std::cerr << "sudoku-forge corpus: " << w.message() << "\n";
        return kExitUsage;
      }
    }
    if (s.interrupted) {
      std::cerr << "interrupted: what is stored is kept; re-run the same "
                   "command to resume\n";
      return 130;
    }
  }
  return failed ? kExitBadPuzzle : kExitOk;
}

int RunMerge(const CommandArgs& args) {
  std::vector<std::string> inputs(args.positional.begin() + 1,
                                  args.positional.end());
  if (inputs.empty())
    return UsageError(kName, "merge needs the shard databases to merge");
  if (args.given_flags.count("db") == 0) {
    return UsageError(kName,
                      "merge needs --db=OUT.db (the database to merge into)");
  }
  const std::string out_path = absl::GetFlag(FLAGS_db);
  absl::StatusOr<bank::MergeReport> report = bank::MergeBanks(
      inputs, out_path, absl::GetFlag(FLAGS_out), CollectionPrefix() + "/");
  if (!report.ok()) {
    std::cerr << "sudoku-forge corpus merge: " << report.status().message()
              << "\n";
    return kExitUsage;
  }
  if (!report->warning.empty())
    std::cerr << "sudoku-forge corpus merge: warning: " << report->warning
              << "\n";
  for (size_t k = 0; k < inputs.size(); ++k) {
    const bank::MergeStats& one = report->shards[k];
    std::cerr << absl::StrFormat(
        "%s: %d puzzles, %d new, %d already present (canonical form)\n",
        inputs[k], one.read, one.inserted, one.duplicates);
  }
  const bank::MergeStats& total = report->total;
  std::cout << absl::StrFormat(
      "merged %d puzzles from %d databases into %s: %d new, %d duplicates\n",
      total.read, inputs.size(), out_path, total.inserted, total.duplicates);
  return kExitOk;
}

int RunCorpus(const CommandArgs& args) {
  if (args.positional.empty())
    return UsageError(kName, "expected 'build' or 'merge'");
  if (args.positional[0] == "build") return RunBuild(args);
  if (args.positional[0] == "merge") return RunMerge(args);
  return UsageError(kName,
                    absl::StrCat("unknown subcommand '", args.positional[0],
                                 "' (expected 'build' or 'merge')"));
}

}  // namespace

Command CorpusCommand() {
  return {
      kName,
      "build level corpora into the database (sharded) and merge shards",
      "Usage: sudoku-forge corpus build [--per-level=N] "
      "[--levels=easy,medium,hard,evil]\n"
      "           [--shard=I/K] [--db=PATH] [--out=DIR] [--seed=S] [--jobs=J]\n"
      "           [--shape=RxC] [--symmetry=S] [--collection=PREFIX] "
      "[--store-traces] [--stochastic]\n"
      "           [--top-work=N]\n"
      "       sudoku-forge corpus merge --db=OUT.db SHARD.db... [--out=DIR]\n"
      "build: generates --per-level puzzles of each level (rated, with trace "
      "and\n"
      "generation info) into the collections PREFIX/LEVEL (default "
      "corpus/easy, ...),\n"
      "and with --out writes DIR/LEVEL.tsv (puzzle, solution, score, level). "
      "Level\n"
      "L's puzzle i comes from seed DeriveSeed(DeriveSeed(S, L), i), so the "
      "shards\n"
      "I/K (puzzles with i mod K = I) of one seed partition the unsharded "
      "corpus:\n"
      "run K of them on K machines (e.g. a Kubernetes indexed Job, a Slurm "
      "array)\n"
      "and merge. Re-running resumes; Ctrl-C stops cleanly (exit 130).\n"
      "--top-work: as generate's (the rater's budget for the top's nested\n"
      "forcing chains; a rating parameter, stored with each rating).\n"
      "merge: copies every puzzle of the shard databases (ratings, trace,\n"
      "generation info, collections) into --db, skipping puzzles whose "
      "canonical\n"
      "form is already there; --out writes the merged level files.",
      {"per_level", "levels", "shard", "db", "out", "seed", "jobs", "shape",
       "symmetry", "minimal", "min_clues", "max_clues", "max_attempts",
       "strict_minimal", "collection", "store_traces", "stochastic",
       "top_work"},
      &RunCorpus};
}

}  // namespace sudoku::cli
