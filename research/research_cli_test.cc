// End-to-end tests of the research commands, run as users run them:
// `sudoku-forge bench|calibrate|reproduce ...`, which runs the sibling
// binary sudoku-forge-research (cli/research_commands.cc).
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/cli_runner.h"
#include "tests/testing/paths.h"
#include "tests/testing/puzzles.h"

namespace sudoku {
namespace {

using testing::CliResult;
using testing::JsonNumber;
using testing::RunCli;
using testing::RunCommand;
using testing::UniqueTempPath;

using ::testing::HasSubstr;

const std::string kData = testing::TestDataDir();
constexpr const char* kWiki = testing::kWikiPuzzle;
constexpr const char* kHard = testing::kHardPuzzle;

// --- the research binary, directly and through sudoku-forge ---

TEST(ResearchCliTest, ProductHelpListsTheResearchCommands) {
  const CliResult r = RunCli("--help");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* name : {"bench", "calibrate", "reproduce"})
    EXPECT_THAT(r.out, HasSubstr(absl::StrCat("  ", name, " "))) << name;
}

TEST(ResearchCliTest, ForwardedCommandsBehaveAsTheResearchBinary) {
  const CliResult via_forge = RunCli("reproduce --help");
  const CliResult direct = RunCommand(
      absl::StrCat(sudoku::testing::ResearchBinary(), " reproduce --help"));
  ASSERT_EQ(direct.exit_code, 0) << direct.err;
  EXPECT_EQ(via_forge.exit_code, 0) << via_forge.err;
  EXPECT_EQ(via_forge.out, direct.out);
  EXPECT_THAT(direct.out, HasSubstr("anneal|hillclimb|reseda"));
  // Flags are the research binary's: a wrong one is still a usage error.
  const CliResult bad = RunCli("bench solve --frob");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("unknown flag '--frob'"));
  EXPECT_EQ(RunCli("bench solve").exit_code, 2);  // no --corpus
  const CliResult unknown =
      RunCommand(absl::StrCat(sudoku::testing::ResearchBinary(), " generate"));
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_THAT(unknown.err, HasSubstr("unknown command 'generate'"));
}

TEST(ResearchCliTest, MissingResearchBinaryIsAClearUsageError) {
  // A copy of sudoku-forge alone in a directory: its product commands work,
  // the research commands say what is missing.
  const std::string dir = UniqueTempPath("lonely");
  std::filesystem::create_directories(dir);
  const std::string copy = dir + "/sudoku-forge";
  std::filesystem::copy_file(sudoku::testing::ForgeBinary(), copy);
  std::filesystem::permissions(copy, std::filesystem::perms::owner_exec,
                               std::filesystem::perm_options::add);
  EXPECT_EQ(RunCommand(copy + " validate " + kWiki).exit_code, 0);
  const CliResult r = RunCommand(copy + " calibrate --help");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("sudoku-forge-research"));
  EXPECT_THAT(r.err, HasSubstr("is missing"));
  std::filesystem::remove_all(dir);
}

// --- calibrate ---

TEST(CalibrateCliTest, RefusesToInstallAModelForOtherPlayers) {
  // The installed parameters must match the rater's default players.
  const CliResult r =
      RunCli("calibrate --fit --technique-slope=1 --write-model=unused.inc");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(
      r.err,
      HasSubstr(
          "--write-model installs parameters for the default players' model"));
  const CliResult bad = RunCli("calibrate --fit --players=0");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("simulated players must be at least 1"));
}

// --- calibrate se, bench explain ---

