// End-to-end tests of `explain` and `hint`, run on the built binary as a
// user would run them (`calibrate se` and `bench explain`:
// research/research_cli_test.cc).
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/format.h"
#include "core/grid.h"
#include "deduction/step_solver.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/cli_runner.h"
#include "tests/testing/paths.h"
#include "tests/testing/puzzles.h"

namespace sudoku {
namespace {

using testing::CliResult;
using testing::JsonNumber;
using testing::JsonString;
using testing::RunCli;
using testing::UniqueTempPath;

using ::testing::HasSubstr;
using ::testing::Not;

int CountOf(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos;
       at = text.find(what, at + 1))
    ++n;
  return n;
}

const std::string kData = testing::TestDataDir();
constexpr const char* kWiki = testing::kWikiPuzzle;
constexpr const char* kHard = testing::kHardPuzzle;

TEST(ExplainCliTest, EasyPuzzleTextHasStepsRatingsAndCounts) {
  CliResult r = RunCli(absl::StrCat("explain ", kWiki));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Hidden single: "));
  EXPECT_THAT(r.out, HasSubstr("solved by logic\tER 1.2  EP 1.2  ED 1.2"));
  // The count line: "N × hidden single, M × full house" summing to the steps.
  const std::vector<std::string> lines =
      absl::StrSplit(r.out, '\n', absl::SkipEmpty());
  ASSERT_GE(lines.size(), 3u);
  const std::string& counts = lines.back();
  int total = 0;
  for (absl::string_view part : absl::StrSplit(counts, ", ")) {
    std::vector<std::string> kv = absl::StrSplit(part, " \xC3\x97 ");
    ASSERT_EQ(kv.size(), 2u) << counts;
    int k = 0;
    ASSERT_TRUE(absl::SimpleAtoi(kv[0], &k)) << counts;
    total += k;
  }
  EXPECT_THAT(counts, HasSubstr("\xC3\x97 hidden single"));
  const int empty = CountOf(kWiki, ".");
  EXPECT_EQ(total, empty);  // singles only: one step per empty cell
  EXPECT_EQ(static_cast<int>(lines.size()),
            empty + 3);  // header, steps, verdict, counts
}

TEST(ExplainCliTest, EasyPuzzleJson) {
  CliResult r = RunCli(absl::StrCat("explain --json ", kWiki));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(JsonString(r.out, "status"), "SOLVED");
  EXPECT_THAT(r.out, HasSubstr("\"solved_by_logic\":true"));
  EXPECT_EQ(JsonNumber(r.out, "guesses"), "0");
  EXPECT_EQ(JsonNumber(r.out, "er"), "1.2");
  EXPECT_THAT(r.out, HasSubstr("\"technique\":\"hidden_single\",\"rating\":1.2,"
                               "\"placements\":[{\"cell\":\"r"));
  EXPECT_EQ(CountOf(r.out, "\"placements\":["), CountOf(kWiki, "."));
  absl::StatusOr<Grid> final_grid = ParseGrid(JsonString(r.out, "final_grid"));
  ASSERT_TRUE(final_grid.ok()) << r.out;
  EXPECT_TRUE(IsValidSolution(*ParseGrid(kWiki), *final_grid));
}

TEST(ExplainCliTest, EveryShapeEndsInTheSolution) {
  for (const char* puzzle : {
           ".2......4.3....1",                      // 4x4
           "...21......4..6...3..4.2.2...1.6.3..",  // 6x6 (2x3 boxes)
           "C7.B8E2.5.3.A41.G.62.4.AF.B7.9D.9.DAG.7586.E2.BF83.4.6.B2.9A.G.5."
           "E1.CB.G9425.73A"
           ".GBF.192.7.85D.C6A.C.F5E.3G.B.295.9.DA.3.FC61E.G.6CD.9.F7A.231.428."
           "5B.C16.F4.A.7"
           "A.G1.7E4.9D36.5.E.79.836.51.D.F24.2E9.BD38.FG6.17.5.E.F.4.A1C.9.FD."
           "G.2A.EB.945.3"
           "1.A.6G47D.5.E.8B",  // 16x16 (a test fixture puzzle with half its
                                // empty cells filled)
       }) {
    CliResult r = RunCli(absl::StrCat("explain --json ", puzzle));
    ASSERT_EQ(r.exit_code, 0) << puzzle << "\n" << r.err;
    EXPECT_EQ(JsonString(r.out, "status"), "SOLVED") << r.out;
    absl::StatusOr<Grid> final_grid =
        ParseGrid(JsonString(r.out, "final_grid"));
    ASSERT_TRUE(final_grid.ok()) << r.out;
    EXPECT_TRUE(IsValidSolution(*ParseGrid(puzzle), *final_grid)) << puzzle;
    CliResult text = RunCli(absl::StrCat("explain ", puzzle));
    EXPECT_THAT(text.out, HasSubstr("\tER ")) << text.out;
  }
}

TEST(ExplainCliTest, RestrictedLadderGetsStuckOrGuesses) {
  CliResult stuck = RunCli(
      absl::StrCat("explain --json --techniques=singles --no-guess ", kHard));
  ASSERT_EQ(stuck.exit_code, 0) << stuck.err;
  EXPECT_EQ(JsonString(stuck.out, "status"), "STUCK");
  EXPECT_THAT(stuck.out, HasSubstr("\"solved_by_logic\":false"));
  EXPECT_THAT(stuck.out, Not(HasSubstr("\"technique\":\"guess\"")));
  EXPECT_THAT(stuck.out, Not(HasSubstr("\"technique\":\"pointing\"")));
  CliResult text =
      RunCli(absl::StrCat("explain --techniques=singles --no-guess ", kHard));
  EXPECT_THAT(text.out, HasSubstr("stuck after"));

  CliResult guessed =
      RunCli(absl::StrCat("explain --json --techniques=singles ", kHard));
  ASSERT_EQ(guessed.exit_code, 0) << guessed.err;
  EXPECT_EQ(JsonString(guessed.out, "status"), "SOLVED");
  EXPECT_THAT(guessed.out, HasSubstr("\"solved_by_logic\":false"));
  EXPECT_THAT(guessed.out, HasSubstr("\"technique\":\"guess\",\"rating\":20"));
  int guesses = 0;
  ASSERT_TRUE(absl::SimpleAtoi(JsonNumber(guessed.out, "guesses"), &guesses));
  EXPECT_EQ(guesses,
            CountOf(guessed.out, "\"technique\":\"guess\",\"rating\""));
  EXPECT_GT(guesses, 0);
  EXPECT_TRUE(IsValidSolution(
      *ParseGrid(kHard), *ParseGrid(JsonString(guessed.out, "final_grid"))));
}

TEST(ExplainCliTest, NishioLaddersWork) {
  for (const char* t : {"singles,nishio", "singles,nishio-matching"}) {
    CliResult r =
        RunCli(absl::StrCat("explain --json --techniques=", t, " ", kWiki));
    ASSERT_EQ(r.exit_code, 0) << t << ": " << r.err;
    EXPECT_EQ(JsonString(r.out, "status"), "SOLVED");
  }
}

TEST(ExplainCliTest, UnknownTechniqueIsAUsageError) {
  CliResult r =
      RunCli(absl::StrCat("explain --techniques=singles,bogus ", kWiki));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("unknown technique or group 'bogus'"));
  EXPECT_TRUE(r.out.empty());
}

