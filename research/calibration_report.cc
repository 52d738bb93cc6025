// The calibration runs behind `sudoku-forge calibrate`: rating the rated
// TSV files, agreement with their labels, the model fit report and the text
// of docs/CALIBRATION.md. The fit itself and the model file are
// rater/model_file.h; this file rates corpora and writes the reports.
#include "research/calibration_report.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "cli/input.h"
#include "cli/progress.h"
#include "core/format.h"
#include "core/stats.h"
#include "core/status_macros.h"
#include "rater/calibration.h"
#include "rater/stats.h"

namespace sudoku::research {
namespace {

constexpr int kLevels = static_cast<int>(Level::kNeedsGuessing) + 1;
// The stochastic solvers at the papers' budgets run on every this-th row of
// the top sets (about 0.5 CPU s per row and solver).
constexpr int kTopStochasticEvery = 12;

struct Scored {
  const RatedRow* row;
  bool ok = false;
  RatingFeatures features;
  double score = 0;
  Level level = Level::kEasy;
};

// Rates the rows (in parallel, --jobs) whose puzzle parses and is unique.
std::vector<Scored> RateRows(const Rater& rater,
                             const std::vector<const RatedRow*>& rows,
                             const std::string& what, int jobs) {
  std::vector<Scored> out(rows.size());
  std::atomic<size_t> next{0};
  cli::Progress progress(what, static_cast<int64_t>(rows.size()));
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
  for (int j = 0; j < std::max(1, jobs); ++j) threads.emplace_back(worker);
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

// At most `total` rows spread evenly over the values of `column` (evenly
// spaced within each value), so that rare levels are not lost.
std::vector<const RatedRow*> SampleByLabel(const RatedFile& file,
                                           const std::string& column,
                                           int total) {
  std::map<std::string, std::vector<const RatedRow*>> by;
  for (const RatedRow& row : file.rows) {
    auto it = row.labels.find(column);
    if (it != row.labels.end() && !it->second.empty())
      by[it->second].push_back(&row);
  }
  std::vector<const RatedRow*> rows;
  if (by.empty()) return rows;
  const size_t per =
      std::max<size_t>(1, static_cast<size_t>(total) / by.size());
  for (auto& [_, list] : by) {
    const size_t want = std::min(per, list.size());
    for (size_t k = 0; k < want; ++k)
      rows.push_back(list[k * list.size() / want]);
  }
  std::sort(rows.begin(), rows.end(), [](const RatedRow* a, const RatedRow* b) {
    return a->line < b->line;
  });
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
    for (int l = 0; l < kLevels; ++l)
      md << " " << LevelName(static_cast<Level>(l)) << " |";
    md << "\n|---|---:|---:|---:|---:|---:|---:|\n";
    std::vector<std::pair<double, std::string>> keys;
    for (auto& [k, _] : confusion)
      keys.push_back({LabelValue(label, k).value_or(0), k});
    std::sort(keys.begin(), keys.end());
    for (auto& [_, k] : keys) {
      md << "| " << k << " |";
      for (int l = 0; l < kLevels; ++l)
        md << " " << confusion[k][static_cast<Level>(l)] << " |";
      md << "\n";
    }
  } else {
    md << "| our level | n | " << label
       << " min | median | max |\n|---|---:|---:|---:|---:|\n";
    for (auto& [level, values] : ranges) {
      std::sort(values.begin(), values.end());
      md << absl::StrFormat("| %s | %d | %g | %g | %g |\n", LevelName(level),
                            values.size(), values.front(),
                            SortedQuantile(values, 0.5), values.back());
    }
  }
  a.confusion = md.str();
  return a;
}

absl::StatusOr<RatedFile> LoadRated(const std::string& path) {
  absl::StatusOr<std::string> text = cli::ReadFileOrStdin(path);
  if (!text.ok()) return text.status();
  absl::StatusOr<RatedFile> file = ParseRatedTsv(*text);
  if (!file.ok())
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": ", file.status().message()));
  return file;
}

// The rated rows with a value for `label`, split by row parity: the fit
// uses the even rows and reports on the odd (held-out) ones.
struct ParitySplit {
  std::vector<LabelledFeatures> even, odd;
};
ParitySplit SplitByParity(const std::vector<Scored>& scored,
                          const std::string& label) {
  ParitySplit split;
  for (size_t i = 0; i < scored.size(); ++i) {
    if (!scored[i].ok) continue;
    std::optional<double> v =
        LabelValue(label, scored[i].row->labels.at(label));
    if (!v) continue;
    (i % 2 == 0 ? split.even : split.odd).push_back({&scored[i].features, *v});
  }
  return split;
}

// Fits log(label) on the even rows with `inputs`; the held-out Spearman rho
// is measured on the odd rows.
LogModelFit FitOnEvenRows(const std::vector<Scored>& scored,
                          const std::string& label,
                          const std::vector<std::string>& inputs) {
  const ParitySplit split = SplitByParity(scored, label);
  return FitLogModel(split.even, split.odd, inputs);
}

// Held-out Spearman rho (odd rows) of a log-model refitted on even rows
// with `inputs`.
double HeldOut(const std::vector<Scored>& scored, const std::string& label,
               const std::vector<std::string>& inputs) {
  return FitOnEvenRows(scored, label, inputs).held_out_rho;
}

double Rho(const std::vector<Scored>& scored, const std::string& label,
           const std::function<double(const Scored&)>& score) {
  std::vector<double> a, b;
  for (const Scored& s : scored) {
    if (!s.ok) continue;
    std::optional<double> v = LabelValue(label, s.row->labels.at(label));
    if (!v) continue;
    a.push_back(score(s));
    b.push_back(*v);
  }
  return Spearman(a, b);
}

