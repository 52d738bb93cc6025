// sudoku-forge corpus build|merge: level corpora in the database, sharded
// across machines and merged back with canonical-form deduplication.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <tuple>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/flags.h"
#include "cli/generate_run.h"
#include "cli/store_util.h"
#include "core/format.h"
#include "core/rng.h"
#include "core/status_macros.h"
#include "rater/rater.h"

ABSL_DECLARE_FLAG(bool, store_traces);

ABSL_FLAG(int, per_level, 100,
          "corpus build: puzzles per level (over all shards)");
ABSL_FLAG(std::string, levels, "easy,medium,hard,evil",
          "corpus build: comma-separated levels");
ABSL_FLAG(std::string, shard, "0/1",
          "corpus build: I/K makes shard I (0-based) of K, the puzzles whose "
          "index is I "
          "modulo K");

namespace sudoku::cli {
namespace {

constexpr const char* kName = "corpus";

struct Shard {
  uint64_t index = 0, count = 1;
};

absl::StatusOr<Shard> ParseShard(const std::string& spec) {
  std::vector<std::string> parts = absl::StrSplit(spec, '/');
  Shard s;
  if (parts.size() != 2 || !absl::SimpleAtoi(parts[0], &s.index) ||
      !absl::SimpleAtoi(parts[1], &s.count) || s.count < 1 ||
      s.index >= s.count) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--shard must be I/K with 0 <= I < K (e.g. 0/4 ... 3/4), got '", spec,
        "'"));
  }
  return s;
}

std::string CollectionPrefix() {
  const std::string c = absl::GetFlag(FLAGS_collection);
  return c.empty() ? "corpus" : c;
}

// One line of a level file: puzzle, solution, score, level.
struct FileRow {
  uint64_t index = 0;
  int64_t id = 0;
  std::string line;
};

// The rows of `collection` (all, or those of `run_key` whose index passes
// `keep`), ordered by generation index then id.
absl::StatusOr<std::vector<FileRow>> CollectRows(
    PuzzleStore& store, const std::string& collection,
    const std::string& run_key, const std::function<bool(uint64_t)>& keep) {
  std::vector<FileRow> rows;
  PuzzleQuery q;
  q.collection = collection;
  q.limit = 5000;
  for (;;) {
    SUDOKU_ASSIGN_OR_RETURN(std::vector<StoredPuzzle> page, store.Query(q));
    if (page.empty()) break;
    for (const StoredPuzzle& p : page) {
      SUDOKU_ASSIGN_OR_RETURN(std::optional<proto::GenerationInfo> info,
                              store.GetGenerationInfo(p.id));
      uint64_t index = 0;
      if (info.has_value()) {
        auto it = info->parameters().find("index");
        if (it != info->parameters().end())
          (void)absl::SimpleAtoi(it->second, &index);
      }
      if (!run_key.empty()) {
        if (!info.has_value()) continue;
        auto run = info->parameters().find("run");
        if (run == info->parameters().end() || run->second != run_key ||
            !keep(index))
          continue;
      }
      SUDOKU_ASSIGN_OR_RETURN(std::vector<proto::Rating> ratings,
                              store.Ratings(p.id));
      std::string score = "", level = "";
      if (!ratings.empty()) {
        score = absl::StrFormat("%.3f", ratings.back().score());
        level = ratings.back().level();
      }
      rows.push_back({index, p.id,
                      absl::StrCat(ToLine(p.givens), "\t",
                                   p.solution ? ToLine(*p.solution) : "", "\t",
                                   score, "\t", level)});
    }
    q.after_id = page.back().id;
  }
  std::sort(rows.begin(), rows.end(), [](const FileRow& a, const FileRow& b) {
    return std::tie(a.index, a.id) < std::tie(b.index, b.id);
  });
  return rows;
}

absl::Status WriteRows(const std::string& path,
                       const std::vector<FileRow>& rows) {
  std::ofstream out(path);
  if (!out)
    return absl::InvalidArgumentError(absl::StrCat("cannot write ", path));
  out << "#puzzle\tsolution\tscore\tlevel\n";
  for (const FileRow& r : rows) out << r.line << "\n";
  out.close();
  if (!out) return absl::InternalError(absl::StrCat("error writing ", path));
  return absl::OkStatus();
}

absl::Status EnsureDir(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec)
    return absl::InvalidArgumentError(
        absl::StrCat("cannot create ", dir, ": ", ec.message()));
  return absl::OkStatus();
}

