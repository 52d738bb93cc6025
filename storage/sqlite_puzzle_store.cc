#include "storage/sqlite_puzzle_store.h"

#include <sqlite3.h>
#include <sys/stat.h>

#include <cassert>
#include <iterator>
#include <memory>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/canonical.h"
#include "core/format.h"
#include "core/status_macros.h"
#include "storage/blob_codec.h"
#include "storage/proto_convert.h"

namespace sudoku {
namespace {

struct DbCloser {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
struct StmtFinalizer {
  void operator()(sqlite3_stmt* stmt) const { sqlite3_finalize(stmt); }
};
using DbHandle = std::unique_ptr<sqlite3, DbCloser>;
using StmtHandle = std::unique_ptr<sqlite3_stmt, StmtFinalizer>;

// Maps an SQLite result code to the Status codes of STYLE.md section 6.
absl::Status SqliteError(sqlite3* db, int rc, absl::string_view sql) {
  // A write the file system or the connection refuses: said in words, with
  // the bank's path, without the SQL.
  const char* file = db != nullptr ? sqlite3_db_filename(db, "main") : nullptr;
  const std::string path = file != nullptr && *file != '\0' ? file : "bank";
  if ((rc & 0xff) == SQLITE_READONLY) {
    return absl::FailedPreconditionError(absl::StrCat(
        path,
        ": the bank is read-only (opened for reading, or no write permission "
        "on the file or its directory); nothing was written"));
  }
  const std::string msg = absl::StrCat(
      "sqlite: ", db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc),
      " (code ", rc, ") in: ", sql);
  switch (rc & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return absl::AbortedError(msg);
    case SQLITE_CONSTRAINT:
      if (rc == SQLITE_CONSTRAINT_FOREIGNKEY) return absl::NotFoundError(msg);
      return absl::AlreadyExistsError(msg);
    case SQLITE_NOTADB:
    case SQLITE_CORRUPT:
      return absl::DataLossError(msg);
    default:
      return absl::InternalError(msg);
  }
}

// A prepared statement, reused for the connection's lifetime. Use through
// Statement::Scope, which resets the statement and clears its bindings when
// it ends (reset alone keeps the bindings).
class Statement {
 public:
  Statement() = default;
  Statement(sqlite3* db, StmtHandle stmt, const char* sql)
      : db_(db), stmt_(std::move(stmt)), sql_(sql) {}

  class Scope {
   public:
    explicit Scope(Statement& s) : s_(s) {}
    ~Scope() {
      sqlite3_reset(s_.stmt_.get());
      sqlite3_clear_bindings(s_.stmt_.get());
    }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    Statement& s_;
  };

  // Bind* return codes only report programmer errors (bad index): assert.
  void Bind(int i, int64_t v) { Check(sqlite3_bind_int64(stmt_.get(), i, v)); }
  void Bind(int i, double v) { Check(sqlite3_bind_double(stmt_.get(), i, v)); }
  void Bind(int i, absl::string_view v) {
    Check(sqlite3_bind_text(stmt_.get(), i, v.data(),
                            static_cast<int>(v.size()), SQLITE_TRANSIENT));
  }
  void BindBlob(int i, const std::string& v) {
    Check(sqlite3_bind_blob(stmt_.get(), i, v.data(),
                            static_cast<int>(v.size()), SQLITE_TRANSIENT));
  }
  void BindNull(int i) { Check(sqlite3_bind_null(stmt_.get(), i)); }

  // True when a row is ready, false when done.
  absl::StatusOr<bool> Step() {
    const int rc = sqlite3_step(stmt_.get());
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    return SqliteError(db_, rc, sql_);
  }
  // Steps to completion, ignoring rows.
  absl::Status Run() {
    while (true) {
      SUDOKU_ASSIGN_OR_RETURN(bool row, Step());
      if (!row) return absl::OkStatus();
    }
  }

  int64_t Int(int col) const { return sqlite3_column_int64(stmt_.get(), col); }
  double Double(int col) const {
    return sqlite3_column_double(stmt_.get(), col);
  }
  bool IsNull(int col) const {
    return sqlite3_column_type(stmt_.get(), col) == SQLITE_NULL;
  }
  std::string Text(int col) const {
    const auto* p = sqlite3_column_blob(stmt_.get(), col);
    const int n = sqlite3_column_bytes(stmt_.get(), col);
    return p == nullptr ? std::string()
                        : std::string(static_cast<const char*>(p),
                                      static_cast<size_t>(n));
  }

 private:
  static void Check([[maybe_unused]] int rc) { assert(rc == SQLITE_OK); }