// Markdown confusion of an anchor's labels (rows, in mapping order) against
// our levels, with the agreeing range marked and the share in range.
std::string AnchorConfusion(const LevelAnchor& anchor,
                            const std::vector<Scored>& scored,
                            const std::function<double(const Scored&)>& score,
                            const LevelThresholds& t, bool odd_rows_only) {
  std::vector<std::array<int, kLevels>> counts(anchor.mapping.size(),
                                               std::array<int, kLevels>{});
  for (size_t i = odd_rows_only ? 1 : 0; i < scored.size();
       i += odd_rows_only ? 2 : 1) {
    const Scored& s = scored[i];
    if (!s.ok) continue;
    const std::string& raw = s.row->labels.at(anchor.column);
    for (size_t l = 0; l < anchor.mapping.size(); ++l) {
      if (raw != anchor.mapping[l].label) continue;
      ++counts[l][static_cast<size_t>(
          LevelForScore(score(s), EndsInGuessLevel(s.features), t))];
    }
  }
  std::ostringstream md;
  md << "| " << anchor.column << " \\ ours |";
  for (int l = 0; l < kLevels; ++l)
    md << " " << LevelName(static_cast<Level>(l)) << " |";
  md << " agrees with | in range "
        "|\n|---|---:|---:|---:|---:|---:|---:|---|---:|\n";
  for (size_t l = 0; l < anchor.mapping.size(); ++l) {
    const LevelMapping& m = anchor.mapping[l];
    int n = 0, ok = 0;
    md << "| " << m.label << " |";
    for (int k = 0; k < kLevels; ++k) {
      const int c = counts[l][static_cast<size_t>(k)];
      n += c;
      if (k >= static_cast<int>(m.lo) && k <= static_cast<int>(m.hi)) ok += c;
      md << " " << c << " |";
    }
    md << " " << LevelName(m.lo);
    if (m.hi != m.lo) md << "–" << LevelName(m.hi);
    md << absl::StrFormat(" | %.0f %% |\n", n == 0 ? 0.0 : 100.0 * ok / n);
  }
  return md.str();
}

// Prints the fitted score model: each input's coefficient, its held-out
// rho alone and the held-out rho without it.
void PrintScoreFit(const std::vector<Scored>& scored, const std::string& path,
                   const std::string& label,
                   const std::vector<std::string>& inputs,
                   const LogModelFit& fit, std::ostream& out) {
  out << "# Score model: log(" << label << ") fitted on the even rows of "
      << path << ", Spearman rho on the odd rows (held out)\n\n";
  out << "| input | coefficient | held-out rho alone | held-out rho "
         "without it |\n"
         "|---|---:|---:|---:|\n";
  out << absl::StrFormat("| (intercept) | %.4f | | |\n",
                         fit.model.coefficients[0]);
  for (size_t j = 0; j < inputs.size(); ++j) {
    const double alone = HeldOut(scored, label, {inputs[j]});
    std::vector<std::string> rest = inputs;
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(j));
    const double without = rest.empty() ? 0 : HeldOut(scored, label, rest);
    out << absl::StrFormat(
        "| %s | %.4f | %.3f | %s |\n", inputs[j], fit.model.coefficients[j + 1],
        alone, rest.empty() ? "" : absl::StrFormat("%.3f", without));
  }
  out << absl::StrFormat("\nheld-out Spearman rho of the fitted score: %.3f\n",
                         fit.held_out_rho);
}

// The level anchors rated and scored by a candidate model: the rows of each
// anchor, and their level samples split by row parity.
struct AnchorSamples {
  std::vector<RatedFile> files;            // per anchor (empty if absent)
  std::vector<std::vector<Scored>> rows;   // per anchor
  std::vector<LevelSample> fit, held_out;  // even and odd rows
};

AnchorSamples RateAnchors(const Rater& rater, const ScoreModel& model,
                          const CalibrationRun& run) {
  const std::string& dir = run.rated_dir;
  const int sample = run.sample;
  const std::vector<LevelAnchor>& anchors = LevelAnchors();
  AnchorSamples out;
  out.files.resize(anchors.size());
  out.rows.resize(anchors.size());
  for (size_t a = 0; a < anchors.size(); ++a) {
    absl::StatusOr<RatedFile> f =
        LoadRated(absl::StrCat(dir, "/", anchors[a].file));
    if (!f.ok()) {
      std::cerr << "calibrate: skipping anchor " << anchors[a].file << ": "
                << f.status().message() << "\n";
      continue;
    }
    out.files[a] = std::move(*f);
    out.rows[a] = RateRows(rater,
                           SampleByLabel(out.files[a], anchors[a].column,
                                         sample > 0 ? sample : 2000),
                           anchors[a].file, run.jobs);
    for (size_t i = 0; i < out.rows[a].size(); ++i) {
      const Scored& s = out.rows[a][i];
      if (!s.ok) continue;
      const std::string& raw = s.row->labels.at(anchors[a].column);
      for (size_t l = 0; l < anchors[a].mapping.size(); ++l) {
        if (raw != anchors[a].mapping[l].label) continue;
        LevelSample ls{WithTop(model.Score(s.features), s.features),
                       EndsInGuessLevel(s.features), static_cast<int>(a),
                       static_cast<int>(l)};
        (i % 2 == 0 ? out.fit : out.held_out).push_back(ls);
      }
    }
  }
  return out;
}