TEST(ExplainCliTest, BadLineIsReportedAndTheBatchCarriesOn) {
  CliResult r = RunCli("explain " + kData + "explain_mixed.txt");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(
      r.out,
      HasSubstr("explain_mixed.txt:3\tinvalid\tline 3, column 67: unexpected "
                "character 'x'"));
  EXPECT_EQ(CountOf(r.out, "solved by logic"), 2) << r.out;
  CliResult json = RunCli("explain --json " + kData + "explain_mixed.txt");
  EXPECT_EQ(json.exit_code, 1);
  std::vector<std::string> lines =
      absl::StrSplit(json.out, '\n', absl::SkipEmpty());
  ASSERT_EQ(lines.size(), 3u) << json.out;
  EXPECT_EQ(JsonString(lines[0], "status"), "SOLVED");
  EXPECT_EQ(JsonString(lines[1], "status"), "INVALID");
  EXPECT_THAT(JsonString(lines[1], "error"), HasSubstr("line 3, column 67"));
  EXPECT_EQ(JsonString(lines[2], "status"), "SOLVED");
}

// --- hint ---

std::string Solution(const std::string& puzzle) {
  CliResult r = RunCli("solve " + puzzle);
  return std::string(absl::StripAsciiWhitespace(r.out));
}

TEST(ExplainCliTest, RejectsAPuzzleWithSeveralSolutionsAtOnce) {
  // An empty 16x16 grid: walked to the end before (51 s), now rejected with
  // the verdict rate gives, and exit code 1.
  CliResult r = RunCli(absl::StrCat("explain --json ", std::string(256, '.')));
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(JsonString(r.out, "status"), "MULTIPLE") << r.out;
  EXPECT_THAT(r.out, Not(HasSubstr("\"steps\"")));
  CliResult rate = RunCli(absl::StrCat("rate --json ", std::string(256, '.')));
  EXPECT_EQ(rate.exit_code, 1) << rate.err;
  EXPECT_EQ(JsonString(rate.out, "status"), "MULTIPLE") << rate.out;
}

