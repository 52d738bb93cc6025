#include "bank/corpus.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/format.h"
#include "core/rng.h"
#include "core/status_macros.h"
#include "generator/symmetry.h"
#include "storage/sqlite_puzzle_store.h"

namespace sudoku::bank {

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

absl::StatusOr<Shard> ResolveShard(
    const std::string& spec, const std::map<std::string, std::string>& env) {
  if (spec.rfind("auto/", 0) != 0) return ParseShard(spec);
  const std::string k = spec.substr(5);
  auto get = [&](const char* name) -> const std::string* {
    auto it = env.find(name);
    return it == env.end() || it->second.empty() ? nullptr : &it->second;
  };
  std::string index;
  std::string from;
  if (const std::string* v = get("JOB_COMPLETION_INDEX")) {
    index = *v;
    from = "JOB_COMPLETION_INDEX=" + *v;
  } else if (const std::string* id = get("SLURM_ARRAY_TASK_ID")) {
    uint64_t task = 0, min = 0;
    const std::string* lo = get("SLURM_ARRAY_TASK_MIN");
    if (!absl::SimpleAtoi(*id, &task) ||
        (lo != nullptr && !absl::SimpleAtoi(*lo, &min)) || task < min) {
      return absl::InvalidArgumentError(
          absl::StrCat("--shard=", spec, ": SLURM_ARRAY_TASK_ID='", *id,
                       "' is not an array index",
                       lo ? " at or above SLURM_ARRAY_TASK_MIN" : ""));
    }
    index = absl::StrCat(task - min);
    from =
        absl::StrCat("SLURM_ARRAY_TASK_ID=", *id,
                     lo ? absl::StrCat(" - SLURM_ARRAY_TASK_MIN=", *lo) : "");
  } else {
    return absl::InvalidArgumentError(absl::StrCat(
        "--shard=", spec,
        ": neither JOB_COMPLETION_INDEX (Kubernetes Indexed Job) nor "
        "SLURM_ARRAY_TASK_ID (Slurm array) is set; give --shard=I/K"));
  }
  absl::StatusOr<Shard> shard = ParseShard(absl::StrCat(index, "/", k));
  if (!shard.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--shard=", spec, " with ", from, ": ", shard.status().message()));
  }
  return shard;
}

absl::StatusOr<BatchSpec> PlanCorpusLevel(const GeneratorOptions& options,
                                          Level level, const Rater& rater,
                                          uint64_t seed, int per_level,
                                          const Shard& shard, int jobs) {
  if (per_level < 1)
    return absl::InvalidArgumentError("--per-level must be at least 1");
  const std::string level_name(LevelName(level));
  DifficultyTarget target;
  target.level = level;
  // The parameters are the corpus's own (not PlanGeneration's), so that a
  // corpus resumes under the run key it was built with.
  SUDOKU_ASSIGN_OR_RETURN(
      BatchSpec spec,
      PlanGeneration(options, {}, &rater, seed, std::vector<uint64_t>(), jobs));
  SUDOKU_ASSIGN_OR_RETURN(spec.judge, MakeJudge(rater, target));
  // Level L's puzzle i: DeriveSeed(DeriveSeed(seed, L), i), the same in
  // every shard layout.
  // The corpus seeds levels apart itself; its run key and puzzles stay
  // those of the corpora built before generate mixed the request in.
  spec.seed = DeriveSeed(seed, static_cast<uint64_t>(level));
  spec.parameters.erase("seeding");
  spec.range = {shard.index, static_cast<uint64_t>(per_level), shard.count};
  if (shard.count > 1) spec.shard = absl::StrCat(shard.index, "/", shard.count);
  spec.parameters["level"] = level_name;
  spec.parameters["rater_version"] = RaterEngineVersion();
  spec.parameters["seed"] = absl::StrCat(seed);
  spec.parameters["corpus"] = "true";
  spec.target_level = level_name;
  return spec;
}

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

std::string LevelFilePath(const std::string& dir, const std::string& level,
                          const Shard& shard) {
  return shard.count == 1
             ? absl::StrCat(dir, "/", level, ".tsv")
             : absl::StrCat(dir, "/", level, ".shard-", shard.index, "-of-",
                            shard.count, ".tsv");
}

absl::Status MergeInto(PuzzleStore& in, PuzzleStore& out, MergeStats* stats) {
  // Each puzzle's collections are read as it is copied (one query per
  // puzzle, in name order), so memory stays bounded however large the input:
  // a map of every input puzzle's memberships cost about 120 bytes per
  // puzzle (docs/PERFORMANCE.md, bank growth).
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
        SUDOKU_ASSIGN_OR_RETURN(auto member_of, in.CollectionsOf(p.id));
        for (const auto& [name, is_book] : member_of) {
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

absl::StatusOr<std::optional<Shard>> ShardOfBank(PuzzleStore& bank) {
  PuzzleQuery q;
  q.limit = 1;
  SUDOKU_ASSIGN_OR_RETURN(std::vector<StoredPuzzle> first, bank.Query(q));
  if (first.empty()) return std::optional<Shard>();
  SUDOKU_ASSIGN_OR_RETURN(std::optional<proto::GenerationInfo> info,
                          bank.GetGenerationInfo(first[0].id));
  if (!info.has_value()) return std::optional<Shard>();
  auto it = info->parameters().find("shard");
  if (it == info->parameters().end()) return std::optional<Shard>();
  SUDOKU_ASSIGN_OR_RETURN(Shard shard, ParseShard(it->second));
  return std::optional<Shard>(shard);
}

std::string MissingShardsWarning(
    const std::vector<std::optional<Shard>>& shards) {
  std::set<uint64_t> counts;
  std::set<uint64_t> have;
  for (const std::optional<Shard>& s : shards) {
    if (!s.has_value()) continue;
    counts.insert(s->count);
    have.insert(s->index);
  }
  if (counts.empty()) return "";
  if (counts.size() > 1) {
    return absl::StrCat("the shards come from runs split ",
                        absl::StrJoin(counts, ", "),
                        " ways: they do not make one corpus");
  }
  const uint64_t k = *counts.begin();
  std::vector<uint64_t> missing;
  for (uint64_t i = 0; i < k; ++i)
    if (have.count(i) == 0) missing.push_back(i);
  if (missing.empty()) return "";
  return absl::StrCat("merging shards ", absl::StrJoin(have, ", "), " of ", k,
                      ": shard", missing.size() == 1 ? " " : "s ",
                      absl::StrJoin(missing, ", "),
                      missing.size() == 1 ? " is" : " are",
                      " missing, so the corpus is incomplete");
}

absl::Status EnsureDir(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot create ", dir, ": ", ec.message()));
  }
  return absl::OkStatus();
}

namespace {

// Writes `level_dir`/LEVEL.tsv for each collection `prefix`/LEVEL of `bank`.
absl::Status WriteLevelFiles(PuzzleStore& bank, const std::string& level_dir,
                             const std::string& prefix) {
  SUDOKU_RETURN_IF_ERROR(EnsureDir(level_dir));
  SUDOKU_ASSIGN_OR_RETURN(auto collections, bank.Collections());
  for (const auto& [name, n] : collections) {
    if (name.rfind(prefix, 0) != 0) continue;
    SUDOKU_ASSIGN_OR_RETURN(
        std::vector<FileRow> rows,
        CollectRows(bank, name, "", [](uint64_t) { return true; }));
    SUDOKU_RETURN_IF_ERROR(WriteRows(
        absl::StrCat(level_dir, "/", name.substr(prefix.size()), ".tsv"),
        rows));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<MergeReport> MergeBanks(const std::vector<std::string>& inputs,
                                       const std::string& out_path,
                                       const std::string& level_dir,
                                       const std::string& prefix) {
  std::error_code ec;
  for (const std::string& in : inputs) {
    if (std::filesystem::exists(out_path) &&
        std::filesystem::equivalent(in, out_path, ec)) {
      return absl::InvalidArgumentError(
          absl::StrCat("'", in, "' is the output database (--db)"));
    }
  }
  std::vector<std::unique_ptr<SqlitePuzzleStore>> shards;
  std::vector<std::optional<Shard>> shard_ids;
  for (const std::string& in_path : inputs) {
    SUDOKU_ASSIGN_OR_RETURN(
        std::unique_ptr<SqlitePuzzleStore> in,
        SqlitePuzzleStore::Open(
            in_path, {.create_if_missing = false, .read_only = true}));
    absl::StatusOr<std::optional<Shard>> id = ShardOfBank(*in);
    if (!id.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(in_path, ": ", id.status().message()));
    }
    shard_ids.push_back(*id);
    shards.push_back(std::move(in));
  }
  MergeReport report;
  report.warning = MissingShardsWarning(shard_ids);
  const bool existed = std::filesystem::exists(out_path);
  SUDOKU_ASSIGN_OR_RETURN(std::unique_ptr<SqlitePuzzleStore> out,
                          SqlitePuzzleStore::Open(out_path));
  std::string failed;
  const absl::Status merged = out->RunInTransaction([&]() -> absl::Status {
    report.shards.clear();
    report.total = MergeStats();
    for (size_t k = 0; k < inputs.size(); ++k) {
      MergeStats one;
      if (absl::Status s = MergeInto(*shards[k], *out, &one); !s.ok()) {
        failed = inputs[k];
        return s;
      }
      report.shards.push_back(one);
      report.total.read += one.read;
      report.total.inserted += one.inserted;
      report.total.duplicates += one.duplicates;
    }
    return absl::OkStatus();
  });
  if (!merged.ok()) {
    out.reset();
    if (!existed) {
      for (const char* suffix : {"", "-wal", "-shm"})
        std::filesystem::remove(out_path + suffix, ec);
    }
    return absl::Status(
        merged.code(),
        absl::StrCat(failed, ": ", merged.message(),
                     " (nothing was merged into ", out_path, ")"));
  }
  if (!level_dir.empty())
    SUDOKU_RETURN_IF_ERROR(WriteLevelFiles(*out, level_dir, prefix));
  return report;
}

}  // namespace sudoku::bank
