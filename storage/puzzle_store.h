// PuzzleStore: the puzzle bank behind sudoku-forge (import, export, the
// rater's and generator's results, books). SqlitePuzzleStore implements it;
// callers never see SQLite.
//
// Puzzles are deduplicated by isomorphism: InsertPuzzle computes the minlex
// canonical key (core/canonical.h) and returns the existing puzzle's id when
// an isomorph is already stored. A puzzle can carry several ratings (one per
// engine version or parameter set); "the rating" of a puzzle in queries is
// its latest one (highest rating id). A book is a collection flagged
// `is_book`; "unused" puzzles are those in no book.
#ifndef SUDOKU_STORAGE_PUZZLE_STORE_H_
#define SUDOKU_STORAGE_PUZZLE_STORE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "core/grid.h"
#include "storage/sudoku.pb.h"

namespace sudoku {

// A puzzle to insert.
struct NewPuzzle {
  // Required (the default is only there so designated initializers work).
  Grid givens{Shape::Classic()};
  // The unique solution, when known (the importer always knows it).
  std::optional<Grid> solution = {};
  // 1 = unique, 2 = two or more (kept by --allow-nonunique), 0 = unknown.
  int num_solutions = 0;
  // Where it came from (file name, "generate", ...), for provenance.
  std::string source = {};
  // Free text kept from the input line (e.g. the TSV columns).
  std::string label = {};
  // The givens' canonical key (CanonicalKey of core/canonical.h) when the
  // caller has it, so the store does not compute it again; empty: the store
  // computes it. A debug build checks that it is the givens' key.
  std::string canonical_key = {};
};

// A puzzle as stored.
struct StoredPuzzle {
  int64_t id = 0;
  Grid givens{Shape::Classic()};
  std::optional<Grid> solution = {};
  int num_solutions = 0;
  std::string canonical_key = {};
  std::string source = {};
  std::string label = {};
  int64_t created = 0;  // unix seconds (provenance only; never an input)
};

struct InsertResult {
  int64_t id = 0;
  // False when an isomorph was already stored: `id` is that puzzle's.
  bool inserted = false;
};

// A solver run on a stored puzzle (exact or stochastic), effort in counts.
struct SolverRun {
  int64_t puzzle_id = 0;
  std::string solver = {};  // registry name, e.g. "backtrack", "annealing"
  uint64_t seed = 0;        // 0 for deterministic solvers
  int64_t nodes = 0;        // search nodes or iterations
  int64_t guesses = 0;      // backtracks (exact solvers)
  int num_solutions = 0;    // found, up to the limit
  bool limit_hit = false;   // the budget ran out first
};

// Filters for Query; empty/unset fields do not filter.
struct PuzzleQuery {
  std::string collection = {};  // member of this collection
  std::string level = {};       // latest rating's level
  std::string shape = {};       // "3x3"
  std::optional<double> score_min = {};
  std::optional<double> score_max = {};  // latest rating's score
  // Only puzzles in no book (collections with is_book).
  bool unused_in_books = false;
  // Paging: puzzles with id > after_id, at most `limit` (0 = all), by id.
  int64_t after_id = 0;
  int64_t limit = 0;
};

struct StoreStats {
  int64_t puzzles = 0;
  int64_t ratings = 0;
  int64_t traces = 0;
  int64_t solver_runs = 0;
  int64_t collections = 0;
  // (key, count), sorted by key. by_level counts rated puzzles by their
  // latest rating's level ("" = unrated).
  std::vector<std::pair<std::string, int64_t>> by_shape = {};
  std::vector<std::pair<std::string, int64_t>> by_level = {};
  std::vector<std::pair<std::string, int64_t>> by_collection = {};
};

// Not thread-safe: one store per thread. Several stores (connections or
// processes) may share one database file: readers see the last committed
// state while a writer works.
class PuzzleStore {
 public:
  virtual ~PuzzleStore() = default;

  // Runs `body` in one write transaction: commits when it returns OK, rolls
  // back otherwise and returns its status. Nested calls join the outer
  // transaction. Aborted when another writer holds the database past the
  // busy timeout.
  virtual absl::Status RunInTransaction(
      absl::FunctionRef<absl::Status()> body) = 0;

  // Inserts the puzzle unless an isomorph is stored. InvalidArgument when
  // the givens clash or the solution does not solve them.
  virtual absl::StatusOr<InsertResult> InsertPuzzle(
      const NewPuzzle& puzzle) = 0;
  // The stored isomorph of `puzzle`, if any.
  virtual absl::StatusOr<std::optional<StoredPuzzle>> FindIsomorph(
      const Grid& puzzle) = 0;
  // By (shape name, canonical key).
  virtual absl::StatusOr<std::optional<StoredPuzzle>> FindByCanonicalKey(
      absl::string_view shape, absl::string_view key) = 0;
  // NotFound for an unknown id.
  virtual absl::StatusOr<StoredPuzzle> GetPuzzle(int64_t id) = 0;

  // Adds a rating (rating.puzzle_id is ignored: `puzzle_id` wins); returns
  // its id. NotFound for an unknown puzzle.
  virtual absl::StatusOr<int64_t> AddRating(int64_t puzzle_id,
                                            const proto::Rating& rating) = 0;
  // Every rating of the puzzle, oldest first.
  virtual absl::StatusOr<std::vector<proto::Rating>> Ratings(
      int64_t puzzle_id) = 0;
  // The trace of a solve path; rating_id may be 0 (none). Returns its id.
  virtual absl::StatusOr<int64_t> AddTrace(int64_t puzzle_id, int64_t rating_id,
                                           const proto::Trace& trace) = 0;
  virtual absl::StatusOr<std::optional<proto::Trace>> LatestTrace(
      int64_t puzzle_id) = 0;
  virtual absl::StatusOr<int64_t> AddSolverRun(const SolverRun& run) = 0;
  virtual absl::StatusOr<std::vector<SolverRun>> SolverRuns(
      int64_t puzzle_id) = 0;
  // Replaces the puzzle's generation record.
  virtual absl::Status SetGenerationInfo(int64_t puzzle_id,
                                         const proto::GenerationInfo& info) = 0;
  virtual absl::StatusOr<std::optional<proto::GenerationInfo>>
  GetGenerationInfo(int64_t puzzle_id) = 0;

  // The collection's id, creating it if needed. FailedPrecondition when it
  // exists with a different is_book flag.
  virtual absl::StatusOr<int64_t> EnsureCollection(absl::string_view name,
                                                   bool is_book) = 0;
  // Appends the puzzle (no-op if already a member).
  virtual absl::Status AddToCollection(int64_t collection_id,
                                       int64_t puzzle_id) = 0;
  // Adds the puzzles to the book `book` (created as a book if needed), so
  // that unused_in_books queries skip them from now on; one transaction.
  virtual absl::Status MarkUsed(absl::string_view book,
                                absl::Span<const int64_t> puzzle_ids) = 0;
  // Collection names with member counts, by name.
  virtual absl::StatusOr<std::vector<std::pair<std::string, int64_t>>>
  Collections() = 0;
  // The collections `puzzle_id` belongs to, by name: (name, is_book).
  virtual absl::StatusOr<std::vector<std::pair<std::string, bool>>>
  CollectionsOf(int64_t puzzle_id) = 0;

  virtual absl::StatusOr<std::vector<StoredPuzzle>> Query(
      const PuzzleQuery& query) = 0;
  virtual absl::StatusOr<StoreStats> Stats() = 0;
};

}  // namespace sudoku

#endif  // SUDOKU_STORAGE_PUZZLE_STORE_H_
