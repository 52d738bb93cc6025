// End-to-end tests of the sudoku-forge binary: exit codes, error messages
// and JSON output, run as a user would run them.
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/format.h"
#include "core/grid.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "rater/rater.h"
#include "storage/cli_output.pb.h"
#include "storage/deduction_output.pb.h"
#include "tests/testing/cli_runner.h"
#include "tests/testing/paths.h"
#include "tests/testing/puzzles.h"

namespace sudoku {
namespace {

using testing::CliResult;
using testing::RunCli;

using ::testing::HasSubstr;
using ::testing::Not;

const std::string kData = testing::TestDataDir();
constexpr const char* kWiki = testing::kWikiPuzzle;

TEST(CliTest, ValidateReportsEveryKindAndCarriesOn) {
  CliResult r = RunCli("validate " + kData + "cli_mixed.txt");
  EXPECT_EQ(r.exit_code, 1);
  std::vector<std::string> lines =
      absl::StrSplit(r.out, '\n', absl::SkipEmpty());
  ASSERT_EQ(lines.size(), 5u) << r.out;
  EXPECT_THAT(lines[0], HasSubstr("cli_mixed.txt:3\tunique"));
  EXPECT_THAT(lines[1], HasSubstr("cli_mixed.txt:4\tmultiple"));
  EXPECT_THAT(lines[2], HasSubstr("cli_mixed.txt:5\tnone"));
  EXPECT_THAT(lines[3],
              HasSubstr("invalid\tline 6: r1c1 and r1c2 both hold 5"));
  EXPECT_THAT(
      lines[4],
      HasSubstr("invalid\tline 7, column 81: unexpected character 'x'"));
  EXPECT_THAT(r.err, HasSubstr("1 unique, 1 multiple, 1 none, 2 invalid"));
}

TEST(CliTest, ValidateMultipleGivesTwoDifferentValidSolutions) {
  CliResult r = RunCli("validate --json " + kData + "cli_mixed.txt");
  std::vector<std::string> lines =
      absl::StrSplit(r.out, '\n', absl::SkipEmpty());
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_THAT(lines[0], HasSubstr("\"status\":\"UNIQUE\""));
  EXPECT_THAT(lines[0], HasSubstr("\"nodes\":"));
  EXPECT_THAT(lines[1], HasSubstr("\"status\":\"MULTIPLE\""));
  EXPECT_THAT(lines[3], HasSubstr("\"status\":\"INVALID\""));
  EXPECT_THAT(lines[3],
              HasSubstr("\"error\":\"line 6: r1c1 and r1c2 both hold 5"));
  // Pull the two solutions out of the MULTIPLE line and check them.
  const std::string key = "\"solutions\":[";
  const size_t from = lines[1].find(key);
  ASSERT_NE(from, std::string::npos) << lines[1];
  const size_t to = lines[1].find(']', from);
  std::vector<std::string> solutions;
  for (absl::string_view part :
       absl::StrSplit(absl::string_view(lines[1]).substr(
                          from + key.size(), to - from - key.size()),
                      ',')) {
    solutions.emplace_back(
        absl::StripPrefix(absl::StripSuffix(part, "\""), "\""));
  }
  ASSERT_EQ(solutions.size(), 2u) << lines[1];
  EXPECT_NE(solutions[0], solutions[1]);
  absl::StatusOr<Grid> puzzle =
      ParseGrid(std::string("1") + std::string(80, '.'));
  for (const std::string& s : solutions) {
    EXPECT_TRUE(IsValidSolution(*puzzle, *ParseGrid(s))) << s;
  }
}

// README "Verdict words": every command prints one set of words, the proto
// enum names in JSON and their lower-case form in text. The reference is
// RateOutput.Status; a command (or an enum) that drifts fails here.
TEST(CliTest, VerdictWordsAreTheSameInEveryCommand) {
  struct Case {
    RateOutput::Status verdict;
    std::string puzzle;
    std::string flags;
  };
  const std::vector<Case> cases = {
      {RateOutput::MULTIPLE, "1" + std::string(80, '.'), ""},
      {RateOutput::NONE,
       "12345678." + std::string(8, '.') + "9" + std::string(63, '.'), ""},
      {RateOutput::INVALID, "55" + std::string(79, '.'), ""},
      {RateOutput::BUDGET_EXCEEDED, std::string(81, '.'), "--max-nodes=1 "},
  };
  for (const Case& c : cases) {
    const std::string json_word = RateOutput::Status_Name(c.verdict);
    const std::string text_word = absl::AsciiStrToLower(json_word);
    // Each enum of the JSON outputs has the word.
    ValidateOutput::Status v;
    ExplainOutput::Status e;
    HintOutput::Status h;
    EXPECT_TRUE(ValidateOutput::Status_Parse(json_word, &v)) << json_word;
    EXPECT_TRUE(ExplainOutput::Status_Parse(json_word, &e)) << json_word;
    EXPECT_TRUE(HintOutput::Status_Parse(json_word, &h)) << json_word;
    const std::string json_status = "\"status\":\"" + json_word + "\"";
    for (const char* command :
         {"validate", "rate --no-stochastic", "explain", "hint"}) {
      const std::string args = absl::StrCat(command, " ", c.flags, c.puzzle);
      const CliResult text = RunCli(args);
      EXPECT_EQ(text.exit_code, 1) << args << "\n" << text.out << text.err;
      // validate and rate: "where<TAB>word"; explain and hint: "word: why".
      const std::string validate_or_rate = "\t" + text_word;
      const std::string explain_or_hint = "\n" + text_word + ": ";
      EXPECT_TRUE(absl::StrContains(text.out, validate_or_rate) ||
                  absl::StrContains("\n" + text.out, explain_or_hint))
          << args << " printed:\n"
          << text.out << "wanted the word '" << text_word << "'";
      const CliResult json =
          RunCli(absl::StrCat(command, " --json ", c.flags, c.puzzle));
      EXPECT_THAT(json.out, HasSubstr(json_status)) << args;
    }
  }
  // The words that are not RateOutput's keep the same form: explain's
  // SOLVED, hint's STEP.
  EXPECT_THAT(RunCli(absl::StrCat("explain --json ", kWiki)).out,
              HasSubstr("\"status\":\"SOLVED\""));
  EXPECT_THAT(RunCli(absl::StrCat("hint --json ", kWiki)).out,
              HasSubstr("\"status\":\"STEP\""));
}

TEST(CliTest, BooleanFlagsAreNegatedAsNoDashName) {
  const std::string base = "generate --count=2 --seed=4 --min-clues=40 ";
  const CliResult dashed = RunCli(base + "--no-minimal");
  const CliResult old = RunCli(base + "--nominimal");
  const CliResult minimal = RunCli(base);
  ASSERT_EQ(dashed.exit_code, 0) << dashed.err;
  EXPECT_EQ(dashed.out, old.out);
  EXPECT_NE(dashed.out, minimal.out);  // stops at 40 clues, not minimal
  EXPECT_EQ(RunCli(base + "--no-minimal=true").exit_code, 2);
}

TEST(CliTest, HelpTextsMatchBehaviour) {
  // --level: exactly the rater's levels, from its list, each accepted.
  const std::string levels = absl::StrJoin(LevelNames(), "|");
  const CliResult generate = RunCli("generate --help");
  ASSERT_EQ(generate.exit_code, 0);
  EXPECT_THAT(generate.out, HasSubstr("[--level=" + levels + "]"));
  EXPECT_THAT(generate.out, HasSubstr("Difficulty level: " + levels));
  EXPECT_THAT(RunCli("--help").out, HasSubstr("score and level (" + levels));
  for (const char* command : {"generate", "book", "rate", "explain"}) {
    EXPECT_THAT(RunCli(absl::StrCat(command, " --help")).out,
                Not(HasSubstr("{levels}")))
        << command;
  }
  const CliResult unknown_level = RunCli("generate --level=diabolical");
  EXPECT_EQ(unknown_level.exit_code, 2);
  EXPECT_THAT(unknown_level.err, HasSubstr(absl::StrJoin(LevelNames(), ", ")));
  // A flag on by default is listed with its negation, the spelling that
  // works.
  EXPECT_THAT(generate.out, HasSubstr("--[no-]minimal"));
  // --count: generate needs at least 1, solve counts all with 0.
  EXPECT_THAT(generate.out, HasSubstr("puzzles to make (at least 1)"));
  EXPECT_EQ(RunCli("generate --count=0").exit_code, 2);
  EXPECT_THAT(RunCli("solve --help").out, HasSubstr("0 = count them all"));
  const CliResult all = RunCli(absl::StrCat("solve --count=0 ", kWiki));
  EXPECT_EQ(all.exit_code, 0) << all.err;
  // --collection: generate's default is named, and is where puzzles go.
  EXPECT_THAT(generate.out, HasSubstr("'generated'"));
  const std::string db = ::testing::TempDir() + "/help_collection.db";
  for (const char* s : {"", "-wal", "-shm"}) std::remove((db + s).c_str());
  ASSERT_EQ(RunCli("generate --count=1 --seed=2 --db=" + db).exit_code, 0);
  EXPECT_THAT(RunCli("list --collection=generated --db=" + db).out,
              HasSubstr("3x3"));
  // The verdict words each help names are the ones printed.
  EXPECT_THAT(RunCli("validate --help").out,
              HasSubstr("budget_exceeded (the search"));
  const CliResult unknown =
      RunCli("validate --max-nodes=1 " + std::string(81, '.'));
  EXPECT_THAT(unknown.out, HasSubstr("\tbudget_exceeded"));
  EXPECT_THAT(RunCli("rate --help").out, HasSubstr("'budget_exceeded'"));
  const CliResult over =
      RunCli("rate --max-nodes=5 --no-stochastic " + std::string(256, '.'));
  EXPECT_EQ(over.exit_code, 1);
  EXPECT_THAT(over.out, HasSubstr("\tbudget_exceeded\twork budget exceeded"));
  EXPECT_THAT(RunCli("explain --help").out, HasSubstr("'budget_exceeded'"));
  const CliResult explain_over =
      RunCli("explain --max-nodes=5 --json " + std::string(625, '.'));
  EXPECT_EQ(explain_over.exit_code, 1);
  EXPECT_THAT(explain_over.out, HasSubstr("\"status\":\"BUDGET_EXCEEDED\""));
  EXPECT_THAT(explain_over.out, HasSubstr("work budget exceeded"));
}

TEST(CliTest, ValidateAllGoodExitsZero) {
  CliResult r = RunCli(absl::StrCat("validate ", kWiki));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("argument 1\tunique"));
}

TEST(CliTest, SolveFromStdinInEveryFormat) {
  CliResult line = RunCli("solve -", std::string(kWiki) + "\n");
  EXPECT_EQ(line.exit_code, 0) << line.err;
  absl::StatusOr<Grid> solution = ParseGrid(line.out);
  ASSERT_TRUE(solution.ok()) << line.out;
  EXPECT_TRUE(IsValidSolution(*ParseGrid(kWiki), *solution));
  for (const char* format : {"grid", "tokens"}) {
    CliResult r = RunCli(absl::StrCat("solve --format=", format), kWiki);
    EXPECT_EQ(r.exit_code, 0);
    absl::StatusOr<Grid> g = ParseGrid(r.out);
    ASSERT_TRUE(g.ok()) << format << ": " << g.status() << "\n" << r.out;
    EXPECT_EQ(*g, *solution);
  }
  CliResult dlx = RunCli("solve --solver=dlx --format=json", kWiki);
  EXPECT_EQ(dlx.exit_code, 0);
  EXPECT_THAT(dlx.out, HasSubstr(absl::StrCat("\"solutions\":[\"",
                                              ToLine(*solution), "\"]")));
  EXPECT_THAT(dlx.out, HasSubstr("\"solver\":\"dlx\""));
}

TEST(CliTest, SolveCountsAllSolutions) {
  // A 4x4 with two empty rectangles' worth of freedom: count them all.
  CliResult r = RunCli("solve --count=0 --format=json 1234341221434321");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(r.out, HasSubstr("\"num_solutions\":1"));
  CliResult many = RunCli("solve --count=0 --format=json 1...............");
  EXPECT_THAT(many.out,
              HasSubstr("\"num_solutions\":72"));  // 288 grids / 4 for r1c1
}

// Counting every solution of a near-empty grid would never end: the node
// bound stops it with a lower bound, a message and exit code 1.
TEST(CliTest, SolveCountIsBoundedByMaxNodes) {
  const std::string sparse = std::string("1") + std::string(80, '.');
  CliResult r =
      RunCli("solve --count=0 --max-nodes=1000 --format=json " + sparse);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.out, HasSubstr("\"limit_hit\":true"));
  EXPECT_THAT(r.err, HasSubstr("search stopped at --max-nodes=1000"));
  EXPECT_EQ(RunCli("solve --max-nodes=-1 " + sparse).exit_code, 2);
}

