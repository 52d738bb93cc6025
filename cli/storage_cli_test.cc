// End-to-end tests of the storage commands (import, export, list, show,
// stats, canon) of the sudoku-forge binary, on temporary database files.
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/canonical.h"
#include "core/format.h"
#include "core/rng.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/cli_runner.h"

namespace sudoku {
namespace {

using testing::CliResult;
using testing::RunCli;
using testing::RunCommand;
using testing::UniqueTempPath;

using ::testing::HasSubstr;
using ::testing::Not;

constexpr char kWiki[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5.."
    "..8..79";
constexpr char kSeventeen[] =
    "...8.1..........435............7.8........1...2..3....6......75..34......."
    ".2..6..";

class StorageCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = ::testing::TempDir();
    db_ = dir_ + "/storage_cli.db";
    for (const char* s : {"", "-wal", "-shm"}) std::remove((db_ + s).c_str());
  }
  std::string Db() const { return " --db=" + db_; }
  std::string Write(const std::string& name, const std::string& text) {
    const std::string path = dir_ + "/" + name;
    std::ofstream(path) << text;
    return path;
  }
  // Exports this bank in `format` and imports the file into a fresh bank
  // DIR/STEM-FORMAT.db (import with `import_flags`): *exported and *imported
  // get the two commands' results; returns the new bank's path.
  std::string ExportThenImport(const std::string& format,
                               const std::string& stem,
                               const std::string& import_flags,
                               CliResult* exported, CliResult* imported) {
    *exported = RunCli(absl::StrCat("export --format=", format) + Db());
    const std::string file =
        Write(absl::StrCat(stem, ".", format), exported->out);
    const std::string copy = absl::StrCat(dir_, "/", stem, "-", format, ".db");
    for (const char* s : {"", "-wal", "-shm"}) std::remove((copy + s).c_str());
    *imported =
        RunCli(absl::StrCat("import ", file, import_flags, " --db=", copy));
    return copy;
  }
  std::string dir_, db_;
};

// Runs `sudoku-forge ARGS` as a user without write permission on files it
// does not own: this user, or user nobody (setpriv, util-linux) when the
// tests run as root, who ignores file permissions. "" when neither works.
std::string UnprivilegedCli() {
  if (geteuid() != 0) return sudoku::testing::ForgeBinary();
  const std::string cli =
      absl::StrCat("setpriv --reuid=65534 --regid=65534 --clear-groups ",
                   sudoku::testing::ForgeBinary());
  // Also "" when nobody may not run this build's binary (a checkout in a
  // folder only root can enter).
  if (RunCommand(cli + " --version").exit_code != 0) return "";
  return cli;
}

TEST_F(StorageCliTest, ReadCommandsWorkOnABankWithoutWritePermission) {
  const std::string cli = UnprivilegedCli();
  if (cli.empty()) GTEST_SKIP() << "root, and nobody cannot run the CLI";
  const std::string dir = dir_ + "/read-only-bank";
  std::filesystem::create_directories(dir);
  const std::string db = dir + "/bank.db";
  for (const char* s : {"", "-wal", "-shm"}) std::remove((db + s).c_str());
  ASSERT_EQ(RunCli(absl::StrCat("import ", kWiki, " --db=", db)).exit_code, 0);
  chmod(db.c_str(), 0444);
  chmod(dir.c_str(), 0555);
  // The test's private directory (0700) must let the other user through.
  chmod(dir_.c_str(), 0711);
  auto run = [&](const std::string& args) {
    return RunCommand(absl::StrCat(cli, " ", args));
  };
  for (const char* command : {"stats", "list", "export", "show 1"}) {
    CliResult r = run(absl::StrCat(command, " --db=", db));
    EXPECT_EQ(r.exit_code, 0) << command << ": " << r.err;
    EXPECT_THAT(r.out, HasSubstr(command == std::string("export") ? kWiki : ""))
        << command;
  }
  CliResult write = run(absl::StrCat("import ", kSeventeen, " --db=", db));
  EXPECT_EQ(write.exit_code, 2);
  EXPECT_THAT(write.err, HasSubstr("read-only"));
  EXPECT_THAT(write.err, Not(HasSubstr("PRAGMA")));
  EXPECT_THAT(write.err, Not(HasSubstr("again")));
  chmod(dir.c_str(), 0755);
  chmod(db.c_str(), 0644);
  chmod(dir_.c_str(), 0700);
}

TEST_F(StorageCliTest, ExportThenImportGivesTheBankBackInEveryFormat) {
  // Rated, generated puzzles in a collection, and an imported one in another.
  ASSERT_EQ(
      RunCli("generate --level=easy --count=2 --seed=5 --collection=pub" + Db())
          .exit_code,
      0);
  ASSERT_EQ(RunCli(absl::StrCat("import ", kSeventeen, " --collection=mine",
                                " --source=forum", Db()))
                .exit_code,
            0);
  const std::string rating_version = testing::JsonString(
      RunCli("export --format=json" + Db()).out, "engine_version");
  ASSERT_FALSE(rating_version.empty());
  for (const char* format : {"json", "tsv", "sdk"}) {
    SCOPED_TRACE(format);
    CliResult exported, imported;
    const std::string copy =
        ExportThenImport(format, "copy", "", &exported, &imported);
    ASSERT_EQ(exported.exit_code, 0) << exported.err;
    ASSERT_EQ(imported.exit_code, 0) << imported.err;
    EXPECT_THAT(imported.out, HasSubstr("imported 3"));
    // Puzzle, solution, level, score, rating version, collections and
    // provenance all come back: the copy exports the same bytes.
    CliResult again =
        RunCli(absl::StrCat("export --format=", format, " --db=", copy));
    EXPECT_EQ(again.out, exported.out);
    CliResult json = RunCli(absl::StrCat("export --format=json --db=", copy));
    EXPECT_THAT(json.out, HasSubstr("\"level\":\"easy\""));
    EXPECT_THAT(json.out, HasSubstr("\"score\":"));
    EXPECT_THAT(json.out, HasSubstr(rating_version));
    EXPECT_THAT(json.out, HasSubstr("\"collections\":[\"pub\"]"));
    EXPECT_THAT(json.out, HasSubstr("\"collections\":[\"mine\"]"));
    EXPECT_THAT(json.out, HasSubstr("\"source\":\"forum\""));
    EXPECT_THAT(json.out, HasSubstr("\"generator_version\""));
    EXPECT_THAT(
        RunCli(absl::StrCat("list --collection=pub --level=easy --db=", copy))
            .out,
        HasSubstr("easy"));
  }
}

TEST_F(StorageCliTest, ExportThenImportKeepsTheBoxShape) {
  // A 3x2 puzzle (boxes of 3 rows by 2 columns): its 36 symbols alone read
  // as 2x3, so every format must carry the shape.
  const Shape& shape = Shape::GetOrDie(3, 2);
  Grid puzzle(shape);
  Grid solution(shape);
  // A valid 3x2 solution: row r is the digits shifted by (r % 3) * 2 + r / 3.
  for (int r = 0; r < 6; ++r) {
    for (int c = 0; c < 6; ++c) {
      const int d = ((r % 3) * 2 + r / 3 + c) % 6 + 1;
      solution.set(shape.Cell(r, c), d);
      if ((r + c) % 3 != 0) puzzle.set(shape.Cell(r, c), d);
    }
  }
  ASSERT_TRUE(IsValidSolution(puzzle, solution)) << ToLine(solution);
  ASSERT_EQ(RunCli(absl::StrCat("import ", ToLine(puzzle), " --shape=3x2",
                                " --allow-nonunique", Db()))
                .exit_code,
            0);
  const std::string json = RunCli("export --format=json" + Db()).out;
  ASSERT_THAT(json, HasSubstr("\"box_rows\":3"));
  for (const char* format : {"json", "tsv", "sdk"}) {
    SCOPED_TRACE(format);
    CliResult exported, imported;
    const std::string copy = ExportThenImport(
        format, "shape", " --allow-nonunique", &exported, &imported);
    ASSERT_EQ(exported.exit_code, 0) << exported.err;
    ASSERT_EQ(imported.exit_code, 0) << imported.err;
    EXPECT_EQ(RunCli(absl::StrCat("export --format=json --db=", copy)).out,
              json);
  }
}

TEST_F(StorageCliTest, ImportStoresWhatItHasReadBeforeTheInputEnds) {
  // import reads its input piece by piece (bounded memory): puzzles are
  // stored while standard input is still open, instead of after the whole
  // input is in memory. 6000 lines: the first pieces reach the bank while
  // the pipe stays open; then a bad line, and the end.
  const std::string out = UniqueTempPath("import_stream.out");
  FILE* pipe = popen(absl::StrCat(testing::ForgeBinary(), " import -", Db(),
                                  " >", out, " 2>&1")
                         .c_str(),
                     "w");
  ASSERT_NE(pipe, nullptr);
  for (int i = 0; i < 6000; ++i) fprintf(pipe, "%s\n", kWiki);
  fflush(pipe);
  bool stored = false;
  for (int attempt = 0; attempt < 600 && !stored; ++attempt) {
    stored = RunCli("stats" + Db()).out.find("puzzles 1,") != std::string::npos;
    if (!stored) usleep(100'000);
  }
  EXPECT_TRUE(stored) << "nothing stored while the input was open";
  fprintf(pipe, "not a puzzle\n%s\n", kSeventeen);
  const int status = pclose(pipe);
  EXPECT_EQ(WEXITSTATUS(status), 1);  // the bad line
  const std::string report = testing::ReadFileToString(out);
  EXPECT_THAT(report, HasSubstr("read 6002, imported 2, duplicates 5999, "
                                "invalid 1"));
  EXPECT_THAT(report, HasSubstr("<stdin>:6001: invalid"));  // its line
}

TEST_F(StorageCliTest, ImportReportsBadLinesDuplicatesAndExports) {
  Rng rng(1);
  const std::string iso = ToLine(RandomIsomorph(*ParseGrid(kWiki), rng));
  std::string clash = kWiki;
  clash[1] = '5';
  const std::string file =
      Write("in.tsv", absl::StrCat("#puzzle\tlevel\n", kWiki, "\teasy\n", clash,
                                   "\n", kSeventeen, "\thard\n", iso, "\n"));
  CliResult r = RunCli("import " + file + " --collection=mine" + Db());
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_THAT(r.out, HasSubstr("read 4, imported 2, duplicates 1, invalid 1"));
  EXPECT_THAT(r.out, HasSubstr("clashing givens 1"));
  EXPECT_THAT(
      r.err,
      HasSubstr(
          "in.tsv:3: invalid (clashing givens): r1c1 and r1c2 both hold 5"));
  EXPECT_THAT(r.err, HasSubstr("in.tsv:5: duplicate of puzzle 1"));

  CliResult again = RunCli("import " + file + Db());
  EXPECT_THAT(again.out, HasSubstr("imported 0, duplicates 3, invalid 1"));

  CliResult lines = RunCli("export --collection=mine --with-solution" + Db());
  EXPECT_EQ(lines.exit_code, 0) << lines.err;
  std::vector<std::string> rows =
      absl::StrSplit(lines.out, '\n', absl::SkipEmpty());
  ASSERT_EQ(rows.size(), 2u) << lines.out;
  std::vector<std::string> cols = absl::StrSplit(rows[0], '\t');
  ASSERT_EQ(cols.size(), 2u);
  EXPECT_EQ(cols[0], kWiki);
  EXPECT_TRUE(IsValidSolution(*ParseGrid(kWiki), *ParseGrid(cols[1])));

  CliResult json = RunCli("export --format=json" + Db());
  EXPECT_THAT(json.out,
              HasSubstr(absl::StrCat("\"givens\":\"", kSeventeen, "\"")));
  EXPECT_THAT(json.out, HasSubstr("\"label\":\"hard\""));
  EXPECT_THAT(json.out, HasSubstr("\"source\":\"" + file + "\""));
  // The round-trip formats carry the solution without --with-solution.
  EXPECT_THAT(json.out, HasSubstr("\"solution\""));

  CliResult sdk = RunCli("export --format=sdk" + Db());
  EXPECT_THAT(sdk.out, HasSubstr("#C sudoku-forge puzzle 1 easy\n"));
  EXPECT_THAT(sdk.out, HasSubstr("\n53..7....\n6..195...\n"));
  CliResult grid = RunCli("export --format=grid --shape=2x2" + Db());
  EXPECT_EQ(grid.exit_code, 0);
  EXPECT_EQ(grid.out, "");

  CliResult list = RunCli("list" + Db());
  EXPECT_THAT(list.out, HasSubstr(absl::StrCat("2\t3x3\t17\t-\t-\t", kSeventeen,
                                               "\thard")));
  CliResult show = RunCli("show 1" + Db());
  EXPECT_EQ(show.exit_code, 0);
  EXPECT_THAT(show.out, HasSubstr("puzzle 1: 3x3, 30 clues, unique"));
  EXPECT_THAT(show.out, HasSubstr("solution: 534678912"));
  EXPECT_EQ(RunCli("show 99" + Db()).exit_code, 2);

  CliResult stats = RunCli("stats" + Db());
  EXPECT_THAT(stats.out, HasSubstr("puzzles 2,"));
  EXPECT_THAT(stats.out, HasSubstr("mine\t2"));
}

TEST_F(StorageCliTest, CanonPrintsOneKeyForIsomorphs) {
  Rng rng(2);
  const std::string iso = ToLine(RandomIsomorph(*ParseGrid(kSeventeen), rng));
  CliResult r = RunCli(absl::StrCat("canon ", kSeventeen, " ", iso));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> keys =
      absl::StrSplit(r.out, '\n', absl::SkipEmpty());
  ASSERT_EQ(keys.size(), 2u);
  EXPECT_EQ(keys[0], keys[1]);
  EXPECT_EQ(keys[0], *CanonicalKey(*ParseGrid(kSeventeen)));
}

TEST_F(StorageCliTest, BadDatabaseFilesAreUsageErrors) {
  CliResult missing = RunCli("stats" + Db());
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_THAT(missing.err, HasSubstr("no such database"));
  const std::string junk = Write("junk.db", std::string(3000, 'j'));
  CliResult r = RunCli("export --db=" + junk);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("not a Sudoku Forge database"));
  CliResult imp = RunCli(absl::StrCat("import ", kWiki, " --db=", junk));
  EXPECT_EQ(imp.exit_code, 2);
  EXPECT_EQ(RunCli("export --score-min=abc" + Db()).exit_code, 2);
  EXPECT_EQ(RunCli("export --format=xml" + Db()).exit_code, 2);
}

}  // namespace
}  // namespace sudoku
