// End-to-end tests of `generate --db` and `corpus build|merge` on the real
// binary: reproducibility, storage, resume, Ctrl-C, shards and merging.
#include <fcntl.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/canonical.h"
#include "core/format.h"
#include "core/rng.h"
#include "generator/generator.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "rater/rater.h"
#include "storage/sqlite_puzzle_store.h"
#include "tests/testing/cli_runner.h"
#include "tests/testing/paths.h"
#include "tests/testing/puzzles.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using testing::CliResult;
using testing::JsonNumber;
using testing::ReadFileToString;
using testing::RunCli;
using testing::UniqueTempPath;

using ::sudoku::testing::IsOk;
using ::testing::HasSubstr;
using ::testing::Not;

void RemoveDb(const std::string& path) {
  for (const char* s : {"", "-wal", "-shm"}) std::remove((path + s).c_str());
}

std::vector<std::string> Lines(const std::string& text) {
  return absl::StrSplit(text, '\n', absl::SkipEmpty());
}

std::unique_ptr<SqlitePuzzleStore> OpenOrDie(const std::string& path) {
  auto store = SqlitePuzzleStore::Open(path, {.create_if_missing = false});
  EXPECT_THAT(store, IsOk());
  return store.ok() ? *std::move(store) : nullptr;
}

// Stored puzzles of a collection as (generation index -> puzzle line).
std::map<uint64_t, std::string> StoredByIndex(SqlitePuzzleStore& store,
                                              const std::string& collection) {
  std::map<uint64_t, std::string> out;
  PuzzleQuery q;
  q.collection = collection;
  auto puzzles = store.Query(q);
  EXPECT_THAT(puzzles, IsOk());
  if (!puzzles.ok()) return out;
  for (const StoredPuzzle& p : *puzzles) {
    auto info = store.GetGenerationInfo(p.id);
    EXPECT_THAT(info, IsOk());
    if (!info.ok() || !info->has_value()) {
      ADD_FAILURE() << "puzzle " << p.id << " has no generation info";
      continue;
    }
    uint64_t index = 0;
    EXPECT_TRUE(absl::SimpleAtoi((*info)->parameters().at("index"), &index));
    EXPECT_TRUE(out.emplace(index, ToLine(p.givens)).second)
        << "index " << index << " twice";
  }
  return out;
}

TEST(GenerateCliTest, SameSeedSamePuzzlesForAnyJobs) {
  const CliResult a = RunCli("generate --count=30 --seed=5 --jobs=1");
  const CliResult b = RunCli("generate --count=30 --seed=5 --jobs=3");
  const CliResult c = RunCli("generate --count=30 --seed=6 --jobs=2");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(Lines(a.out).size(), 30u);
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out, c.out);
}

// Mean Forge score of the puzzles in `lines` (one per line), as `rate` gives
// it.
double MeanScore(const std::string& lines) {
  const CliResult r = RunCli("rate --json", lines);
  double sum = 0;
  int n = 0;
  for (absl::string_view line :
       absl::StrSplit(r.out, '\n', absl::SkipEmpty())) {
    double score = 0;
    if (absl::SimpleAtod(JsonNumber(std::string(line), "score"), &score)) {
      sum += score;
      ++n;
    }
  }
  EXPECT_GT(n, 0) << r.out << r.err;
  return n > 0 ? sum / n : 0;
}

TEST(GenerateCliTest, ScoreTargetSteersInsideTheLevel) {
  // Targets near either end of the hard band, wherever the fit put it.
  const LevelThresholds t = Thresholds();
  const double width = t.evil_from - t.hard_from;
  const CliResult low = RunCli(
      absl::StrCat("generate --count=10 --seed=4 --level=hard --score-target=",
                   t.hard_from + 0.1 * width));
  const CliResult high = RunCli(
      absl::StrCat("generate --count=10 --seed=4 --level=hard --score-target=",
                   t.evil_from - 0.1 * width));
  ASSERT_EQ(low.exit_code, 0) << low.err;
  ASSERT_EQ(high.exit_code, 0) << high.err;
  EXPECT_LT(MeanScore(low.out), MeanScore(high.out));
  const CliResult rated = RunCli("rate", high.out);
  EXPECT_EQ(Lines(rated.out).size(), 10u);
  for (const std::string& line : Lines(rated.out))
    EXPECT_THAT(line, HasSubstr("\thard\t"));
  const CliResult outside = RunCli("generate --level=medium --score-target=9");
  EXPECT_EQ(outside.exit_code, 2);
  EXPECT_THAT(outside.err,
              HasSubstr("--score-target=9 is outside the score range"));
}

