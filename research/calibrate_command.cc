// sudoku-forge calibrate: how well the Forge score agrees with external
// difficulty labels, and the fit of the score model.
#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <thread>

#include "absl/flags/flag.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "cli/progress.h"
#include "core/format.h"
#include "core/stats.h"
#include "rater/calibration.h"
#include "rater/model_file.h"
#include "rater/rater.h"
#include "rater/solver_features.h"
#include "rater/stats.h"
#include "research/calibrate_se.h"
#include "research/calibration_report.h"
#include "research/commands.h"

ABSL_FLAG(std::string, label, "",
          "calibrate: the label column of --corpus to compare with");
ABSL_FLAG(
    bool, fit, false,
    "calibrate: fit the score model on every other row of --corpus/--label "
    "(default: the human solve times) and report on the rest");
ABSL_FLAG(bool, all, false,
          "calibrate: every rated file; writes --out (docs/CALIBRATION.md)");
ABSL_FLAG(bool, expected_time, false,
          "calibrate: the error of expected_minutes on the held-out rows of "
          "the human solve times (a section of docs/CALIBRATION.md)");
ABSL_FLAG(int, sample, 0,
          "calibrate: use at most N rows per file, evenly spaced (0 = all)");
ABSL_FLAG(std::string, rated_dir, "../shared/corpora/rated",
          "calibrate --all/--fit: the directory of rated TSV files");
ABSL_FLAG(std::string, inputs, "",
          "calibrate --fit: comma-separated model inputs (default: the current "
          "model's; "
          "see --fit output for the catalog)");
ABSL_FLAG(std::string, write_model, "",
          "calibrate --fit: rewrite this model parameters file "
          "(rater/model_params.inc) "
          "with the fitted coefficients and thresholds");
ABSL_FLAG(std::optional<int>, players, std::nullopt,
          "calibrate: simulated players of the players' effort (default: "
          "rater/players.h's)");
ABSL_FLAG(std::optional<double>, technique_slope, std::nullopt,
          "calibrate: growth of a harder step's cost per point of rating in "
          "the players' effort "
          "(default: rater/players.h's); to compare choices with --fit");
ABSL_FLAG(bool, stochastic, false,
          "calibrate: compute the stochastic-solver features too (implied when "
          "an input needs them)");

ABSL_FLAG(bool, top, false,
          "calibrate: the score against SE's ER on cbg000 (SER >= 8) and the "
          "hardest list, with and without the stochastic solvers at the "
          "papers' budgets (a section of docs/CALIBRATION.md)");