  sqlite3* db_ = nullptr;  // not owned
  StmtHandle stmt_;
  const char* sql_ = "";
};

// Forward-only migrations: kMigrations[v] takes schema version v to v + 1.
// Never edit a shipped entry; append a new one (and bump kSchemaVersion).
constexpr const char* kMigrations[] = {
    // 0 -> 1: the initial schema.
    R"sql(
CREATE TABLE puzzles (
  id            INTEGER PRIMARY KEY,
  shape         TEXT    NOT NULL,          -- "3x3": box rows x box cols
  givens        TEXT    NOT NULL,          -- line string as given ('.' empty)
  solution      TEXT,                      -- line string; NULL if unknown/not unique
  num_clues     INTEGER NOT NULL,
  num_solutions INTEGER NOT NULL,          -- 1 unique, 2 = two or more, 0 unknown
  canonical_key TEXT    NOT NULL,          -- minlex line string (core/canonical.h)
  source        TEXT    NOT NULL DEFAULT '',
  label         TEXT    NOT NULL DEFAULT '',
  created       INTEGER NOT NULL DEFAULT (unixepoch()),
  UNIQUE (shape, canonical_key)
);
CREATE INDEX puzzles_shape_clues ON puzzles (shape, num_clues);

CREATE TABLE ratings (
  id                INTEGER PRIMARY KEY,
  puzzle_id         INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
  engine_version    TEXT    NOT NULL,
  score             REAL    NOT NULL,
  level             TEXT    NOT NULL,
  er                REAL,
  ep                REAL,
  ed                REAL,
  hardest_technique TEXT    NOT NULL,
  created           INTEGER NOT NULL DEFAULT (unixepoch()),
  rating            BLOB    NOT NULL      -- sudoku.proto.Rating
);
CREATE INDEX ratings_puzzle ON ratings (puzzle_id);
CREATE INDEX ratings_score ON ratings (score);
CREATE INDEX ratings_level ON ratings (level);
CREATE INDEX ratings_hardest ON ratings (hardest_technique);

CREATE TABLE traces (
  id             INTEGER PRIMARY KEY,
  puzzle_id      INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
  rating_id      INTEGER REFERENCES ratings (id) ON DELETE SET NULL,
  engine_version TEXT    NOT NULL,
  num_steps      INTEGER NOT NULL,
  trace          BLOB    NOT NULL         -- sudoku.proto.Trace
);
CREATE INDEX traces_puzzle ON traces (puzzle_id);

CREATE TABLE solver_runs (
  id            INTEGER PRIMARY KEY,
  puzzle_id     INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
  solver        TEXT    NOT NULL,
  seed          INTEGER NOT NULL,
  nodes         INTEGER NOT NULL,
  guesses       INTEGER NOT NULL,
  num_solutions INTEGER NOT NULL,
  limit_hit     INTEGER NOT NULL,
  created       INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX solver_runs_puzzle ON solver_runs (puzzle_id);

CREATE TABLE generation_info (
  puzzle_id         INTEGER PRIMARY KEY REFERENCES puzzles (id) ON DELETE CASCADE,
  seed              INTEGER NOT NULL,
  generator_version TEXT    NOT NULL,
  info              BLOB    NOT NULL      -- sudoku.proto.GenerationInfo
);
CREATE INDEX generation_seed ON generation_info (seed);

CREATE TABLE collections (
  id          INTEGER PRIMARY KEY,
  name        TEXT    NOT NULL UNIQUE,
  description TEXT    NOT NULL DEFAULT '',
  is_book     INTEGER NOT NULL DEFAULT 0,  -- 1: members count as used
  created     INTEGER NOT NULL DEFAULT (unixepoch())
);

CREATE TABLE collection_members (
  collection_id INTEGER NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  puzzle_id     INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
  position      INTEGER NOT NULL,
  PRIMARY KEY (collection_id, puzzle_id)
) WITHOUT ROWID;
CREATE INDEX collection_members_puzzle ON collection_members (puzzle_id);
)sql",
    // 1 -> 2: appending to a collection reads max(position) of that
    // collection; without this index that scanned every member (quadratic
    // imports into one collection).
    R"sql(
CREATE INDEX collection_members_position
  ON collection_members (collection_id, position);
)sql",
};
static_assert(std::size(kMigrations) == SqlitePuzzleStore::kSchemaVersion);

constexpr char kPuzzleColumns[] =
    "p.id, p.shape, p.givens, p.solution, p.num_solutions, p.canonical_key, "
    "p.source, p.label, p.created";

// The latest rating of puzzle p, joined as r.
constexpr char kLatestRatingJoin[] =
    " LEFT JOIN ratings r ON r.id = "
    "(SELECT max(r2.id) FROM ratings r2 WHERE r2.puzzle_id = p.id)";

}  // namespace

struct SqlitePuzzleStore::Impl {
  DbHandle db;  // first member: closed after every statement is finalized
  std::string path;
  std::vector<std::unique_ptr<std::string>>
      sql_texts;  // owned by statements' errors
  Statement begin, commit, rollback;
  Statement insert_puzzle, find_by_key, get_puzzle, puzzle_exists;
  Statement insert_rating, select_ratings;
  Statement insert_trace, latest_trace;
  Statement insert_run, select_runs;
  Statement upsert_generation, get_generation;
  Statement find_collection, insert_collection, add_member, list_collections;
  Statement query;
  Statement count_all, by_shape, by_level;
  Statement integrity_check, user_version;

  absl::StatusOr<Statement> Prepare(const char* sql) {
    sqlite3_stmt* raw = nullptr;
    const int rc = sqlite3_prepare_v3(db.get(), sql, -1,
                                      SQLITE_PREPARE_PERSISTENT, &raw, nullptr);
    StmtHandle stmt(raw);
    if (rc != SQLITE_OK) return SqliteError(db.get(), rc, sql);
    return Statement(db.get(), std::move(stmt), sql);
  }

