// The figures the docs quote cannot drift: every table of measured figures in
// docs/PERFORMANCE.md sits in the block that scripts/bench-doc regenerates or
// in a dated record of one session's side-by-side measurement, and README
// quotes no absolute speed (it links to the generated table instead).
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/paths.h"

namespace sudoku {
namespace {

std::vector<std::string> ReadLines(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

struct BlockCheck {
  int tables_outside = 0;
  int tables_inside = 0;
  int generated_blocks = 0;
  int records = 0;
  std::vector<std::string> problems;
};

// Walks the markers of a PERFORMANCE.md: BEGIN GENERATED / END GENERATED and
// BEGIN RECORD: YYYY-MM-DD / END RECORD, never nested, always closed.
BlockCheck CheckBlocks(const std::vector<std::string>& lines) {
  static const std::regex kRecordLine(
      R"(<!-- BEGIN RECORD: \d{4}-\d{2}-\d{2}( .*)? -->)");
  BlockCheck check;
  enum { kOutside, kGenerated, kInRecord } state = kOutside;
  bool in_table = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    const std::string where = "line " + std::to_string(i + 1) + ": ";
    if (line.rfind("<!-- BEGIN GENERATED:", 0) == 0) {
      if (state != kOutside) check.problems.push_back(where + "nested block");
      state = kGenerated;
      ++check.generated_blocks;
    } else if (line.rfind("<!-- END GENERATED:", 0) == 0) {
      if (state != kGenerated) check.problems.push_back(where + "stray end");
      state = kOutside;
    } else if (line.rfind("<!-- BEGIN RECORD", 0) == 0) {
      if (!std::regex_match(line, kRecordLine))
        check.problems.push_back(where + "a record needs its date");
      if (state != kOutside) check.problems.push_back(where + "nested block");
      state = kInRecord;
      ++check.records;
    } else if (line == "<!-- END RECORD -->") {
      if (state != kInRecord) check.problems.push_back(where + "stray end");
      state = kOutside;
    }
    const bool table_line = line.rfind("|", 0) == 0;
    if (table_line && !in_table) {
      if (state == kOutside) {
        ++check.tables_outside;
        check.problems.push_back(where + "table outside a marked block");
      } else {
        ++check.tables_inside;
      }
    }
    in_table = table_line;
  }
  if (state != kOutside) check.problems.push_back("unclosed block at the end");
  return check;
}

TEST(DocsTest, TheCheckFindsATableOutsideTheBlocks) {
  const BlockCheck bad =
      CheckBlocks({"# Performance", "", "| a | b |", "|---|---|", "| 1 | 2 |"});
  EXPECT_EQ(bad.tables_outside, 1);
  const BlockCheck undated = CheckBlocks(
      {"<!-- BEGIN RECORD: yesterday -->", "| a |", "<!-- END RECORD -->"});
  EXPECT_THAT(undated.problems,
              ::testing::Contains(::testing::HasSubstr("needs its date")));
  const BlockCheck good = CheckBlocks(
      {"<!-- BEGIN GENERATED: current -->", "| a |",
       "<!-- END GENERATED: "
       "current -->",
       "<!-- BEGIN RECORD: 2026-11-26 -->", "| b |", "<!-- END RECORD -->"});
  EXPECT_TRUE(good.problems.empty());
  EXPECT_EQ(good.tables_inside, 2);
}

TEST(DocsTest, EveryPerformanceTableIsGeneratedOrADatedRecord) {
  const std::vector<std::string> lines =
      ReadLines(testing::SourceDir() + "/docs/PERFORMANCE.md");
  ASSERT_GT(lines.size(), 10u);
  const BlockCheck check = CheckBlocks(lines);
  EXPECT_THAT(check.problems, ::testing::IsEmpty());
  EXPECT_EQ(check.generated_blocks, 1);
  EXPECT_GT(check.records, 0);
  EXPECT_GT(check.tables_inside, 0);
}

// A number followed by a unit of time or of rate: "190 µs", "21 ms",
// "1,250/s", "0.4 s per", "10,000 puzzles/s".
bool QuotesASpeed(const std::string& line) {
  static const std::regex kSpeed(
      R"(\d[\d,.]*\s*(µs|us\b|ms\b|s per\b|/s\b|puzzles/s|ratings/s|keys/s))");
  return std::regex_search(line, kSpeed);
}

TEST(DocsTest, EverySpeedTableInTheDocsIsGeneratedOrADatedRecord) {
  int files = 0, speed_tables = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(testing::SourceDir() + "/docs")) {
    if (entry.path().extension() != ".md") continue;
    ++files;
    const std::vector<std::string> lines = ReadLines(entry.path().string());
    const BlockCheck blocks = CheckBlocks(lines);
    // Marked blocks are checked above for PERFORMANCE.md; here: a table
    // line quoting a speed must sit inside one.
    bool inside = false;
    for (size_t i = 0; i < lines.size(); ++i) {
      const std::string& line = lines[i];
      if (line.rfind("<!-- BEGIN ", 0) == 0) inside = true;
      if (line.rfind("<!-- END ", 0) == 0) inside = false;
      if (line.rfind("|", 0) == 0 && QuotesASpeed(line)) {
        ++speed_tables;
        EXPECT_TRUE(inside)
            << entry.path().filename().string() << ":" << i + 1 << ": " << line;
      }
    }
    // Outside PERFORMANCE.md a table of other facts may stand anywhere;
    // the markers themselves must still pair up and records carry dates.
    for (const std::string& problem : blocks.problems) {
      if (problem.find("table outside") != std::string::npos) continue;
      ADD_FAILURE() << entry.path().filename().string() << ": " << problem;
    }
  }
  EXPECT_GT(files, 5);
  EXPECT_GT(speed_tables, 0);
}

TEST(DocsTest, ReadmeQuotesNoAbsoluteSpeed) {
  const std::vector<std::string> lines =
      ReadLines(testing::SourceDir() + "/README.md");
  ASSERT_GT(lines.size(), 50u);
  std::vector<std::string> found;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (QuotesASpeed(lines[i]))
      found.push_back("README.md:" + std::to_string(i + 1) + ": " + lines[i]);
  }
  EXPECT_THAT(found, ::testing::IsEmpty());
}

}  // namespace
}  // namespace sudoku
