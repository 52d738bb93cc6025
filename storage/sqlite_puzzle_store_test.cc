#include "storage/sqlite_puzzle_store.h"

#include <sqlite3.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "core/canonical.h"
#include "core/format.h"
#include "core/rng.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using ::sudoku::testing::IsOk;
using ::sudoku::testing::StatusIs;
using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::Pair;

constexpr char kPuzzle[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5.."
    "..8..79";
constexpr char kSolution[] =
    "53467891267219534819834256785976142342685379171392485696153728428741963534"
    "5286179";
constexpr char kSeventeen[] =
    "...8.1..........435............7.8........1...2..3....6......75..34......."
    ".2..6..";

std::unique_ptr<SqlitePuzzleStore> MemoryStore() {
  absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> store =
      SqlitePuzzleStore::Open(":memory:");
  EXPECT_THAT(store, IsOk());
  return *std::move(store);
}

NewPuzzle Make(const char* line, const char* solution = nullptr) {
  NewPuzzle p{.givens = *ParseGrid(line, {.check_givens = false})};
  if (solution != nullptr)
    p.solution = *ParseGrid(solution, {.check_givens = false});
  p.num_solutions = solution != nullptr ? 1 : 0;
  p.source = "test";
  return p;
}

std::string TempPath(const std::string& name) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::remove(path.c_str());
  std::remove((path + "-wal").c_str());
  std::remove((path + "-shm").c_str());
  return path;
}

TEST(SqlitePuzzleStoreTest, InsertsAndReadsBack) {
  auto store = MemoryStore();
  absl::StatusOr<InsertResult> r =
      store->InsertPuzzle(Make(kPuzzle, kSolution));
  ASSERT_THAT(r, IsOk());
  EXPECT_TRUE(r->inserted);
  absl::StatusOr<StoredPuzzle> p = store->GetPuzzle(r->id);
  ASSERT_THAT(p, IsOk());
  EXPECT_EQ(ToLine(p->givens), kPuzzle);
  ASSERT_TRUE(p->solution.has_value());
  EXPECT_EQ(ToLine(*p->solution), kSolution);
  EXPECT_EQ(p->canonical_key, *CanonicalKey(p->givens));
  EXPECT_EQ(p->source, "test");
  EXPECT_EQ(p->num_solutions, 1);
  EXPECT_THAT(store->GetPuzzle(r->id + 1),
              StatusIs(absl::StatusCode::kNotFound));
  EXPECT_THAT(store->SchemaVersion(), ::sudoku::testing::IsOkAndHolds(
                                          SqlitePuzzleStore::kSchemaVersion));
}

TEST(SqlitePuzzleStoreTest, IsomorphIsADuplicateWithTheOriginalsId) {
  auto store = MemoryStore();
  const InsertResult first = *store->InsertPuzzle(Make(kPuzzle));
  Rng rng(5);
  for (int i = 0; i < 10; ++i) {
    NewPuzzle iso{.givens = RandomIsomorph(*ParseGrid(kPuzzle), rng)};
    absl::StatusOr<InsertResult> again = store->InsertPuzzle(iso);
    ASSERT_THAT(again, IsOk());
    EXPECT_FALSE(again->inserted);
    EXPECT_EQ(again->id, first.id);
  }
  const InsertResult other = *store->InsertPuzzle(Make(kSeventeen));
  EXPECT_TRUE(other.inserted);
  EXPECT_NE(other.id, first.id);
  absl::StatusOr<std::optional<StoredPuzzle>> found =
      store->FindIsomorph(RandomIsomorph(*ParseGrid(kSeventeen), rng));
  ASSERT_THAT(found, IsOk());
  ASSERT_TRUE(found->has_value());
  EXPECT_EQ((*found)->id, other.id);
  EXPECT_EQ(store->Stats()->puzzles, 2);
}