// Prints the fitted thresholds, their agreement, and per anchor the rho of
// the score and the confusion on the odd rows.
void PrintThresholdFit(const AnchorSamples& anchors, const ScoreModel& model,
                       const LevelThresholds& t, std::ostream& out) {
  out << absl::StrFormat(
      "\n# Level thresholds: easy < %.4f <= medium < %.4f <= hard < %.4f <= "
      "evil\n"
      "fitted on the even rows of the anchors (mean balanced agreement %.3f); "
      "held-out (odd rows) agreement %.3f\n\n",
      t.medium_from, t.hard_from, t.evil_from, LevelAgreement(anchors.fit, t),
      LevelAgreement(anchors.held_out, t));
  auto score = [&model](const Scored& s) {
    return WithTop(model.Score(s.features), s.features);
  };
  const std::vector<LevelAnchor>& list = LevelAnchors();
  for (size_t a = 0; a < list.size(); ++a) {
    if (anchors.rows[a].empty()) continue;
    const std::string rho_label = std::string(list[a].column) == "andoku_name"
                                      ? "andoku_level"
                                      : list[a].column;
    out << "## " << list[a].file << " (odd rows), Spearman rho of the score vs "
        << list[a].column << ": "
        << absl::StrFormat("%.3f", Rho(anchors.rows[a], rho_label, score))
        << "\n\n"
        << AnchorConfusion(list[a], anchors.rows[a], score, t, true) << "\n";
  }
}

}  // namespace

absl::StatusOr<FittedModel> FitModel(const Rater& rater,
                                     const std::string& corpus,
                                     const std::string& label,
                                     const std::vector<std::string>& inputs,
                                     const CalibrationRun& run,
                                     std::ostream& out) {
  SUDOKU_ASSIGN_OR_RETURN(RatedFile file, LoadRated(corpus));
  std::vector<Scored> scored =
      RateRows(rater, Sample(file, run.sample), "fit", run.jobs);
  const LogModelFit fit = FitOnEvenRows(scored, label, inputs);
  PrintScoreFit(scored, corpus, label, inputs, fit, out);

  const AnchorSamples anchors = RateAnchors(rater, fit.model, run);
  if (anchors.fit.empty())
    return absl::InvalidArgumentError("no anchor rows to fit the thresholds");
  FittedModel fitted{fit.model, FitThresholds(anchors.fit), fit.held_out_rho};
  PrintThresholdFit(anchors, fitted.model, fitted.thresholds, out);
  return fitted;
}

namespace {

struct KnownFile {
  const char* file;
  const char* label;
  const char* what;
};
constexpr KnownFile kKnownFiles[] = {
    {"human_cloudsudoku_wang2024.tsv", "mean_time_s",
     "human mean solve time (Cloud Sudoku)"},
    {"nyt_levels.tsv", "nyt_level", "New York Times editors' levels"},
    {"andoku_levels.tsv", "andoku_level", "Andoku's five levels"},
    {"qqwing_levels.tsv", "qqwing_level", "QQWing's four levels"},
    {"sudoku_exchange_se.tsv", "se_er",
     "Sudoku Explainer ER (Sudoku Exchange)"},
    {"kaggle_radcliffe_5000.tsv", "radcliffe_difficulty",
     "Kaggle search-depth difficulty"},
    {"cbg000_controlled_bias.tsv", "ser",
     "SE rating of controlled-bias minimal puzzles"},
    {"hardest_database_110626.tsv", "er", "SE ER of the hardest list"},
};

constexpr char kHumanFile[] = "human_cloudsudoku_wang2024.tsv";
constexpr char kHumanLabel[] = "mean_time_s";

// What each deterministic model input measures (docs/CALIBRATION.md).
std::map<std::string, std::string> InputDescriptions() {
  const PlayerModelOptions players;
  return {
      {"log_player_effort",
       absl::StrFormat(
           "log of the simulated players' effort (rater/players.h): mean over "
           "%d players who take "
           "the singles in sight at random, by visibility, of the sum over "
           "positions of empty "
           "cells / visibility on offer; a position without a single costs "
           "empty cells x "
           "e^(%g (SE rating of the trace's next harder step - 1.2))",
           players.players, players.technique_slope)},
      {"log_search_effort",
       "log of the same effort along the deduction trace's one path of "
       "singles"},
      {"er", "Sudoku Explainer rating of the hardest step (capped at 11)"},
      {"ep", "SE pearl"},
      {"ed", "SE diamond"},
      {"log1p_steps_above_singles",
       "log(1 + steps rated above a naked single)"},
      {"log1p_technique_effort",
       "log(1 + sum of (step rating - 2.3) over steps above singles)"},
      {"log1p_solver_guesses",
       "log(1 + backtracking guesses of the exact uniqueness check)"},
      {"log1p_solver_nodes", "log(1 + exact solver nodes)"},
      {"empty_cells", "empty cells"},
      {"not_solved_by_logic", "1 when the ladder needs a guess"},
      {"top_er",
       "9x9: the engine's ER estimate (the ladder's ER, or from the trials "
       "where it gets stuck)"},
  };
}

// The head of docs/CALIBRATION.md and its section on the installed model:
// each input's coefficient and held-out figures on the human times, and the
// level thresholds.
std::string ModelSection(const std::vector<Scored>& human_rows,
                         const CalibrationRun& run, const LevelThresholds& t) {
  const std::vector<std::string> inputs = ModelInputNames();
  const std::vector<double> coefficients = ModelCoefficients();
  std::ostringstream md;
  md << "# Calibration of the Forge score\n\n"
     << "Generated by `sudoku-forge calibrate --all --sample=" << run.sample
     << " --jobs=" << run.jobs << "` (engine " << RaterEngineVersion()
     << ") from the rated files in `../shared/corpora/rated` (README there). "
        "Do not edit by hand.\n\n"
     << "## The model\n\n"
     << "The Forge score is a linear model of the natural log of a typical "
        "player's solve time in\n"
     << "seconds, fitted by least squares on the **even** data rows of `"
     << kHumanFile << "`\n"
     << "(human mean solve times, Cloud Sudoku); every figure called "
        "*held-out* is on the **odd** rows,\n"
     << "which the fit never saw. The level thresholds are then fitted on the "
        "even rows of the level\n"
     << "anchors below (maximising the mean balanced agreement) and reported "
        "on their odd rows.\n\n"
     << "| input | what it measures | coefficient | held-out rho alone | "
        "held-out rho without it |\n"
     << "|---|---|---:|---:|---:|\n"
     << absl::StrFormat("| (intercept) | | %.4f | | |\n", coefficients[0]);
  const std::map<std::string, std::string> what = InputDescriptions();
  for (size_t j = 0; j < inputs.size(); ++j) {
    std::vector<std::string> rest = inputs;
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(j));
    auto w = what.find(inputs[j]);
    md << absl::StrFormat(
        "| `%s` | %s | %.4f | %.3f | %s |\n", inputs[j],
        w == what.end() ? "stochastic solver feature" : w->second,
        coefficients[j + 1], HeldOut(human_rows, kHumanLabel, {inputs[j]}),
        rest.empty()
            ? ""
            : absl::StrFormat("%.3f", HeldOut(human_rows, kHumanLabel, rest)));
  }
  md << absl::StrFormat(
      "\nLevels: easy < %.4f ≤ medium < %.4f ≤ hard < %.4f ≤ evil < %.4f ≤ "
      "extreme (9×9; see \"The top\" below). A puzzle of another shape that "
      "the deduction ladder cannot finish without guessing is "
      "`needs-guessing` whatever its score. The generator uses the same "
      "bands (`ScoreBand`).\n\n",
      t.medium_from, t.hard_from, t.evil_from, ExtremeFrom());
  return md.str();
}