// A stray header is reported on its line and the puzzles below it are all
// read (it used to swallow them).
TEST(CliTest, StrayHeaderLineIsReportedAndSkipped) {
  const std::string input = absl::StrCat(
      "Puzzles from Bob:\n", kWiki, "\nMy puzzle\n", kWiki, "\n", kWiki, "\n");
  CliResult r = RunCli("validate -", input);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.out, HasSubstr("<stdin>:1\tinvalid\tline 1:"));
  EXPECT_THAT(r.out, HasSubstr("<stdin>:3\tinvalid\tline 3: not a puzzle"));
  EXPECT_THAT(r.out, HasSubstr("<stdin>:2\tunique"));
  EXPECT_THAT(r.out, HasSubstr("<stdin>:4\tunique"));
  EXPECT_THAT(r.out, HasSubstr("<stdin>:5\tunique"));
}

TEST(CliTest, UsageErrorsExitTwo) {
  EXPECT_EQ(RunCli("").exit_code, 2);
  EXPECT_EQ(RunCli("frobnicate").exit_code, 2);
  CliResult unknown_flag = RunCli("validate --frob " + kData + "cli_mixed.txt");
  EXPECT_EQ(unknown_flag.exit_code, 2);
  EXPECT_THAT(unknown_flag.err, HasSubstr("unknown flag '--frob'"));
  CliResult missing = RunCli("validate /nonexistent/file.txt");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_THAT(missing.err, HasSubstr("/nonexistent/file.txt: no such file"));
  EXPECT_EQ(RunCli("solve --solver=magic " + kData + "cli_mixed.txt").exit_code,
            2);
  EXPECT_EQ(RunCli("solve --format=xml " + kData + "cli_mixed.txt").exit_code,
            2);
  EXPECT_EQ(
      RunCli("validate --shape=3by3 " + kData + "cli_mixed.txt").exit_code, 2);
  EXPECT_EQ(RunCli("solve --count=abc " + kData + "cli_mixed.txt").exit_code,
            2);
  EXPECT_EQ(RunCli("bench solve").exit_code, 2);  // no --corpus
  EXPECT_EQ(RunCli("--help").exit_code, 0);
  EXPECT_EQ(RunCli("validate --help").exit_code, 0);
}