int RunBuild(const CommandArgs& args) {
  if (args.positional.size() > 1) {
    return UsageError(
        kName, absl::StrCat("unexpected argument '", args.positional[1], "'"));
  }
  absl::StatusOr<GeneratorOptions> options = GeneratorOptionsFromFlags();
  if (!options.ok())
    return UsageError(kName, std::string(options.status().message()));
  absl::StatusOr<Shard> shard = ParseShard(absl::GetFlag(FLAGS_shard));
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
  absl::StatusOr<std::unique_ptr<Rater>> rater = Rater::Create({});
  if (!rater.ok())
    return UsageError(kName, std::string(rater.status().message()));
  absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> store =
      OpenStoreFromFlags(true);
  if (!store.ok())
    return UsageError(kName, std::string(store.status().message()));
  const std::string out_dir = absl::GetFlag(FLAGS_out);
  if (!out_dir.empty()) {
    if (absl::Status s = EnsureDir(out_dir); !s.ok())
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
    BatchSpec spec;
    spec.options = *options;
    spec.rater = rater->get();
    DifficultyTarget target;
    target.level = level;
    absl::StatusOr<Judge> judge = MakeJudge(**rater, target);
    if (!judge.ok())
      return UsageError(kName, std::string(judge.status().message()));
    spec.judge = *std::move(judge);
    // Level L's puzzle i: DeriveSeed(DeriveSeed(seed, L), i), the same in
    // every shard layout.
    spec.seed = DeriveSeed(seed, static_cast<uint64_t>(level));
    for (uint64_t i = shard->index; i < static_cast<uint64_t>(per_level);
         i += shard->count) {
      spec.indices.push_back(i);
    }
    spec.jobs = jobs;
    spec.parameters = GeneratorParameters(*options);
    spec.parameters["level"] = level_name;
    spec.parameters["rater_version"] = absl::StrCat(kRaterVersion);
    spec.parameters["seed"] = absl::StrCat(seed);
    spec.parameters["corpus"] = "true";
    spec.target_level = level_name;
    spec.symmetry_name = std::string(SymmetryName(options->symmetry));
    StoreSpec store_spec;
    store_spec.store = store->get();
    store_spec.collection = absl::StrCat(prefix, "/", level_name);
    store_spec.source = "corpus build";
    store_spec.traces = absl::GetFlag(FLAGS_store_traces);
    std::string example;
    absl::StatusOr<BatchStats> stats = RunBatch(
        spec, store_spec, interrupt.flag(),
        [&](const MadePuzzle& m) {
          if (example.empty()) example = ToLine(m.puzzle.puzzle);
        },
        absl::StrCat("corpus ", level_name));
    if (!stats.ok()) {
      std::cerr << "sudoku-forge corpus: " << stats.status().message() << "\n";
      return kExitUsage;
    }
    const BatchStats& s = *stats;
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
      const Shard sh = *shard;
      absl::StatusOr<std::vector<FileRow>> rows =
          CollectRows(**store, store_spec.collection, RunKey(spec.parameters),
                      [&](uint64_t i) {
                        return i < static_cast<uint64_t>(per_level) &&
                               i % sh.count == sh.index;
                      });
      if (!rows.ok()) {
        std::cerr << "sudoku-forge corpus: " << rows.status().message() << "\n";
        return kExitUsage;
      }
      const std::string path =
          sh.count == 1 ? absl::StrCat(out_dir, "/", level_name, ".tsv")
                        : absl::StrCat(out_dir, "/", level_name, ".shard-",
                                       sh.index, "-of-", sh.count, ".tsv");
      if (absl::Status w = WriteRows(path, *rows); !w.ok()) {
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

struct MergeStats {
  int64_t read = 0, inserted = 0, duplicates = 0;
};

// Copies every puzzle of `in` into `out` (isomorphs are merged), with its
// ratings, latest trace, solver runs, generation info and collections.
absl::Status MergeInto(PuzzleStore& in, PuzzleStore& out, MergeStats* stats) {
  // Collection memberships of the input, by puzzle id.
  std::map<int64_t, std::vector<std::string>> member_of;
  SUDOKU_ASSIGN_OR_RETURN(auto collections, in.Collections());
  for (const auto& [name, n] : collections) {
    PuzzleQuery q;
    q.collection = name;
    q.limit = 5000;
    for (;;) {
      SUDOKU_ASSIGN_OR_RETURN(std::vector<StoredPuzzle> page, in.Query(q));
      if (page.empty()) break;
      for (const StoredPuzzle& p : page) member_of[p.id].push_back(name);
      q.after_id = page.back().id;
    }
  }
  std::map<std::string, int64_t> out_collections;
  PuzzleQuery q;
  q.limit = 1000;
  for (;;) {
    SUDOKU_ASSIGN_OR_RETURN(std::vector<StoredPuzzle> page, in.Query(q));
    if (page.empty()) break;
    const absl::Status merged = out.RunInTransaction([&]() -> absl::Status {
      for (const StoredPuzzle& p : page) {
        ++stats->read;
        NewPuzzle np;
        np.givens = p.givens;
        np.solution = p.solution;
        np.num_solutions = p.num_solutions;
        np.source = p.source;
        np.label = p.label;
        SUDOKU_ASSIGN_OR_RETURN(InsertResult r, out.InsertPuzzle(np));
        if (r.inserted) {
          ++stats->inserted;
          SUDOKU_ASSIGN_OR_RETURN(std::vector<proto::Rating> ratings,
                                  in.Ratings(p.id));
          int64_t last_rating = 0;
          for (const proto::Rating& rating : ratings) {
            SUDOKU_ASSIGN_OR_RETURN(last_rating, out.AddRating(r.id, rating));
          }
          SUDOKU_ASSIGN_OR_RETURN(std::optional<proto::Trace> trace,
                                  in.LatestTrace(p.id));
          if (trace.has_value()) {
            SUDOKU_RETURN_IF_ERROR(
                out.AddTrace(r.id, last_rating, *trace).status());
          }
          SUDOKU_ASSIGN_OR_RETURN(std::vector<SolverRun> runs,
                                  in.SolverRuns(p.id));
          for (SolverRun run : runs) {
            run.puzzle_id = r.id;
            SUDOKU_RETURN_IF_ERROR(out.AddSolverRun(run).status());
          }
          SUDOKU_ASSIGN_OR_RETURN(std::optional<proto::GenerationInfo> info,
                                  in.GetGenerationInfo(p.id));
          if (info.has_value())
            SUDOKU_RETURN_IF_ERROR(out.SetGenerationInfo(r.id, *info));
        } else {
          ++stats->duplicates;
        }
        for (const std::string& name : member_of[p.id]) {
          auto [it, fresh] = out_collections.try_emplace(name, 0);
          if (fresh) {
            SUDOKU_ASSIGN_OR_RETURN(it->second,
                                    out.EnsureCollection(name, false));
          }
          SUDOKU_RETURN_IF_ERROR(out.AddToCollection(it->second, r.id));
        }
      }
      return absl::OkStatus();
    });
    SUDOKU_RETURN_IF_ERROR(merged);
    q.after_id = page.back().id;
  }
  return absl::OkStatus();
}

int RunMerge(const CommandArgs& args) {
  std::vector<std::string> inputs(args.positional.begin() + 1,
                                  args.positional.end());
  if (inputs.empty())
    return UsageError(kName, "merge needs the shard databases to merge");
  const std::string out_path = absl::GetFlag(FLAGS_db);
  std::error_code ec;
  for (const std::string& in : inputs) {
    if (std::filesystem::exists(out_path) &&
        std::filesystem::equivalent(in, out_path, ec)) {
      return UsageError(
          kName, absl::StrCat("'", in, "' is the output database (--db)"));
    }
  }
  absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> out =
      OpenStoreFromFlags(true);
  if (!out.ok()) return UsageError(kName, std::string(out.status().message()));
  MergeStats total;
  for (const std::string& in_path : inputs) {
    absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> in =
        SqlitePuzzleStore::Open(in_path, {.create_if_missing = false});
    if (!in.ok())
      return UsageError(kName,
                        absl::StrCat(in_path, ": ", in.status().message()));
    MergeStats one;
    if (absl::Status s = MergeInto(**in, **out, &one); !s.ok()) {
      std::cerr << "sudoku-forge corpus merge: " << in_path << ": "
                << s.message() << "\n";
      return kExitUsage;
    }
    std::cerr << absl::StrFormat(
        "%s: %d puzzles, %d new, %d already present (canonical form)\n",
        in_path, one.read, one.inserted, one.duplicates);
    total.read += one.read;
    total.inserted += one.inserted;
    total.duplicates += one.duplicates;
  }
  std::cout << absl::StrFormat(
      "merged %d puzzles from %d databases into %s: %d new, %d duplicates\n",
      total.read, inputs.size(), out_path, total.inserted, total.duplicates);
  const std::string out_dir = absl::GetFlag(FLAGS_out);
  if (!out_dir.empty()) {
    if (absl::Status s = EnsureDir(out_dir); !s.ok())
      return UsageError(kName, std::string(s.message()));
    const std::string prefix = CollectionPrefix() + "/";
    absl::StatusOr<std::vector<std::pair<std::string, int64_t>>> collections =
        (*out)->Collections();
    if (!collections.ok()) {
      std::cerr << "sudoku-forge corpus merge: "
                << collections.status().message() << "\n";
      return kExitUsage;
    }
    for (const auto& [name, n] : *collections) {
      if (name.rfind(prefix, 0) != 0) continue;
      absl::StatusOr<std::vector<FileRow>> rows =
          CollectRows(**out, name, "", [](uint64_t) { return true; });
      absl::Status w =
          rows.ok()
              ? WriteRows(absl::StrCat(out_dir, "/", name.substr(prefix.size()),
                                       ".tsv"),
                          *rows)
              : rows.status();
      if (!w.ok()) {
        std::cerr << "sudoku-forge corpus merge: " << w.message() << "\n";
        return kExitUsage;
      }
    }
  }
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
      "[--nostore-traces]\n"
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
      "merge: copies every puzzle of the shard databases (ratings, trace,\n"
      "generation info, collections) into --db, skipping puzzles whose "
      "canonical\n"
      "form is already there; --out writes the merged level files.",
      {"per_level", "levels", "shard", "db", "out", "seed", "jobs", "shape",
       "symmetry", "minimal", "min_clues", "max_clues", "max_attempts",
       "strict_minimal", "collection", "store_traces"},
      &RunCorpus};
}

}  // namespace sudoku::cli