TEST(CalibrateSeCliTest, CountsAgreeWithExplain) {
  const std::string tsv = kData + "se_sample.tsv";
  CliResult r = RunCli("calibrate se --corpus=" + tsv);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Recompute the "all" row from explain's ER and the file's se_er.
  int n = 0, equal = 0, within_01 = 0, within_05 = 0;
  std::ifstream in(tsv);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f = absl::StrSplit(line, '\t');
    double se = 0, ours = 0;
    ASSERT_TRUE(absl::SimpleAtod(f[1], &se)) << line;
    CliResult e = RunCli("explain --json " + f[0]);
    ASSERT_TRUE(absl::SimpleAtod(JsonNumber(e.out, "er"), &ours)) << e.out;
    ++n;
    equal += std::fabs(se - ours) < 0.05;
    within_01 += std::fabs(se - ours) < 0.15;
    within_05 += std::fabs(se - ours) < 0.55;
  }
  ASSERT_GT(n, 0);
  EXPECT_THAT(r.out, HasSubstr("column se_er"));
  EXPECT_THAT(r.out, HasSubstr(absl::StrFormat(
                         "| **all** | %d | %.1f%% | %.1f%% | %.1f%% |", n,
                         100.0 * equal / n, 100.0 * within_01 / n,
                         100.0 * within_05 / n)))
      << r.out;
  CliResult limited =
      RunCli("calibrate se --corpus=" + tsv + " --limit=2 --stride=2");
  EXPECT_THAT(limited.out, HasSubstr("| **all** | 2 |"));
}

TEST(CalibrateSeCliTest, MissingColumnIsAUsageError) {
  CliResult r =
      RunCli("calibrate se --corpus=" + kData + "se_sample.tsv --label=nope");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("no SE rating column"));
}

// --- all-steps: every step of one technique on a grid with pencil marks ---