// --top-work is the rater's budget for the top (rate's): a rating
// parameter stored with each puzzle, so `rate --db` with the same budget
// answers from the store and with another rates again. A negative budget
// is a usage error, in corpus build too.
TEST(GenerateCliTest, TopWorkIsTheRatersBudgetForTheTop) {
  const std::string db = UniqueTempPath("top_work.db");
  const CliResult made = RunCli(absl::StrCat(
      "generate --count=1 --seed=3 --level=hard --top-work=1234 --db=", db));
  ASSERT_EQ(made.exit_code, 0) << made.err;
  ASSERT_EQ(Lines(made.out).size(), 1u) << made.out;
  const std::string puzzle = Lines(made.out)[0];
  const std::string rate =
      absl::StrCat("rate --json --no-stochastic --db=", db, " ", puzzle);
  EXPECT_THAT(RunCli(rate + " --top-work=1234").out,
              HasSubstr("\"from_store\":true"));
  EXPECT_THAT(RunCli(rate).out, Not(HasSubstr("\"from_store\":true")));
  // A run is its budget's: the default one does not resume the run made
  // with 1234 (the same grid, so the same puzzle, found stored as an
  // isomorph), and 1234 again does.
  const std::string again =
      absl::StrCat("generate --count=1 --seed=3 --level=hard --db=", db);
  const CliResult other = RunCli(again);
  ASSERT_EQ(other.exit_code, 0) << other.err;
  EXPECT_EQ(Lines(other.out), Lines(made.out));
  EXPECT_THAT(other.err, HasSubstr("1 already stored as isomorphs, 0 from an "
                                   "earlier run"));
  const CliResult same = RunCli(again + " --top-work=1234");
  ASSERT_EQ(same.exit_code, 0) << same.err;
  EXPECT_THAT(same.err, HasSubstr("1 from an earlier run"));
  const CliResult json =
      RunCli("generate --count=1 --seed=3 --level=hard --top-work=1234 --json");
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_FALSE(JsonNumber(json.out, "top_er").empty()) << json.out;
  EXPECT_THAT(RunCli("generate --help").out, HasSubstr("--top-work"));
  for (const char* command :
       {"generate --count=1 --top-work=-1",
        "corpus build --per-level=1 --levels=easy --top-work=-1"}) {
    const CliResult bad = RunCli(
        absl::StrCat(command, " --db=", UniqueTempPath("bad_top_work.db")));
    EXPECT_EQ(bad.exit_code, 2) << command;
    EXPECT_THAT(bad.err, HasSubstr("--top-work must be at least 0")) << command;
  }
}

TEST(GenerateCliTest, NeedsGuessingIsNoLevelOf9x9Puzzles) {
  const CliResult r = RunCli("generate --count=1 --level=needs-guessing");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("no 9x9 puzzle gets this level"));
  EXPECT_EQ(r.out, "");
}