  // For schema scripts and PRAGMAs run once at open.
  absl::Status Exec(const char* sql) {
    char* err = nullptr;
    const int rc = sqlite3_exec(db.get(), sql, nullptr, nullptr, &err);
    sqlite3_free(err);
    if (rc != SQLITE_OK) return SqliteError(db.get(), rc, sql);
    return absl::OkStatus();
  }

  // The single integer a PRAGMA query returns.
  absl::StatusOr<int64_t> PragmaInt(const char* sql) {
    SUDOKU_ASSIGN_OR_RETURN(Statement s, Prepare(sql));
    SUDOKU_ASSIGN_OR_RETURN(bool row, s.Step());
    if (!row)
      return absl::InternalError(absl::StrCat("sqlite: no result for ", sql));
    return s.Int(0);
  }

  absl::Status PrepareAll();
};

absl::Status SqlitePuzzleStore::Impl::PrepareAll() {
  struct Entry {
    Statement* stmt;
    std::string sql;
  };
  const std::string cols = kPuzzleColumns;
  const Entry entries[] = {
      {&begin, "BEGIN IMMEDIATE"},
      {&commit, "COMMIT"},
      {&rollback, "ROLLBACK"},
      {&insert_puzzle,
       "INSERT INTO puzzles (shape, givens, solution, num_clues, "
       "num_solutions, "
       "canonical_key, source, label) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) "
       "ON CONFLICT (shape, canonical_key) DO NOTHING RETURNING id"},
      {&find_by_key,
       "SELECT " + cols +
           " FROM puzzles p WHERE p.shape = ?1 AND p.canonical_key = ?2"},
      {&get_puzzle, "SELECT " + cols + " FROM puzzles p WHERE p.id = ?1"},
      {&puzzle_exists, "SELECT 1 FROM puzzles WHERE id = ?1"},
      {&insert_rating,
       "INSERT INTO ratings (puzzle_id, engine_version, score, level, er, ep, "
       "ed, "
       "hardest_technique, rating) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, "
       "?9)"},
      {&select_ratings,
       "SELECT rating FROM ratings WHERE puzzle_id = ?1 ORDER BY id"},
      {&insert_trace,
       "INSERT INTO traces (puzzle_id, rating_id, engine_version, num_steps, "
       "trace) "
       "VALUES (?1, ?2, ?3, ?4, ?5)"},
      {&latest_trace,
       "SELECT trace FROM traces WHERE puzzle_id = ?1 ORDER BY id DESC LIMIT "
       "1"},
      {&insert_run,
       "INSERT INTO solver_runs (puzzle_id, solver, seed, nodes, guesses, "
       "num_solutions, limit_hit) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"},
      {&select_runs,
       "SELECT puzzle_id, solver, seed, nodes, guesses, num_solutions, "
       "limit_hit "
       "FROM solver_runs WHERE puzzle_id = ?1 ORDER BY id"},
      {&upsert_generation,
       "INSERT INTO generation_info (puzzle_id, seed, generator_version, info) "
       "VALUES (?1, ?2, ?3, ?4) ON CONFLICT (puzzle_id) DO UPDATE SET "
       "seed = excluded.seed, generator_version = excluded.generator_version, "
       "info = excluded.info"},
      {&get_generation,
       "SELECT info FROM generation_info WHERE puzzle_id = ?1"},
      {&find_collection, "SELECT id, is_book FROM collections WHERE name = ?1"},
      {&insert_collection,
       "INSERT INTO collections (name, is_book) VALUES (?1, ?2) RETURNING id"},
      {&add_member,
       "INSERT INTO collection_members (collection_id, puzzle_id, position) "
       "VALUES (?1, ?2, (SELECT coalesce(max(position), 0) + 1 FROM "
       "collection_members WHERE collection_id = ?1)) "
       "ON CONFLICT (collection_id, puzzle_id) DO NOTHING"},
      {&list_collections,
       "SELECT c.name, count(m.puzzle_id) FROM collections c LEFT JOIN "
       "collection_members m ON m.collection_id = c.id GROUP BY c.id ORDER BY "
       "c.name"},
      {&query,
       "SELECT " + cols + " FROM puzzles p" + kLatestRatingJoin +
           " WHERE p.id > ?1"
           " AND (?2 IS NULL OR p.shape = ?2)"
           " AND (?3 IS NULL OR r.level = ?3)"
           " AND (?4 IS NULL OR r.score >= ?4)"
           " AND (?5 IS NULL OR r.score <= ?5)"
           " AND (?6 IS NULL OR p.id IN (SELECT m.puzzle_id FROM "
           "collection_members m"
           " JOIN collections c ON c.id = m.collection_id WHERE c.name = ?6))"
           " AND (?7 = 0 OR p.id NOT IN (SELECT m.puzzle_id FROM "
           "collection_members m"
           " JOIN collections c ON c.id = m.collection_id WHERE c.is_book = 1))"
           " ORDER BY p.id LIMIT ?8"},
      {&count_all,
       "SELECT (SELECT count(*) FROM puzzles), (SELECT count(*) FROM ratings), "
       "(SELECT count(*) FROM traces), (SELECT count(*) FROM solver_runs), "
       "(SELECT count(*) FROM collections)"},
      {&by_shape,
       "SELECT shape, count(*) FROM puzzles GROUP BY shape ORDER BY shape"},
      {&by_level,
       std::string("SELECT coalesce(r.level, ''), count(*) FROM puzzles p") +
           kLatestRatingJoin + " GROUP BY 1 ORDER BY 1"},
      {&integrity_check, "PRAGMA integrity_check"},
      {&user_version, "PRAGMA user_version"},
  };
  for (const Entry& e : entries) {
    // The SQL must outlive the statement (error messages point at it).
    sql_texts.push_back(std::make_unique<std::string>(e.sql));
    SUDOKU_ASSIGN_OR_RETURN(*e.stmt, Prepare(sql_texts.back()->c_str()));
  }
  return absl::OkStatus();
}

