// Crash safety of import: a real child process (testing/import_helper_main.cc)
// imports into a real file and is SIGKILLed at a seeded point, measured in
// rows written (mid-transaction) or commits; meanwhile this process reads
// the same database. Afterwards the file must pass integrity_check, hold
// exactly the committed batches, and a second import must complete it
// without duplicates.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "core/format.h"
#include "core/rng.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "storage/sqlite_puzzle_store.h"
#include "tests/testing/paths.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using ::sudoku::testing::IsOk;

const std::string kInput =
    sudoku::testing::SourceDir() + "/storage/testdata/seventeen_600.txt";
constexpr int kBatch = 40;

struct ChildRun {
  bool killed = false;      // died of SIGKILL
  int exit_code = -1;       // when it exited normally
  int64_t last_commit = 0;  // last "commit N" read
  std::string summary;      // "summary ..." line
  std::vector<int64_t>
      reader_counts;  // puzzles seen by our reader at each commit line
};

// Runs the helper, reading its stdout line by line; at each commit line the
// parent reads the database through its own connection.
ChildRun RunHelper(const std::string& db, long kill_row, long kill_commit) {
  ChildRun run;
  int fds[2];
  if (pipe(fds) != 0) return run;
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], STDOUT_FILENO);
    close(fds[0]);
    close(fds[1]);
    const std::string batch = std::to_string(kBatch);
    const std::string row = std::to_string(kill_row);
    const std::string commit = std::to_string(kill_commit);
    // The helper is built beside this test binary.
    const std::string helper =
        ExecutableDir() + "/sudoku_storage_import_helper";
    execl(helper.c_str(), helper.c_str(), db.c_str(), kInput.c_str(),
          batch.c_str(), row.c_str(), commit.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  close(fds[1]);
  FILE* out = fdopen(fds[0], "r");
  std::unique_ptr<SqlitePuzzleStore> reader;
  char line[256];
  while (std::fgets(line, sizeof line, out) != nullptr) {
    std::string s(line);
    if (!s.empty() && s.back() == '\n') s.pop_back();
    if (absl::StartsWith(s, "commit ")) {
      EXPECT_TRUE(absl::SimpleAtoi(s.substr(7), &run.last_commit));
      if (reader == nullptr) {
        auto opened = SqlitePuzzleStore::Open(db, {.create_if_missing = false});
        EXPECT_THAT(opened, IsOk());
        if (opened.ok()) reader = *std::move(opened);
      }
      if (reader != nullptr) {
        absl::StatusOr<StoreStats> stats = reader->Stats();
        EXPECT_THAT(stats, IsOk());  // WAL: never blocked by the writer
        if (stats.ok()) run.reader_counts.push_back(stats->puzzles);
      }
    } else if (absl::StartsWith(s, "summary ")) {
      run.summary = s;
    }
  }
  std::fclose(out);
  int status = 0;
  waitpid(pid, &status, 0);
  run.killed = WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
  if (WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
  return run;
}

std::vector<Grid> InputPuzzles() {
  std::ifstream in(kInput);
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  std::vector<Grid> out;
  for (PuzzleRecord& rec : ParsePuzzles(text)) out.push_back(*rec.grid);
  return out;
}

TEST(ImportCrashTest, KilledImportKeepsCommittedBatchesAndResumes) {
  const std::vector<Grid> puzzles = InputPuzzles();
  const auto total = static_cast<int64_t>(puzzles.size());
  ASSERT_EQ(total, 600);
  Rng rng(20261122);
  for (int trial = 0; trial < 4; ++trial) {
    SCOPED_TRACE(absl::StrCat("trial ", trial));
    const std::string db =
        absl::StrCat(::testing::TempDir(), "/crash", trial, ".db");
    for (const char* suffix : {"", "-wal", "-shm"})
      std::remove((db + suffix).c_str());
    // Odd trials die mid-transaction after a seeded row; even ones right
    // after a seeded commit.
    long kill_row = 0, kill_commit = 0;
    if (trial % 2 == 1) {
      kill_row = static_cast<long>(
          1 + UniformInt(rng, static_cast<uint64_t>(total - 1)));
    } else {
      kill_commit = static_cast<long>(
          kBatch *
          (1 + UniformInt(rng, static_cast<uint64_t>(total / kBatch - 1))));
    }
    const ChildRun first = RunHelper(db, kill_row, kill_commit);
    ASSERT_TRUE(first.killed) << "exit code " << first.exit_code;
    const int64_t committed =
        kill_commit > 0 ? kill_commit : (kill_row - 1) / kBatch * kBatch;
    EXPECT_EQ(first.last_commit, committed);
    for (size_t i = 1; i < first.reader_counts.size(); ++i) {
      EXPECT_GE(first.reader_counts[i], first.reader_counts[i - 1]);
    }

    {
      auto store = SqlitePuzzleStore::Open(db, {.create_if_missing = false});
      ASSERT_THAT(store, IsOk());
      EXPECT_THAT((*store)->IntegrityCheck(),
                  ::sudoku::testing::IsOkAndHolds("ok"));
      // Exactly the committed batches: the first `committed` puzzles, in full.
      EXPECT_EQ((*store)->Stats()->puzzles, committed);
      for (int64_t i = 0; i < committed; i += 7) {
        absl::StatusOr<std::optional<StoredPuzzle>> p =
            (*store)->FindIsomorph(puzzles[static_cast<size_t>(i)]);
        ASSERT_THAT(p, IsOk());
        EXPECT_TRUE(p->has_value()) << "committed puzzle " << i << " missing";
      }
    }

    const ChildRun second = RunHelper(db, 0, 0);
    ASSERT_FALSE(second.killed);
    ASSERT_EQ(second.exit_code, 0);
    EXPECT_EQ(second.summary,
              absl::StrCat("summary imported=", total - committed,
                           " duplicates=", committed, " invalid=0"));
    auto store = SqlitePuzzleStore::Open(db, {.create_if_missing = false});
    ASSERT_THAT(store, IsOk());
    EXPECT_THAT((*store)->IntegrityCheck(),
                ::sudoku::testing::IsOkAndHolds("ok"));
    EXPECT_EQ((*store)->Stats()->puzzles, total);
    EXPECT_THAT((*store)->Collections(),
                ::sudoku::testing::IsOkAndHolds(
                    ::testing::ElementsAre(::testing::Pair("crash", total))));
  }
}

}  // namespace
}  // namespace sudoku
