#include "bank/batch.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <mutex>
#include <thread>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "bank/records.h"
#include "core/format.h"
#include "core/hash.h"
#include "core/parallel.h"
#include "core/rng.h"
#include "core/status_macros.h"
#include "generator/symmetry.h"

namespace sudoku::bank {
namespace {

// The provenance of puzzle `index` of the batch `spec` (run key `run_key`).
GenerationProvenance ProvenanceOf(const BatchSpec& spec,
                                  const std::string& run_key, uint64_t index) {
  GenerationProvenance run;
  run.parameters = spec.parameters;
  run.run_key = run_key;
  run.batch_seed = spec.seed;
  run.index = index;
  run.symmetry = spec.symmetry_name;
  run.target_level = spec.target_level;
  run.shard = spec.shard;
  return run;
}

}  // namespace

std::map<std::string, std::string> GeneratorParameters(
    const GeneratorOptions& options) {
  return {{"shape", options.shape->name()},
          {"symmetry", std::string(SymmetryName(options.symmetry))},
          {"minimal", options.minimal ? "true" : "false"},
          {"min_clues", absl::StrCat(options.min_clues)},
          {"max_clues", absl::StrCat(options.max_clues)},
          {"max_attempts", absl::StrCat(options.max_attempts)},
          {"allow_backoff", options.allow_backoff ? "true" : "false"}};
}

absl::StatusOr<BatchSpec> PlanGeneration(const GeneratorOptions& options,
                                         const DifficultyTarget& target,
                                         const Rater* rater, uint64_t seed,
                                         std::vector<uint64_t> indices,
                                         int jobs) {
  SUDOKU_RETURN_IF_ERROR(options.Validate());
  if (jobs < 1 || jobs > 256)
    return absl::InvalidArgumentError("--jobs must be in 1..256");
  BatchSpec spec;
  spec.options = options;
  spec.rater = rater;
  spec.parameters = GeneratorParameters(options);
  if (target.active()) {
    if (rater == nullptr)
      return absl::InvalidArgumentError("a difficulty target needs a rater");
    SUDOKU_ASSIGN_OR_RETURN(spec.judge, MakeJudge(*rater, target));
    for (const auto& [name, value] : target.Parameters())
      spec.parameters[name] = value;
    spec.parameters["rater_version"] = RaterEngineVersion();
    // The rater's budget for the top (--top-work) decides which candidates
    // reach the levels at the top: a run with another budget is another
    // run. Named only when not the default, so that the runs made before
    // it was an option keep their key.
    if (rater->options().top_work != RaterOptions().top_work)
      spec.parameters["top_work"] = absl::StrCat(rater->options().top_work);
    if (target.level) spec.target_level = std::string(LevelName(*target.level));
  }
  // The batch seed mixes the user's seed with every option that defines
  // the request (level or score range, shape, symmetry, clue bounds, ...),
  // so runs of one seed for different levels or shapes start from different
  // full grids (puzzle i: DeriveSeed(batch seed, i)). The attempt budget,
  // the rater's version and its budget for the top, and the score target (a
  // point steered to inside the band: runs with two targets compare the same
  // grids) are not mixed in.
  spec.parameters["seeding"] = "request";
  std::string request;
  for (const auto& [name, value] : spec.parameters) {
    if (name != "max_attempts" && name != "rater_version" &&
        name != "top_work" && name != "score_target")
      absl::StrAppend(&request, name, "=", value, ";");
  }
  spec.seed = DeriveSeed(seed, Fnv1a(request));
  spec.parameters["seed"] = absl::StrCat(seed);
  spec.indices = std::move(indices);
  spec.jobs = jobs;
  spec.symmetry_name = std::string(SymmetryName(options.symmetry));
  return spec;
}

absl::StatusOr<BatchSpec> PlanGenerationRange(const GeneratorOptions& options,
                                              const DifficultyTarget& target,
                                              const Rater* rater, uint64_t seed,
                                              IndexRange range, int jobs) {
  if (range.step < 1) return absl::InvalidArgumentError("index step < 1");
  SUDOKU_ASSIGN_OR_RETURN(BatchSpec spec,
                          PlanGeneration(options, target, rater, seed,
                                         std::vector<uint64_t>(), jobs));
  spec.range = range;
  return spec;
}

std::string RunKey(const std::map<std::string, std::string>& parameters) {
  std::string text = absl::StrCat("generator-", kGeneratorVersion, ";");
  for (const auto& [name, value] : parameters)
    absl::StrAppend(&text, name, "=", value, ";");
  return HashHex64(Fnv1a(text));
}

namespace {

// Calls `f(index)` for each member of `collection` stored by run
// `run_key`, reading the members page by page.
template <typename F>
absl::Status ForEachStoredIndex(PuzzleStore& store,
                                absl::string_view collection,
                                absl::string_view run_key, F f) {
  PuzzleQuery query;
  query.collection = std::string(collection);
  query.limit = 5000;
  for (;;) {
    SUDOKU_ASSIGN_OR_RETURN(std::vector<StoredPuzzle> page, store.Query(query));
    if (page.empty()) break;
    for (const StoredPuzzle& p : page) {
      SUDOKU_ASSIGN_OR_RETURN(std::optional<proto::GenerationInfo> info,
                              store.GetGenerationInfo(p.id));
      if (!info.has_value()) continue;
      auto run = info->parameters().find("run");
      auto index = info->parameters().find("index");
      if (run == info->parameters().end() || run->second != run_key) continue;
      uint64_t i = 0;
      if (index != info->parameters().end() &&
          absl::SimpleAtoi(index->second, &i)) {
        f(i);
      }
    }
    query.after_id = page.back().id;
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::set<uint64_t>> StoredIndices(PuzzleStore& store,
                                                 absl::string_view collection,
                                                 absl::string_view run_key) {
  std::set<uint64_t> out;
  SUDOKU_RETURN_IF_ERROR(ForEachStoredIndex(
      store, collection, run_key, [&](uint64_t i) { out.insert(i); }));
  return out;
}

namespace {

// Whether index `i` belongs to the batch (its list, or its range).
bool InBatch(const BatchSpec& spec, uint64_t i) {
  if (!spec.indices.empty()) {
    return std::binary_search(spec.indices.begin(), spec.indices.end(), i);
  }
  const IndexRange& r = spec.range;
  return i >= r.first && i < r.end && (i - r.first) % r.step == 0;
}

// The batch's indices stored by an earlier run of `run_key`, sorted: a
// vector of 8 bytes a puzzle, not a tree node per stored puzzle, so that
// resuming a large bank stays small.
absl::StatusOr<std::vector<uint64_t>> StoredBatchIndices(
    PuzzleStore& store, absl::string_view collection, absl::string_view run_key,
    const BatchSpec& spec) {
  std::vector<uint64_t> done;
  SUDOKU_RETURN_IF_ERROR(
      ForEachStoredIndex(store, collection, run_key, [&](uint64_t i) {
        if (InBatch(spec, i)) done.push_back(i);
      }));
  std::sort(done.begin(), done.end());
  done.erase(std::unique(done.begin(), done.end()), done.end());
  return done;
}

}  // namespace

absl::StatusOr<BatchStats> RunBatch(const BatchSpec& spec, const StoreSpec& out,
                                    const std::atomic<bool>* stop,
                                    const BatchCallbacks& callbacks) {
  BatchStats stats;
  const auto start = std::chrono::steady_clock::now();
  const std::string run_key = RunKey(spec.parameters);
  // The batch's k-th index, k < total (no list is built for a range).
  const bool listed = !spec.indices.empty();
  const uint64_t total = listed ? spec.indices.size() : spec.range.size();
  auto index_at = [&](uint64_t k) {
    return listed ? spec.indices[k] : spec.range[k];
  };
  // Sorted: the indices stored by an earlier run of the same key.
  std::vector<uint64_t> done;
  int64_t collection_id = 0;
  PuzzleStore* store = out.store;
  if (store != nullptr && spec.rater == nullptr)
    return absl::InvalidArgumentError("storing needs a rater");
  if (spec.stochastic && (spec.rater == nullptr ||
                          spec.rater->options().stochastic_source == nullptr)) {
    return absl::InvalidArgumentError(
        "the stochastic solvers' results need a rater with a "
        "stochastic_source");
  }
  if (store != nullptr) {
    SUDOKU_ASSIGN_OR_RETURN(
        done, StoredBatchIndices(*store, out.collection, run_key, spec));
    stats.resumed = static_cast<int64_t>(done.size());
    SUDOKU_ASSIGN_OR_RETURN(collection_id,
                            store->EnsureCollection(out.collection, false));
  }

  struct Result {
    bool skipped = false;  // not generated: the run was stopped first
    bool resumed = false;  // stored by an earlier run: not made again
    std::optional<GeneratedPuzzle> puzzle;
  };
  std::atomic<bool> halt{false};
  auto stopped = [&] {
    return halt.load() || (stop != nullptr && stop->load());
  };
  std::mutex generators_mu;
  std::map<std::thread::id, std::unique_ptr<Generator>>
      generators;  // one per thread
  auto work = [&](size_t k) {
    Result r;
    const uint64_t index = index_at(k);
    if (std::binary_search(done.begin(), done.end(), index)) {
      r.resumed = true;
      return r;
    }
    if (stopped()) {
      halt.store(true);
      r.skipped = true;
      return r;
    }
    Generator* generator;
    {
      std::lock_guard<std::mutex> lock(generators_mu);
      auto& slot = generators[std::this_thread::get_id()];
      if (slot == nullptr) slot = std::make_unique<Generator>(spec.options);
      generator = slot.get();
    }
    r.puzzle = generator->Generate(DeriveSeed(spec.seed, index), spec.judge);
    if (r.puzzle && spec.rater != nullptr && r.puzzle->rating == nullptr) {
      r.puzzle->rating =
          std::make_shared<RatingResult>(spec.rater->Rate(r.puzzle->puzzle));
    }
    if (r.puzzle && spec.stochastic && r.puzzle->rating != nullptr) {
      // Cannot fail: the source was checked above.
      spec.rater
          ->AddStochasticFeatures(r.puzzle->puzzle, r.puzzle->rating.get())
          .IgnoreError();
    }
    return r;
  };

  if (callbacks.on_start)
    callbacks.on_start(static_cast<int64_t>(total) - stats.resumed);
  std::vector<MadePuzzle> buffer;
  absl::Status error;
  auto last_commit = std::chrono::steady_clock::now();
  auto store_one = [&](MadePuzzle& m) -> absl::Status {
    SUDOKU_ASSIGN_OR_RETURN(
        InsertResult inserted,
        StoreGenerated(*store, *spec.rater, m.puzzle, *m.rating,
                       ProvenanceOf(spec, run_key, m.index), out.source,
                       absl::StrCat("seed=", spec.seed, " index=", m.index),
                       out.traces));
    m.puzzle_id = inserted.id;
    ++(inserted.inserted ? stats.inserted : stats.isomorphs);
    return store->AddToCollection(collection_id, inserted.id);
  };
  auto flush = [&]() {
    if (buffer.empty() || !error.ok()) return;
    error = store->RunInTransaction([&]() -> absl::Status {
      for (MadePuzzle& m : buffer) SUDOKU_RETURN_IF_ERROR(store_one(m));
      return absl::OkStatus();
    });
    if (!error.ok()) {
      halt.store(true);
      return;
    }
    if (callbacks.on_made) {
      for (const MadePuzzle& m : buffer) callbacks.on_made(m);
    }
    buffer.clear();
    last_commit = std::chrono::steady_clock::now();
  };
  auto emit = [&](size_t k, Result r) {
    if (r.skipped || r.resumed) return;
    if (callbacks.on_progress) callbacks.on_progress();
    if (!r.puzzle) {
      ++stats.failed;
      return;
    }
    ++stats.made;
    stats.attempts += r.puzzle->attempts;
    std::shared_ptr<RatingResult> rating = r.puzzle->rating;
    MadePuzzle m{index_at(k), std::move(*r.puzzle), std::move(rating), 0};
    if (store == nullptr) {
      if (callbacks.on_made) callbacks.on_made(m);
      return;
    }
    buffer.push_back(std::move(m));
    if (buffer.size() >= 256 || std::chrono::steady_clock::now() - last_commit >
                                    std::chrono::milliseconds(250)) {
      flush();
    }
  };
  ParallelOrdered(static_cast<size_t>(total), spec.jobs, work, emit, &halt);
  if (store != nullptr) flush();
  stats.interrupted = stop != nullptr && stop->load();
  stats.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  if (!error.ok()) return error;
  return stats;
}

absl::StatusOr<std::vector<MadePuzzle>> MakeLevelPuzzles(
    const GeneratorOptions& options, Level level, const Rater& rater,
    uint64_t seed, int count, PuzzleStore* store, const std::string& source) {
  DifficultyTarget target;
  target.level = level;
  std::vector<uint64_t> indices;
  for (int i = 0; i < count; ++i) indices.push_back(static_cast<uint64_t>(i));
  SUDOKU_ASSIGN_OR_RETURN(
      BatchSpec spec,
      PlanGeneration(options, target, &rater, seed, std::move(indices), 1));
  std::vector<MadePuzzle> made;
  BatchCallbacks callbacks;
  callbacks.on_made = [&](const MadePuzzle& m) { made.push_back(m); };
  SUDOKU_ASSIGN_OR_RETURN(BatchStats stats,
                          RunBatch(spec, {}, nullptr, callbacks));
  if (stats.failed > 0) {
    return absl::ResourceExhaustedError(
        absl::StrCat("no ", LevelName(level), " puzzle found within ",
                     options.max_attempts, " attempts"));
  }
  if (store == nullptr) return made;
  const std::string run_key = RunKey(spec.parameters);
  SUDOKU_RETURN_IF_ERROR(store->RunInTransaction([&]() -> absl::Status {
    for (MadePuzzle& m : made) {
      SUDOKU_ASSIGN_OR_RETURN(
          InsertResult inserted,
          StoreGenerated(*store, rater, m.puzzle, *m.rating,
                         ProvenanceOf(spec, run_key, m.index), source, "",
                         /*with_trace=*/true));
      m.puzzle_id = inserted.id;
    }
    return absl::OkStatus();
  }));
  return made;
}

GeneratedOutput GeneratedOutputOf(const MadePuzzle& m, Symmetry symmetry) {
  const GeneratedPuzzle& p = m.puzzle;
  GeneratedOutput out;
  out.set_index(static_cast<uint32_t>(m.index));
  out.set_puzzle(ToLine(p.puzzle));
  out.set_solution(ToLine(p.solution));
  out.set_shape(p.puzzle.shape().name());
  out.set_clues(static_cast<uint32_t>(p.puzzle.NumFilled()));
  out.set_seed(p.seed);
  out.set_attempts(static_cast<uint32_t>(p.attempts));
  out.set_symmetry(SymmetryName(symmetry));
  if (m.rating) {
    out.set_score(m.rating->score);
    out.set_level(std::string(LevelName(m.rating->level)));
    out.set_er(m.rating->features.er);
    out.set_hardest_technique(m.rating->features.hardest_technique);
    out.set_top_er(m.rating->features.top_er);
    for (const auto& [solver, rate] : m.rating->features.stochastic_success)
      (*out.mutable_solver_success())[solver] = rate;
  }
  return out;
}

}  // namespace sudoku::bank