namespace {

absl::StatusOr<StoredPuzzle> ReadPuzzle(const Statement& s) {
  StoredPuzzle p{.id = s.Int(0), .givens = Grid(Shape::Classic())};
  const std::string where = absl::StrCat("puzzle ", p.id, ": ");
  absl::StatusOr<const Shape*> shape = Shape::FromSpec(s.Text(1));
  if (!shape.ok()) {
    return absl::DataLossError(absl::StrCat(where, shape.status().message()));
  }
  absl::StatusOr<Grid> givens = GridFromLine(**shape, s.Text(2));
  if (!givens.ok()) {
    return absl::DataLossError(absl::StrCat(where, givens.status().message()));
  }
  p.givens = *std::move(givens);
  if (!s.IsNull(3)) {
    absl::StatusOr<Grid> solution = GridFromLine(**shape, s.Text(3));
    if (!solution.ok()) {
      return absl::DataLossError(
          absl::StrCat(where, "solution: ", solution.status().message()));
    }
    p.solution = *std::move(solution);
  }
  p.num_solutions = static_cast<int>(s.Int(4));
  p.canonical_key = s.Text(5);
  p.source = s.Text(6);
  p.label = s.Text(7);
  p.created = s.Int(8);
  return p;
}

template <typename Message>
absl::StatusOr<Message> ParseBlob(const std::string& blob,
                                  absl::string_view what) {
  absl::StatusOr<std::string> bytes = DecodeBlob(blob);
  if (!bytes.ok()) {
    return absl::DataLossError(
        absl::StrCat("unreadable ", what, " blob: ", bytes.status().message()));
  }
  Message m;
  if (!m.ParseFromString(*bytes)) {
    return absl::DataLossError(absl::StrCat("unreadable ", what, " blob"));
  }
  return m;
}

bool IsExistingDirectory(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool FileExists(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0;
}

// `path` as an SQLite URI ("file:" and the path, with the characters a URI
// gives a meaning percent-encoded), for the ?mode= and ?immutable= options.
std::string FileUri(const std::string& path) {
  std::string uri = "file:";
  for (const char c : path) {
    if (c == '%' || c == '?' || c == '#') {
      absl::StrAppend(
          &uri, "%", absl::Hex(static_cast<unsigned char>(c), absl::kZeroPad2));
    } else {
      uri += c;
    }
  }
  return uri;
}

}  // namespace

SqlitePuzzleStore::SqlitePuzzleStore(std::unique_ptr<Impl> impl)
    : impl_(std::move(impl)) {}

SqlitePuzzleStore::~SqlitePuzzleStore() = default;

absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> SqlitePuzzleStore::Open(
    absl::string_view path_view, const SqliteStoreOptions& options) {
  const std::string path(path_view);
  const bool in_memory = path == ":memory:";
  if (!in_memory) {
    if (IsExistingDirectory(path)) {
      return absl::FailedPreconditionError(
          absl::StrCat(path, ": is a directory"));
    }
    if ((!options.create_if_missing || options.read_only) &&
        !FileExists(path)) {
      return absl::NotFoundError(absl::StrCat(path, ": no such database"));
    }
  }
  auto impl = std::make_unique<Impl>();
  impl->path = path;
  sqlite3* raw = nullptr;
  const bool read_only = options.read_only && !in_memory;
  int flags = read_only ? SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
                        : SQLITE_OPEN_READWRITE;
  if (options.create_if_missing && !read_only) flags |= SQLITE_OPEN_CREATE;
  absl::StatusOr<int64_t> version = 0;
  // Read-only: first as a reader beside possible writers; if SQLite cannot
  // make the WAL's side files (a read-only directory), as immutable.
  for (const char* mode : {"?mode=ro", "?immutable=1"}) {
    const std::string name =
        read_only ? absl::StrCat(FileUri(path), mode) : path;
    const int rc = sqlite3_open_v2(name.c_str(), &raw, flags, nullptr);
    impl->db.reset(raw);
    if (rc != SQLITE_OK) {
      return absl::FailedPreconditionError(absl::StrCat(
          path, ": cannot open database: ",
          raw != nullptr ? sqlite3_errmsg(raw) : sqlite3_errstr(rc)));
    }
    sqlite3_extended_result_codes(raw, 1);
    sqlite3_busy_timeout(raw, options.busy_timeout_ms);
    // The first read of the header tells a foreign or corrupt file apart.
    version = impl->PragmaInt("PRAGMA user_version");
    const int failed = sqlite3_errcode(raw) & 0xff;
    if (!read_only || version.ok() ||
        (failed != SQLITE_CANTOPEN && failed != SQLITE_READONLY)) {
      break;
    }
  }
  if (!version.ok()) {
    if (version.status().code() == absl::StatusCode::kDataLoss) {
      return absl::FailedPreconditionError(
          absl::StrCat(path, ": not a Sudoku Forge database (",
                       version.status().message(), ")"));
    }
    return version.status();
  }
  SUDOKU_ASSIGN_OR_RETURN(int64_t app_id,
                          impl->PragmaInt("PRAGMA application_id"));
  if (*version > kSchemaVersion) {
    return absl::FailedPreconditionError(
        absl::StrCat(path, ": schema version ", *version,
                     " is newer than this sudoku-forge (", kSchemaVersion,
                     "); use a newer sudoku-forge"));
  }
  if (*version > 0 && app_id != kApplicationId) {
    return absl::FailedPreconditionError(absl::StrCat(
        path, ": not a Sudoku Forge database (application_id ", app_id, ")"));
  }
  if (*version == 0) {
    SUDOKU_ASSIGN_OR_RETURN(
        int64_t tables,
        impl->PragmaInt(
            "SELECT count(*) FROM sqlite_schema WHERE type = 'table'"));
    if (tables > 0) {
      return absl::FailedPreconditionError(absl::StrCat(
          path, ": an SQLite database of another application (", tables,
          " tables, no Sudoku Forge schema); refusing to modify it"));
    }
  }

  if (read_only) {
    if (*version < kSchemaVersion) {
      return absl::FailedPreconditionError(absl::StrCat(
          path, ": schema version ", *version, " needs an upgrade to ",
          kSchemaVersion,
          ", which writes the file; it is opened read-only here (a command "
          "that writes, such as import, upgrades it)"));
    }
    SUDOKU_RETURN_IF_ERROR(impl->PrepareAll());
    return std::unique_ptr<SqlitePuzzleStore>(
        new SqlitePuzzleStore(std::move(impl)));
  }
  if (!in_memory) {
    // WAL lets readers (export, stats) run while an import writes. Returns
    // the mode in force; a read-only medium may refuse.
    SUDOKU_RETURN_IF_ERROR(impl->Exec("PRAGMA journal_mode = WAL"));
    SUDOKU_RETURN_IF_ERROR(impl->Exec("PRAGMA synchronous = NORMAL"));
  }
  SUDOKU_RETURN_IF_ERROR(impl->Exec("PRAGMA foreign_keys = ON"));

  // Forward-only migrations, each in its own write transaction. The version
  // is read again inside it: another process may have migrated meanwhile.
  for (int v = static_cast<int>(*version); v < kSchemaVersion; ++v) {
    SUDOKU_RETURN_IF_ERROR(impl->Exec("BEGIN IMMEDIATE"));
    absl::Status status = [&]() -> absl::Status {
      SUDOKU_ASSIGN_OR_RETURN(int64_t now,
                              impl->PragmaInt("PRAGMA user_version"));
      if (now > v) return absl::OkStatus();
      SUDOKU_RETURN_IF_ERROR(impl->Exec(kMigrations[v]));
      // PRAGMAs take no bound parameters; both values are our constants.
      SUDOKU_RETURN_IF_ERROR(
          impl->Exec(absl::StrCat("PRAGMA user_version = ", v + 1).c_str()));
      return impl->Exec(
          absl::StrCat("PRAGMA application_id = ", kApplicationId).c_str());
    }();
    if (!status.ok()) {
      impl->Exec("ROLLBACK").IgnoreError();  // the original error matters more
      return status;
    }
    SUDOKU_RETURN_IF_ERROR(impl->Exec("COMMIT"));
  }
  SUDOKU_RETURN_IF_ERROR(impl->PrepareAll());
  return std::unique_ptr<SqlitePuzzleStore>(
      new SqlitePuzzleStore(std::move(impl)));
}

absl::StatusOr<std::string> SqlitePuzzleStore::IntegrityCheck() {
  Statement& s = impl_->integrity_check;
  Statement::Scope scope(s);
  std::string out;
  while (true) {
    SUDOKU_ASSIGN_OR_RETURN(bool row, s.Step());
    if (!row) break;
    absl::StrAppend(&out, out.empty() ? "" : "\n", s.Text(0));
  }
  return out;
}

absl::StatusOr<int> SqlitePuzzleStore::SchemaVersion() {
  Statement& s = impl_->user_version;
  Statement::Scope scope(s);
  SUDOKU_ASSIGN_OR_RETURN(bool row, s.Step());
  if (!row)
    return absl::InternalError("sqlite: PRAGMA user_version returned nothing");
  return static_cast<int>(s.Int(0));
}

absl::Status SqlitePuzzleStore::RunInTransaction(
    absl::FunctionRef<absl::Status()> body) {
  if (transaction_depth_ > 0) {
    ++transaction_depth_;
    absl::Status status = body();
    --transaction_depth_;
    return status;
  }
  {
    Statement::Scope scope(impl_->begin);
    SUDOKU_RETURN_IF_ERROR(impl_->begin.Run());
  }
  ++transaction_depth_;
  absl::Status status = body();
  --transaction_depth_;
  if (status.ok()) {
    Statement::Scope scope(impl_->commit);
    status = impl_->commit.Run();
    if (status.ok()) return status;
  }
  Statement::Scope scope(impl_->rollback);
  // The body's (or COMMIT's) error is the one to report; if the transaction
  // is already gone (SQLite rolled it back itself) ROLLBACK fails harmlessly.
  impl_->rollback.Run().IgnoreError();
  return status;
}

absl::StatusOr<std::string> SqlitePuzzleStore::CanonicalKeyOf(
    const Grid& grid) const {
  absl::StatusOr<std::string> key = CanonicalKey(grid);
  if (key.status().code() == absl::StatusCode::kResourceExhausted) {
    // Near-empty large grids: the minlex search is bounded (core/canonical.h).
    // Such puzzles are deduplicated by exact match only ("raw:" keys never
    // collide with minlex keys, which hold no ':').
    return absl::StrCat("raw:", ToLine(grid));
  }
  return key;
}

absl::StatusOr<InsertResult> SqlitePuzzleStore::InsertPuzzle(
    const NewPuzzle& puzzle) {
  SUDOKU_RETURN_IF_ERROR(CheckGivens(puzzle.givens));
  if (puzzle.solution.has_value() &&
      !IsValidSolution(puzzle.givens, *puzzle.solution)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "puzzle ", ToLine(puzzle.givens), ": the solution does not solve it"));
  }
  std::string key = puzzle.canonical_key;
  if (key.empty()) {
    SUDOKU_ASSIGN_OR_RETURN(key, CanonicalKeyOf(puzzle.givens));
  }
