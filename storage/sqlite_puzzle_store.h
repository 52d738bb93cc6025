// SqlitePuzzleStore: PuzzleStore on one SQLite file (docs/STORAGE.md has
// the schema).
//
// On open: WAL journal (files), foreign keys on, a busy timeout, and the
// schema brought up to kSchemaVersion by forward-only migrations recorded in
// PRAGMA user_version; PRAGMA application_id marks the file as ours. Every
// statement is prepared once (SQLITE_PREPARE_PERSISTENT) and reused with
// bound values; SQL text never contains a value.
//
// Crash safety: WAL with synchronous=NORMAL. A killed process loses at most
// its open transaction (committed ones are in the WAL, which the OS keeps);
// a power cut may also lose the last commits but never corrupts the file.
//
// Not thread-safe (one store per thread); owns its connection.
#ifndef SUDOKU_STORAGE_SQLITE_PUZZLE_STORE_H_
#define SUDOKU_STORAGE_SQLITE_PUZZLE_STORE_H_

#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "storage/puzzle_store.h"

namespace sudoku {

struct SqliteStoreOptions {
  // Create the file (and schema) when missing. Read-only commands (export,
  // list, show, stats) turn this off so a typo in --db is an error rather
  // than a new empty database.
  bool create_if_missing = true;
  // How long a statement waits for another connection's write lock before
  // failing with Aborted. Import holds the lock for one batch (~0.1 s).
  int busy_timeout_ms = 10'000;
  // Open for reading only (stats, list, show, export, the shards of a
  // merge): never writes the file, not even the WAL switch or a schema
  // migration, so a bank on a read-only file, directory or volume can be
  // read. When SQLite cannot make the WAL's side files (a read-only
  // directory), the file is opened as immutable. Any write then fails with
  // FailedPrecondition saying the bank is read-only. Implies
  // !create_if_missing.
  bool read_only = false;
};

class SqlitePuzzleStore : public PuzzleStore {
 public:
  // The schema version this binary writes (PRAGMA user_version).
  static constexpr int kSchemaVersion = 2;
  // PRAGMA application_id of our files: "SFRG".
  static constexpr int32_t kApplicationId = 0x53465247;

  // Opens (or creates) the database at `path`; ":memory:" for tests.
  // NotFound: no such file and !create_if_missing.
  // FailedPrecondition: not an SQLite file, another application's database,
  //   or a schema newer than kSchemaVersion (an older binary must not touch
  //   it).
  // Aborted: locked by another writer past the busy timeout.
  // FailedPrecondition also: a write to a read-only bank (read_only, or no
  //   write permission on the file or its directory), said in words.
  // Internal: other SQLite failures (with sqlite3_errmsg and the SQL).
  static absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> Open(
      absl::string_view path, const SqliteStoreOptions& options = {});

  ~SqlitePuzzleStore() override;
  SqlitePuzzleStore(const SqlitePuzzleStore&) = delete;
  SqlitePuzzleStore& operator=(const SqlitePuzzleStore&) = delete;

  // Runs PRAGMA integrity_check; "ok" when the file is sound.
  absl::StatusOr<std::string> IntegrityCheck();
  // The database's schema version (PRAGMA user_version).
  absl::StatusOr<int> SchemaVersion();

  absl::Status RunInTransaction(
      absl::FunctionRef<absl::Status()> body) override;
  absl::StatusOr<InsertResult> InsertPuzzle(const NewPuzzle& puzzle) override;
  absl::StatusOr<std::optional<StoredPuzzle>> FindIsomorph(
      const Grid& puzzle) override;
  absl::StatusOr<std::optional<StoredPuzzle>> FindByCanonicalKey(
      absl::string_view shape, absl::string_view key) override;
  absl::StatusOr<StoredPuzzle> GetPuzzle(int64_t id) override;
  absl::StatusOr<int64_t> AddRating(int64_t puzzle_id,
                                    const proto::Rating& rating) override;
  absl::StatusOr<std::vector<proto::Rating>> Ratings(
      int64_t puzzle_id) override;
  absl::StatusOr<int64_t> AddTrace(int64_t puzzle_id, int64_t rating_id,
                                   const proto::Trace& trace) override;
  absl::StatusOr<std::optional<proto::Trace>> LatestTrace(
      int64_t puzzle_id) override;
  absl::StatusOr<int64_t> AddSolverRun(const SolverRun& run) override;
  absl::StatusOr<std::vector<SolverRun>> SolverRuns(int64_t puzzle_id) override;
  absl::Status SetGenerationInfo(int64_t puzzle_id,
                                 const proto::GenerationInfo& info) override;
  absl::StatusOr<std::optional<proto::GenerationInfo>> GetGenerationInfo(
      int64_t puzzle_id) override;
  absl::StatusOr<int64_t> EnsureCollection(absl::string_view name,
                                           bool is_book) override;
  absl::Status AddToCollection(int64_t collection_id,
                               int64_t puzzle_id) override;
  absl::Status MarkUsed(absl::string_view book,
                        absl::Span<const int64_t> puzzle_ids) override;
  absl::StatusOr<std::vector<std::pair<std::string, int64_t>>> Collections()
      override;
  absl::StatusOr<std::vector<std::pair<std::string, bool>>> CollectionsOf(
      int64_t puzzle_id) override;
  absl::StatusOr<std::vector<StoredPuzzle>> Query(
      const PuzzleQuery& query) override;
  absl::StatusOr<StoreStats> Stats() override;

 private:
  struct Impl;  // the sqlite3 connection and prepared statements
  explicit SqlitePuzzleStore(std::unique_ptr<Impl> impl);

  absl::StatusOr<std::string> CanonicalKeyOf(const Grid& grid) const;
  absl::Status RequirePuzzle(int64_t puzzle_id);

  std::unique_ptr<Impl> impl_;
  int transaction_depth_ = 0;
};

}  // namespace sudoku

#endif  // SUDOKU_STORAGE_SQLITE_PUZZLE_STORE_H_
