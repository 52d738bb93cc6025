#include "rater/calibration.h"

#include <algorithm>

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
  EXPECT_THAT(
      ParseRatedTsv("abc\t1\n"),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("line 1")));
  EXPECT_THAT(ParseRatedTsv("#puzzle\ta\nx\t1\t2\n"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("line 2: 3 fields")));
  EXPECT_FALSE(ParseRatedTsv("").ok());
}

TEST(CalibrationTest, LabelValuesOrderLevelWords) {
  EXPECT_EQ(LabelValue("se_er", "6.6"), 6.6);
  EXPECT_LT(*LabelValue("qqwing_level", "easy"),
            *LabelValue("qqwing_level", "intermediate"));
  EXPECT_LT(*LabelValue("qqwing_level", "simple"),
            *LabelValue("qqwing_level", "easy"));
  EXPECT_LT(*LabelValue("nyt_level", "medium"),
            *LabelValue("nyt_level", "hard"));
  EXPECT_LT(*LabelValue("hodoku_level", "Hard"),
            *LabelValue("hodoku_level", "Unfair"));
  EXPECT_FALSE(LabelValue("nyt_level", "").has_value());
  EXPECT_FALSE(LabelValue("nyt_level", "tricky").has_value());
}

TEST(CalibrationTest, NytLevelsAreThreeDistinctSteps) {
  // A column with no scale hint (nyt_level) must not code easy and medium
  // alike.
  EXPECT_EQ(LabelValue("nyt_level", "easy"), 0.0);
  EXPECT_EQ(LabelValue("nyt_level", "medium"), 1.0);
  EXPECT_EQ(LabelValue("nyt_level", "hard"), 2.0);
}

TEST(CalibrationTest, FitThresholdsSeparatesCleanlyOrderedLevels) {
  // NYT anchor (index 0): easy/medium/hard at scores around 1, 2, 3.
  std::vector<LevelSample> samples;
  for (int label = 0; label < 3; ++label) {
    for (int k = 0; k < 20; ++k)
      samples.push_back(
          {label + 1 + 0.01 * k, /*ends_in_guess=*/false, 0, label});
  }
  const LevelThresholds t = FitThresholds(samples);
  EXPECT_DOUBLE_EQ(LevelAgreement(samples, t), 1.0);
  EXPECT_GT(t.medium_from, 1.19);
  EXPECT_LE(t.medium_from, 2.0);
  EXPECT_GT(t.hard_from, 2.19);
  EXPECT_LE(t.hard_from, 3.0);
  // Shifting every threshold below all scores puts everything in evil.
  EXPECT_LT(LevelAgreement(samples, {0, 0.1, 0.2}), 0.5);
}

TEST(CalibrationTest, AnchorsMapEveryLevelOfTheirFiles) {
  for (const LevelAnchor& anchor : LevelAnchors()) {
    EXPECT_FALSE(anchor.mapping.empty()) << anchor.file;
    for (const LevelMapping& m : anchor.mapping)
      EXPECT_LE(m.lo, m.hi) << m.label;
  }
  EXPECT_NE(FindMapping(LevelAnchors()[0], "hard"), nullptr);
  EXPECT_EQ(FindMapping(LevelAnchors()[0], "fiendish"), nullptr);
}

TEST(CalibrationTest, ModelInputsComeFromTheCatalog) {
  const std::vector<std::string> catalog = ModelInputCatalog();
  for (const std::string& in : ModelInputNames()) {
    EXPECT_NE(std::find(catalog.begin(), catalog.end(), in), catalog.end())
        << in;
  }
  EXPECT_EQ(ModelCoefficients().size(), ModelInputNames().size() + 1);
  RatingFeatures f;
  f.er = 3.4;
  f.stochastic_success["anneal"] = 0.25;
  EXPECT_DOUBLE_EQ(ModelInputValue("er", f), 3.4);
  EXPECT_DOUBLE_EQ(ModelInputValue("fail_anneal", f), 0.75);
  EXPECT_TRUE(IsStochasticInput("log_iters_reseda"));
  EXPECT_FALSE(IsStochasticInput("er"));
}

}  // namespace
}  // namespace sudoku