TEST(CliTest, FormatConvertsAndReportsBadLines) {
  CliResult r = RunCli("format --to=grid " + kData + "cli_mixed.txt");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("cli_mixed.txt:7: line 7, column 81"));
  EXPECT_THAT(r.out, HasSubstr("+-------+-------+-------+"));
  CliResult json = RunCli(absl::StrCat("format --to=json ", kWiki));
  EXPECT_EQ(json.exit_code, 0);
  EXPECT_THAT(json.out, HasSubstr("\"shape\":\"3x3\""));
  EXPECT_THAT(json.out, HasSubstr("\"clues\":30"));
  // Round trip through the pretty grid.
  CliResult back = RunCli("format --to=line", r.out);
  EXPECT_THAT(back.out, HasSubstr(kWiki));
  // A 36-cell line reads as 2x3 boxes unless --shape forces 3x2.
  const std::string six = "1" + std::string(35, '.');
  CliResult inferred = RunCli("format --to=json " + six);
  EXPECT_EQ(inferred.exit_code, 0) << inferred.err;
  EXPECT_THAT(inferred.out, HasSubstr("\"shape\":\"2x3\""));
  CliResult shaped = RunCli("format --to=json --shape=3x2 " + six);
  EXPECT_EQ(shaped.exit_code, 0) << shaped.err;
  EXPECT_THAT(shaped.out, HasSubstr("\"shape\":\"3x2\""));
  // A line of the wrong length for the forced shape names its cell count.
  CliResult wrong = RunCli("format --to=json --shape=3x2 " + six + "..");
  EXPECT_EQ(wrong.exit_code, 1);
  EXPECT_THAT(wrong.err, HasSubstr("got 38"));
}