// The targets of issue #8: held-out rho against the human times and rho
// against the NYT levels (rated here).
std::string TargetsSection(const Rater& rater, const CalibrationRun& run,
                           const std::vector<Scored>& human_rows) {
  std::vector<double> score_odd, er_odd, time_odd;
  for (size_t i = 1; i < human_rows.size(); i += 2) {
    if (!human_rows[i].ok) continue;
    std::optional<double> v =
        LabelValue(kHumanLabel, human_rows[i].row->labels.at(kHumanLabel));
    if (!v) continue;
    score_odd.push_back(human_rows[i].score);
    er_odd.push_back(human_rows[i].features.er);
    time_odd.push_back(*v);
  }
  const double rho_human = Spearman(score_odd, time_odd);
  const double rho_human_er = Spearman(er_odd, time_odd);
  std::vector<Scored> nyt_rows;
  absl::StatusOr<RatedFile> nyt =
      LoadRated(absl::StrCat(run.rated_dir, "/nyt_levels.tsv"));
  if (nyt.ok())
    nyt_rows = RateRows(rater, Sample(*nyt, 0), "nyt_levels.tsv", run.jobs);
  const double rho_nyt =
      Rho(nyt_rows, "nyt_level", [](const Scored& s) { return s.score; });
  const double rho_nyt_er =
      Rho(nyt_rows, "nyt_level", [](const Scored& s) { return s.features.er; });
  std::ostringstream md;
  md << "## Targets\n\n"
     << "| what | Forge score | our ER | SE ER (anchor) | HoDoKu score "
        "(anchor) | target |\n"
     << "|---|---:|---:|---:|---:|---:|\n"
     << absl::StrFormat(
            "| rho vs human mean time, held-out odd rows (n = %d) | %.3f | "
            "%.3f | 0.569 | 0.326 | ≥ 0.70 |\n",
            score_odd.size(), rho_human, rho_human_er)
     << absl::StrFormat(
            "| rho vs NYT level, all %d rows (not used by the score fit) | "
            "%.3f | %.3f | 0.841 | 0.813 | ≥ 0.88 |\n\n",
            nyt_rows.size(), rho_nyt, rho_nyt_er)
     << "The anchors were computed by the corpus README on the full files; "
        "ours are on the rows given here.\n\n";
  return md.str();
}

// Whether the stochastic solvers' features would raise the held-out rho on
// the human times, and their mean success rates there.
std::string StochasticSection(const std::vector<Scored>& human_rows) {
  const std::vector<std::string> inputs = ModelInputNames();
  const RaterOptions defaults;
  std::vector<std::string> fails = inputs, iters = inputs;
  for (const RaterOptions::StochasticConfig& c : defaults.stochastic_solvers) {
    fails.push_back("fail_" + c.solver);
    iters.push_back("log_iters_" + c.solver);
  }
  std::ostringstream md;
  md << "## Stochastic-solver features\n\n"
     << "Each solver runs on the canonical (minlex) form of the puzzle with "
        "seeds derived from its\n"
     << "canonical key, so a rating is reproducible and equal for all "
        "isomorphs. Budgets (`rate` reports\n"
     << "the success rates as `solver_success`): ";
  std::vector<std::string> budget_text;
  for (const RaterOptions::StochasticConfig& c : defaults.stochastic_solvers) {
    budget_text.push_back(absl::StrFormat("%s %d run(s) × %d iterations",
                                          c.solver, c.runs, c.iterations));
  }
  md << absl::StrJoin(budget_text, ", ") << ".\n\n"
     << "| model | held-out rho vs human time |\n|---|---:|\n"
     << absl::StrFormat("| installed inputs | %.3f |\n",
                        HeldOut(human_rows, kHumanLabel, inputs))
     << absl::StrFormat(
            "| + failure rates (1 − success) of every solver | %.3f |\n",
            HeldOut(human_rows, kHumanLabel, fails))
     << absl::StrFormat("| + log median iterations of every solver | %.3f |\n",
                        HeldOut(human_rows, kHumanLabel, iters));
  std::map<std::string, std::pair<double, int>> mean_success;
  for (const Scored& s : human_rows) {
    if (!s.ok) continue;
    for (const auto& [solver, rate] : s.features.stochastic_success) {
      mean_success[solver].first += rate;
      ++mean_success[solver].second;
    }
  }
  md << "\nMean success rate on the human set: ";
  std::vector<std::string> ms;
  for (const auto& [solver, sum_n] : mean_success) {
    ms.push_back(absl::StrFormat("%s %.3f", solver,
                                 sum_n.first / std::max(1, sum_n.second)));
  }
  md << absl::StrJoin(ms, ", ") << ".\n"
     << "They enter the score only when they raise the held-out rho; "
        "`calibrate --fit "
     << "--inputs=...,fail_hillclimb` tries a set.\n\n";
  return md.str();
}

