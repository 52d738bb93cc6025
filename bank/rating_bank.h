// Rating with the bank as a cache: the engine behind `rate --db` (and any
// front end that rates submitted puzzles). A puzzle whose canonical form is
// stored with a rating by this engine version and these parameters gets
// that rating at once; others are rated and stored (puzzle, rating,
// provenance; the trace only when asked). A stored rating that lacks the
// stochastic solvers' results is completed when the rater runs them.
#ifndef SUDOKU_BANK_RATING_BANK_H_
#define SUDOKU_BANK_RATING_BANK_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/grid.h"
#include "rater/rater.h"
#include "storage/cli_output.pb.h"
#include "storage/puzzle_store.h"

namespace sudoku::bank {

class RatingBank {
 public:
  // Neither is owned; both must outlive the bank. `source` is stored as the
  // provenance of puzzles the bank had not seen ("rate", "submission").
  RatingBank(PuzzleStore& store, const Rater& rater, std::string source);

  // The stored rating of `puzzle` (any isomorph) that this rater would
  // give, as a rate answer (from_store set), or nullopt when there is none
  // or it lacks results the rater computes (the stochastic solvers').
  // Not thread-safe (one store connection).
  absl::StatusOr<std::optional<RateOutput>> Lookup(const Grid& puzzle);
  // The same for a caller that has the puzzle's canonical key (CanonicalKey
  // of core/canonical.h), so it is not computed again.
  absl::StatusOr<std::optional<RateOutput>> Lookup(const Grid& puzzle,
                                                   absl::string_view key);

  // Stores `puzzle` (if new), the rating and its trace; returns the
  // puzzle's id. `label` goes into a new puzzle's provenance (a client's
  // label: sudoku-forge serve). `key`: the puzzle's canonical key when the
  // caller has it (NewPuzzle::canonical_key), else empty.
  // REQUIRES: rating.status == kRated.
  absl::StatusOr<int64_t> Store(const Grid& puzzle, const RatingResult& rating,
                                const std::string& label = "",
                                absl::string_view key = "");

  // Whether Store() stores the rating's trace too (default: no; it is
  // rebuilt on demand, bank/trace_rebuild.h).
  void set_store_traces(bool on) { store_traces_ = on; }

 private:
  // Lookup's answer for the stored puzzle `known` (nullopt: none).
  absl::StatusOr<std::optional<RateOutput>> StoredRating(
      const Grid& puzzle, const std::optional<StoredPuzzle>& known);

  PuzzleStore& store_;
  const Rater& rater_;
  // rater_.ScoreParameters(), computed once (bank::SameRating).
  const std::map<std::string, std::string> score_parameters_;
  const std::string source_;
  bool store_traces_ = false;
};

}  // namespace sudoku::bank

#endif  // SUDOKU_BANK_RATING_BANK_H_
