// The figures the docs quote cannot drift: every table of measured figures in
// docs/PERFORMANCE.md sits in the block that scripts/bench-doc regenerates or
// in a dated record of one session's side-by-side measurement, and README
// quotes no absolute speed (it links to the generated table instead).
#include <cctype>
#include <filesystem>
#include <fstream>
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

// A number followed by a unit of time or of rate: "190 µs", "21 ms",
// "1,250/s", "0.4 s per", "10,000 puzzles/s".
bool QuotesASpeed(const std::string& line) {
  static const char* const kUnits[] = {
      "µs", "us", "ms", "s per", "/s", "puzzles/s", "ratings/s", "keys/s"};
  auto is_word = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
  };
  for (size_t i = 0; i < line.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(line[i]))) continue;
    size_t k = i;
    while (k < line.size() &&
           (std::isdigit(static_cast<unsigned char>(line[k])) ||
            line[k] == ',' || line[k] == '.'))
      ++k;
    while (k < line.size() && line[k] == ' ') ++k;
    for (const char* unit : kUnits) {
      const std::string u = unit;
      if (line.compare(k, u.size(), u) != 0) continue;
      // "µs" and the rates end where they end; the others need a word end.
      const size_t end = k + u.size();
      const bool bounded =
          u == "µs" || end >= line.size() || !is_word(line[end]);
      if (bounded) return true;
    }
    i = k;
  }
  return false;
}

// What one walk over a doc's lines found ("line N: ..." for each place).
struct BlockCheck {
  std::vector<std::string> tables_outside;  // tables starting outside a block
  int tables_inside = 0;
  std::vector<std::string> speeds_outside;  // table lines quoting a speed
  int speed_lines = 0;                      // table lines quoting a speed
  int generated_blocks = 0;
  int records = 0;
  std::vector<std::string> problems;  // markers unpaired, nested or undated
};

// "<!-- BEGIN RECORD: YYYY-MM-DD -->", optionally with words after the date.
bool IsDatedRecordLine(const std::string& line) {
  const std::string head = "<!-- BEGIN RECORD: ";
  const std::string tail = " -->";
  if (line.rfind(head, 0) != 0 || line.size() < head.size() + 10 + tail.size())
    return false;
  const std::string date = line.substr(head.size(), 10);
  for (size_t i = 0; i < date.size(); ++i) {
    const bool dash = i == 4 || i == 7;
    if (dash ? date[i] != '-'
             : !std::isdigit(static_cast<unsigned char>(date[i])))
      return false;
  }
  const std::string rest = line.substr(head.size() + 10);
  return rest.size() >= tail.size() &&
         rest.compare(rest.size() - tail.size(), tail.size(), tail) == 0 &&
         (rest == tail || rest[0] == ' ');
}

// Walks the markers of a doc: BEGIN GENERATED / END GENERATED and
// BEGIN RECORD: YYYY-MM-DD / END RECORD, never nested, always closed; and
// where its tables, and its table lines that quote a speed, stand.
BlockCheck CheckBlocks(const std::vector<std::string>& lines) {
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
      if (!IsDatedRecordLine(line))
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
        check.tables_outside.push_back(where + line);
      } else {
        ++check.tables_inside;
      }
    }
    if (table_line && QuotesASpeed(line)) {
      ++check.speed_lines;
      if (state == kOutside) check.speeds_outside.push_back(where + line);
    }
    in_table = table_line;
  }
  if (state != kOutside) check.problems.push_back("unclosed block at the end");
  return check;
}

TEST(DocsTest, TheCheckFindsATableOutsideTheBlocks) {
  const BlockCheck bad =
      CheckBlocks({"# Performance", "", "| a | b |", "|---|---|", "| 1 | 2 |"});
  EXPECT_EQ(bad.tables_outside.size(), 1u);
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
  EXPECT_TRUE(good.tables_outside.empty());
  EXPECT_EQ(good.tables_inside, 2);
  const BlockCheck speed =
      CheckBlocks({"| 21 ms |", "<!-- BEGIN RECORD: 2026-11-26 -->",
                   "| 190 µs |", "<!-- END RECORD -->"});
  EXPECT_EQ(speed.speed_lines, 2);
  EXPECT_EQ(speed.speeds_outside.size(), 1u);
}

TEST(DocsTest, EveryPerformanceTableIsGeneratedOrADatedRecord) {
  const std::vector<std::string> lines =
      ReadLines(testing::SourceDir() + "/docs/PERFORMANCE.md");
  ASSERT_GT(lines.size(), 10u);
  const BlockCheck check = CheckBlocks(lines);
  EXPECT_THAT(check.problems, ::testing::IsEmpty());
  EXPECT_THAT(check.tables_outside, ::testing::IsEmpty());
  EXPECT_EQ(check.generated_blocks, 1);
  EXPECT_GT(check.records, 0);
  EXPECT_GT(check.tables_inside, 0);
}

TEST(DocsTest, EverySpeedTableInTheDocsIsGeneratedOrADatedRecord) {
  int files = 0, speed_tables = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(testing::SourceDir() + "/docs")) {
    if (entry.path().extension() != ".md") continue;
    ++files;
    const std::vector<std::string> lines = ReadLines(entry.path().string());
    // Outside PERFORMANCE.md a table of other facts may stand anywhere,
    // but not one that quotes a speed; markers pair up, records carry dates.
    const BlockCheck blocks = CheckBlocks(lines);
    const std::string name = entry.path().filename().string();
    EXPECT_THAT(blocks.speeds_outside, ::testing::IsEmpty()) << name;
    EXPECT_THAT(blocks.problems, ::testing::IsEmpty()) << name;
    speed_tables += blocks.speed_lines;
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
