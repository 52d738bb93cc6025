#include "rater/calibration.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using ::sudoku::testing::StatusIs;
using ::testing::HasSubstr;

TEST(CalibrationTest, ParsesRatedTsv) {
  absl::StatusOr<RatedFile> f = ParseRatedTsv(
      "# comment\n#puzzle\tlevel\ttime\nabc\teasy\t12\ndef\t\t7\n");
  ASSERT_OK(f);
  EXPECT_THAT(f->columns, ::testing::ElementsAre("puzzle", "level", "time"));
  ASSERT_EQ(f->rows.size(), 2u);
  EXPECT_EQ(f->rows[1].puzzle, "def");
  EXPECT_EQ(f->rows[1].labels.at("level"), "");
  EXPECT_EQ(f->rows[1].labels.at("time"), "7");
  EXPECT_EQ(f->rows[1].line, 4);
}

TEST(CalibrationTest, RejectsMalformedFiles) {
  EXPECT_THAT(ParseRatedTsv("abc\t1\n"), StatusIs(absl::StatusCode::kInvalidArgument,
                                                   HasSubstr("line 1")));
  EXPECT_THAT(ParseRatedTsv("#puzzle\ta\nx\t1\t2\n"),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("line 2: 3 fields")));
  EXPECT_FALSE(ParseRatedTsv("").ok());
}

TEST(CalibrationTest, LabelValuesOrderLevelWords) {
  EXPECT_EQ(LabelValue("se_er", "6.6"), 6.6);
  EXPECT_LT(*LabelValue("qqwing_level", "easy"), *LabelValue("qqwing_level", "intermediate"));
  EXPECT_LT(*LabelValue("qqwing_level", "simple"), *LabelValue("qqwing_level", "easy"));
  EXPECT_LT(*LabelValue("nyt_level", "medium"), *LabelValue("nyt_level", "hard"));
  EXPECT_LT(*LabelValue("hodoku_level", "Hard"), *LabelValue("hodoku_level", "Unfair"));
  EXPECT_FALSE(LabelValue("nyt_level", "").has_value());
  EXPECT_FALSE(LabelValue("nyt_level", "tricky").has_value());
}

}  // namespace
}  // namespace sudoku
