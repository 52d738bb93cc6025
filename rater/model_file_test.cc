#include "rater/model_file.h"

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/hash.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "rater/calibration.h"
#include "tests/testing/paths.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using ::sudoku::testing::StatusIs;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::string ReadAll(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Values with at most six significant digits survive the file's %.6g.
const ScoreModel kModel = {{"log_player_effort", "er", "log1p_solver_guesses"},
                           {5.25, 0.125, -0.0375, 1.5e-05}};
const LevelThresholds kThresholds = {5.5, 6.25, 7.125};

TEST(ModelFileTest, WrittenFileReadsBack) {
  const std::string path = ::testing::TempDir() + "/model_params.inc";
  const ModelProvenance provenance{"rater/model_params.inc", "mean_time_s",
                                   "corpora/rated/human.tsv", 0.7064};
  absl::StatusOr<std::string> fit_id =
      WriteModelParams(path, kModel, kThresholds, provenance);
  ASSERT_OK(fit_id);
  const std::string text = ReadAll(path);
  absl::StatusOr<ModelParams> params = ParseModelParams(text);
  ASSERT_OK(params);
  EXPECT_EQ(params->model.inputs, kModel.inputs);
  EXPECT_EQ(params->model.coefficients, kModel.coefficients);
  EXPECT_EQ(params->thresholds.medium_from, kThresholds.medium_from);
  EXPECT_EQ(params->thresholds.hard_from, kThresholds.hard_from);
  EXPECT_EQ(params->thresholds.evil_from, kThresholds.evil_from);
  EXPECT_EQ(params->fit_id, *fit_id);
  EXPECT_EQ(params->fit_id, ModelFitId(params->model, params->thresholds));
  EXPECT_EQ(params->fit_id.size(), 8u);
  // The header says where the fit came from.
  EXPECT_THAT(text, HasSubstr("--write-model=rater/model_params.inc`"));
  EXPECT_THAT(text, HasSubstr("log(mean_time_s) of the even rows of human.tsv "
                              "(held-out rho 0.706)"));
  // Formatting what was read gives the same file.
  EXPECT_EQ(FormatModelParams(params->model, params->thresholds, provenance),
            text);
}

TEST(ModelFileTest, FitIdChangesWithEveryParameter) {
  const std::string base = ModelFitId(kModel, kThresholds);
  ScoreModel other_coefficient = kModel;
  other_coefficient.coefficients[2] = 0.126;
  EXPECT_NE(ModelFitId(other_coefficient, kThresholds), base);
  ScoreModel other_input = kModel;
  other_input.inputs[1] = "ep";
  EXPECT_NE(ModelFitId(other_input, kThresholds), base);
  LevelThresholds other_threshold = kThresholds;
  other_threshold.evil_from = 7.25;
  EXPECT_NE(ModelFitId(kModel, other_threshold), base);
  // The id does not depend on the provenance comment.
  const ModelProvenance a{"a.inc", "x", "a.tsv", 0.1};
  const ModelProvenance b{"b.inc", "y", "b.tsv", 0.2};
  EXPECT_EQ(
      ParseModelParams(FormatModelParams(kModel, kThresholds, a))->fit_id,
      ParseModelParams(FormatModelParams(kModel, kThresholds, b))->fit_id);
}

TEST(ModelFileTest, InstalledParametersMatchTheRater) {
  const std::string text =
      ReadAll(sudoku::testing::SourceDir() + "/rater/model_params.inc");
  ASSERT_FALSE(text.empty());
  absl::StatusOr<ModelParams> params = ParseModelParams(text);
  ASSERT_OK(params);
  EXPECT_EQ(params->model.inputs, ModelInputNames());
  EXPECT_EQ(params->model.coefficients, ModelCoefficients());
  EXPECT_EQ(params->thresholds.medium_from, Thresholds().medium_from);
  EXPECT_EQ(params->thresholds.hard_from, Thresholds().hard_from);
  EXPECT_EQ(params->thresholds.evil_from, Thresholds().evil_from);
  // Not edited by hand: the id is the hash of the parameters, and it is the
  // one in the engine version.
  EXPECT_EQ(params->fit_id, ModelFitId(params->model, params->thresholds));
  EXPECT_EQ(RaterEngineVersion(),
            "rater-" + std::to_string(kRaterVersion) + "." + params->fit_id);
}

TEST(ModelFileTest, RejectsMalformedFiles) {
  const std::string good =
      FormatModelParams(kModel, kThresholds, {"m.inc", "t", "c.tsv", 0.5});
  EXPECT_THAT(ParseModelParams(""),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("no kInputs declaration")));
  std::string short_b = good;
  short_b.replace(short_b.find(", 1.5e-05"), 9, "");
  EXPECT_THAT(ParseModelParams(short_b),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("3 coefficients for 3 inputs")));
  std::string bad_number = good;
  bad_number.replace(bad_number.find("6.25"), 4, "six");
  EXPECT_THAT(
      ParseModelParams(bad_number),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("bad number")));
  ScoreModel mismatched = kModel;
  mismatched.coefficients.pop_back();
  EXPECT_THAT(WriteModelParams(::testing::TempDir() + "/x.inc", mismatched,
                               kThresholds, {}),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(
      WriteModelParams("/nonexistent/dir/x.inc", kModel, kThresholds, {}),
      StatusIs(absl::StatusCode::kInternal));
}

TEST(ModelFileTest, FitRecoversALogLinearLaw) {
  // label = exp(1 + 0.5 * er) exactly: the fit finds the law, and the
  // held-out rank correlation is perfect.
  std::vector<RatingFeatures> features(40);
  std::vector<LabelledFeatures> fit, held_out;
  for (size_t i = 0; i < features.size(); ++i) {
    features[i].er = 1.0 + 0.2 * static_cast<double>(i);
    const double label = std::exp(1.0 + 0.5 * features[i].er);
    (i % 2 == 0 ? fit : held_out).push_back({&features[i], label});
  }
  held_out.push_back({&features[0], 0.0});  // not positive: skipped
  const LogModelFit result = FitLogModel(fit, held_out, {"er"});
  ASSERT_THAT(result.model.inputs, ElementsAre("er"));
  ASSERT_EQ(result.model.coefficients.size(), 2u);
  EXPECT_NEAR(result.model.coefficients[0], 1.0, 1e-6);
  EXPECT_NEAR(result.model.coefficients[1], 0.5, 1e-6);
  EXPECT_NEAR(result.held_out_rho, 1.0, 1e-12);
  // Nothing to fit on: zero coefficients, one per input plus the intercept.
  const LogModelFit empty = FitLogModel({}, held_out, {"er", "ep"});
  EXPECT_THAT(empty.model.coefficients, ElementsAre(0.0, 0.0, 0.0));
}

}  // namespace
}  // namespace sudoku