#ifndef NDEBUG
  else if (absl::StatusOr<std::string> own = CanonicalKeyOf(puzzle.givens);
           !own.ok() || *own != key) {
    return absl::InternalError(absl::StrCat("puzzle ", ToLine(puzzle.givens),
                                            ": the caller's canonical key ",
                                            key, " is not the puzzle's"));
  }
#endif
  const std::string shape = puzzle.givens.shape().name();
  {
    Statement& s = impl_->insert_puzzle;
    Statement::Scope scope(s);
    s.Bind(1, shape);
    s.Bind(2, ToLine(puzzle.givens));
    if (puzzle.solution.has_value()) {
      s.Bind(3, ToLine(*puzzle.solution));
    } else {
      s.BindNull(3);
    }
    s.Bind(4, int64_t{puzzle.givens.NumFilled()});
    s.Bind(5, int64_t{puzzle.num_solutions});
    s.Bind(6, key);
    s.Bind(7, puzzle.source);
    s.Bind(8, puzzle.label);
    SUDOKU_ASSIGN_OR_RETURN(bool row, s.Step());
    if (row) {
      InsertResult result{s.Int(0), true};
      SUDOKU_RETURN_IF_ERROR(s.Run());
      return result;
    }
  }
  SUDOKU_ASSIGN_OR_RETURN(std::optional<StoredPuzzle> existing,
                          FindByCanonicalKey(shape, key));
  if (!existing.has_value()) {
    return absl::InternalError(
        "sqlite: insert conflicted but no isomorph found");
  }
  return InsertResult{existing->id, false};
}

