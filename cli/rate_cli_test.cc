// sudoku-forge rate: verdicts, JSON fields, the store (reuse, --rerate).
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
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
using testing::JsonString;
using testing::RunCli;
using testing::UniqueTempPath;

using ::testing::HasSubstr;
using ::testing::Not;

const std::string kData = testing::TestDataDir();
constexpr const char* kWiki = testing::kWikiPuzzle;
// kWiki with rows/columns transposed (an isomorph).
std::string Transposed(const std::string& p) {
  std::string t(81, '.');
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c)
      t[static_cast<size_t>(c * 9 + r)] = p[static_cast<size_t>(r * 9 + c)];
  return t;
}

TEST(RateCliTest, GivesEveryVerdict) {
  CliResult r = RunCli("rate --json " + kData + "rate_verdicts.txt");
  EXPECT_EQ(r.exit_code, 1);
  std::vector<std::string> lines =
      absl::StrSplit(r.out, '\n', absl::SkipEmpty());
  ASSERT_EQ(lines.size(), 4u) << r.out;
  // Chi & Lange's easy puzzles have several solutions: two different ones
  // shown.
  EXPECT_THAT(lines[0], HasSubstr("\"status\":\"MULTIPLE\""));
  const size_t at = lines[0].find("\"solutions\":[\"");
  ASSERT_NE(at, std::string::npos);
  const std::string first = lines[0].substr(at + 14, 81);
  const std::string second = lines[0].substr(at + 14 + 81 + 3, 81);
  EXPECT_NE(first, second);
  EXPECT_EQ(second.find('.'), std::string::npos);
  EXPECT_THAT(lines[1], HasSubstr("\"status\":\"RATED\""));
  for (const char* field :
       {"\"score\"", "\"level\"", "\"er\"", "\"ep\"", "\"ed\"",
        "\"hardest_technique\"", "\"technique_counts\"", "\"solver_success\"",
        "\"anneal\"", "\"hillclimb\"", "\"reseda\"", "\"player_effort\""}) {
    EXPECT_THAT(lines[1], HasSubstr(field));
  }
  EXPECT_THAT(lines[1], Not(HasSubstr("\"steps\"")));
  EXPECT_THAT(lines[2], HasSubstr("\"status\":\"NONE\""));
  EXPECT_THAT(lines[3], HasSubstr("\"status\":\"INVALID\""));
  EXPECT_THAT(lines[3], HasSubstr("both hold 5"));
}

TEST(RateCliTest, NoStochasticGivesTheSameScoreWithoutSolverSuccess) {
  const CliResult full = RunCli(absl::StrCat("rate --json ", kWiki));
  const CliResult quick =
      RunCli(absl::StrCat("rate --json --no-stochastic ", kWiki));
  ASSERT_EQ(full.exit_code, 0) << full.err;
  ASSERT_EQ(quick.exit_code, 0) << quick.err;
  EXPECT_THAT(full.out, HasSubstr("\"solver_success\""));
  EXPECT_THAT(quick.out, Not(HasSubstr("\"solver_success\"")));
  ASSERT_FALSE(JsonNumber(full.out, "score").empty());
  EXPECT_EQ(JsonNumber(quick.out, "score"), JsonNumber(full.out, "score"));
  ASSERT_FALSE(JsonString(full.out, "level").empty());
  EXPECT_EQ(JsonString(quick.out, "level"), JsonString(full.out, "level"));
}