TEST(CliTest, StochasticSolveReportsSuccessRatePerPuzzle) {
  const std::string easy =
      "..867.4.24.23...9.37..2.......4...5.89.251.67.1...3.......9..73.3...52."
      "17.5.329..";
  for (const char* solver : {"anneal", "hillclimb", "reseda"}) {
    CliResult r = RunCli(
        absl::StrCat("solve --solver=", solver, " --runs=2 --seed=3 --json"),
        easy + "\n");
    EXPECT_EQ(r.exit_code, 0) << solver << ": " << r.err;
    EXPECT_THAT(r.out, HasSubstr("\"runs\":2"));
    EXPECT_THAT(r.out, HasSubstr("\"success_rate\":1"));
    EXPECT_THAT(r.out, HasSubstr("\"median_iterations\""));
    // Same seed, same runs: the JSON differs only in the measured times.
    CliResult again = RunCli(
        absl::StrCat("solve --solver=", solver, " --runs=2 --seed=3 --json"),
        easy + "\n");
    EXPECT_EQ(r.out.substr(0, r.out.find("median_seconds")),
              again.out.substr(0, again.out.find("median_seconds")));
  }
  CliResult bad =
      RunCli("solve --solver=reseda --solver-params=alhpa=0.7", easy + "\n");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("alhpa"));
  CliResult runs = RunCli("solve --solver=anneal --runs=0", easy + "\n");
  EXPECT_EQ(runs.exit_code, 2);
}