// A caller's canonical key is stored as given (not computed again), so an
// isomorph inserted later is its duplicate; a debug build refuses a key
// that is not the puzzle's.
TEST(SqlitePuzzleStoreTest, CallersCanonicalKeyIsUsed) {
  auto store = MemoryStore();
  NewPuzzle with_key = Make(kPuzzle, kSolution);
  with_key.canonical_key = *CanonicalKey(with_key.givens);
  const absl::StatusOr<InsertResult> first = store->InsertPuzzle(with_key);
  ASSERT_THAT(first, IsOk());
  EXPECT_EQ(store->GetPuzzle(first->id)->canonical_key, with_key.canonical_key);
  Rng rng(9);
  NewPuzzle iso{.givens = RandomIsomorph(with_key.givens, rng)};
  iso.canonical_key = *CanonicalKey(iso.givens);
  const absl::StatusOr<InsertResult> again = store->InsertPuzzle(iso);
  ASSERT_THAT(again, IsOk());
  EXPECT_FALSE(again->inserted);
  EXPECT_EQ(again->id, first->id);

  NewPuzzle wrong = Make(kSeventeen);
  wrong.canonical_key = "not-the-key-of-this-puzzle";
  const absl::StatusOr<InsertResult> r = store->InsertPuzzle(wrong);
#ifdef NDEBUG
  // Trusted: the key given is the key stored.
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(store->GetPuzzle(r->id)->canonical_key, wrong.canonical_key);
#else
  EXPECT_THAT(r, StatusIs(absl::StatusCode::kInternal,
                          HasSubstr("is not the puzzle's")));
#endif
}