namespace sudoku::research {
namespace {

absl::StatusOr<std::vector<std::string>> ParseInputs(const std::string& text) {
  std::vector<std::string> inputs = ModelInputNames();
  if (!text.empty()) inputs = absl::StrSplit(text, ',', absl::SkipEmpty());
  const std::vector<std::string> catalog = ModelInputCatalog();
  for (const std::string& in : inputs) {
    if (std::find(catalog.begin(), catalog.end(), in) == catalog.end()) {
      return absl::InvalidArgumentError(
          absl::StrCat("unknown model input '", in,
                       "' (known: ", absl::StrJoin(catalog, ", "), ")"));
    }
  }
  if (inputs.empty())
    return absl::InvalidArgumentError("--inputs: no model input");
  return inputs;
}

// calibrate --fit: prints the fit and, with --write-model, installs it.
int Fit(const Rater& rater, const std::string& corpus, const std::string& label,
        const std::vector<std::string>& inputs, const CalibrationRun& run) {
  absl::StatusOr<FittedModel> fitted =
      FitModel(rater, corpus, label, inputs, run, std::cout);
  if (!fitted.ok())
    return UsageError("calibrate", std::string(fitted.status().message()));
  const std::string out_path = absl::GetFlag(FLAGS_write_model);
  if (out_path.empty()) {
    std::cout << "(not written: add --write-model=rater/model_params.inc to "
                 "install this fit)\n";
    return kExitOk;
  }
  absl::StatusOr<std::string> fit_id =
      WriteModelParams(out_path, fitted->model, fitted->thresholds,
                       {out_path, label, corpus, fitted->held_out_rho});
  if (!fit_id.ok())
    return UsageError("calibrate", std::string(fit_id.status().message()));
  std::cout << "wrote " << out_path << " (fit " << *fit_id
            << "); rebuild sudoku-forge and sudoku-forge-research to use it\n";
  return kExitOk;
}

// calibrate --all: writes CalibrationDocument to --out.
int WriteDocument(const Rater& rater, const CalibrationRun& run) {
  std::string out_path = absl::GetFlag(FLAGS_out);
  if (out_path.empty()) out_path = "docs/CALIBRATION.md";
  absl::StatusOr<std::string> md = CalibrationDocument(rater, run);
  if (!md.ok())
    return UsageError("calibrate", std::string(md.status().message()));
  std::ofstream out(out_path);
  if (!out)
    return UsageError("calibrate", absl::StrCat(out_path, ": cannot write"));
  out << *md;
  std::cout << "wrote " << out_path << "\n";
  return kExitOk;
}

int RunCalibrate(const CommandArgs& args) {
  if (!args.positional.empty() && args.positional[0] == "se")
    return RunCalibrateSeCommand(args);
  RaterOptions options = WithSolverFeatures({});
  // No time bound: a figure must not depend on the machine's load (the
  // hardest list's nested chains take up to a minute of CPU a puzzle, more
  // in wall time beside other jobs). The work budgets (max_nodes, top_work)
  // still bound every search, the same on every machine.
  options.max_seconds = 0;
  options.techniques = absl::GetFlag(FLAGS_techniques);
  absl::StatusOr<std::vector<std::string>> inputs =
      ParseInputs(absl::GetFlag(FLAGS_inputs));
  if (!inputs.ok())
    return UsageError("calibrate", std::string(inputs.status().message()));
  bool stochastic = absl::GetFlag(FLAGS_stochastic);
  for (const std::string& in : *inputs) stochastic |= IsStochasticInput(in);
  options.stochastic =
      stochastic ? StochasticUse::kAlways : StochasticUse::kIfModelUses;
  const std::optional<int> players = absl::GetFlag(FLAGS_players);
  const std::optional<double> slope = absl::GetFlag(FLAGS_technique_slope);
  if (players) options.players.players = *players;
  if (slope) options.players.technique_slope = *slope;
  if ((players || slope) && !absl::GetFlag(FLAGS_write_model).empty()) {
    return UsageError("calibrate",
                      "--write-model installs parameters for the default "
                      "players' model: drop "
                      "--players/--technique-slope, or change their defaults "
                      "in rater/players.h");
  }
  absl::StatusOr<std::unique_ptr<Rater>> rater = Rater::Create(options);
  if (!rater.ok())
    return UsageError("calibrate", std::string(rater.status().message()));
  if (!args.positional.empty()) {
    return UsageError("calibrate", absl::StrCat("unexpected argument '",
                                                args.positional[0], "'"));
  }
  CalibrationRun run;
  run.rated_dir = absl::GetFlag(FLAGS_rated_dir);
  run.sample = absl::GetFlag(FLAGS_sample);
  run.jobs = absl::GetFlag(FLAGS_jobs);
  if (absl::GetFlag(FLAGS_all)) return WriteDocument(**rater, run);
  if (absl::GetFlag(FLAGS_top)) {
    absl::StatusOr<std::string> section = TopReport(**rater, run);
    if (!section.ok())
      return UsageError("calibrate", std::string(section.status().message()));
    std::cout << *section;
    return kExitOk;
  }
  if (absl::GetFlag(FLAGS_expected_time)) {
    absl::StatusOr<std::string> section = ExpectedTimeReport(**rater, run);
    if (!section.ok())
      return UsageError("calibrate", std::string(section.status().message()));
    std::cout << *section;
    return kExitOk;
  }
  std::string corpus = absl::GetFlag(FLAGS_corpus);
  std::string label = absl::GetFlag(FLAGS_label);
  if (absl::GetFlag(FLAGS_fit)) {
    if (corpus.empty())
      corpus =
          absl::GetFlag(FLAGS_rated_dir) + "/human_cloudsudoku_wang2024.tsv";
    if (label.empty()) label = "mean_time_s";
    return Fit(**rater, corpus, label, *inputs, run);
  }
  if (corpus.empty() || label.empty()) {
    return UsageError("calibrate",
                      "give --corpus=FILE --label=COLUMN, --fit or --all");
  }
  absl::Status status =
      CompareWithLabel(**rater, corpus, label, run, std::cout);
  if (!status.ok())
    return UsageError("calibrate", std::string(status.message()));
  return kExitOk;
}

}  // namespace

Command CalibrateCommand() {
  return {
      "calibrate",
      "agreement of the Forge score with external ratings; model fit",
      "Usage: sudoku-forge calibrate --corpus=FILE --label=COLUMN [--sample=N] "
      "[--jobs=J]\n"
      "       sudoku-forge calibrate --fit [--corpus=FILE --label=COLUMN]\n"
      "       sudoku-forge calibrate --all [--out=docs/CALIBRATION.md] "
      "[--sample=N]\n"
      "       sudoku-forge calibrate --expected-time [--jobs=J]\n"
      "       sudoku-forge calibrate --top [--jobs=J]\n"
      "Reads a rated TSV ('#puzzle<TAB>...' header), rates every puzzle and "
      "prints\n"
      "Spearman's rho of the Forge score (and of our ER) against the column, "
      "then\n"
      "the confusion of our levels with the column's values (or, for numeric\n"
      "columns, the column's range per level). --fit refits the score model "
      "on\n"
      "even rows of the human solve times and reports on the odd rows.",
      {"corpus", "label", "fit", "all", "expected_time", "sample", "rated_dir",
       "out", "jobs", "techniques", "inputs", "write_model", "stochastic",
       "players", "technique_slope", "top", "limit", "stride", "no_uniqueness"},
      &RunCalibrate};
}

}  // namespace sudoku::research
