// A batch of generated puzzles, optionally stored: the engine behind
// `generate` and `corpus build`.
//
// Puzzle i of a batch with seed S is Generate(DeriveSeed(S, i)), whatever
// the number of worker threads, so a batch is a pure function of (S, the
// options, the build). Workers generate (and rate) in parallel; results are
// handed over in index order, so what is stored and printed is the same for
// any --jobs.
//
// Storage and resume: every stored puzzle carries a GenerationInfo whose
// parameters name the run ("run" = RunKey of the options and seed) and the
// puzzle's index in it. A later run with the same key reads the indices
// already in its collection and makes only the others; the store's
// canonical-form deduplication keeps isomorphs out. Commits are batched
// (a few per second), so a killed run loses at most its last batch; an
// interrupted one (SIGINT) finishes the puzzles in hand, commits and stops.
#ifndef SUDOKU_CLI_GENERATE_RUN_H_
#define SUDOKU_CLI_GENERATE_RUN_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "generator/generator.h"
#include "rater/rater.h"
#include "storage/puzzle_store.h"
#include "storage/sudoku.pb.h"

namespace sudoku::cli {

// A difficulty target: a score band, optionally a level (which sets the
// band) and a technique the solve path must use.
struct DifficultyTarget {
  std::optional<Level> level;
  double score_min = -1e9;
  double score_max = 1e9;
  std::string requires_technique;  // "" = any
  // The preferred score inside the band (--score-target); unset: the
  // level's default (DefaultScoreTarget), or none without a level.
  std::optional<double> score_target;
};

// The score a puzzle of `level` should have when the generator can choose
// (the back-off picks the in-band puzzle nearest to it): the middle of the
// band for medium and hard; 1.0 below the medium threshold for easy (the
// band is open below: the NYT's easy puzzles score 4.9-5.1 on their 10-90 %
// range, docs/GENERATOR.md); none for evil and needs-guessing (the hardest
// in-band puzzle, usually the minimal one).
std::optional<double> DefaultScoreTarget(Level level);

// The judge for `target` (rates with `rater`, which must outlive it).
// Below the band (or easier than the required technique) is too easy;
// above it, or needing a guess, too hard; an accepted puzzle carries its
// offset from the score target. Caches the last rating per
// thread so the accepted puzzle is not rated twice (see RateCached).
absl::StatusOr<Judge> MakeJudge(const Rater& rater,
                                const DifficultyTarget& target);

// The rating of `puzzle`, reusing the judge's last rating on this thread
// when it was for the same puzzle.
RatingResult RateCached(const Rater& rater, const Grid& puzzle);

// What a batch makes.
struct BatchSpec {
  GeneratorOptions options;
  Judge judge;  // null = no difficulty target
  const Rater* rater =
      nullptr;        // rates every puzzle when set (required with a store)
  uint64_t seed = 1;  // puzzle i: DeriveSeed(seed, i)
  std::vector<uint64_t> indices;  // which puzzles, ascending
  int jobs = 1;
  // Every option that shapes the puzzles (name -> value), stored as
  // provenance and hashed into the run key. Must not hold count or jobs.
  std::map<std::string, std::string> parameters;
  std::string target_level;  // for GenerationInfo; "" = none
  std::string symmetry_name;
};

struct StoreSpec {
  PuzzleStore* store = nullptr;  // not owned; null = nothing stored
  std::string collection;        // every puzzle of the run joins it
  std::string source = "generate";
  bool traces = true;  // store the rater's solve path
};

struct BatchStats {
  int64_t made = 0;       // puzzles generated in this run
  int64_t inserted = 0;   // new rows in the store
  int64_t isomorphs = 0;  // already stored (as an isomorph)
  int64_t resumed = 0;    // skipped: stored by an earlier run
  int64_t failed = 0;     // no puzzle within max_attempts
  int64_t attempts = 0;   // full grids tried for the made puzzles
  double seconds = 0;
  bool interrupted = false;
};

// One made puzzle, handed to the caller's callback in index order.
struct MadePuzzle {
  uint64_t index = 0;
  GeneratedPuzzle puzzle;
  std::optional<RatingResult> rating;
  int64_t puzzle_id = 0;  // stored row (0 without a store)
};

// The generator options of generate's flags (--shape, --symmetry,
// --minimal, --min-clues, --max-clues, --max-attempts, --strict-minimal);
// InvalidArgument when they contradict each other. In generate_command.cc.
absl::StatusOr<GeneratorOptions> GeneratorOptionsFromFlags();
// The options as provenance parameters (name -> value).
std::map<std::string, std::string> GeneratorParameters(
    const GeneratorOptions& options);

// FNV-1a of "generator-V;name=value;..." in hex: the identity of a run.
std::string RunKey(const std::map<std::string, std::string>& parameters);

// Indices of the members of `collection` whose generation info names
// `run_key` (empty when the collection does not exist).
absl::StatusOr<std::set<uint64_t>> StoredIndices(PuzzleStore& store,
                                                 absl::string_view collection,
                                                 absl::string_view run_key);

// The rating as stored (engine version, parameters, features).
proto::Rating RatingToProto(const Rater& rater, const RatingResult& rating);
// The solve path of the rating's explanation (empty when it has none).
proto::Trace TraceToProto(const RatingResult& rating);

// Runs the batch: generates, rates, stores (skipping indices already stored
// by the same run), calls `on_made` in index order (may be null). Stops
// early, keeping what is committed, when `stop` becomes true. The progress
// line is drawn on a terminal only. Errors: the store's.
absl::StatusOr<BatchStats> RunBatch(
    const BatchSpec& spec, const StoreSpec& store,
    const std::atomic<bool>* stop,
    const std::function<void(const MadePuzzle&)>& on_made,
    absl::string_view progress_label);

// SIGINT sets the flag returned here while the guard lives (restores the
// previous handler after).
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
  const std::atomic<bool>* flag() const;
  bool interrupted() const;
};

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_GENERATE_RUN_H_