absl::StatusOr<std::optional<StoredPuzzle>> SqlitePuzzleStore::FindIsomorph(
    const Grid& puzzle) {
  SUDOKU_RETURN_IF_ERROR(CheckGivens(puzzle));
  SUDOKU_ASSIGN_OR_RETURN(std::string key, CanonicalKeyOf(puzzle));
  return FindByCanonicalKey(puzzle.shape().name(), key);
}

absl::StatusOr<std::optional<StoredPuzzle>>
SqlitePuzzleStore::FindByCanonicalKey(absl::string_view shape,
                                      absl::string_view key) {
  Statement& s = impl_->find_by_key;
  Statement::Scope scope(s);
  s.Bind(1, shape);
  s.Bind(2, key);
  SUDOKU_ASSIGN_OR_RETURN(bool row, s.Step());
  if (!row) return std::optional<StoredPuzzle>();
  SUDOKU_ASSIGN_OR_RETURN(StoredPuzzle p, ReadPuzzle(s));
  return std::optional<StoredPuzzle>(std::move(p));
}

absl::StatusOr<StoredPuzzle> SqlitePuzzleStore::GetPuzzle(int64_t id) {
  Statement& s = impl_->get_puzzle;
  Statement::Scope scope(s);
  s.Bind(1, id);
  SUDOKU_ASSIGN_OR_RETURN(bool row, s.Step());
  if (!row) return absl::NotFoundError(absl::StrCat("no puzzle with id ", id));
  return ReadPuzzle(s);
}

absl::Status SqlitePuzzleStore::RequirePuzzle(int64_t puzzle_id) {
  Statement& s = impl_->puzzle_exists;
  Statement::Scope scope(s);
  s.Bind(1, puzzle_id);
  SUDOKU_ASSIGN_OR_RETURN(bool row, s.Step());
  if (!row)
    return absl::NotFoundError(absl::StrCat("no puzzle with id ", puzzle_id));
  return absl::OkStatus();
}

absl::StatusOr<int64_t> SqlitePuzzleStore::AddRating(
    int64_t puzzle_id, const proto::Rating& rating) {
  SUDOKU_RETURN_IF_ERROR(RequirePuzzle(puzzle_id));
  proto::Rating stored = rating;
  stored.set_puzzle_id(puzzle_id);
  Statement& s = impl_->insert_rating;
  Statement::Scope scope(s);
  s.Bind(1, puzzle_id);
  s.Bind(2, stored.engine_version());
  s.Bind(3, stored.score());
  s.Bind(4, stored.level());
  s.Bind(5, stored.er());
  s.Bind(6, stored.ep());
  s.Bind(7, stored.ed());
  s.Bind(8, stored.hardest_technique());
  s.BindBlob(9, EncodeBlob(stored));
  SUDOKU_RETURN_IF_ERROR(s.Run());
  return sqlite3_last_insert_rowid(impl_->db.get());
}

