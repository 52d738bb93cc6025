// sudoku-forge calibrate: how well the Forge score agrees with external
// difficulty labels, and the fit of the score model.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "cli/calibrate_se.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "cli/progress.h"
#include "core/format.h"
#include "rater/calibration.h"
#include "rater/rater.h"
#include "rater/stats.h"

ABSL_FLAG(std::string, label, "", "calibrate: the label column of --corpus to compare with");
ABSL_FLAG(bool, fit, false,
          "calibrate: fit the score model on every other row of --corpus/--label "
          "(default: the human solve times) and report on the rest");
ABSL_FLAG(bool, all, false, "calibrate: every rated file; writes --out (docs/CALIBRATION.md)");
ABSL_FLAG(int, sample, 0, "calibrate: use at most N rows per file, evenly spaced (0 = all)");
ABSL_FLAG(std::string, rated_dir, "../shared/corpora/rated",
          "calibrate --all: the directory of rated TSV files");

namespace sudoku::cli {
namespace {

struct Scored {
  const RatedRow* row;
  bool ok = false;
  RatingFeatures features;
  double score = 0;
  Level level = Level::kEasy;
};

// Rates the rows (in parallel, --jobs) whose puzzle parses and is unique.
std::vector<Scored> RateRows(const Rater& rater, const std::vector<const RatedRow*>& rows,
                             const std::string& what) {
  std::vector<Scored> out(rows.size());
  std::atomic<size_t> next{0};
  Progress progress(what, static_cast<int64_t>(rows.size()));
  auto worker = [&]() {
    for (size_t i = next.fetch_add(1); i < rows.size(); i = next.fetch_add(1)) {
      out[i].row = rows[i];
      absl::StatusOr<Grid> grid = ParseGrid(rows[i]->puzzle);
      if (grid.ok()) {
        RatingResult r = rater.Rate(*grid);
        if (r.status == RateStatus::kRated) {
          out[i].ok = true;
          out[i].features = std::move(r.features);
          out[i].score = r.score;
          out[i].level = r.level;
        }
      }
      progress.Add();
    }
  };
  std::vector<std::thread> threads;
  for (int j = 0; j < std::max(1, absl::GetFlag(FLAGS_jobs)); ++j) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
  return out;
}

std::vector<const RatedRow*> Sample(const RatedFile& file, int sample) {
  std::vector<const RatedRow*> rows;
  const size_t n = file.rows.size();
  const size_t want = sample > 0 ? std::min(n, static_cast<size_t>(sample)) : n;
  for (size_t k = 0; k < want; ++k) rows.push_back(&file.rows[k * n / want]);
  return rows;
}

struct Agreement {
  size_t n = 0;
  double rho_score = 0, rho_er = 0;
  std::string confusion;  // markdown table
};

// Spearman of score and ER against the label, and the confusion of our
// levels against the label's values.
Agreement Compare(const std::vector<Scored>& scored, const std::string& label) {
  std::vector<double> score, er, ext;
  std::map<std::string, std::map<Level, int>> confusion;
  std::map<Level, std::vector<double>> ranges;
  for (const Scored& s : scored) {
    if (!s.ok) continue;
    const std::string& raw = s.row->labels.at(label);
    std::optional<double> v = LabelValue(label, raw);
    if (!v) continue;
    score.push_back(s.score);
    er.push_back(s.features.er);
    ext.push_back(*v);
    ++confusion[raw][s.level];
    ranges[s.level].push_back(*v);
  }
  Agreement a;
  a.n = score.size();
  a.rho_score = Spearman(score, ext);
  a.rho_er = Spearman(er, ext);
  std::ostringstream md;
  if (confusion.size() <= 12) {
    md << "| " << label << " \\ ours |";
    for (int l = 0; l < 5; ++l) md << " " << LevelName(static_cast<Level>(l)) << " |";
    md << "\n|---|---:|---:|---:|---:|---:|\n";
    std::vector<std::pair<double, std::string>> keys;
    for (auto& [k, _] : confusion) keys.push_back({LabelValue(label, k).value_or(0), k});
    std::sort(keys.begin(), keys.end());
    for (auto& [_, k] : keys) {
      md << "| " << k << " |";
      for (int l = 0; l < 5; ++l) md << " " << confusion[k][static_cast<Level>(l)] << " |";
      md << "\n";
    }
  } else {
    md << "| our level | n | " << label << " min | median | max |\n|---|---:|---:|---:|---:|\n";
    for (auto& [level, values] : ranges) {
      std::sort(values.begin(), values.end());
      md << absl::StrFormat("| %s | %d | %g | %g | %g |\n", LevelName(level), values.size(),
                            values.front(), values[values.size() / 2], values.back());
    }
  }
  a.confusion = md.str();
  return a;
}

absl::StatusOr<RatedFile> LoadRated(const std::string& path) {
  absl::StatusOr<std::string> text = ReadFileOrStdin(path);
  if (!text.ok()) return text.status();
  absl::StatusOr<RatedFile> file = ParseRatedTsv(*text);
  if (!file.ok()) return absl::InvalidArgumentError(absl::StrCat(path, ": ", file.status().message()));
  return file;
}

int Fit(const Rater& rater, const std::string& path, const std::string& label) {
  absl::StatusOr<RatedFile> file = LoadRated(path);
  if (!file.ok()) return UsageError("calibrate", std::string(file.status().message()));
  std::vector<const RatedRow*> rows = Sample(*file, absl::GetFlag(FLAGS_sample));
  std::vector<Scored> scored = RateRows(rater, rows, "fit");
  std::vector<std::vector<double>> x_fit;
  std::vector<double> y_fit;
  std::vector<const Scored*> held_out;
  for (size_t i = 0; i < scored.size(); ++i) {
    if (!scored[i].ok) continue;
    std::optional<double> v = LabelValue(label, scored[i].row->labels.at(label));
    if (!v || *v <= 0) continue;
    if (i % 2 == 0) {
      x_fit.push_back(ModelInputs(scored[i].features));
      y_fit.push_back(std::log(*v));
    } else {
      held_out.push_back(&scored[i]);
    }
  }
  const std::vector<double> b = LeastSquares(x_fit, y_fit);
  if (b.empty()) return UsageError("calibrate", "no usable rows to fit");
  const std::vector<std::string> names = ModelInputNames();
  std::cout << "fit on " << x_fit.size() << " rows (even), held out " << held_out.size()
            << " rows (odd) of " << path << " column " << label << " (log)\n";
  std::cout << "coefficients: intercept " << absl::StrFormat("%.4f", b[0]);
  for (size_t j = 0; j < names.size(); ++j) {
    std::cout << absl::StrFormat(", %s %.4f", names[j], b[j + 1]);
  }
  std::cout << "\nC++: {" << absl::StrJoin(b, ", ", [](std::string* out, double v) {
    absl::StrAppend(out, absl::StrFormat("%.4f", v));
  }) << "}\n";
  // Held-out agreement of the fitted predictor and of each input alone.
  std::vector<double> pred, truth;
  std::vector<std::vector<double>> inputs(names.size());
  for (const Scored* s : held_out) {
    const std::vector<double> x = ModelInputs(s->features);
    double p = b[0];
    for (size_t j = 0; j < x.size(); ++j) {
      p += b[j + 1] * x[j];
      inputs[j].push_back(x[j]);
    }
    pred.push_back(p);
    truth.push_back(*LabelValue(label, s->row->labels.at(label)));
  }
  std::cout << absl::StrFormat("held-out Spearman rho: fitted model %.3f", Spearman(pred, truth));
  for (size_t j = 0; j < names.size(); ++j) {
    std::cout << absl::StrFormat(", %s alone %.3f", names[j], Spearman(inputs[j], truth));
  }
  std::cout << "\n";
  return kExitOk;
}

struct KnownFile {
  const char* file;
  const char* label;
  const char* what;
};
constexpr KnownFile kKnownFiles[] = {
    {"human_cloudsudoku_wang2024.tsv", "mean_time_s", "human mean solve time (Cloud Sudoku)"},
    {"nyt_levels.tsv", "nyt_level", "New York Times editors' levels"},
    {"andoku_levels.tsv", "andoku_level", "Andoku's five levels"},
    {"qqwing_levels.tsv", "qqwing_level", "QQWing's four levels"},
    {"sudoku_exchange_se.tsv", "se_er", "Sudoku Explainer ER (Sudoku Exchange)"},
    {"kaggle_radcliffe_5000.tsv", "radcliffe_difficulty", "Kaggle search-depth difficulty"},
    {"cbg000_controlled_bias.tsv", "ser", "SE rating of controlled-bias minimal puzzles"},
    {"hardest_database_110626.tsv", "er", "SE ER of the hardest list"},
};

int All(const Rater& rater) {
  const std::string dir = absl::GetFlag(FLAGS_rated_dir);
  std::string out_path = absl::GetFlag(FLAGS_out);
  if (out_path.empty()) out_path = "docs/CALIBRATION.md";
  const int sample = absl::GetFlag(FLAGS_sample) > 0 ? absl::GetFlag(FLAGS_sample) : 1500;
  std::ostringstream md;
  md << "# Calibration of the Forge score\n\n"
     << "Generated by `sudoku-forge calibrate --all --sample=" << sample << " --jobs="
     << absl::GetFlag(FLAGS_jobs) << "` (rater version " << kRaterVersion
     << "). Each file is sampled evenly (at most " << sample
     << " rows). Spearman's rho of the Forge score and of our ER against the file's label;\n"
     << "then our levels against the label.\n\n"
     << "| file | label | n | rho(score) | rho(our ER) |\n|---|---|---:|---:|---:|\n";
  std::ostringstream details;
  for (const KnownFile& k : kKnownFiles) {
    absl::StatusOr<RatedFile> file = LoadRated(absl::StrCat(dir, "/", k.file));
    if (!file.ok()) {
      std::cerr << "calibrate: skipping " << k.file << ": " << file.status().message() << "\n";
      continue;
    }
    std::vector<Scored> scored = RateRows(rater, Sample(*file, sample), k.file);
    Agreement a = Compare(scored, k.label);
    md << absl::StrFormat("| %s | %s (%s) | %d | %.3f | %.3f |\n", k.file, k.label, k.what, a.n,
                          a.rho_score, a.rho_er);
    details << "## " << k.file << " — " << k.what << "\n\n" << a.confusion << "\n";
    std::cerr << absl::StrFormat("%s: n=%d rho(score)=%.3f rho(er)=%.3f\n", k.file, a.n,
                                 a.rho_score, a.rho_er);
  }
  md << "\n" << details.str();
  std::ofstream out(out_path);
  if (!out) return UsageError("calibrate", absl::StrCat(out_path, ": cannot write"));
  out << md.str();
  std::cout << "wrote " << out_path << "\n";
  return kExitOk;
}

int RunCalibrate(const CommandArgs& args) {
  if (!args.positional.empty() && args.positional[0] == "se") return RunCalibrateSeCommand(args);
  RaterOptions options;
  options.techniques = absl::GetFlag(FLAGS_techniques);
  absl::StatusOr<std::unique_ptr<Rater>> rater = Rater::Create(options);
  if (!rater.ok()) return UsageError("calibrate", std::string(rater.status().message()));
  if (!args.positional.empty()) {
    return UsageError("calibrate", absl::StrCat("unexpected argument '", args.positional[0], "'"));
  }
  if (absl::GetFlag(FLAGS_all)) return All(**rater);
  std::string corpus = absl::GetFlag(FLAGS_corpus);
  std::string label = absl::GetFlag(FLAGS_label);
  if (absl::GetFlag(FLAGS_fit)) {
    if (corpus.empty()) corpus = absl::GetFlag(FLAGS_rated_dir) + "/human_cloudsudoku_wang2024.tsv";
    if (label.empty()) label = "mean_time_s";
    return Fit(**rater, corpus, label);
  }
  if (corpus.empty() || label.empty()) {
    return UsageError("calibrate", "give --corpus=FILE --label=COLUMN, --fit or --all");
  }
  absl::StatusOr<RatedFile> file = LoadRated(corpus);
  if (!file.ok()) return UsageError("calibrate", std::string(file.status().message()));
  if (std::find(file->columns.begin(), file->columns.end(), label) == file->columns.end()) {
    return UsageError("calibrate", absl::StrCat("no column '", label, "' in ", corpus, " (columns: ",
                                                absl::StrJoin(file->columns, ", "), ")"));
  }
  std::vector<Scored> scored = RateRows(**rater, Sample(*file, absl::GetFlag(FLAGS_sample)), "rate");
  Agreement a = Compare(scored, label);
  std::cout << absl::StrFormat("%s, %s: n=%d  Spearman rho: Forge score %.3f, our ER %.3f\n\n%s",
                               corpus, label, a.n, a.rho_score, a.rho_er, a.confusion);
  return kExitOk;
}

}  // namespace

Command CalibrateCommand() {
  return {"calibrate", "agreement of the Forge score with external ratings; model fit",
          "Usage: sudoku-forge calibrate --corpus=FILE --label=COLUMN [--sample=N] [--jobs=J]\n"
          "       sudoku-forge calibrate --fit [--corpus=FILE --label=COLUMN]\n"
          "       sudoku-forge calibrate --all [--out=docs/CALIBRATION.md] [--sample=N]\n"
          "Reads a rated TSV ('#puzzle<TAB>...' header), rates every puzzle and prints\n"
          "Spearman's rho of the Forge score (and of our ER) against the column, then\n"
          "the confusion of our levels with the column's values (or, for numeric\n"
          "columns, the column's range per level). --fit refits the score model on\n"
          "even rows of the human solve times and reports on the odd rows.",
          {"corpus", "label", "fit", "all", "sample", "rated_dir", "out", "jobs", "techniques",
           "limit", "stride", "no_uniqueness"},
          &RunCalibrate};
}

}  // namespace sudoku::cli