// --top-work bounds the nested forcing chains of the walk for top_er: a
// hardest-list puzzle (SE 10.3) is still graded, by the trial estimate,
// when no nested search may find a step, and the JSON carries that
// estimate as top_er (where er, the whole ladder's, rates the guess); a
// negative budget is a usage error in rate and serve.
TEST(RateCliTest, TopWorkBoundsTheNestedChains) {
  const std::string hardest =
      "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2"
      "..7......6.";
  const CliResult r =
      RunCli("rate --json --no-stochastic --top-work=1 " + hardest);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(JsonString(r.out, "level"), "extreme");
  const std::string top_er = JsonNumber(r.out, "top_er");
  ASSERT_FALSE(top_er.empty()) << r.out;
  // Extreme is top_er >= 9.0 (rater/rater.h, kTopUnsolvedEr).
  EXPECT_GE(std::stod(top_er), 9.0);
  EXPECT_NE(top_er, JsonNumber(r.out, "er"));
  // The text line shows it after the hardest technique, one decimal.
  const CliResult text = RunCli("rate --no-stochastic --top-work=1 " + hardest);
  ASSERT_EQ(text.exit_code, 0) << text.err;
  const std::vector<std::string> cols =
      absl::StrSplit(absl::StripTrailingAsciiWhitespace(text.out), '\t');
  ASSERT_GE(cols.size(), 7u) << text.out;
  EXPECT_EQ(cols[6], absl::StrFormat("SE ladder ER %.1f", std::stod(top_er)))
      << text.out;
  // So do a stored rating's line and `show`.
  const std::string db = UniqueTempPath("top.db");
  const std::string stored_args =
      absl::StrCat("rate --no-stochastic --top-work=1 --db=", db, " ", hardest);
  ASSERT_EQ(RunCli(stored_args).exit_code, 0);
  const CliResult stored = RunCli(stored_args);
  ASSERT_EQ(stored.exit_code, 0) << stored.err;
  EXPECT_THAT(stored.out, HasSubstr("(stored rating of db #1)"));
  EXPECT_THAT(stored.out, HasSubstr(cols[6])) << stored.out;
  const CliResult shown = RunCli(absl::StrCat("show 1 --db=", db));
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  EXPECT_THAT(shown.out, HasSubstr(", " + cols[6] + "\n")) << shown.out;
  std::remove(db.c_str());
  EXPECT_THAT(RunCli("rate --help").out, HasSubstr("--top-work"));
  const CliResult bad = RunCli("rate --top-work=-1 " + hardest);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("--top-work must be at least 0"));
  const CliResult serve = RunCli("serve --port=0 --top-work=-1");
  EXPECT_EQ(serve.exit_code, 2);
  EXPECT_THAT(serve.err, HasSubstr("--top-work must be at least 0"));
}

// Below the top, a 9x9 puzzle's top_er is its trace's ER; other shapes have
// none (the field is left out).
TEST(RateCliTest, TopErIsTheTracesErBelowTheTop) {
  const CliResult nine = RunCli("rate --json --no-stochastic " +
                                std::string(testing::kWikiPuzzle));
  ASSERT_EQ(nine.exit_code, 0) << nine.err;
  ASSERT_FALSE(JsonNumber(nine.out, "er").empty()) << nine.out;
  EXPECT_EQ(JsonNumber(nine.out, "top_er"), JsonNumber(nine.out, "er"));
  // Equal to the ER, the text line does not repeat it.
  const CliResult text =
      RunCli("rate --no-stochastic " + std::string(testing::kWikiPuzzle));
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_THAT(text.out, HasSubstr("\tER ")) << text.out;
  EXPECT_THAT(text.out, Not(HasSubstr("SE ladder ER"))) << text.out;
  const CliResult six = RunCli(
      "rate --json --no-stochastic ......65......315.2..6.......4..6...");
  ASSERT_EQ(six.exit_code, 0) << six.err;
  EXPECT_THAT(six.out, HasSubstr("\"er\""));
  EXPECT_THAT(six.out, Not(HasSubstr("\"top_er\"")));
}

// The keys of the JSON object `field` in `line`, in printed order.
std::vector<std::string> ObjectKeys(const std::string& line,
                                    const std::string& field) {
  std::vector<std::string> keys;
  const std::string open = "\"" + field + "\":{";
  const size_t at = line.find(open);
  if (at == std::string::npos) return keys;
  const size_t end = line.find('}', at);
  const std::string body =
      line.substr(at + open.size(), end - at - open.size());
  for (absl::string_view entry : absl::StrSplit(body, ',')) {
    const size_t colon = entry.find("\":");
    if (colon != absl::string_view::npos && entry.size() > 1)
      keys.emplace_back(entry.substr(1, colon - 1));
  }
  return keys;
}

