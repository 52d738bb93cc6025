// What the bank stores for a rating, a solve path and a generated puzzle:
// the one conversion from the engine's results to the stored protos, and
// the one provenance policy. Every front end (generate, corpus build, rate,
// book, a server) stores through these, so a rating stored by one is found
// and reused by the others.
//
// Provenance: a stored rating's engine_version is RaterEngineVersion()
// ("rater-<version>.<fit id>"), so a refit of the model invalidates every
// stored rating; its parameters are Rater::ScoreParameters() (every
// parameter that can change a score), so ratings made with and without the
// stochastic solvers are the same rating, the latter missing only the
// solvers' success rates.
#ifndef SUDOKU_BANK_RECORDS_H_
#define SUDOKU_BANK_RECORDS_H_

#include <cstdint>
#include <map>
#include <string>

#include "absl/status/statusor.h"
#include "deduction/step_solver.h"
#include "generator/generator.h"
#include "rater/rater.h"
#include "storage/cli_output.pb.h"
#include "storage/puzzle_store.h"
#include "storage/sudoku.pb.h"

namespace sudoku::bank {

// The stored form of a rating: score, level, ER/EP/ED, technique counts,
// every feature, the stochastic solvers' results when they ran.
proto::Rating RatingRecord(const Rater& rater, const RatingResult& rating);

// Whether `stored` was made by this engine version with `rater`'s
// parameters (so it holds the same score and level `rater` would give).
bool SameRating(const proto::Rating& stored, const Rater& rater);
// The same against `score_parameters` (a rater's ScoreParameters(), kept by
// a caller that checks many ratings).
bool SameRating(const proto::Rating& stored,
                const std::map<std::string, std::string>& score_parameters);
// Whether `stored` carries stochastic solver results.
bool HasStochastic(const proto::Rating& stored);

// The solve path of an explanation (engine version stamped).
proto::Trace TraceRecord(const Explanation& explanation);

// The provenance of a generated puzzle: its seed, the generator version,
// the run's parameters, and its index in the run.
struct GenerationProvenance {
  std::map<std::string, std::string> parameters;  // the run's options
  std::string run_key;
  uint64_t batch_seed = 0;
  uint64_t index = 0;
  std::string symmetry;
  std::string target_level;
  std::string shard;  // "I/K" of a sharded corpus build; "" otherwise
};
proto::GenerationInfo GenerationRecord(const GeneratedPuzzle& puzzle,
                                       const GenerationProvenance& run);

// Stores a generated puzzle with its rating, trace (when `with_trace`) and
// generation info, in the caller's transaction. An isomorph already stored
// is left as it is (InsertResult::inserted false).
absl::StatusOr<InsertResult> StoreGenerated(
    PuzzleStore& store, const Rater& rater, const GeneratedPuzzle& puzzle,
    const RatingResult& rating, const GenerationProvenance& run,
    const std::string& source, const std::string& label, bool with_trace);

// The answer to "rate this puzzle" (the CLI's rate --json and any other
// front end's): the verdict and, for a proper puzzle, the whole rating.
// `where` names the input (file:line); `explain` adds the steps.
RateOutput RateOutputOf(const Grid& puzzle, const Rater& rater,
                        const RatingResult& rating, bool explain);
// The same answer from a stored rating of `puzzle` (or of an isomorph) with
// id `puzzle_id`.
RateOutput RateOutputOfStored(const Grid& puzzle, const proto::Rating& stored,
                              int64_t puzzle_id);
// Whether `out`'s top_er is worth showing beside its ER: set (9x9) and not
// the trace's ER (the top, where ER is 20.0 for a guess). rate's text line
// and show's rating line name it then.
bool TopErDiffers(const RateOutput& out);
// The steps of an explanation, as RateOutput::Step entries.
void AddSteps(const Explanation& explanation, RateOutput& out);

}  // namespace sudoku::bank

#endif  // SUDOKU_BANK_RECORDS_H_