TEST(ExplainCliTest, TheWorkBoundStopsAWalkWithAClearError) {
  for (const char* command : {"explain", "rate", "hint"}) {
    CliResult r = RunCli(
        absl::StrCat(command, " --max-puzzle-seconds=0.000000001 ", kHard));
    EXPECT_EQ(r.exit_code, 1) << command << r.out << r.err;
    EXPECT_THAT(r.out, HasSubstr("work bound")) << command;
    EXPECT_THAT(r.out, HasSubstr("max_puzzle_seconds")) << command;
  }
  // The default bound lets it finish.
  EXPECT_EQ(RunCli(absl::StrCat("explain ", kHard)).exit_code, 0);
}

// The step lines of `explain`'s text output, each "rating  text" as
// PrintText writes it.
std::vector<std::string> StepLines(const std::string& out) {
  std::vector<std::string> lines = absl::StrSplit(out, '\n');
  std::vector<std::string> steps;
  for (size_t i = 1; i < lines.size() && !lines[i].empty(); ++i) {
    if (!absl::StartsWith(lines[i], " ")) break;  // the verdict
    // "%4d  %4.1f  %s": past the step's number, the rating and the text.
    steps.push_back(std::string(absl::StripLeadingAsciiWhitespace(
        absl::string_view(lines[i]).substr(6))));
  }
  return steps;
}

// The same lines made from a walk-through computed here.
std::vector<std::string> StepLines(const Explanation& e) {
  std::vector<std::string> steps;
  for (const Deduction& d : e.steps)
    steps.push_back(absl::StrFormat("%.1f  %s", d.rating, d.text));
  return steps;
}

TEST(ExplainCliTest, AsWrittenWalksTheGridAsGivenNotItsCanonicalForm) {
  absl::StatusOr<Grid> grid = ParseGrid(kHard);
  ASSERT_TRUE(grid.ok());
  absl::StatusOr<std::unique_ptr<StepSolver>> solver =
      StepSolver::Create("", DeductionOptions{});
  ASSERT_TRUE(solver.ok()) << solver.status();
  const std::vector<std::string> as_written =
      StepLines((*solver)->Explain(*grid));
  ASSERT_FALSE(as_written.empty());

  CliResult plain = RunCli(absl::StrCat("explain ", kHard));
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  // The puzzle tells the two walks apart: the canonical form's, mapped back,
  // takes other steps (or words them otherwise) than the walk as written.
  ASSERT_NE(StepLines(plain.out), as_written) << plain.out;

  CliResult r = RunCli(absl::StrCat("explain --as-written ", kHard));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(StepLines(r.out), as_written) << r.out;

  CliResult db = RunCli("explain --as-written --db=x.db 1");
  EXPECT_EQ(db.exit_code, 2);
  EXPECT_THAT(db.err, HasSubstr("--as-written"));
}

TEST(HintCliTest, FreshPuzzleGivesTheFirstExplainStep) {
  CliResult explain = RunCli(absl::StrCat("explain --json ", kWiki));
  CliResult hint = RunCli(absl::StrCat("hint --json ", kWiki));
  ASSERT_EQ(hint.exit_code, 0) << hint.err;
  EXPECT_EQ(JsonString(hint.out, "status"), "STEP");
  EXPECT_EQ(JsonString(hint.out, "text"), JsonString(explain.out, "text"));
  EXPECT_EQ(CountOf(hint.out, "\"placements\":["), 1);  // one step only
  CliResult text = RunCli(absl::StrCat("hint ", kWiki));
  EXPECT_THAT(text.out,
              HasSubstr("hint (hidden single, 1.2): Hidden single: "));
}

