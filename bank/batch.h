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
#ifndef SUDOKU_BANK_BATCH_H_
#define SUDOKU_BANK_BATCH_H_

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
#include "generator/level_target.h"
#include "rater/rater.h"
#include "storage/cli_output.pb.h"
#include "storage/puzzle_store.h"
#include "storage/sudoku.pb.h"

namespace sudoku::bank {

// Puzzles first, first + step, ... below end: a batch of any size in O(1)
// memory (generate --count=1000000000).
struct IndexRange {
  uint64_t first = 0;
  uint64_t end = 0;
  uint64_t step = 1;  // >= 1
  uint64_t size() const {
    return first >= end ? 0 : (end - first + step - 1) / step;
  }
  uint64_t operator[](uint64_t k) const { return first + k * step; }
};

// What a batch makes.
struct BatchSpec {
  GeneratorOptions options;
  Judge judge;  // null = no difficulty target
  const Rater* rater =
      nullptr;        // rates every puzzle when set (required with a store)
  uint64_t seed = 1;  // puzzle i: DeriveSeed(seed, i)
  // Which puzzles, ascending: `indices` when not empty, else `range`.
  std::vector<uint64_t> indices;
  IndexRange range;
  int jobs = 1;
  // Every option that shapes the puzzles (name -> value), stored as
  // provenance and hashed into the run key. Must not hold count or jobs.
  std::map<std::string, std::string> parameters;
  std::string target_level;  // for GenerationInfo; "" = none
  // "I/K" for a shard of a corpus build (provenance only, not in the run
  // key, so every shard resumes under the corpus's key); "" = none.
  std::string shard;
  std::string symmetry_name;
  // Complete each made puzzle's rating with the stochastic solvers' results
  // at the rater's budgets (Rater::AddStochasticFeatures) before it is
  // stored: the judge rates candidates without them.
  bool stochastic = false;
};

struct StoreSpec {
  PuzzleStore* store = nullptr;  // not owned; null = nothing stored
  std::string collection;        // every puzzle of the run joins it
  std::string source = "generate";
  bool traces = false;  // store the rater's solve path (else rebuilt)
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
  // The judge's rating of the accepted puzzle, or the batch rater's when
  // there is no judge (null when nothing rates).
  std::shared_ptr<RatingResult> rating;
  int64_t puzzle_id = 0;  // stored row (0 without a store)
};

// The machine answer for one made puzzle, as `generate --json`, the Python
// package and the service print it: puzzle, solution, shape, clues, seed,
// attempts, symmetry and, when rated, score, level, ER, hardest technique
// and the stochastic solvers' success rates.
GeneratedOutput GeneratedOutputOf(const MadePuzzle& m, Symmetry symmetry);

// The batch of `generate`: puzzles `indices` of `seed` with `options`,
// judged against `target` when it is active (rated by `rater`, which must
// outlive the batch and is required when the target is active or the batch
// is stored). Provenance parameters: the generator options, the target,
// the rater's engine version (when it rates) and the seed. The batch seed
// is DeriveSeed(seed, FNV-1a of the request's parameters) (all but
// max_attempts, rater_version and score_target), so one seed gives different
// grids for different levels, shapes or symmetries. InvalidArgument for an
// impossible target.
absl::StatusOr<BatchSpec> PlanGeneration(const GeneratorOptions& options,
                                         const DifficultyTarget& target,
                                         const Rater* rater, uint64_t seed,
                                         std::vector<uint64_t> indices,
                                         int jobs);
// The same for the puzzles `range` (no list of indices is built).
absl::StatusOr<BatchSpec> PlanGenerationRange(const GeneratorOptions& options,
                                              const DifficultyTarget& target,
                                              const Rater* rater, uint64_t seed,
                                              IndexRange range, int jobs);

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

// What RunBatch reports as it goes (either may be null).
struct BatchCallbacks {
  // Before the first puzzle: how many puzzles this run will make.
  std::function<void(int64_t pending)> on_start;
  // After each puzzle (made or failed), in index order.
  std::function<void()> on_progress;
  // Each made puzzle, in index order (after it is committed when stored).
  std::function<void(const MadePuzzle&)> on_made;
};

// Runs the batch: generates, rates, stores (skipping indices already stored
// by the same run). Memory is O(jobs + puzzles already stored by the run),
// not O(batch size): indices are taken from the range as workers need them.
// Stops early, keeping what is committed, when `stop` (may be null) becomes
// true. Errors: the store's.
absl::StatusOr<BatchStats> RunBatch(const BatchSpec& spec,
                                    const StoreSpec& store,
                                    const std::atomic<bool>* stop,
                                    const BatchCallbacks& callbacks);

// `count` puzzles of `level` (puzzle i from DeriveSeed(seed, i), judged
// and rated by `rater`), each stored in `store` when it is not null (with
// its rating, trace and generation info; `puzzle_id` set, an isomorph
// already stored keeps its id) in one transaction: the puzzles a book adds
// when its sources run short. ResourceExhausted when some puzzle is not
// found within the generator's attempts.
absl::StatusOr<std::vector<MadePuzzle>> MakeLevelPuzzles(
    const GeneratorOptions& options, Level level, const Rater& rater,
    uint64_t seed, int count, PuzzleStore* store, const std::string& source);

}  // namespace sudoku::bank

#endif  // SUDOKU_BANK_BATCH_H_