TEST(AllStepsCliTest, ListsEveryStepTheTechniqueFinds) {
  // A grid of the SE hint-list test, as pencil marks (one token a cell).
  std::ifstream grids(kData + "/se_static_grids.txt");
  std::string line, values, cands;
  while (std::getline(grids, line)) {
    const std::vector<std::string> f = absl::StrSplit(line, ' ');
    if (f.size() == 3 && f[0] == "-1") {
      values = f[1];
      cands = f[2];
      break;
    }
  }
  ASSERT_EQ(values.size(), 81u);
  const std::vector<std::string> cells = absl::StrSplit(cands, ',');
  ASSERT_EQ(cells.size(), 81u);
  const std::string marks = UniqueTempPath("marks");
  {
    std::ofstream out(marks);
    for (size_t i = 0; i < 81; ++i)
      out << (values[i] == '.' ? cells[i] : std::string(1, values[i])) << " ";
  }
  const std::string bin = sudoku::testing::ResearchBinary();
  const CliResult r = RunCommand(absl::StrCat(
      bin, " all-steps ", values,
      " --technique=se_static_chains --marks=", marks, " --show=0"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<std::string> lines =
      absl::StrSplit(r.out, '\n', absl::SkipEmpty());
  ASSERT_GE(lines.size(), 2u);
  // One line a step, then the count; ratings never decrease (SE's order).
  EXPECT_EQ(lines.back(), absl::StrCat("# steps: ", lines.size() - 1));
  double last = 0;
  for (size_t i = 0; i + 1 < lines.size(); ++i) {
    double rating = 0;
    ASSERT_TRUE(
        absl::SimpleAtod(lines[i].substr(0, lines[i].find('\t')), &rating))
        << lines[i];
    EXPECT_GE(rating, last) << lines[i];
    last = rating;
  }
  // --show limits the list, not the count.
  const CliResult two = RunCommand(absl::StrCat(
      bin, " all-steps ", values,
      " --technique=se_static_chains --marks=", marks, " --show=2"));
  ASSERT_EQ(two.exit_code, 0) << two.err;
  EXPECT_EQ(two.out,
            absl::StrCat(lines[0], "\n", lines[1], "\n", lines.back(), "\n"));
  std::remove(marks.c_str());
}

TEST(AllStepsCliTest, BadInputIsAUsageError) {
  const std::string bin = sudoku::testing::ResearchBinary();
  const CliResult unknown =
      RunCommand(absl::StrCat(bin, " all-steps ", kWiki, " --technique=frob"));
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_THAT(unknown.err, HasSubstr("frob"));
  const CliResult no_marks = RunCommand(absl::StrCat(
      bin, " all-steps ", kWiki, " --technique=x_wing --marks=/nonexistent"));
  EXPECT_EQ(no_marks.exit_code, 2);
  EXPECT_THAT(no_marks.err, HasSubstr("/nonexistent"));
  const CliResult no_grid =
      RunCommand(absl::StrCat(bin, " all-steps --technique=x_wing"));
  EXPECT_EQ(no_grid.exit_code, 2);
}

TEST(BenchExplainCliTest, PrintsThroughput) {
  CliResult r = RunCli("bench explain --corpus=" + kData + "explain_mixed.txt");
  EXPECT_EQ(r.exit_code,
            2);  // the corpus has a bad line: figures would mislead
  const std::string path = UniqueTempPath("bench");
  std::ofstream(path) << kWiki << "\n" << kHard << "\n";
  CliResult good = RunCli("bench explain --corpus=" + path);
  EXPECT_EQ(good.exit_code, 0) << good.err;
  EXPECT_THAT(good.out, HasSubstr("puzzles=2"));
  EXPECT_THAT(good.out, HasSubstr("puzzles/s"));
  std::remove(path.c_str());
}

TEST(BenchExplainCliTest, CountsTheWalksTheTimeBoundStops) {
  const std::string path = UniqueTempPath("bench");
  std::ofstream(path) << kWiki << "\n" << kHard << "\n";
  CliResult unbounded =
      RunCli("bench explain --max-puzzle-seconds=0 --corpus=" + path);
  EXPECT_EQ(unbounded.exit_code, 0) << unbounded.err;
  EXPECT_THAT(unbounded.out, HasSubstr("2 of 2 solved by logic"));
  EXPECT_THAT(unbounded.out, HasSubstr("0 out of time"));
  // A bound no walk can meet stops both.
  CliResult bounded =
      RunCli("bench explain --max-puzzle-seconds=1e-9 --corpus=" + path);
  EXPECT_EQ(bounded.exit_code, 0) << bounded.err;
  EXPECT_THAT(bounded.out, HasSubstr("0 of 2 solved by logic"));
  EXPECT_THAT(bounded.out, HasSubstr("2 out of time"));
  std::remove(path.c_str());
}

TEST(BenchJsonCliTest, EveryTargetPrintsOneBenchResult) {
  // scripts/bench-doc builds docs/PERFORMANCE.md from these lines. (nishio
  // prints the same message; it also walks 25x25 grids, too slow here.)
  const std::string path = UniqueTempPath("bench-json");
  std::ofstream(path) << kWiki << "\n" << kHard << "\n";
  const std::vector<std::pair<std::string, std::string>> targets = {
      {"solve", "us_per_puzzle"},
      {"canon", "us_per_key"},
      {"import", "puzzles_per_second"},
      {"explain", "median_ms"},
      {"rate", "ratings_per_core_second"}};
  for (const auto& [target, metric] : targets) {
    CliResult r = RunCli(absl::StrCat("bench ", target, " --corpus=", path,
                                      " --json --repeat=1"));
    EXPECT_EQ(r.exit_code, 0) << target << ": " << r.err;
    const std::vector<std::string> lines =
        absl::StrSplit(r.out, '\n', absl::SkipEmpty());
    ASSERT_EQ(lines.size(), 1u) << target << ": " << r.out;
    EXPECT_THAT(lines[0],
                HasSubstr(absl::StrCat("\"target\":\"", target, "\"")));
    EXPECT_THAT(lines[0], HasSubstr("\"puzzles\":\"2\""));
    EXPECT_THAT(lines[0],
                HasSubstr(absl::StrCat("{\"name\":\"", metric, "\"")));
    double value = 0;
    EXPECT_TRUE(absl::SimpleAtod(JsonNumber(lines[0], "value"), &value));
    EXPECT_GT(value, 0) << target;
  }
  std::remove(path.c_str());
}

}  // namespace
}  // namespace sudoku