TEST(RateCliTest, ExpectedMinutesIsTheScoreAsTime) {
  const CliResult json =
      RunCli(absl::StrCat("rate --json --no-stochastic ", kWiki));
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const double score = std::stod(JsonNumber(json.out, "score"));
  const double minutes = std::stod(JsonNumber(json.out, "expected_minutes"));
  EXPECT_NEAR(minutes, std::exp(score) / 60.0, 1e-9 * minutes);
  const CliResult text = RunCli(absl::StrCat("rate --no-stochastic ", kWiki));
  ASSERT_EQ(text.exit_code, 0) << text.err;
  char shown[32];
  std::snprintf(shown, sizeof(shown), "~%.1f min", minutes);
  EXPECT_THAT(text.out, ::testing::HasSubstr(shown));
}

TEST(RateCliTest, JsonIsByteStableWithMapsSortedByKey) {
  const std::string file = kData + "isomorph_puzzles.txt";
  const CliResult a = RunCli("rate --json --no-stochastic " + file);
  const CliResult b = RunCli("rate --json --no-stochastic " + file);
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  const CliResult s = RunCli(absl::StrCat("rate --json ", kWiki));
  ASSERT_EQ(s.exit_code, 0) << s.err;
  std::vector<std::string> lines =
      absl::StrSplit(a.out, '\n', absl::SkipEmpty());
  lines.push_back(s.out);
  size_t maps = 0;
  for (const std::string& line : lines) {
    for (const char* field : {"technique_counts", "solver_success"}) {
      const std::vector<std::string> keys = ObjectKeys(line, field);
      if (keys.size() < 2) continue;
      ++maps;
      EXPECT_TRUE(std::is_sorted(keys.begin(), keys.end())) << line;
    }
  }
  EXPECT_GT(maps, 100u);
}

TEST(RateCliTest, IsomorphsPrintTheSameRating) {
  const CliResult a =
      RunCli(absl::StrCat("rate --json --no-stochastic ", kWiki));
  const CliResult b =
      RunCli(absl::StrCat("rate --json --no-stochastic ", Transposed(kWiki)));
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  for (const char* field : {"score", "er", "player_effort", "search_effort"})
    EXPECT_EQ(JsonNumber(a.out, field), JsonNumber(b.out, field)) << field;
  EXPECT_EQ(JsonString(a.out, "level"), JsonString(b.out, "level"));
  EXPECT_EQ(ObjectKeys(a.out, "technique_counts"),
            ObjectKeys(b.out, "technique_counts"));
  // Each names its own solution.
  EXPECT_NE(a.out.substr(a.out.find("\"solutions\"")),
            b.out.substr(b.out.find("\"solutions\"")));
}

TEST(RateCliTest, ExplainAddsTheSteps) {
  CliResult r = RunCli(absl::StrCat("rate --json --explain ", kWiki));
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(r.out, HasSubstr("\"steps\":[{\"rating\":"));
  CliResult text = RunCli(absl::StrCat("rate --explain ", kWiki));
  EXPECT_THAT(text.out, HasSubstr("Hidden single"));
}