absl::StatusOr<std::vector<proto::Rating>> SqlitePuzzleStore::Ratings(
    int64_t puzzle_id) {
  Statement& s = impl_->select_ratings;
  Statement::Scope scope(s);
  s.Bind(1, puzzle_id);
  std::vector<proto::Rating> out;
  while (true) {
    SUDOKU_ASSIGN_OR_RETURN(bool row, s.Step());
    if (!row) break;
    SUDOKU_ASSIGN_OR_RETURN(proto::Rating r,
                            ParseBlob<proto::Rating>(s.Text(0), "rating"));
    out.push_back(std::move(r));
  }
  return out;
}

absl::StatusOr<int64_t> SqlitePuzzleStore::AddTrace(int64_t puzzle_id,
                                                    int64_t rating_id,
                                                    const proto::Trace& trace) {
  SUDOKU_RETURN_IF_ERROR(RequirePuzzle(puzzle_id));
  Statement& s = impl_->insert_trace;
  Statement::Scope scope(s);
  s.Bind(1, puzzle_id);
  if (rating_id > 0) {
    s.Bind(2, rating_id);
  } else {
    s.BindNull(2);
  }
  s.Bind(3, trace.engine_version());
  s.Bind(4, int64_t{trace.steps_size()});
  s.BindBlob(5, EncodeBlob(trace));
  SUDOKU_RETURN_IF_ERROR(s.Run());
  return sqlite3_last_insert_rowid(impl_->db.get());
}

absl::StatusOr<std::optional<proto::Trace>> SqlitePuzzleStore::LatestTrace(
    int64_t puzzle_id) {
  Statement& s = impl_->latest_trace;
  Statement::Scope scope(s);
  s.Bind(1, puzzle_id);
  SUDOKU_ASSIGN_OR_RETURN(bool row, s.Step());
  if (!row) return std::optional<proto::Trace>();
  SUDOKU_ASSIGN_OR_RETURN(proto::Trace t,
                          ParseBlob<proto::Trace>(s.Text(0), "trace"));
  return std::optional<proto::Trace>(std::move(t));
}

absl::StatusOr<int64_t> SqlitePuzzleStore::AddSolverRun(const SolverRun& run) {
  SUDOKU_RETURN_IF_ERROR(RequirePuzzle(run.puzzle_id));
  Statement& s = impl_->insert_run;
  Statement::Scope scope(s);
  s.Bind(1, run.puzzle_id);
  s.Bind(2, run.solver);
  // SQLite integers are signed 64-bit: store the seed's bit pattern.
  s.Bind(3, static_cast<int64_t>(run.seed));
  s.Bind(4, run.nodes);
  s.Bind(5, run.guesses);
  s.Bind(6, int64_t{run.num_solutions});
  s.Bind(7, int64_t{run.limit_hit ? 1 : 0});
  SUDOKU_RETURN_IF_ERROR(s.Run());
  return sqlite3_last_insert_rowid(impl_->db.get());
}

absl::StatusOr<std::vector<SolverRun>> SqlitePuzzleStore::SolverRuns(
    int64_t puzzle_id) {
  Statement& s = impl_->select_runs;
  Statement::Scope scope(s);
  s.Bind(1, puzzle_id);
  std::vector<SolverRun> out;
  while (true) {
    SUDOKU_ASSIGN_OR_RETURN(bool row, s.Step());
    if (!row) break;
    out.push_back(SolverRun{s.Int(0), s.Text(1),
                            static_cast<uint64_t>(s.Int(2)), s.Int(3), s.Int(4),
                            static_cast<int>(s.Int(5)), s.Int(6) != 0});
  }
  return out;
}

absl::Status SqlitePuzzleStore::SetGenerationInfo(
    int64_t puzzle_id, const proto::GenerationInfo& info) {
  SUDOKU_RETURN_IF_ERROR(RequirePuzzle(puzzle_id));
  Statement& s = impl_->upsert_generation;
  Statement::Scope scope(s);
  s.Bind(1, puzzle_id);
  s.Bind(2, static_cast<int64_t>(info.seed()));
  s.Bind(3, info.generator_version());
  s.BindBlob(4, EncodeBlob(info));
  return s.Run();
}

absl::StatusOr<std::optional<proto::GenerationInfo>>
SqlitePuzzleStore::GetGenerationInfo(int64_t puzzle_id) {
  Statement& s = impl_->get_generation;
  Statement::Scope scope(s);
  s.Bind(1, puzzle_id);
  SUDOKU_ASSIGN_OR_RETURN(bool row, s.Step());
  if (!row) return std::optional<proto::GenerationInfo>();
  SUDOKU_ASSIGN_OR_RETURN(
      proto::GenerationInfo g,
      ParseBlob<proto::GenerationInfo>(s.Text(0), "generation info"));
  return std::optional<proto::GenerationInfo>(std::move(g));
}