// Spearman's rho of every known rated file (each sampled evenly); the
// per-file confusion tables go to *details.
std::string PerFileSection(const Rater& rater, const CalibrationRun& run,
                           std::string* details) {
  const int sample = run.sample;
  std::ostringstream md;
  md << "## Spearman's rho per rated file\n\n"
     << "Each file sampled evenly (at most " << sample
     << " rows); rho of the Forge score and of our ER\n"
     << "against the file's label (levels coded in their order).\n\n"
     << "| file | label | n | rho(score) | rho(our ER) "
        "|\n|---|---|---:|---:|---:|\n";
  for (const KnownFile& k : kKnownFiles) {
    absl::StatusOr<RatedFile> file =
        LoadRated(absl::StrCat(run.rated_dir, "/", k.file));
    if (!file.ok()) {
      std::cerr << "calibrate: skipping " << k.file << ": "
                << file.status().message() << "\n";
      continue;
    }
    std::vector<Scored> scored =
        RateRows(rater, Sample(*file, sample), k.file, run.jobs);
    Agreement a = Compare(scored, k.label);
    md << absl::StrFormat("| %s | %s (%s) | %d | %.3f | %.3f |\n", k.file,
                          k.label, k.what, a.n, a.rho_score, a.rho_er);
    absl::StrAppend(details, "### ", k.file, " — ", k.what, "\n\n", a.confusion,
                    "\n");
    std::cerr << absl::StrFormat("%s: n=%d rho(score)=%.3f rho(er)=%.3f\n",
                                 k.file, a.n, a.rho_score, a.rho_er);
  }
  return md.str();
}

// Our levels against each anchor's named levels, on the odd rows of a
// sample spread over its labels.
std::string AnchorLevelsSection(const Rater& rater, const CalibrationRun& run,
                                const LevelThresholds& t) {
  const int sample = run.sample;
  std::ostringstream md;
  md << "\n## Levels against the named levels (anchors)\n\n"
     << "Each external level is mapped to the range of our levels that agrees "
        "with it (column *agrees\n"
     << "with*); the thresholds maximise the mean over anchors of the "
        "per-label share in range, on the\n"
     << "even rows. Tables: the **odd** (held-out) rows of a sample of at most "
     << sample << " rows per file, spread evenly over its labels.\n\n";
  for (const LevelAnchor& anchor : LevelAnchors()) {
    absl::StatusOr<RatedFile> file =
        LoadRated(absl::StrCat(run.rated_dir, "/", anchor.file));
    if (!file.ok()) continue;
    std::vector<Scored> rows =
        RateRows(rater, SampleByLabel(*file, anchor.column, sample),
                 anchor.file, run.jobs);
    md << "### " << anchor.file << " (" << anchor.column << ")\n\n"
       << AnchorConfusion(
              anchor, rows, [](const Scored& s) { return s.score; }, t, true)
       << "\n";
  }
  return md.str();
}

constexpr char kRefittingSection[] =
    "## Refitting\n\n"
    "After a change to the deduction ladder (new techniques change ER, "
    "steps and the search effort):\n\n"
    "```\n"
    "sudoku-forge calibrate --fit --write-model=rater/model_params.inc "
    "--jobs=2\n"
    "cmake --build build/release --target sudoku-forge sudoku-forge-research"
    "  # the parameters are compiled in\n"
    "sudoku-forge calibrate --all --jobs=2  # regenerates this file\n"
    "```\n\n"
    "Run from the repository root (`--rated_dir` defaults to "
    "`../shared/corpora/rated`). `--fit`\n"
    "prints the same tables as above for the new fit; `--inputs=a,b,c` "
    "fits another input set\n"
    "(`--inputs=nonsense` lists the catalog). The new parameters carry a "
    "new fit id, so the engine\n"
    "version (`rater-<version>.<fit id>`) changes and `rate --db` "
    "recomputes stored ratings instead of\n"
    "reusing them.\n";

// The score as time: ExpectedMinutes(score) against the true mean solve
// time of the held-out (odd) rows of the human file.
std::string ExpectedTimeSection(const std::vector<Scored>& human_rows) {
  std::vector<double> abs_error, ratio, truths;
  int within = 0;
  for (size_t i = 1; i < human_rows.size(); i += 2) {
    const Scored& s = human_rows[i];
    if (!s.ok) continue;
    std::optional<double> seconds =
        LabelValue(kHumanLabel, s.row->labels.at(kHumanLabel));
    if (!seconds || *seconds <= 0) continue;
    const double truth = *seconds / 60.0;
    const double predicted = ExpectedMinutes(s.score);
    abs_error.push_back(std::abs(predicted - truth));
    truths.push_back(truth);
    ratio.push_back(truth / predicted);
    if (truth <= 1.5 * predicted && predicted <= 1.5 * truth) ++within;
  }
  std::ostringstream md;
  md << "## Expected solve time\n\n"
     << "Every rating carries `expected_minutes` = e^score / 60 (rate text "
        "and JSON, the bank's stored\n"
     << "rating, the Python package). It describes the players of `"
     << kHumanFile << "`: people who finished the\n"
     << "puzzle in the Android app Cloud Sudoku (at least 10 per puzzle; "
        "their mean time, players who\n"
     << "gave up not counted), on 9x9 puzzles. Other players (newspaper "
        "solvers, experts, people who\n"
     << "use pencil marks or hints differently) may be uniformly faster or "
        "slower; it was not measured\n"
     << "on them. The score is a least-squares fit of ln(mean seconds), so"
     << "\ne^score is a median-like estimate: half of the puzzles take longer "
        "than predicted.\n"
     << "`sudoku-forge calibrate --expected-time` prints this section "
        "alone.\n\n";
  if (abs_error.empty()) {
    md << "No held-out row was rated.\n\n";
    return md.str();
  }
  std::sort(abs_error.begin(), abs_error.end());
  std::sort(ratio.begin(), ratio.end());
  std::sort(truths.begin(), truths.end());
  md << absl::StrFormat(
      "| held-out (odd) rows | median true mean time | median absolute error | "
      "within x1.5 of the "
      "true mean time | median true / expected | 10th-90th percentile of "
      "true / expected |\n|---:|---:|---:|---:|---:|---:|\n"
      "| %d | %.2f min | %.2f min | %.1f %% | %.2f | %.2f-%.2f |\n\n",
      abs_error.size(), SortedQuantile(truths, 0.5),
      SortedQuantile(abs_error, 0.5),
      100.0 * within / static_cast<double>(abs_error.size()),
      SortedQuantile(ratio, 0.5), SortedQuantile(ratio, 0.1),
      SortedQuantile(ratio, 0.9));
  return md.str();
}