TEST(GenerateCliTest, DbStoresSolutionRatingTraceAndProvenance) {
  const std::string db = UniqueTempPath("store.db");
  RemoveDb(db);
  const CliResult r = RunCli(
      absl::StrCat("generate --count=8 --seed=11 --jobs=2 --db=", db,
                   " --collection=mine --symmetry=rot180 --store-traces"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("8 new"));
  const std::vector<std::string> printed = Lines(r.out);
  ASSERT_EQ(printed.size(), 8u);
  auto store = OpenOrDie(db);
  ASSERT_NE(store, nullptr);
  PuzzleQuery q;
  q.collection = "mine";
  auto stored = store->Query(q);
  ASSERT_THAT(stored, IsOk());
  ASSERT_EQ(stored->size(), 8u);
  for (const StoredPuzzle& p : *stored) {
    SCOPED_TRACE(ToLine(p.givens));
    ASSERT_TRUE(p.solution.has_value());
    EXPECT_TRUE(IsValidSolution(p.givens, *p.solution));
    EXPECT_EQ(p.num_solutions, 1);
    auto ratings = store->Ratings(p.id);
    ASSERT_THAT(ratings, IsOk());
    ASSERT_EQ(ratings->size(), 1u);
    EXPECT_FALSE((*ratings)[0].level().empty());
    EXPECT_GT((*ratings)[0].total_steps(), 0u);
    auto trace = store->LatestTrace(p.id);
    ASSERT_THAT(trace, IsOk());
    ASSERT_TRUE(trace->has_value());
    EXPECT_GT((*trace)->steps_size(), 0);
    auto info = store->GetGenerationInfo(p.id);
    ASSERT_THAT(info, IsOk());
    ASSERT_TRUE(info->has_value());
    const proto::GenerationInfo& g = **info;
    uint64_t index = 0;
    ASSERT_TRUE(absl::SimpleAtoi(g.parameters().at("index"), &index));
    ASSERT_LT(index, 8u);
    // Puzzle i: DeriveSeed(batch seed, i), the batch seed mixing --seed=11
    // with the request's options.
    uint64_t batch_seed = 0;
    ASSERT_TRUE(absl::SimpleAtoi(g.parameters().at("batch_seed"), &batch_seed));
    EXPECT_NE(batch_seed, 11u);
    EXPECT_EQ(g.parameters().at("seed"), "11");
    EXPECT_EQ(g.seed(), DeriveSeed(batch_seed, index));
    EXPECT_EQ(g.generator_version(),
              absl::StrCat("generator-", kGeneratorVersion));
    EXPECT_EQ(g.symmetry(), "rot180");
    EXPECT_EQ(g.parameters().at("symmetry"), "rot180");
    EXPECT_EQ(printed[index], ToLine(p.givens));
  }
}

// Issue 22: traces are not stored by default; show and explain --db
// rebuild them, checked against the stored rating, and a bank without
// traces explains exactly as one with them.
TEST(GenerateCliTest, BankWithoutTracesExplainsAsOneWithThem) {
  const std::string with = UniqueTempPath("with-traces.db");
  const std::string without = UniqueTempPath("without-traces.db");
  ASSERT_EQ(RunCli(absl::StrCat("generate --count=3 --seed=4 --db=", with,
                                " --store-traces"))
                .exit_code,
            0);
  ASSERT_EQ(RunCli(absl::StrCat("generate --count=3 --seed=4 --db=", without))
                .exit_code,
            0);
  EXPECT_THAT(RunCli(absl::StrCat("stats --db=", without)).out,
              HasSubstr("traces 0"));
  for (const char* flags : {"", " --json"}) {
    const CliResult a =
        RunCli(absl::StrCat("explain --db=", with, " 1 2 3", flags));
    const CliResult b =
        RunCli(absl::StrCat("explain --db=", without, " 1 2 3", flags));
    ASSERT_EQ(a.exit_code, 0) << a.err;
    ASSERT_EQ(b.exit_code, 0) << b.err;
    EXPECT_EQ(a.out, b.out);
    EXPECT_THAT(a.out, HasSubstr("solved"));
  }
  const CliResult shown = RunCli(absl::StrCat("show 2 --db=", without));
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  EXPECT_THAT(shown.out,
              HasSubstr("rebuilt and checked against the stored rating"));
  const CliResult bad = RunCli(absl::StrCat("explain --db=", without, " x"));
  EXPECT_EQ(bad.exit_code, 2);
  const CliResult missing =
      RunCli(absl::StrCat("explain --db=", without, " 99"));
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_THAT(missing.err, HasSubstr("99"));
}

TEST(GenerateCliTest, RerunResumesWithoutDuplicates) {
  const std::string db = UniqueTempPath("resume.db");
  RemoveDb(db);
  const CliResult reference = RunCli("generate --count=25 --seed=3");
  ASSERT_EQ(reference.exit_code, 0);
  const std::vector<std::string> all = Lines(reference.out);
  ASSERT_EQ(all.size(), 25u);
  const std::string flags =
      absl::StrCat(" --seed=3 --jobs=2 --nostore-traces --db=", db);
  const CliResult first = RunCli("generate --count=10" + flags);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const CliResult second = RunCli("generate --count=25" + flags);
  ASSERT_EQ(second.exit_code, 0) << second.err;
  EXPECT_THAT(second.err, HasSubstr("15 new"));
  EXPECT_THAT(second.err, HasSubstr("10 from an earlier run"));
  // It says that it printed only the new ones, and how to see them all.
  EXPECT_THAT(second.err, HasSubstr("printed only the 15 puzzle(s) made now"));
  EXPECT_THAT(first.err, Not(HasSubstr("printed only")));
  // Only the missing puzzles were made, and they are the reference's.
  EXPECT_EQ(Lines(second.out),
            std::vector<std::string>(all.begin() + 10, all.end()));
  const CliResult third = RunCli("generate --count=25" + flags);
  ASSERT_EQ(third.exit_code, 0) << third.err;
  EXPECT_EQ(third.out, "");
  // Other options are another run: a new index space in the same collection.
  const CliResult other =
      RunCli(absl::StrCat("generate --count=2 --seed=4 --db=", db));
  ASSERT_EQ(other.exit_code, 0) << other.err;
  auto store = OpenOrDie(db);
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(store->Stats()->puzzles, 27);
  std::set<std::string> lines;
  PuzzleQuery q;
  auto stored = store->Query(q);
  ASSERT_THAT(stored, IsOk());
  for (const StoredPuzzle& p : *stored) lines.insert(ToLine(p.givens));
  for (const std::string& line : all) EXPECT_EQ(lines.count(line), 1u) << line;
}

// Runs `sudoku-forge generate ARGS...` as a child whose standard output
// (one line per committed puzzle) is read through a pipe, no clock and no
// polling; sends it SIGINT once it has printed `interrupt_after` lines and
// reads on to the end (after SIGINT the child commits and prints the
// puzzles in hand, then exits).
struct InterruptedRun {
  int64_t lines = 0;         // lines the child printed
  bool interrupted = false;  // SIGINT was sent
  bool exited = false;       // the child exited (not killed by a signal)
  int exit_code = -1;
  int killed_by = 0;  // the signal that killed it, when not exited
};

InterruptedRun GenerateAndInterrupt(const std::vector<std::string>& args,
                                    int64_t interrupt_after) {
  InterruptedRun run;
  int fds[2];
  if (pipe(fds) != 0) {
    ADD_FAILURE() << "pipe failed";
    return run;
  }
  const pid_t pid = fork();
  if (pid == 0) {
    const int null_fd = open("/dev/null", O_WRONLY);
    dup2(fds[1], STDOUT_FILENO);
    dup2(null_fd, STDERR_FILENO);
    close(fds[0]);
    close(fds[1]);
    const std::string binary = sudoku::testing::ForgeBinary();
    std::vector<char*> argv = {const_cast<char*>(binary.c_str()),
                               const_cast<char*>("generate")};
    for (const std::string& a : args)
      argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  close(fds[1]);
  if (pid < 0) {
    ADD_FAILURE() << "fork failed";
    close(fds[0]);
    return run;
  }
  FILE* out = fdopen(fds[0], "r");
  char* buffer = nullptr;
  size_t capacity = 0;
  while (out != nullptr && getline(&buffer, &capacity, out) != -1) {
    if (++run.lines == interrupt_after) {
      EXPECT_EQ(kill(pid, SIGINT), 0);
      run.interrupted = true;
    }
  }
  free(buffer);
  if (out != nullptr) fclose(out);
  int status = 0;
  EXPECT_EQ(waitpid(pid, &status, 0), pid);
  run.exited = WIFEXITED(status);
  run.exit_code = run.exited ? WEXITSTATUS(status) : -1;
  run.killed_by = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  return run;
}

TEST(GenerateCliTest, HugeCountStreamsAndStopsOnSigint) {
  // --count=1000000000 once allocated the whole index list up front (8 GB:
  // std::bad_alloc, abort). Now the first puzzle comes at once; SIGINT then
  // stops the run with a valid bank.
  const std::string db = UniqueTempPath("huge.db");
  RemoveDb(db);
  const InterruptedRun run = GenerateAndInterrupt(
      {"--count=1000000000", "--seed=3", "--nostore-traces", "--db=" + db}, 1);
  const int64_t seen = run.lines;
  EXPECT_GE(seen, 1);
  ASSERT_TRUE(run.exited) << "killed by signal " << run.killed_by;
  EXPECT_EQ(run.exit_code, 130);
  auto store = OpenOrDie(db);
  ASSERT_NE(store, nullptr);
  EXPECT_THAT(store->IntegrityCheck(), ::sudoku::testing::IsOkAndHolds("ok"));
  EXPECT_GE(store->Stats()->puzzles, seen);
}

TEST(GenerateCliTest, SigintStopsCleanlyAndKeepsStoredPuzzles) {
  const std::string db = UniqueTempPath("sigint.db");
  RemoveDb(db);
  const std::string seed = "--seed=21";
  // The child prints each puzzle once it is committed; the parent reads
  // those lines through a pipe (no clock, no polling) and interrupts the
  // child after the tenth.
  const InterruptedRun run = GenerateAndInterrupt(
      {"--count=1000000", seed, "--jobs=2", "--nostore-traces", "--db=" + db},
      10);
  const int64_t seen = run.lines;
  ASSERT_TRUE(run.interrupted) << "the child printed " << seen << " puzzles";
  ASSERT_TRUE(run.exited) << "killed by signal " << run.killed_by;
  EXPECT_EQ(run.exit_code, 130);

  std::map<uint64_t, std::string> stored;
  {
    auto store = OpenOrDie(db);
    ASSERT_NE(store, nullptr);
    EXPECT_THAT(store->IntegrityCheck(), ::sudoku::testing::IsOkAndHolds("ok"));
    stored = StoredByIndex(*store, "generated");
    EXPECT_GE(static_cast<int64_t>(stored.size()), seen);
    EXPECT_EQ(store->Stats()->puzzles, static_cast<int64_t>(stored.size()));
  }
  ASSERT_FALSE(stored.empty());
  // What is stored is the reference batch's puzzles at their indices.
  const uint64_t end = stored.rbegin()->first + 1;
  const CliResult reference =
      RunCli(absl::StrCat("generate --count=", end + 5, " ", seed));
  ASSERT_EQ(reference.exit_code, 0);
  const std::vector<std::string> all = Lines(reference.out);
  for (const auto& [index, line] : stored)
    EXPECT_EQ(all[index], line) << "index " << index;
  // Resuming completes the batch without duplicates.
  const CliResult resumed =
      RunCli(absl::StrCat("generate --count=", end + 5, " ", seed,
                          " --jobs=2 --nostore-traces --db=", db));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(Lines(resumed.out).size(), end + 5 - stored.size());
  auto store = OpenOrDie(db);
  ASSERT_NE(store, nullptr);
  const std::map<uint64_t, std::string> after =
      StoredByIndex(*store, "generated");
  EXPECT_EQ(after.size(), end + 5);
  EXPECT_EQ(store->Stats()->puzzles, static_cast<int64_t>(end + 5));
  for (const auto& [index, line] : after)
    EXPECT_EQ(all[index], line) << "index " << index;
}

TEST(GenerateCliTest, ProgressPlainWritesLinesForLogs) {
  // plain: newline-terminated lines, the last one at the end of the run,
  // never a carriage return; none: nothing; a bad mode is a usage error.
  const CliResult plain =
      RunCli("generate --count=20 --seed=2 --progress=plain");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_THAT(plain.err, HasSubstr("generate: 20/20 (100.0%)"));
  EXPECT_THAT(plain.err, HasSubstr("ETA 0m00s\n"));  // a whole line
  EXPECT_THAT(plain.err, Not(HasSubstr("\r")));
  const CliResult none = RunCli("generate --count=20 --seed=2 --progress=none");
  ASSERT_EQ(none.exit_code, 0);
  EXPECT_THAT(none.err, Not(HasSubstr("20/20")));
  EXPECT_EQ(none.out, plain.out);
  // Every command takes the flag.
  EXPECT_EQ(RunCli("validate --progress=plain",
                   "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6"
                   "....28....419..5....8..79\n")
                .exit_code,
            0);
  const CliResult bad = RunCli("generate --progress=sometimes");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err,
              HasSubstr("--progress must be auto, tty, plain or none"));
}

TEST(GenerateCliTest, ProgressLineOnATerminalOnly) {
  const std::string db = UniqueTempPath("progress.db");
  RemoveDb(db);
  const CliResult piped =
      RunCli(absl::StrCat("generate --count=20 --nostore-traces --db=", db));
  ASSERT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_THAT(piped.err, ::testing::Not(HasSubstr("\r")));
  EXPECT_THAT(piped.err, ::testing::Not(HasSubstr("\033[")));
  // script(1) gives the command a terminal; the last draw (done == total)
  // always happens.
  if (std::system("command -v script >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "no script(1)";
  const std::string log = UniqueTempPath("tty.txt");
  const std::string cmd =
      absl::StrCat("script -qec '", sudoku::testing::ForgeBinary(),
                   " generate --count=20 --seed=2 --nostore-traces --db=", db,
                   " >/dev/null' ", log, " >/dev/null 2>&1 </dev/null");
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  const std::string tty = ReadFileToString(log);
  EXPECT_THAT(tty, HasSubstr("generate: 20/20 (100.0%)"));
  EXPECT_THAT(tty, HasSubstr("ETA"));
  std::remove(log.c_str());
}

class CorpusCliTest : public ::testing::Test {
 protected:
  // corpus build into a fresh database; returns the --out directory.
  std::string Build(const std::string& extra, std::string* db_out = nullptr) {
    const std::string db = UniqueTempPath("corpus.db");
    RemoveDb(db);
    const std::string dir = UniqueTempPath("corpus_out");
    const CliResult r =
        RunCli(absl::StrCat("corpus build --per-level=7 --levels=easy,medium ",
                            "--seed=9 --jobs=2 --nostore-traces --db=", db,
                            " --out=", dir, " ", extra));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    if (db_out != nullptr) *db_out = db;
    return dir;
  }
  // The data lines of a level file.
  static std::vector<std::string> Rows(const std::string& path) {
    std::vector<std::string> out;
    for (const std::string& line : Lines(ReadFileToString(path)))
      if (line[0] != '#') out.push_back(line);
    return out;
  }
};

TEST_F(CorpusCliTest, ShardsPartitionTheCorpusAndMergeRestoresIt) {
  std::string full_db;
  const std::string full = Build("", &full_db);
  std::vector<std::string> shard_dbs;
  std::vector<std::string> shard_dirs;
  for (int i = 0; i < 3; ++i) {
    std::string db;
    shard_dirs.push_back(Build(absl::StrCat("--shard=", i, "/3"), &db));
    shard_dbs.push_back(db);
  }
  for (const std::string level : {"easy", "medium"}) {
    SCOPED_TRACE(level);
    const std::vector<std::string> all = Rows(full + "/" + level + ".tsv");
    ASSERT_EQ(all.size(), 7u);
    std::multiset<std::string> from_shards;
    for (int i = 0; i < 3; ++i) {
      const std::vector<std::string> rows =
          Rows(absl::StrCat(shard_dirs[static_cast<size_t>(i)], "/", level,
                            ".shard-", i, "-of-3.tsv"));
      // Shard i holds indices i, i+3, ...: 3, 2, 2 puzzles.
      EXPECT_EQ(rows.size(), i == 0 ? 3u : 2u);
      for (size_t k = 0; k < rows.size(); ++k) {
        EXPECT_EQ(rows[k], all[static_cast<size_t>(i) + 3 * k]);
        from_shards.insert(rows[k]);
      }
    }
    EXPECT_EQ(from_shards, std::multiset<std::string>(all.begin(), all.end()));
    for (const std::string& row : all) {
      const std::vector<std::string> cols = absl::StrSplit(row, '\t');
      ASSERT_EQ(cols.size(), 4u);
      EXPECT_EQ(cols[3], level);  // rated inside the requested level
    }
  }
  // Merge (one shard twice): the unsharded corpus, each puzzle once.
  const std::string merged_db = UniqueTempPath("merged.db");
  RemoveDb(merged_db);
  const std::string merged_dir = UniqueTempPath("merged_out");
  const CliResult m = RunCli(absl::StrCat(
      "corpus merge --db=", merged_db, " ", shard_dbs[0], " ", shard_dbs[1],
      " ", shard_dbs[2], " ", shard_dbs[1], " --out=", merged_dir));
  ASSERT_EQ(m.exit_code, 0) << m.err;
  EXPECT_THAT(m.out, HasSubstr("merged 18 puzzles from 4 databases"));
  EXPECT_THAT(m.err, Not(HasSubstr("warning")));  // all 3 shards are there
  EXPECT_THAT(m.out, HasSubstr("14 new, 4 duplicates"));
  for (const std::string level : {"easy", "medium"}) {
    EXPECT_EQ(ReadFileToString(merged_dir + "/" + level + ".tsv"),
              ReadFileToString(full + "/" + level + ".tsv"))
        << level;
  }
  auto store = OpenOrDie(merged_db);
  ASSERT_NE(store, nullptr);
  auto stats = store->Stats();
  ASSERT_THAT(stats, IsOk());
  EXPECT_EQ(stats->puzzles, 14);
  EXPECT_EQ(stats->ratings, 14);
  EXPECT_THAT(stats->by_collection,
              ::testing::ElementsAre(::testing::Pair("corpus/easy", 7),
                                     ::testing::Pair("corpus/medium", 7)));
  // Provenance travels with the puzzles.
  const std::map<uint64_t, std::string> easy =
      StoredByIndex(*store, "corpus/easy");
  EXPECT_EQ(easy.size(), 7u);
}

TEST_F(CorpusCliTest, CorpusSeedingIsUnchanged) {
  // generate now mixes the request into its seeds; corpus build seeds its
  // levels apart itself and must make the puzzles it made before. (A
  // deliberate change of the generator or the rater's levels regenerates the
  // file with the command in its header.)
  const std::string db = UniqueTempPath("golden.db");
  RemoveDb(db);
  const std::string dir = UniqueTempPath("golden_out");
  const CliResult r = RunCli(
      absl::StrCat("corpus build --per-level=3 --levels=easy,hard ",
                   "--seed=9 --nostore-traces --db=", db, " --out=", dir));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> puzzles;
  for (const std::string level : {"easy", "hard"}) {
    for (const std::string& row : Rows(dir + "/" + level + ".tsv"))
      puzzles.push_back(std::string(row.substr(0, row.find('\t'))));
  }
  std::vector<std::string> golden;
  for (const std::string& line : Lines(ReadFileToString(
           testing::TestDataDir() + "corpus_seed9_puzzles.txt"))) {
    if (line[0] != '#') golden.push_back(line);
  }
  EXPECT_EQ(puzzles, golden);
}

TEST(GenerateCliTest, LevelsOfOneSeedDoNotShareFullGrids) {
  // Before, puzzle i of every level came from DeriveSeed(seed, i): the same
  // full grid under easy, hard and evil.
  std::set<std::string> solutions;
  for (const char* level : {"easy", "medium", "hard"}) {
    const CliResult r = RunCli(
        absl::StrCat("generate --level=", level, " --count=4 --seed=1 --json"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    for (const std::string& line : Lines(r.out))
      solutions.insert(testing::JsonString(line, "solution"));
  }
  EXPECT_EQ(solutions.size(), 12u);
}

TEST_F(CorpusCliTest, MergeDropsIsomorphsOfStoredPuzzles) {
  std::string db;
  const std::string dir = Build("--levels=easy", &db);
  const std::vector<std::string> rows = Rows(dir + "/easy.tsv");
  ASSERT_EQ(rows.size(), 7u);
  // Another database holds relabelled, transformed copies of three of them
  // and one puzzle of its own.
  Rng rng(77);
  std::string text;
  for (size_t k = 0; k < 3; ++k) {
    const std::vector<std::string> cols = absl::StrSplit(rows[k], '\t');
    text += ToLine(RandomIsomorph(*ParseGrid(cols[0]), rng)) + "\n";
  }
  const CliResult own = RunCli("generate --count=1 --seed=12345");
  ASSERT_EQ(own.exit_code, 0);
  text += own.out;
  const std::string input = UniqueTempPath("iso.txt");
  std::ofstream(input) << text;
  const std::string other = UniqueTempPath("other.db");
  RemoveDb(other);
  const CliResult imported =
      RunCli(absl::StrCat("import ", input, " --db=", other));
  ASSERT_EQ(imported.exit_code, 0) << imported.err;
  const std::string merged = UniqueTempPath("merged2.db");
  RemoveDb(merged);
  const CliResult m =
      RunCli(absl::StrCat("corpus merge --db=", merged, " ", db, " ", other));
  ASSERT_EQ(m.exit_code, 0) << m.err;
  EXPECT_THAT(m.out, HasSubstr("merged 11 puzzles from 2 databases"));
  EXPECT_THAT(m.out, HasSubstr("8 new, 3 duplicates"));
  auto store = OpenOrDie(merged);
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(store->Stats()->puzzles, 8);
}

TEST_F(CorpusCliTest, BadShardIsAUsageError) {
  for (const char* spec : {"3/3", "1", "a/2", "0/0"}) {
    const CliResult r =
        RunCli(absl::StrCat("corpus build --per-level=1 --shard=", spec,
                            " --db=", UniqueTempPath("bad.db")));
    EXPECT_EQ(r.exit_code, 2) << spec;
    EXPECT_THAT(r.err, HasSubstr("--shard must be I/K")) << spec;
  }
  EXPECT_EQ(RunCli("corpus").exit_code, 2);
  EXPECT_EQ(RunCli("corpus merge").exit_code, 2);
}

// merge names its output; a missing shard stops it before anything is
// written.
TEST_F(CorpusCliTest, MergeNeedsDbAndAllItsInputs) {
  const std::string shard = UniqueTempPath("merge-shard.db");
  RemoveDb(shard);
  ASSERT_EQ(RunCli(absl::StrCat("generate --count=2 --db=", shard)).exit_code,
            0);
  const CliResult no_db = RunCli(absl::StrCat("corpus merge ", shard));
  EXPECT_EQ(no_db.exit_code, 2);
  EXPECT_THAT(no_db.err, HasSubstr("merge needs --db"));
  const std::string out = UniqueTempPath("merge-out.db");
  RemoveDb(out);
  const std::string missing = UniqueTempPath("no-such-shard.db");
  const CliResult r =
      RunCli(absl::StrCat("corpus merge --db=", out, " ", shard, " ", missing));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr(missing));
  EXPECT_FALSE(std::filesystem::exists(out)) << "partial output " << out;
  RemoveDb(shard);
}

TEST_F(CorpusCliTest, AFailureInTheMiddleOfAMergeLeavesNoOutput) {
  const std::string good = UniqueTempPath("merge-good.db");
  const std::string bad = UniqueTempPath("merge-bad.db");
  RemoveDb(good);
  RemoveDb(bad);
  ASSERT_EQ(RunCli(absl::StrCat("generate --count=2 --db=", good)).exit_code,
            0);
  ASSERT_EQ(
      RunCli(absl::StrCat("generate --count=2 --seed=7 --db=", bad)).exit_code,
      0);
  {
    // The second shard opens fine but its ratings cannot be read.
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(bad.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, "UPDATE ratings SET rating = x'ff'", nullptr,
                           nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(db);
  }
  const std::string out = UniqueTempPath("merge-half.db");
  RemoveDb(out);
  const CliResult r =
      RunCli(absl::StrCat("corpus merge --db=", out, " ", good, " ", bad));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr(bad));
  EXPECT_THAT(r.err, HasSubstr("nothing was merged"));
  EXPECT_FALSE(std::filesystem::exists(out)) << "partial output " << out;
  // Into an existing bank: it keeps exactly what it had.
  ASSERT_EQ(
      RunCli(absl::StrCat("generate --count=1 --seed=9 --db=", out)).exit_code,
      0);
  EXPECT_EQ(RunCli(absl::StrCat("corpus merge --db=", out, " ", good, " ", bad))
                .exit_code,
            2);
  auto store = OpenOrDie(out);
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(store->Stats()->puzzles, 1);
}

TEST_F(CorpusCliTest, AutoShardsFromClusterVariablesMergeToTheUnshardedBuild) {
  const std::string full = Build("");
  // K = 3 local processes per scheduler, each told its index the way a
  // Kubernetes Indexed Job or a Slurm array (numbered from 1) tells it.
  const std::vector<std::vector<std::string>> schedulers = {
      {"JOB_COMPLETION_INDEX=0", "JOB_COMPLETION_INDEX=1",
       "JOB_COMPLETION_INDEX=2"},
      {"SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_ID=1",
       "SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_ID=2",
       "SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_ID=3"}};
  for (const std::vector<std::string>& envs : schedulers) {
    SCOPED_TRACE(envs[0]);
    std::string shards;
    for (const std::string& env : envs) {
      const std::string db = UniqueTempPath("auto-shard.db");
      RemoveDb(db);
      const CliResult r = testing::RunCommand(absl::StrCat(
          "env -u JOB_COMPLETION_INDEX -u SLURM_ARRAY_TASK_ID ", env, " ",
          testing::ForgeBinary(),
          " corpus build --per-level=7 --levels=easy,medium --seed=9 "
          "--jobs=2 --no-store-traces --shard=auto/3 --db=",
          db, " --out=", UniqueTempPath("auto_out")));
      ASSERT_EQ(r.exit_code, 0) << r.err;
      absl::StrAppend(&shards, " ", db);
    }
    const std::string merged_db = UniqueTempPath("auto-merged.db");
    RemoveDb(merged_db);
    const std::string merged = UniqueTempPath("auto_merged");
    const CliResult m = RunCli(absl::StrCat("corpus merge --db=", merged_db,
                                            shards, " --out=", merged));
    ASSERT_EQ(m.exit_code, 0) << m.err;
    EXPECT_THAT(m.err, Not(HasSubstr("warning")));  // all 3 shards
    for (const std::string level : {"easy", "medium"}) {
      EXPECT_EQ(ReadFileToString(merged + "/" + level + ".tsv"),
                ReadFileToString(full + "/" + level + ".tsv"))
          << level;
    }
  }
  const CliResult unset = testing::RunCommand(
      absl::StrCat("env -u JOB_COMPLETION_INDEX -u SLURM_ARRAY_TASK_ID ",
                   testing::ForgeBinary(), " corpus build --shard=auto/3"));
  EXPECT_EQ(unset.exit_code, 2);
  EXPECT_THAT(unset.err, HasSubstr("JOB_COMPLETION_INDEX"));
}

// The sudoku-forge command lines of a deploy file: the tokens after each
// "sudoku-forge corpus", up to the end of the command.
std::vector<std::vector<std::string>> CommandLines(const std::string& text) {
  std::vector<std::string> tokens =
      absl::StrSplit(text, absl::ByAnyChar(" \t\n\"'"), absl::SkipEmpty());
  std::vector<std::vector<std::string>> out;
  for (size_t i = 0; i + 1 < tokens.size(); ++i) {
    if (tokens[i] != "sudoku-forge" || tokens[i + 1] != "corpus") continue;
    std::vector<std::string> line;
    for (size_t j = i + 1; j < tokens.size(); ++j) {
      const std::string& t = tokens[j];
      if (j > i + 2 && t.rfind("--", 0) != 0 &&
          t.find('/') == std::string::npos)
        break;  // a word of the file, not of the command
      line.push_back(t);
    }
    out.push_back(line);
  }
  return out;
}

TEST(DeployFilesTest, CommandLinesUseFlagsTheCliAccepts) {
  const std::string help =
      RunCli("corpus --help").out + RunCli("corpus --help").err;
  ASSERT_THAT(help, HasSubstr("Flags:"));
  for (const char* file :
       {"deploy/kubernetes/corpus-job.yaml", "deploy/slurm/corpus.sbatch"}) {
    SCOPED_TRACE(file);
    const std::string text =
        ReadFileToString(testing::SourceDir() + "/" + file);
    ASSERT_FALSE(text.empty());
    const std::vector<std::vector<std::string>> lines = CommandLines(text);
    std::set<std::string> subcommands;
    for (const std::vector<std::string>& line : lines) {
      ASSERT_GE(line.size(), 2u);
      subcommands.insert(line[1]);
      for (const std::string& token : line) {
        if (token.rfind("--", 0) != 0) continue;
        const std::string name = token.substr(0, token.find('='));
        EXPECT_TRUE(absl::StrContains(help, absl::StrCat("\n  ", name, "=")) ||
                    absl::StrContains(help, absl::StrCat("\n  ", name, " ")))
            << "the CLI does not list " << name;
      }
    }
    // Both steps: the sharded build and the merge.
    EXPECT_EQ(subcommands, (std::set<std::string>{"build", "merge"}));
    // The number of shards matches the scheduler's.
    EXPECT_THAT(text, HasSubstr("--shard=auto/8"));
    EXPECT_TRUE(absl::StrContains(text, "completions: 8") ||
                absl::StrContains(text, "--array=0-7"));
  }
}

TEST_F(CorpusCliTest, MergeWarnsWhenShardsOfTheRunAreMissing) {
  std::string db0, db2;
  Build("--shard=0/3", &db0);
  Build("--shard=2/3", &db2);
  const std::string out = UniqueTempPath("merge-two-of-three.db");
  RemoveDb(out);
  const CliResult r =
      RunCli(absl::StrCat("corpus merge --db=", out, " ", db0, " ", db2));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("warning: merging shards 0, 2 of 3: shard 1 "
                               "is missing"));
}

}  // namespace
}  // namespace sudoku