TEST(SqlitePuzzleStoreTest, RejectsClashesAndWrongSolutions) {
  auto store = MemoryStore();
  std::string clash = kPuzzle;
  clash[2] = '5';
  EXPECT_THAT(store->InsertPuzzle(Make(clash.c_str())),
              StatusIs(absl::StatusCode::kInvalidArgument));
  std::string wrong = kSolution;
  std::swap(wrong[2], wrong[3]);
  EXPECT_THAT(store->InsertPuzzle(Make(kPuzzle, wrong.c_str())),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_EQ(store->Stats()->puzzles, 0);
}

proto::Rating MakeRating(double score, const std::string& level) {
  proto::Rating r;
  r.set_engine_version("rater-test");
  (*r.mutable_parameters())["ladder"] = "default";
  r.set_score(score);
  r.set_level(level);
  r.set_er(score / 10);
  r.set_hardest_technique("hidden_single");
  auto* count = r.add_technique_counts();
  count->set_technique_id("hidden_single");
  count->set_count(12);
  auto* stochastic = r.add_stochastic();
  stochastic->set_solver("annealing");
  stochastic->set_runs(10);
  stochastic->set_successes(7);
  stochastic->set_budget_steps(100000);
  return r;
}

TEST(SqlitePuzzleStoreTest, RatingsTracesRunsAndGenerationInfo) {
  auto store = MemoryStore();
  const int64_t id = store->InsertPuzzle(Make(kPuzzle, kSolution))->id;
  ASSERT_THAT(store->AddRating(id, MakeRating(10, "easy")), IsOk());
  absl::StatusOr<int64_t> rating_id =
      store->AddRating(id, MakeRating(30, "medium"));
  ASSERT_THAT(rating_id, IsOk());
  absl::StatusOr<std::vector<proto::Rating>> ratings = store->Ratings(id);
  ASSERT_THAT(ratings, IsOk());
  ASSERT_EQ(ratings->size(), 2u);
  EXPECT_EQ((*ratings)[1].level(), "medium");
  EXPECT_EQ((*ratings)[1].puzzle_id(), id);
  EXPECT_EQ((*ratings)[1].stochastic(0).successes(), 7u);
  EXPECT_EQ((*ratings)[1].parameters().at("ladder"), "default");
  EXPECT_THAT(store->AddRating(id + 100, MakeRating(1, "easy")),
              StatusIs(absl::StatusCode::kNotFound));

  proto::Trace trace;
  trace.set_engine_version("rater-test");
  auto* step = trace.add_steps();
  step->set_technique_id("naked_single");
  auto* placement = step->add_placements();
  placement->set_cell(2);
  placement->set_digit(4);
  ASSERT_THAT(store->AddTrace(id, *rating_id, trace), IsOk());
  absl::StatusOr<std::optional<proto::Trace>> back = store->LatestTrace(id);
  ASSERT_THAT(back, IsOk());
  ASSERT_TRUE(back->has_value());
  EXPECT_EQ((*back)->steps(0).placements(0).digit(), 4u);

  ASSERT_THAT(store->AddSolverRun({.puzzle_id = id,
                                   .solver = "backtrack",
                                   .seed = ~0ull,
                                   .nodes = 42,
                                   .guesses = 3,
                                   .num_solutions = 1}),
              IsOk());
  absl::StatusOr<std::vector<SolverRun>> runs = store->SolverRuns(id);
  ASSERT_THAT(runs, IsOk());
  ASSERT_EQ(runs->size(), 1u);
  EXPECT_EQ((*runs)[0].seed, ~0ull);
  EXPECT_EQ((*runs)[0].nodes, 42);

  proto::GenerationInfo info;
  info.set_seed(0xfedcba9876543210ull);
  info.set_generator_version("gen-test");
  ASSERT_THAT(store->SetGenerationInfo(id, info), IsOk());
  info.set_attempts(9);
  ASSERT_THAT(store->SetGenerationInfo(id, info), IsOk());  // replaces
  absl::StatusOr<std::optional<proto::GenerationInfo>> g =
      store->GetGenerationInfo(id);
  ASSERT_THAT(g, IsOk());
  ASSERT_TRUE(g->has_value());
  EXPECT_EQ((*g)->seed(), 0xfedcba9876543210ull);
  EXPECT_EQ((*g)->attempts(), 9u);
  const StoreStats stats = *store->Stats();
  EXPECT_EQ(stats.ratings, 2);
  EXPECT_EQ(stats.traces, 1);
  EXPECT_EQ(stats.solver_runs, 1);
}

TEST(SqlitePuzzleStoreTest, QueriesByLevelScoreShapeCollectionAndBookUse) {
  auto store = MemoryStore();
  // Five distinct (non-isomorphic: different clue counts) puzzles.
  std::vector<int64_t> ids;
  const Grid full = *ParseGrid(kSolution);
  for (int k = 0; k < 5; ++k) {
    Grid g = full;
    for (int cell = 0; cell < 40 + k; ++cell) g.set(cell, 0);
    ids.push_back(store->InsertPuzzle({.givens = g})->id);
  }
  Grid small(Shape::GetOrDie(2, 3));
  small.set(0, 1);
  const int64_t small_id = store->InsertPuzzle({.givens = small})->id;
  ASSERT_THAT(store->AddRating(ids[0], MakeRating(5, "easy")), IsOk());
  ASSERT_THAT(store->AddRating(ids[1], MakeRating(50, "hard")), IsOk());
  ASSERT_THAT(store->AddRating(ids[2], MakeRating(60, "hard")), IsOk());
  ASSERT_THAT(store->AddRating(ids[2], MakeRating(20, "medium")),
              IsOk());  // latest wins
  const int64_t bank = *store->EnsureCollection("bank", false);
  EXPECT_THAT(store->EnsureCollection("bank", false),
              ::sudoku::testing::IsOkAndHolds(bank));
  EXPECT_THAT(store->EnsureCollection("bank", true),
              StatusIs(absl::StatusCode::kFailedPrecondition));
  for (int k : {3, 1, 4})
    ASSERT_THAT(store->AddToCollection(bank, ids[static_cast<size_t>(k)]),
                IsOk());
  ASSERT_THAT(store->AddToCollection(bank, ids[1]), IsOk());  // no-op

  auto ids_of = [&](const PuzzleQuery& q) {
    std::vector<int64_t> out;
    absl::StatusOr<std::vector<StoredPuzzle>> found = store->Query(q);
    EXPECT_THAT(found, IsOk());
    if (!found.ok()) return out;
    for (const StoredPuzzle& p : *found) out.push_back(p.id);
    return out;
  };
  EXPECT_THAT(ids_of({.level = "hard"}), ElementsAre(ids[1]));
  EXPECT_THAT(ids_of({.level = "medium"}), ElementsAre(ids[2]));
  EXPECT_THAT(ids_of({.score_min = 10.0}), ElementsAre(ids[1], ids[2]));
  EXPECT_THAT(ids_of({.score_min = 10.0, .score_max = 30.0}),
              ElementsAre(ids[2]));
  EXPECT_THAT(ids_of({.shape = "2x3"}), ElementsAre(small_id));
  EXPECT_THAT(ids_of({.collection = "bank"}),
              ElementsAre(ids[1], ids[3], ids[4]));
  EXPECT_THAT(ids_of({.collection = "nope"}), ElementsAre());
  EXPECT_THAT(ids_of({.after_id = ids[1], .limit = 2}),
              ElementsAre(ids[2], ids[3]));

  ASSERT_THAT(store->MarkUsed("book-1", {ids[0], ids[3]}), IsOk());
  EXPECT_THAT(ids_of({.shape = "3x3", .unused_in_books = true}),
              ElementsAre(ids[1], ids[2], ids[4]));
  EXPECT_THAT(ids_of({.collection = "book-1"}), ElementsAre(ids[0], ids[3]));

  const StoreStats stats = *store->Stats();
  EXPECT_EQ(stats.puzzles, 6);
  EXPECT_THAT(stats.by_shape, ElementsAre(Pair("2x3", 1), Pair("3x3", 5)));
  EXPECT_THAT(stats.by_level, ElementsAre(Pair("", 3), Pair("easy", 1),
                                          Pair("hard", 1), Pair("medium", 1)));
  EXPECT_THAT(stats.by_collection,
              ElementsAre(Pair("bank", 3), Pair("book-1", 2)));
}

TEST(SqlitePuzzleStoreTest, TransactionRollsBackOnError) {
  auto store = MemoryStore();
  absl::Status status = store->RunInTransaction([&]() -> absl::Status {
    EXPECT_THAT(store->InsertPuzzle(Make(kPuzzle)), IsOk());
    // Nested calls join the outer transaction.
    EXPECT_THAT(store->RunInTransaction([&] {
      return store->InsertPuzzle(Make(kSeventeen)).status();
    }),
                IsOk());
    return absl::CancelledError("stop");
  });
  EXPECT_THAT(status, StatusIs(absl::StatusCode::kCancelled));
  EXPECT_EQ(store->Stats()->puzzles, 0);
  ASSERT_THAT(store->RunInTransaction(
                  [&] { return store->InsertPuzzle(Make(kPuzzle)).status(); }),
              IsOk());
  EXPECT_EQ(store->Stats()->puzzles, 1);
}

TEST(SqlitePuzzleStoreTest, FileIsReopenedWithItsData) {
  const std::string path = TempPath("reopen.db");
  {
    auto store = *SqlitePuzzleStore::Open(path);
    ASSERT_THAT(store->InsertPuzzle(Make(kPuzzle, kSolution)), IsOk());
  }
  auto store = SqlitePuzzleStore::Open(path, {.create_if_missing = false});
  ASSERT_THAT(store, IsOk());
  EXPECT_EQ((*store)->Stats()->puzzles, 1);
  EXPECT_THAT((*store)->IntegrityCheck(),
              ::sudoku::testing::IsOkAndHolds("ok"));
}

std::string FileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(SqlitePuzzleStoreTest, ReadOnlyOpenReadsAndRefusesWritesInWords) {
  const std::string path = TempPath("read-only.db");
  std::remove(path.c_str());
  {
    auto store = *SqlitePuzzleStore::Open(path);
    ASSERT_THAT(store->InsertPuzzle(Make(kPuzzle, kSolution)), IsOk());
  }
  const std::string before = FileBytes(path);
  {
    auto store = SqlitePuzzleStore::Open(path, {.read_only = true});
    ASSERT_THAT(store, IsOk());
    EXPECT_EQ((*store)->Stats()->puzzles, 1);
    EXPECT_THAT(
        (*store)->InsertPuzzle(Make(kSeventeen)).status(),
        StatusIs(absl::StatusCode::kFailedPrecondition,
                 AllOf(HasSubstr("read-only.db"), HasSubstr("read-only"),
                       Not(HasSubstr("INSERT")))));
  }
  EXPECT_EQ(FileBytes(path), before);  // not even the header changed
  EXPECT_THAT(
      SqlitePuzzleStore::Open(TempPath("ro-missing.db"), {.read_only = true}),
      StatusIs(absl::StatusCode::kNotFound));
}

// The checks of BankWithoutWritePermissionCanBeRead on a bank its user
// cannot write: an empty string when they hold, else what failed.
std::string ReadOnlyBankProblems(const std::string& path) {
  std::string problems;
  auto reader = SqlitePuzzleStore::Open(path, {.read_only = true});
  if (!reader.ok()) {
    problems += absl::StrCat("read-only open: ", reader.status().message());
  } else if (absl::StatusOr<StoreStats> stats = (*reader)->Stats();
             !stats.ok() || stats->puzzles != 1) {
    problems += "read-only open: not the one stored puzzle; ";
  }
  auto writer = SqlitePuzzleStore::Open(path);
  const absl::Status write =
      writer.ok() ? (*writer)->InsertPuzzle(Make(kSeventeen)).status()
                  : writer.status();
  if (write.code() != absl::StatusCode::kFailedPrecondition ||
      !absl::StrContains(write.message(), "read-only")) {
    problems += absl::StrCat("a write gave: ", write.ToString());
  }
  return problems;
}

// Root ignores file permissions (as in CI), so there the checks run in a
// child process that has become user nobody (65534).
TEST(SqlitePuzzleStoreTest, BankWithoutWritePermissionCanBeRead) {
  const std::string dir = TempPath("read-only-dir");
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/bank.db";
  std::remove(path.c_str());
  {
    auto store = *SqlitePuzzleStore::Open(path);
    ASSERT_THAT(store->InsertPuzzle(Make(kPuzzle, kSolution)), IsOk());
  }
  chmod(path.c_str(), 0444);
  chmod(dir.c_str(), 0555);
  if (geteuid() != 0) {
    EXPECT_EQ(ReadOnlyBankProblems(path), "");
  } else {
    // The process's private TEST_TMPDIR (0700) must let nobody pass.
    chmod(::testing::TempDir().c_str(), 0711);
    int pipe_fds[2];
    ASSERT_EQ(pipe(pipe_fds), 0);
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      close(pipe_fds[0]);
      std::string problems;
      if (setgid(65534) != 0 || setuid(65534) != 0) {
        problems = "cannot become nobody";
      } else if (access(path.c_str(), R_OK) != 0) {
        problems = "skip: nobody cannot reach " + path;
      } else {
        problems = ReadOnlyBankProblems(path);
      }
      const ssize_t written =
          write(pipe_fds[1], problems.data(), problems.size());
      _exit(written == static_cast<ssize_t>(problems.size()) ? 0 : 1);
    }
    close(pipe_fds[1]);
    std::string problems;
    char buffer[512];
    for (ssize_t n; (n = read(pipe_fds[0], buffer, sizeof buffer)) > 0;)
      problems.append(buffer, static_cast<size_t>(n));
    close(pipe_fds[0]);
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    chmod(dir.c_str(), 0755);
    chmod(path.c_str(), 0644);
    if (absl::StartsWith(problems, "skip: ")) GTEST_SKIP() << problems;
    EXPECT_EQ(problems, "");
  }
  chmod(dir.c_str(), 0755);
  chmod(path.c_str(), 0644);
}