// The rows of the top: cbg000 with SER >= 8 and the hardest list's rows
// with an ER (SE's ER in `label`).
struct TopSet {
  const char* file;
  const char* label;
  double min, max;  // label range [min, max)
  const char* what;
};
constexpr TopSet kTopSets[] = {
    {"cbg000_controlled_bias.tsv", "ser", 8.0, 99.0, "cbg000, SER ≥ 8"},
    {"hardest_database_110626.tsv", "er", 0.0, 99.0, "hardest list"}};
// Just below the top, every kBelowTopEvery-th row: where TopScore(kTopFromEr)
// sits among the linear scores.
constexpr TopSet kBelowTop = {"cbg000_controlled_bias.tsv", "ser", 7.0, 8.0,
                              "cbg000, 7.0 ≤ SER < 8"};
constexpr int kBelowTopEvery = 10;

struct TopRated {
  RatedFile file;
  std::vector<Scored> rows;  // in file order: even and odd rows alternate
  int every = 1;             // every this-th row of the set was rated
};

// Every `every`-th row of `set` with a label in its range, rated. With
// run.sample, `every` grows by an odd factor until at most run.sample rows
// are left: odd, so that a row's parity in the sample is its parity in the
// set (the fits' even rows stay apart from the odd ones).
absl::StatusOr<TopRated> RateTopSet(const Rater& rater,
                                    const CalibrationRun& run,
                                    const TopSet& set, int every) {
  TopRated out;
  SUDOKU_ASSIGN_OR_RETURN(
      out.file, LoadRated(absl::StrCat(run.rated_dir, "/", set.file)));
  std::vector<const RatedRow*> in_range;
  for (const RatedRow& row : out.file.rows) {
    std::optional<double> v = LabelValue(set.label, row.labels.at(set.label));
    if (v && *v >= set.min && *v < set.max) in_range.push_back(&row);
  }
  int stride = 1;
  while (run.sample > 0 &&
         in_range.size() > static_cast<size_t>(run.sample * every * stride))
    stride += 2;
  out.every = every * stride;
  std::vector<const RatedRow*> rows;
  for (size_t k = 0; k < in_range.size(); k += static_cast<size_t>(out.every))
    rows.push_back(in_range[k]);
  out.rows = RateRows(rater, rows, set.file, run.jobs);
  return out;
}

// Spearman's rho of `score` against column `label` over the rated rows
// with index parity `parity` (0 even, 1 odd, -1 all).
double TopRho(const std::vector<Scored>& rows, const std::string& label,
              int parity, const std::function<double(const Scored&)>& score) {
  std::vector<double> a, b;
  for (size_t i = 0; i < rows.size(); ++i) {
    if (parity >= 0 && static_cast<int>(i % 2) != parity) continue;
    if (!rows[i].ok) continue;
    auto it = rows[i].row->labels.find(label);
    if (it == rows[i].row->labels.end()) continue;
    std::optional<double> v = LabelValue(label, it->second);
    if (!v) continue;
    a.push_back(score(rows[i]));
    b.push_back(*v);
  }
  return a.size() < 3 ? 0 : Spearman(a, b);
}

std::vector<double> TrialInputs(const RatingFeatures& f) {
  return {static_cast<double>(f.trial.candidates),
          static_cast<double>(f.trial.empty_cells),
          static_cast<double>(f.steps)};
}

// The trial-ER estimate refitted on the even rows of the hardest list, its
// held-out rho, and the installed one's.
std::string TrialFitText(const TopRated& hardest) {
  std::vector<std::vector<double>> x;
  std::vector<double> y;
  for (size_t i = 0; i < hardest.rows.size(); i += 2) {
    const Scored& s = hardest.rows[i];
    if (!s.ok || !s.features.trial.computed) continue;
    std::optional<double> v = LabelValue("er", s.row->labels.at("er"));
    if (!v) continue;
    x.push_back(TrialInputs(s.features));
    y.push_back(*v);
  }
  // Four coefficients want many more rows than that; with SE's nested
  // chains on the ladder few rows (or none) leave it stuck.
  if (y.size() < 12) {
    return absl::StrFormat(
        "%d even rows of the hardest list leave SE's ladder stuck (too few "
        "to refit the trial estimate; the installed one stays).\n\n",
        y.size());
  }
  const std::vector<double> b = LeastSquares(x, y);
  if (b.size() != 4) return "No trial rows to fit.\n\n";
  auto refit = [&b](const Scored& s) {
    const std::vector<double> in = TrialInputs(s.features);
    return b[0] + b[1] * in[0] + b[2] * in[1] + b[3] * in[2];
  };
  auto installed = [](const Scored& s) {
    return TopErFromTrials(s.features.trial, s.features.steps);
  };
  return absl::StrFormat(
      "The ER estimate from the trials on the stuck board of SE's ladder, "
      "refitted now on the %d even rows of the hardest list: %.4f %+.5f "
      "candidates %+.5f empty cells (of the "
      "stuck board) %+.5f trace steps, held-out rho %.3f on the odd rows "
      "(installed estimate, clamped to [%.1f, 12]: %.3f).\n\n",
      y.size(), b[0], b[1], b[2], b[3], TopRho(hardest.rows, "er", 1, refit),
      kTopUnsolvedEr, TopRho(hardest.rows, "er", 1, installed));
}