TEST(RateCliTest, ReadsStandardInputByDefault) {
  CliResult r = RunCli("rate", std::string(kWiki) + "\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(r.out, HasSubstr("<stdin>:1\t"));
}

TEST(RateCliTest, StoresRatingsAndReusesThemForIsomorphs) {
  const std::string db = UniqueTempPath("store.db");
  CliResult first = RunCli(absl::StrCat("rate --json --db=", db, " ", kWiki));
  EXPECT_EQ(first.exit_code, 0);
  EXPECT_THAT(first.out, Not(HasSubstr("\"from_store\":true")));
  // The transposed puzzle has the same canonical key: its stored rating comes
  // back.
  CliResult again =
      RunCli(absl::StrCat("rate --json --db=", db, " ", Transposed(kWiki)));
  EXPECT_EQ(again.exit_code, 0);
  EXPECT_THAT(again.out, HasSubstr("\"from_store\":true"));
  EXPECT_THAT(again.out, HasSubstr("\"puzzle_id\":\"1\""));
  EXPECT_THAT(again.out, HasSubstr(Transposed(kWiki)));
  CliResult rerate =
      RunCli(absl::StrCat("rate --json --rerate --db=", db, " ", kWiki));
  ASSERT_EQ(rerate.exit_code, 0) << rerate.err;
  // Rated again (not from the store), as the same puzzle and score.
  EXPECT_EQ(JsonString(rerate.out, "status"), "RATED") << rerate.out;
  EXPECT_THAT(rerate.out, Not(HasSubstr("\"from_store\":true")));
  EXPECT_EQ(JsonNumber(rerate.out, "score"), JsonNumber(first.out, "score"));
  CliResult shown = RunCli(absl::StrCat("show 1 --db=", db));
  EXPECT_EQ(shown.exit_code, 0) << shown.out;
  std::remove(db.c_str());
}

// generate --db and rate --db store through the same records: a puzzle
// generated into the bank is rated from it (same engine version and
// parameters), and a stochastic rating completes the stored one.
TEST(RateCliTest, ReusesTheRatingThatGenerateStored) {
  const std::string db = UniqueTempPath("generated.db");
  CliResult made =
      RunCli(absl::StrCat("generate --count=1 --seed=3 --json --db=", db));
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const std::string puzzle = JsonString(made.out, "puzzle");
  ASSERT_EQ(puzzle.size(), 81u) << made.out;
  CliResult fresh =
      RunCli(absl::StrCat("rate --json --no-stochastic ", puzzle));
  ASSERT_EQ(fresh.exit_code, 0) << fresh.err;
  CliResult reused = RunCli(
      absl::StrCat("rate --json --no-stochastic --db=", db, " ", puzzle));
  ASSERT_EQ(reused.exit_code, 0) << reused.err;
  EXPECT_THAT(reused.out, HasSubstr("\"from_store\":true"));
  EXPECT_EQ(JsonNumber(reused.out, "score"), JsonNumber(fresh.out, "score"));
  EXPECT_EQ(JsonString(reused.out, "level"), JsonString(fresh.out, "level"));
  // generate stores no solver success rates; a full rate computes and
  // stores them, and then finds them.
  CliResult full = RunCli(absl::StrCat("rate --json --db=", db, " ", puzzle));
  ASSERT_EQ(full.exit_code, 0) << full.err;
  EXPECT_THAT(full.out, Not(HasSubstr("\"from_store\":true")));
  EXPECT_THAT(full.out, HasSubstr("\"solver_success\""));
  CliResult stored = RunCli(absl::StrCat("rate --json --db=", db, " ", puzzle));
  ASSERT_EQ(stored.exit_code, 0) << stored.err;
  EXPECT_THAT(stored.out, HasSubstr("\"from_store\":true"));
  EXPECT_THAT(stored.out, HasSubstr("\"solver_success\""));
  std::remove(db.c_str());
}

// The same puzzles print the same bytes on every run (map fields sorted).
TEST(RateCliTest, JsonIsByteStable) {
  const std::string args = absl::StrCat("rate --json --no-stochastic ", kWiki,
                                        " ", Transposed(kWiki));
  CliResult a = RunCli(args), b = RunCli(args);
  ASSERT_EQ(a.exit_code, 0);
  EXPECT_EQ(a.out, b.out);
  EXPECT_THAT(a.out, HasSubstr("\"technique_counts\":{"));
}

}  // namespace
}  // namespace sudoku