TEST(SqlitePuzzleStoreTest, MissingFileWithoutCreateIsNotFound) {
  EXPECT_THAT(
      SqlitePuzzleStore::Open(TempPath("missing.db"),
                              {.create_if_missing = false}),
      StatusIs(absl::StatusCode::kNotFound, HasSubstr("no such database")));
  EXPECT_THAT(
      SqlitePuzzleStore::Open(::testing::TempDir()),
      StatusIs(absl::StatusCode::kFailedPrecondition, HasSubstr("directory")));
}

TEST(SqlitePuzzleStoreTest, RefusesCorruptAndForeignFiles) {
  const std::string text = TempPath("not-a-db.txt");
  std::ofstream(text) << std::string(5000, 'x');
  EXPECT_THAT(SqlitePuzzleStore::Open(text),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("not a Sudoku Forge database")));

  const std::string foreign = TempPath("foreign.db");
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(foreign.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, "CREATE TABLE t (x); INSERT INTO t VALUES (1)",
                           nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(db);
  }
  EXPECT_THAT(SqlitePuzzleStore::Open(foreign),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("another application")));
}

TEST(SqlitePuzzleStoreTest, RefusesANewerSchema) {
  const std::string path = TempPath("newer.db");
  { ASSERT_THAT(SqlitePuzzleStore::Open(path), IsOk()); }
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    const std::string sql =
        "PRAGMA user_version = " +
        std::to_string(SqlitePuzzleStore::kSchemaVersion + 1);
    ASSERT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(db);
  }
  EXPECT_THAT(
      SqlitePuzzleStore::Open(path),
      StatusIs(absl::StatusCode::kFailedPrecondition, HasSubstr("newer")));
}