// The stochastic solvers at the papers' budgets on a sample of the top
// rows: does SE's ER (and W/B) rank better with them, on rows the fit did
// not see?
absl::StatusOr<std::string> TopStochasticText(const Rater& rater,
                                              const CalibrationRun& run) {
  RaterOptions options = rater.options();
  options.stochastic = StochasticUse::kAlways;
  options.stochastic_solvers = {{"anneal", 4, 200000},
                                {"hillclimb", 2, 100000},
                                {"reseda:zones=27,full_restarts=0", 4, 20000}};
  SUDOKU_ASSIGN_OR_RETURN(std::unique_ptr<Rater> with, Rater::Create(options));
  std::ostringstream md;
  md << "Stochastic solvers at the papers' budgets (anneal: 4 runs of at most "
        "2·10⁵ iterations, Chi & Lange; hillclimb: 2 runs of 10⁵ expanded "
        "states with restarts, Jones et al.; RESEDA: 4 attempts with "
        "27-zone partial restarts, Maire & Prissette), on every k-th row of "
        "each set. Least squares of log(SE ER) on the even rows, Spearman's "
        "rho on the odd rows:\n\n"
     << "| set | k | n | mean success anneal / hillclimb / reseda | "
        "deduction only | + failure rates | + log iterations |\n"
     << "|---|---:|---:|---|---:|---:|---:|\n";
  const std::vector<std::string> base = {"top_er", "log_player_effort"};
  for (const TopSet& set : kTopSets) {
    SUDOKU_ASSIGN_OR_RETURN(TopRated t,
                            RateTopSet(*with, run, set, kTopStochasticEvery));
    ParitySplit split = SplitByParity(t.rows, set.label);
    std::vector<std::string> fails = base, iters = base;
    double mean[3] = {0, 0, 0};
    int n = 0;
    for (size_t k = 0; k < options.stochastic_solvers.size(); ++k) {
      const std::string& name = options.stochastic_solvers[k].solver;
      fails.push_back("fail_" + name);
      iters.push_back("log_iters_" + name);
    }
    for (const Scored& s : t.rows) {
      if (!s.ok) continue;
      ++n;
      for (size_t k = 0; k < 3; ++k) {
        auto it = s.features.stochastic_success.find(
            options.stochastic_solvers[k].solver);
        if (it != s.features.stochastic_success.end()) mean[k] += it->second;
      }
    }
    md << absl::StrFormat(
        "| %s | %d | %d | %.2f / %.2f / %.2f | %.3f | %.3f | %.3f |\n",
        set.what, t.every, n, mean[0] / std::max(1, n),
        mean[1] / std::max(1, n), mean[2] / std::max(1, n),
        FitLogModel(split.even, split.odd, base).held_out_rho,
        FitLogModel(split.even, split.odd, fails).held_out_rho,
        FitLogModel(split.even, split.odd, iters).held_out_rho);
  }
  md << "\n";
  return md.str();
}

// Where the top starts among the linear scores just below it.
absl::StatusOr<std::string> BelowTopText(const Rater& rater,
                                         const CalibrationRun& run) {
  SUDOKU_ASSIGN_OR_RETURN(TopRated t,
                          RateTopSet(rater, run, kBelowTop, kBelowTopEvery));
  const ScoreModel model = InstalledScoreModel();
  std::vector<double> linear;
  for (const Scored& s : t.rows) {
    if (s.ok && s.features.top_er < kTopFromEr)
      linear.push_back(model.Score(s.features));
  }
  if (linear.empty()) return std::string("No row just below the top.\n\n");
  std::sort(linear.begin(), linear.end());
  const double start = TopScore(kTopFromEr);
  const auto above = std::upper_bound(linear.begin(), linear.end(), start);
  return absl::StrFormat(
      "Just below the top (%s, every %dth row, %d with top_er < %.1f), the "
      "linear score has median %.3f and 90th percentile %.3f; %.1f %% of "
      "these rows are capped at the top's start %.4f (set near that 90th "
      "percentile).\n\n",
      kBelowTop.what, t.every, linear.size(), kTopFromEr,
      SortedQuantile(linear, 0.5), SortedQuantile(linear, 0.9),
      100.0 * static_cast<double>(linear.end() - above) /
          static_cast<double>(linear.size()),
      start);
}