absl::StatusOr<int64_t> SqlitePuzzleStore::EnsureCollection(
    absl::string_view name, bool is_book) {
  if (name.empty()) return absl::InvalidArgumentError("collection: empty name");
  {
    Statement& s = impl_->find_collection;
    Statement::Scope scope(s);
    s.Bind(1, name);
    SUDOKU_ASSIGN_OR_RETURN(bool row, s.Step());
    if (row) {
      if ((s.Int(1) != 0) != is_book) {
        return absl::FailedPreconditionError(
            absl::StrCat("collection '", name, "' exists and is ",
                         s.Int(1) != 0 ? "" : "not ", "a book"));
      }
      return s.Int(0);
    }
  }
  Statement& s = impl_->insert_collection;
  Statement::Scope scope(s);
  s.Bind(1, name);
  s.Bind(2, int64_t{is_book ? 1 : 0});
  SUDOKU_ASSIGN_OR_RETURN(bool row, s.Step());
  if (!row)
    return absl::InternalError("sqlite: collection insert returned no id");
  const int64_t id = s.Int(0);
  SUDOKU_RETURN_IF_ERROR(s.Run());
  return id;
}

absl::Status SqlitePuzzleStore::AddToCollection(int64_t collection_id,
                                                int64_t puzzle_id) {
  Statement& s = impl_->add_member;
  Statement::Scope scope(s);
  s.Bind(1, collection_id);
  s.Bind(2, puzzle_id);
  return s.Run();
}

absl::Status SqlitePuzzleStore::MarkUsed(absl::string_view book,
                                         absl::Span<const int64_t> puzzle_ids) {
  return RunInTransaction([&]() -> absl::Status {
    SUDOKU_ASSIGN_OR_RETURN(int64_t id,
                            EnsureCollection(book, /*is_book=*/true));
    for (int64_t puzzle_id : puzzle_ids) {
      SUDOKU_RETURN_IF_ERROR(AddToCollection(id, puzzle_id));
    }
    return absl::OkStatus();
  });
}

absl::StatusOr<std::vector<std::pair<std::string, int64_t>>>
SqlitePuzzleStore::Collections() {
  Statement& s = impl_->list_collections;
  Statement::Scope scope(s);
  std::vector<std::pair<std::string, int64_t>> out;
  while (true) {
    SUDOKU_ASSIGN_OR_RETURN(bool row, s.Step());
    if (!row) break;
    out.emplace_back(s.Text(0), s.Int(1));
  }
  return out;
}

absl::StatusOr<std::vector<std::pair<std::string, bool>>>
SqlitePuzzleStore::CollectionsOf(int64_t puzzle_id) {
  // Prepared per call: only export asks, once per exported puzzle.
  SUDOKU_ASSIGN_OR_RETURN(
      Statement s,
      impl_->Prepare("SELECT c.name, c.is_book FROM collections c JOIN "
                     "collection_members m ON m.collection_id = c.id WHERE "
                     "m.puzzle_id = ?1 ORDER BY c.name"));
  Statement::Scope scope(s);
  s.Bind(1, puzzle_id);
  std::vector<std::pair<std::string, bool>> out;
  while (true) {
    SUDOKU_ASSIGN_OR_RETURN(bool row, s.Step());
    if (!row) break;
    out.emplace_back(s.Text(0), s.Int(1) != 0);
  }
  return out;
}

absl::StatusOr<std::vector<StoredPuzzle>> SqlitePuzzleStore::Query(
    const PuzzleQuery& q) {
  Statement& s = impl_->query;
  Statement::Scope scope(s);
  s.Bind(1, q.after_id);
  if (!q.shape.empty()) s.Bind(2, q.shape);
  if (!q.level.empty()) s.Bind(3, q.level);
  if (q.score_min.has_value()) s.Bind(4, *q.score_min);
  if (q.score_max.has_value()) s.Bind(5, *q.score_max);
  if (!q.collection.empty()) s.Bind(6, q.collection);
  s.Bind(7, int64_t{q.unused_in_books ? 1 : 0});
  s.Bind(8, q.limit > 0 ? q.limit : int64_t{-1});  // LIMIT -1: no limit
  std::vector<StoredPuzzle> out;
  while (true) {
    SUDOKU_ASSIGN_OR_RETURN(bool row, s.Step());
    if (!row) break;
    SUDOKU_ASSIGN_OR_RETURN(StoredPuzzle p, ReadPuzzle(s));
    out.push_back(std::move(p));
  }
  return out;
}

absl::StatusOr<StoreStats> SqlitePuzzleStore::Stats() {
  StoreStats stats;
  {
    Statement& s = impl_->count_all;
    Statement::Scope scope(s);
    SUDOKU_ASSIGN_OR_RETURN(bool row, s.Step());
    if (!row) return absl::InternalError("sqlite: counts returned nothing");
    stats.puzzles = s.Int(0);
    stats.ratings = s.Int(1);
    stats.traces = s.Int(2);
    stats.solver_runs = s.Int(3);
    stats.collections = s.Int(4);
  }
  for (auto [stmt, out] : {std::pair{&impl_->by_shape, &stats.by_shape},
                           std::pair{&impl_->by_level, &stats.by_level}}) {
    Statement::Scope scope(*stmt);
    while (true) {
      SUDOKU_ASSIGN_OR_RETURN(bool row, stmt->Step());
      if (!row) break;
      out->emplace_back(stmt->Text(0), stmt->Int(1));
    }
  }
  SUDOKU_ASSIGN_OR_RETURN(stats.by_collection, Collections());
  return stats;
}

}  // namespace sudoku
