// The solve path of a stored puzzle, rebuilt on demand. The bank does not
// store traces by default (about 5 KB each: docs/STORAGE.md): a rating is a
// deterministic function of the puzzle and the engine version, so the
// rater rebuilds the trace from the stored puzzle, and the rebuilt rating is
// checked against what the bank holds. `show`, `explain --db` and any other
// front end read stored walk-throughs through this.
#ifndef SUDOKU_BANK_TRACE_REBUILD_H_
#define SUDOKU_BANK_TRACE_REBUILD_H_

#include <cstdint>
#include <optional>

#include "absl/status/statusor.h"
#include "rater/rater.h"
#include "storage/puzzle_store.h"
#include "storage/sudoku.pb.h"

namespace sudoku::bank {

struct RebuiltRating {
  StoredPuzzle puzzle;
  // The rater's rating of the stored givens, with its explanation (naming
  // the cells as stored).
  RatingResult rating;
  // The trace the bank would store for it (TraceRecord).
  proto::Trace trace;
  // Whether a stored rating by this engine version and these parameters
  // (SameRating) was compared; false when the bank holds only ratings by
  // another version (nothing to check against) or none.
  bool checked_rating = false;
  // Whether a stored trace was compared.
  bool checked_trace = false;
};

// Rebuilds the rating and trace of stored puzzle `id` with `rater` and
// checks them against the bank: the latest stored rating, when SameRating,
// must have the same score, level, ER/EP/ED, hardest technique and
// technique counts; the latest stored trace, when made by this engine
// version, the same steps. NotFound for an unknown id; FailedPrecondition
// for a puzzle without exactly one solution; DataLoss naming the first
// difference.
absl::StatusOr<RebuiltRating> RebuildStored(PuzzleStore& store, int64_t id,
                                            const Rater& rater);

}  // namespace sudoku::bank

#endif  // SUDOKU_BANK_TRACE_REBUILD_H_