// "The top": how the score ranks SE's ER where deduction is hardest.
absl::StatusOr<std::string> TopSection(const Rater& rater,
                                       const CalibrationRun& run) {
  std::ostringstream md;
  md << "## The top (9×9 above the forcing chains)\n\n"
     << "A 9×9 puzzle whose trace reaches ER " << kSeLadderFromEr
     << " or guesses is walked again on Sudoku Explainer's own ladder\n"
     << "(`--techniques=se`, its \"+\" and nested forcing chains included, "
        "each of their searches within `RaterOptions::top_work` = "
     << RaterOptions().top_work
     << " units of work; no guessing). Its `top_er` is that ladder's ER "
        "where it finishes, else the estimate from\n"
     << "trials on its stuck board (rater/trial_depth.h, at least "
     << kTopUnsolvedEr << "). From `top_er` = " << kTopFromEr
     << " on, the score is `top_er` alone:\n"
     << absl::StrFormat("TopScore(top_er) = %.4f + (top_er − %.1f)",
                        TopScore(kTopFromEr), kTopFromEr)
     << ", one score point per ER point, so the human-time part cannot "
        "reverse the order there;\n"
     << "a 9×9 puzzle below the top scores at most "
     << absl::StrFormat("%.4f", TopScore(kTopFromEr))
     << ". Extreme is `top_er` ≥ " << kTopUnsolvedEr
     << absl::StrFormat(" (score ≥ ExtremeFrom() = %.4f)", ExtremeFrom())
     << "; `needs-guessing` remains for other shapes.\n"
     << "Rows: every k-th row of the two sets (k = 1 without `--sample`; "
        "k odd, so a row's parity is its parity in the set);\n"
     << "*odd* rows were seen by no fit (the trial estimate is fitted on the "
        "even\n"
     << "rows of the hardest list where the ladder stops; the slope is set, "
        "not fitted). The rater walks each puzzle's canonical form, as "
        "`explain` does, where SE's order of search\n"
     << "may find other chains than on the puzzle as written, so `top_er` "
        "(equal to `explain --techniques=se`'s ER) can differ from SE's "
        "rating of the puzzle as written (docs/DEDUCTION.md).\n\n"
     << "| set | k | n | rho(score, SE ER), odd rows | all rows | "
        "rho(top_er, SE ER) | rho(our ER, SE ER) | rho(score, W) | "
        "rho(score, B) |\n"
     << "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  std::string trial_text;
  auto score = [](const Scored& s) { return s.score; };
  for (const TopSet& set : kTopSets) {
    SUDOKU_ASSIGN_OR_RETURN(TopRated t, RateTopSet(rater, run, set, 1));
    int n = 0;
    for (const Scored& s : t.rows) n += s.ok ? 1 : 0;
    const bool has_wb = std::find(t.file.columns.begin(), t.file.columns.end(),
                                  "W") != t.file.columns.end();
    md << absl::StrFormat(
        "| %s | %d | %d | %.3f | %.3f | %.3f | %.3f | %s | %s |\n", set.what,
        t.every, n, TopRho(t.rows, set.label, 1, score),
        TopRho(t.rows, set.label, -1, score),
        TopRho(t.rows, set.label, -1,
               [](const Scored& s) { return s.features.top_er; }),
        TopRho(t.rows, set.label, -1,
               [](const Scored& s) { return s.features.er; }),
        has_wb ? absl::StrFormat("%.3f", TopRho(t.rows, "W", -1, score)) : "",
        has_wb ? absl::StrFormat("%.3f", TopRho(t.rows, "B", -1, score)) : "");
    if (std::string(set.label) == "er") trial_text = TrialFitText(t);
  }
  md << "\n" << trial_text;
  SUDOKU_ASSIGN_OR_RETURN(std::string base, BelowTopText(rater, run));
  md << base;
  SUDOKU_ASSIGN_OR_RETURN(std::string stochastic,
                          TopStochasticText(rater, run));
  md << stochastic;
  return md.str();
}

}  // namespace

absl::StatusOr<std::string> TopReport(const Rater& rater,
                                      const CalibrationRun& run) {
  return TopSection(rater, run);
}

absl::StatusOr<std::string> ExpectedTimeReport(const Rater& rater,
                                               const CalibrationRun& run) {
  SUDOKU_ASSIGN_OR_RETURN(
      RatedFile human, LoadRated(absl::StrCat(run.rated_dir, "/", kHumanFile)));
  return ExpectedTimeSection(
      RateRows(rater, Sample(human, 0), kHumanFile, run.jobs));
}

absl::StatusOr<std::string> CalibrationDocument(const Rater& rater,
                                                CalibrationRun run) {
  if (run.sample <= 0) run.sample = 1500;
  const LevelThresholds t = Thresholds();
  // The human solve times, with the stochastic features, feed the model,
  // targets and stochastic sections.
  SUDOKU_ASSIGN_OR_RETURN(
      RatedFile human, LoadRated(absl::StrCat(run.rated_dir, "/", kHumanFile)));
  RaterOptions with_stochastic_options = rater.options();
  with_stochastic_options.stochastic = StochasticUse::kAlways;
  SUDOKU_ASSIGN_OR_RETURN(std::unique_ptr<Rater> with_stochastic,
                          Rater::Create(with_stochastic_options));
  const std::vector<Scored> human_rows =
      RateRows(*with_stochastic, Sample(human, 0), kHumanFile, run.jobs);

  std::string details;
  std::string md = ModelSection(human_rows, run, t);
  absl::StrAppend(&md, ExpectedTimeSection(human_rows));
  absl::StrAppend(&md, TargetsSection(rater, run, human_rows),
                  StochasticSection(human_rows));
  SUDOKU_ASSIGN_OR_RETURN(std::string top, TopSection(rater, run));
  absl::StrAppend(&md, top);
  absl::StrAppend(&md, PerFileSection(rater, run, &details));
  absl::StrAppend(&md, AnchorLevelsSection(rater, run, t));
  absl::StrAppend(&md, "## Per-file details\n\n", details, kRefittingSection);
  return md;
}

absl::Status CompareWithLabel(const Rater& rater, const std::string& corpus,
                              const std::string& label,
                              const CalibrationRun& run, std::ostream& out) {
  SUDOKU_ASSIGN_OR_RETURN(RatedFile file, LoadRated(corpus));
  if (std::find(file.columns.begin(), file.columns.end(), label) ==
      file.columns.end()) {
    return absl::InvalidArgumentError(
        absl::StrCat("no column '", label, "' in ", corpus,
                     " (columns: ", absl::StrJoin(file.columns, ", "), ")"));
  }
  std::vector<Scored> scored =
      RateRows(rater, Sample(file, run.sample), "rate", run.jobs);
  Agreement a = Compare(scored, label);
  out << absl::StrFormat(
      "%s, %s: n=%d  Spearman rho: Forge score %.3f, our ER %.3f\n\n%s", corpus,
      label, a.n, a.rho_score, a.rho_er, a.confusion);
  return absl::OkStatus();
}

}  // namespace sudoku::research