TEST(HintCliTest, PartlySolvedGridGetsACorrectPlacement) {
  const std::string solution = Solution(kWiki);
  ASSERT_EQ(solution.size(), 81u);
  // The user has filled the first 20 empty cells correctly.
  std::string grid = kWiki;
  for (int i = 0, filled = 0; i < 81 && filled < 20; ++i) {
    if (grid[static_cast<size_t>(i)] == '.') {
      grid[static_cast<size_t>(i)] = solution[static_cast<size_t>(i)];
      ++filled;
    }
  }
  CliResult r = RunCli(absl::StrCat("hint --json ", kWiki, " ", grid));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_EQ(JsonString(r.out, "status"), "STEP") << r.out;
  EXPECT_EQ(JsonNumber(r.out, "empty_cells"),
            absl::StrCat(CountOf(kWiki, ".") - 20));
  const std::string cell =
      JsonString(r.out, "cell", r.out.find("\"placements\""));
  int row = 0, col = 0;
  ASSERT_EQ(sscanf(cell.c_str(), "r%dc%d", &row, &col), 2) << r.out;
  const size_t index = static_cast<size_t>((row - 1) * 9 + col - 1);
  EXPECT_EQ(grid[index], '.');  // a cell the user has not filled
  const size_t digit_at =
      r.out.find("\"digit\":", r.out.find("\"placements\""));
  EXPECT_EQ(r.out[digit_at + 8], solution[index]);
}

TEST(HintCliTest, WrongPlacementIsTheHint) {
  const std::string solution = Solution(kWiki);
  std::string grid = kWiki;
  // r1c3 is empty in the puzzle; put a digit there that is not the solution's
  // and does not clash with any given.
  ASSERT_EQ(grid[2], '.');
  const char wrong = solution[2] == '1' ? '2' : '1';
  grid[2] = wrong;
  CliResult r = RunCli(absl::StrCat("hint --json ", kWiki, " --grid=", grid));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(JsonString(r.out, "status"), "WRONG");
  EXPECT_THAT(JsonString(r.out, "text"), HasSubstr("r1c3 is wrong"));
  EXPECT_THAT(JsonString(r.out, "text"),
              Not(HasSubstr(std::string(1, solution[2]))));
  CliResult text = RunCli(absl::StrCat("hint ", kWiki, " ", grid));
  EXPECT_THAT(text.out, HasSubstr("wrong: r1c3 is wrong"));
}

TEST(HintCliTest, ClashingPlacementsAreNamed) {
  std::string grid = kWiki;
  grid[2] = '5';  // row 1 already holds the given 5 in r1c1
  CliResult r = RunCli(absl::StrCat("hint ", kWiki, " ", grid));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("r1c3 is wrong (r1c3 and r1c1 both hold 5)"));
}

TEST(HintCliTest, ChangedGivenIsInvalid) {
  std::string grid = kWiki;
  grid[0] = '4';
  CliResult r = RunCli(absl::StrCat("hint ", kWiki, " ", grid));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.out, HasSubstr("r1c1 is the given 5 but the grid has 4"));
}

TEST(HintCliTest, CompleteGridIsSolved) {
  const std::string solution = Solution(kWiki);
  CliResult r = RunCli(absl::StrCat("hint --json ", kWiki, " ", solution));
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(JsonString(r.out, "status"), "SOLVED");
}

// Pencil marks: every digit in every cell except `drop` removed from `cell`.
std::string PencilMarks(int cell, char drop) {
  std::string marks;
  for (int i = 0; i < 81; ++i) {
    std::string token = "123456789";
    if (i == cell) token.erase(token.find(drop), 1);
    absl::StrAppend(&marks, token, i % 9 == 8 ? "\n" : " ");
  }
  return marks;
}

TEST(HintCliTest, PencilMarksThatLoseTheSolutionDigitAreWrong) {
  const std::string solution = Solution(kWiki);
  const std::string path = UniqueTempPath("pencil");
  std::ofstream(path) << PencilMarks(2, solution[2]);
  CliResult r = RunCli(absl::StrCat("hint --json ", kWiki, " --pencil=", path));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(JsonString(r.out, "status"), "WRONG");
  EXPECT_THAT(JsonString(r.out, "text"), HasSubstr("pencil marks of r1c3"));
  // Removing a digit that is not the solution's is fine: a normal step.
  const char other = solution[2] == '1' ? '2' : '1';
  std::ofstream(path) << PencilMarks(2, other);
  CliResult ok =
      RunCli(absl::StrCat("hint --json ", kWiki, " --pencil=", path));
  EXPECT_EQ(JsonString(ok.out, "status"), "STEP") << ok.out;
  std::ofstream(path) << "12 3x4\n";
  CliResult bad = RunCli(absl::StrCat("hint ", kWiki, " --pencil=", path));
  EXPECT_EQ(bad.exit_code, 2);  // a usage error, not a verdict
  EXPECT_THAT(
      bad.err,
      HasSubstr("pencil marks: line 1, column 5: unexpected character 'x'"));
  std::remove(path.c_str());
}

TEST(HintCliTest, SmallShape) {
  CliResult r = RunCli("hint --json .2......4.3....1");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(JsonString(r.out, "status"), "STEP");
}

}  // namespace
}  // namespace sudoku