TEST(SqlitePuzzleStoreTest, MigratesAVersion1Database) {
  const std::string path = TempPath("v1.db");
  {
    auto store = *SqlitePuzzleStore::Open(path);
    const int64_t c = *store->EnsureCollection("c", false);
    const int64_t id = store->InsertPuzzle(Make(kPuzzle))->id;
    ASSERT_THAT(store->AddToCollection(c, id), IsOk());
  }
  // Turn it back into a version-1 file: drop what migration 1 -> 2 adds.
  auto exec = [&](const char* sql) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK)
        << sql;
    sqlite3_close(db);
  };
  exec("DROP INDEX collection_members_position; PRAGMA user_version = 1");
  auto store = SqlitePuzzleStore::Open(path);
  ASSERT_THAT(store, IsOk());
  EXPECT_THAT(
      (*store)->SchemaVersion(),
      ::sudoku::testing::IsOkAndHolds(SqlitePuzzleStore::kSchemaVersion));
  EXPECT_THAT((*store)->Collections(),
              ::sudoku::testing::IsOkAndHolds(ElementsAre(Pair("c", 1))));
  store->reset();
  // The index is back (dropping it succeeds only if it exists).
  exec("DROP INDEX collection_members_position");
}

TEST(SqlitePuzzleStoreTest, ReaderSeesCommittedStateWhileWriterWorks) {
  const std::string path = TempPath("concurrent.db");
  auto writer = *SqlitePuzzleStore::Open(path);
  auto reader = *SqlitePuzzleStore::Open(path, {.create_if_missing = false});
  ASSERT_THAT(writer->InsertPuzzle(Make(kPuzzle)), IsOk());
  absl::Status status = writer->RunInTransaction([&]() -> absl::Status {
    EXPECT_THAT(writer->InsertPuzzle(Make(kSeventeen)), IsOk());
    // The writer holds the write lock: the reader is not blocked (WAL) and
    // sees only the committed puzzle.
    absl::StatusOr<StoreStats> stats = reader->Stats();
    EXPECT_THAT(stats, IsOk());
    if (stats.ok()) {
      EXPECT_EQ(stats->puzzles, 1);
    }
    absl::StatusOr<std::vector<StoredPuzzle>> all = reader->Query({});
    EXPECT_THAT(all, IsOk());
    if (all.ok()) {
      EXPECT_EQ(all->size(), 1u);
    }
    return absl::OkStatus();
  });
  ASSERT_THAT(status, IsOk());
  EXPECT_EQ(reader->Stats()->puzzles, 2);
}

TEST(SqlitePuzzleStoreTest, SecondWriterGetsAbortedAfterTimeout) {
  const std::string path = TempPath("busy.db");
  auto a = *SqlitePuzzleStore::Open(path);
  auto b = *SqlitePuzzleStore::Open(path, {.busy_timeout_ms = 0});
  absl::Status status = a->RunInTransaction([&]() -> absl::Status {
    EXPECT_THAT(a->InsertPuzzle(Make(kPuzzle)), IsOk());
    EXPECT_THAT(b->RunInTransaction([] { return absl::OkStatus(); }),
                StatusIs(absl::StatusCode::kAborted));
    return absl::OkStatus();
  });
  EXPECT_THAT(status, IsOk());
}

}  // namespace
}  // namespace sudoku