TEST(CliTest, RelaxationSolversAndSoftPuzzles) {
  const std::string easy =
      "..867.4.24.23...9.37..2.......4...5.89.251.67.1...3.......9..73.3...52."
      "17.5.329..";
  for (const char* variant : {"C", "D", "E", "F"}) {
    CliResult r =
        RunCli(absl::StrCat("solve --solver=entropy --variant=", variant,
                            " --runs=1 --json"),
               easy + "\n");
    EXPECT_EQ(r.exit_code, 0) << variant << ": " << r.err;
    EXPECT_THAT(r.out, HasSubstr("\"success_rate\":1"));
  }
  CliResult wrong = RunCli("solve --solver=anneal --variant=C", easy + "\n");
  EXPECT_EQ(wrong.exit_code, 2);
  EXPECT_THAT(wrong.err, HasSubstr("--variant"));
  // A soft clue holding the true digit keeps the solution unique.
  std::string soft = easy;
  soft.replace(0, 1, "{15}");
  CliResult r =
      RunCli("solve --soft --solver=entropy --runs=1 --json", soft + "\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("\"exact_solutions\":1"));
  EXPECT_THAT(r.out, HasSubstr("\"successes\":1"));
  CliResult bad = RunCli("solve --soft --solver=entropy",
                         absl::StrCat("\n", easy.substr(0, 80), "{1x}\n"));
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_THAT(bad.err, HasSubstr("line 2, column 83"));
  CliResult no = RunCli("solve --soft --solver=anneal", soft + "\n");
  EXPECT_EQ(no.exit_code, 2);
}

}  // namespace
}  // namespace sudoku
