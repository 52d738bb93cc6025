// The Forge score model and the level thresholds.
//
// score = b0 + sum_j b_j * x_j over the inputs named in model_params.inc: a
// linear model of the natural log of a typical player's solve time in
// seconds, fitted by least squares on half of the human solve times in
// ../shared/corpora/rated/human_cloudsudoku_wang2024.tsv (every other row;
// the other half is held out for the reported correlation). The level
// thresholds are fitted on the editors' and apps' levels (calibrate --fit).
// `sudoku-forge calibrate --fit --write-model=rater/model_params.inc` redoes
// both and rewrites the parameters; docs/CALIBRATION.md gives the figures and
// what each input contributes.
#include <algorithm>
#include <cmath>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "rater/calibration.h"
#include "rater/rater.h"

namespace sudoku {
namespace model_params {
#include "rater/model_params.inc"
}  // namespace model_params
namespace {

constexpr size_t kNumInputs =
    sizeof(model_params::kInputs) / sizeof(model_params::kInputs[0]);
static_assert(sizeof(model_params::kCoefficients) / sizeof(double) ==
                  kNumInputs + 1,
              "model_params.inc: one coefficient per input plus the intercept");

const LevelThresholds kThresholds = {model_params::kThresholds[0],
                                     model_params::kThresholds[1],
                                     model_params::kThresholds[2]};

// The top (docs/CALIBRATION.md, "The top"; `calibrate --top` measures it).
// Score points per point of ER above kTopFromEr: one point of SE's scale
// above the forcing chains multiplies the expected time by e.
constexpr double kTopSlope = 1.0;
// TopScore(kTopFromEr): the 90th percentile of the linear (human-time)
// score of cbg000's puzzles just below the top (SE 7.0-7.9), so that few
// puzzles below the top are capped there (`calibrate --top` prints it
// again for the installed model).
constexpr double kTopBase = 7.5;
// ER estimate of a puzzle SE's ladder cannot finish: least squares of SE's
// ER on the even rows of the hardest list (held-out rho in CALIBRATION.md;
// the inputs were chosen by 5-fold cross-validation on those rows among the
// stuck board's counts, the trial counts and the trace's): intercept, the
// stuck board's candidates and empty cells, the trace's steps. Fewer
// candidates on more empty cells (the ladder left little for chains to
// bite on) and a longer trace mean a higher ER.
constexpr double kTrialEr[] = {7.43323, -0.02326, 0.14280, 0.00961};

double StochasticValue(const std::map<std::string, double>& m,
                       const std::string& solver, double missing) {
  auto it = m.find(solver);
  return it == m.end() ? missing : it->second;
}

}  // namespace

std::vector<std::string> ModelInputCatalog() {
  std::vector<std::string> names = {"log_player_effort",
                                    "log_search_effort",
                                    "er",
                                    "ep",
                                    "ed",
                                    "log1p_steps_above_singles",
                                    "log1p_technique_effort",
                                    "log1p_solver_guesses",
                                    "log1p_solver_nodes",
                                    "empty_cells",
                                    "not_solved_by_logic",
                                    "top_er"};
  for (const RaterOptions::StochasticConfig& c :
       RaterOptions::DefaultStochasticBudgets()) {
    names.push_back("fail_" + c.solver);
    names.push_back("log_iters_" + c.solver);
  }
  return names;
}

double ModelInputValue(absl::string_view name, const RatingFeatures& f) {
  if (name == "log_player_effort")
    return std::log(std::max(1.0, f.player_effort));
  if (name == "log_search_effort")
    return std::log(std::max(1.0, f.search_effort));
  if (name == "er") return std::min(f.er, 11.0);
  if (name == "ep") return std::min(f.ep, 11.0);
  if (name == "ed") return std::min(f.ed, 11.0);
  if (name == "log1p_steps_above_singles")
    return std::log1p(static_cast<double>(f.steps_above_singles));
  if (name == "log1p_technique_effort") return std::log1p(f.technique_effort);
  if (name == "log1p_solver_guesses")
    return std::log1p(static_cast<double>(f.solver_guesses));
  if (name == "log1p_solver_nodes")
    return std::log1p(static_cast<double>(f.solver_nodes));
  if (name == "empty_cells") return f.empty_cells;
  if (name == "not_solved_by_logic") return f.solved_by_logic ? 0.0 : 1.0;
  if (name == "top_er") return f.top_er;
  if (absl::StartsWith(name, "fail_")) {
    return 1.0 - StochasticValue(f.stochastic_success,
                                 std::string(name.substr(5)), 0.0);
  }
  if (absl::StartsWith(name, "log_iters_")) {
    return std::log1p(StochasticValue(f.stochastic_median_iterations,
                                      std::string(name.substr(10)), 0.0));
  }
  return 0;
}

bool IsStochasticInput(absl::string_view name) {
  return absl::StartsWith(name, "fail_") ||
         absl::StartsWith(name, "log_iters_");
}

std::vector<std::string> ModelInputNames() {
  return std::vector<std::string>(std::begin(model_params::kInputs),
                                  std::end(model_params::kInputs));
}

std::vector<double> ModelInputs(const RatingFeatures& f) {
  std::vector<double> x;
  x.reserve(kNumInputs);
  for (const char* name : model_params::kInputs)
    x.push_back(ModelInputValue(name, f));
  return x;
}

std::vector<double> ModelCoefficients() {
  return std::vector<double>(std::begin(model_params::kCoefficients),
                             std::end(model_params::kCoefficients));
}

bool ModelUsesStochastic() {
  for (const char* name : model_params::kInputs) {
    if (IsStochasticInput(name)) return true;
  }
  return false;
}

std::string RaterEngineVersion() {
  return absl::StrCat("rater-", kRaterVersion, ".", model_params::kFitId);
}

double TopErFromTrials(const TrialDepth& trial, int trace_steps) {
  const double estimate = kTrialEr[0] + kTrialEr[1] * trial.candidates +
                          kTrialEr[2] * trial.empty_cells +
                          kTrialEr[3] * trace_steps;
  return std::clamp(estimate, kTopUnsolvedEr, 12.0);
}

double ForgeScore(const RatingFeatures& features) {
  const std::vector<double> x = ModelInputs(features);
  double score = model_params::kCoefficients[0];
  for (size_t j = 0; j < x.size(); ++j)
    score += model_params::kCoefficients[j + 1] * x[j];
  return WithTop(score, features);
}

double TopScore(double top_er) {
  return kTopBase + kTopSlope * (top_er - kTopFromEr);
}

double WithTop(double score, const RatingFeatures& features) {
  if (features.top_er <= 0) return score;  // not 9x9
  if (features.top_er < kTopFromEr)
    return std::min(score, TopScore(kTopFromEr));
  return TopScore(features.top_er);
}

double ExpectedMinutes(double score) { return std::exp(score) / 60.0; }

LevelThresholds Thresholds() { return kThresholds; }

double ExtremeFrom() { return TopScore(kTopUnsolvedEr); }

bool EndsInGuessLevel(const RatingFeatures& features) {
  return !features.solved_by_logic && features.top_er == 0;
}

Level LevelFor(double score, const RatingFeatures& features) {
  return LevelForScore(score, EndsInGuessLevel(features), kThresholds);
}

Level LevelForScore(double score, bool ends_in_guess,
                    const LevelThresholds& t) {
  if (ends_in_guess) return Level::kNeedsGuessing;
  if (score < t.medium_from) return Level::kEasy;
  if (score < t.hard_from) return Level::kMedium;
  if (score < t.evil_from) return Level::kHard;
  if (score < ExtremeFrom()) return Level::kEvil;
  return Level::kExtreme;
}

std::pair<double, double> ScoreBand(Level level) {
  constexpr double kInf = 1e9;
  switch (level) {
    case Level::kEasy:
      return {-kInf, kThresholds.medium_from};
    case Level::kMedium:
      return {kThresholds.medium_from, kThresholds.hard_from};
    case Level::kHard:
      return {kThresholds.hard_from, kThresholds.evil_from};
    case Level::kEvil:
      return {kThresholds.evil_from, ExtremeFrom()};
    case Level::kExtreme:
      return {ExtremeFrom(), kInf};
    case Level::kNeedsGuessing:
      return {-kInf, kInf};
  }
  return {-kInf, kInf};
}

}  // namespace sudoku
