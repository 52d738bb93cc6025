// sudoku-forge calibrate se: our ER against Sudoku Explainer's ER.
#include "research/calibrate_se.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "bank/step_output.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "cli/progress.h"
#include "core/format.h"
#include "deduction/step_solver.h"
#include "rater/calibration.h"

ABSL_DECLARE_FLAG(int, limit);          // research/bench_command.cc
ABSL_DECLARE_FLAG(std::string, label);  // research/calibrate_command.cc
ABSL_FLAG(int, stride, 1,
          "calibrate se: use every K-th row of --corpus (1 = all)");

namespace sudoku::research {
namespace {

struct Row {
  const RatedRow* row = nullptr;
  double se = 0;
  std::string se_hardest;  // SE's hardest step name, when the file has it
  bool ok = false;         // parsed and explained to a unique solution
  double ours = 0;
  std::string our_hardest;  // technique id of the first hardest step
};

struct Band {
  const char* name;
  double lo, hi;  // lo < SE ER <= hi
};

constexpr Band kBands[] = {
    {"1.0-1.5", 0, 1.55},    {"1.6-2.0", 1.55, 2.05}, {"2.1-2.5", 2.05, 2.55},
    {"2.6-3.0", 2.55, 3.05}, {"3.1-4.0", 3.05, 4.05}, {"4.1-5.0", 4.05, 5.05},
    {"5.1-6.0", 5.05, 6.05}, {"6.1-7.0", 6.05, 7.05}, {"7.1-8.0", 7.05, 8.05},
    {"8.1-9.0", 8.05, 9.05}, {"> 9.0", 9.05, 1e9},
};

struct Tally {
  int n = 0, exact = 0, within_01 = 0, within_05 = 0, higher = 0, lower = 0;
  double diff_sum = 0;
  void Add(double se, double ours) {
    ++n;
    const double d = ours - se;
    if (std::fabs(d) < 0.05) ++exact;
    if (std::fabs(d) < 0.15) ++within_01;
    if (std::fabs(d) < 0.55) ++within_05;
    if (d >= 0.05) ++higher;
    if (d <= -0.05) ++lower;
    diff_sum += d;
  }
  std::string Line(const std::string& name) const {
    auto pct = [&](int k) { return n == 0 ? 0.0 : 100.0 * k / n; };
    return absl::StrFormat(
        "| %s | %d | %.1f%% | %.1f%% | %.1f%% | %d | %d | %+.2f |\n", name, n,
        pct(exact), pct(within_01), pct(within_05), higher, lower,
        n == 0 ? 0.0 : diff_sum / n);
  }
};

std::string SeLabel(const Row& r) {
  if (!r.se_hardest.empty()) return r.se_hardest;
  return absl::StrFormat("SE %.1f", r.se);
}

// The rows of a rated file to compare: the SE rating column (--label, or
// the first of se_er, er, ser), every `stride`-th row with a rating, at most
// `limit` (0 = all).
struct Selection {
  std::string column;
  std::vector<Row> rows;
};

absl::StatusOr<Selection> SelectRows(const RatedFile& file,
                                     const std::string& corpus, int stride,
                                     int limit) {
  auto has = [&](const std::string& c) {
    return std::find(file.columns.begin(), file.columns.end(), c) !=
           file.columns.end();
  };
  Selection selection;
  std::string& column = selection.column;
  column = absl::GetFlag(FLAGS_label);
  if (column.empty()) {
    for (const char* c : {"se_er", "er", "ser"}) {
      if (has(c)) {
        column = c;
        break;
      }
    }
  }
  if (column.empty() || !has(column)) {
    return absl::InvalidArgumentError(absl::StrCat(
        corpus,
        ": no SE rating column (se_er, er, ser, or --label=COLUMN); columns: ",
        absl::StrJoin(file.columns, ", ")));
  }
  const std::string hardest_column =
      has("se_hardest_step") ? "se_hardest_step" : "";
  int eligible = 0;
  for (const RatedRow& r : file.rows) {
    double v;
    if (!absl::SimpleAtod(r.labels.at(column), &v))
      continue;  // no rating in this row
    if (eligible++ % stride != 0) continue;
    Row row;
    row.row = &r;
    row.se = v;
    if (!hardest_column.empty()) row.se_hardest = r.labels.at(hardest_column);
    selection.rows.push_back(std::move(row));
    if (limit > 0 && static_cast<int>(selection.rows.size()) >= limit) break;
  }
  if (selection.rows.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(corpus, ": no row with a value in ", column));
  }
  return selection;
}

// Explains every row on --jobs threads, filling in our ER and hardest
// technique.
void ExplainRows(const StepSolver& solver, std::vector<Row>* rows) {
  std::atomic<size_t> next{0};
  cli::Progress progress("calibrate se", static_cast<int64_t>(rows->size()));
  auto worker = [&]() {
    for (size_t i = next.fetch_add(1); i < rows->size();
         i = next.fetch_add(1)) {
      Row& row = (*rows)[i];
      absl::StatusOr<Grid> grid = ParseGrid(row.row->puzzle);
      if (grid.ok()) {
        const Explanation e = solver.Explain(*grid);
        if (e.status == ExplainStatus::kSolved) {
          row.ok = true;
          row.ours = e.ratings.er;
          for (const Deduction& d : e.steps) {
            if (d.rating == e.ratings.er) {
              row.our_hardest = d.technique;
              break;
            }
          }
        }
      }
      progress.Add();
    }
  };
  std::vector<std::thread> threads;
  for (int j = 0; j < std::max(1, absl::GetFlag(FLAGS_jobs)); ++j)
    threads.emplace_back(worker);
  for (auto& t : threads) t.join();
}

constexpr size_t kNumBands = sizeof(kBands) / sizeof(kBands[0]);

using NamePair = std::pair<std::string, std::string>;

// The agreement of the explained rows with SE, per band and overall, and
// what differs.
struct Agreement {
  std::vector<Tally> bands = std::vector<Tally>(kNumBands);
  Tally upto6, all;
  int skipped = 0;                                    // not explained
  std::map<NamePair, int> confusion;                  // SE <= 6.0 mismatches
  std::map<std::pair<double, double>, int> er_pairs;  // SE <= 6.0 mismatches
  std::map<NamePair, int> hard_confusion;             // SE > 6.0
};

Agreement Tabulate(const std::vector<Row>& rows) {
  Agreement a;
  for (const Row& r : rows) {
    if (!r.ok) {
      ++a.skipped;
      continue;
    }
    for (size_t b = 0; b < kNumBands; ++b) {
      if (r.se > kBands[b].lo && r.se <= kBands[b].hi)
        a.bands[b].Add(r.se, r.ours);
    }
    a.all.Add(r.se, r.ours);
    const bool equal = std::fabs(r.ours - r.se) < 0.05;
    if (r.se <= 6.05) {
      a.upto6.Add(r.se, r.ours);
      if (!equal) {
        ++a.confusion[{SeLabel(r), bank::TechniqueDisplayName(r.our_hardest)}];
        ++a.er_pairs[{r.se, r.ours}];
      }
    } else {
      ++a.hard_confusion[{SeLabel(r),
                          bank::TechniqueDisplayName(r.our_hardest)}];
    }
  }
  return a;
}

// Prints the 15 most frequent keys of `counts` under `title` (nothing when
// empty).
template <typename Key, typename FormatKey>
void PrintTop(const std::string& title, const std::map<Key, int>& counts,
              FormatKey format_key) {
  std::vector<std::pair<int, Key>> sorted;
  for (const auto& [k, v] : counts) sorted.push_back({v, k});
  std::sort(sorted.begin(), sorted.end(),
            [](const auto& a, const auto& b) { return a.first > b.first; });
  if (sorted.empty()) return;
  std::cout << title;
  for (size_t i = 0; i < sorted.size() && i < 15; ++i) {
    std::cout << "| " << format_key(sorted[i].second) << " | "
              << sorted[i].first << " |\n";
  }
  std::cout << "\n";
}

void PrintAgreement(const Agreement& a) {
  std::cout << "| SE ER band | n | ER equal | within 0.1 | within 0.5 | ours "
               "higher | ours lower | "
               "mean(ours - SE) |\n|---|---:|---:|---:|---:|---:|---:|---:|\n";
  for (size_t b = 0; b < kNumBands; ++b) {
    if (a.bands[b].n > 0) std::cout << a.bands[b].Line(kBands[b].name);
  }
  std::cout << a.upto6.Line("**<= 6.0**") << a.all.Line("**all**") << "\n";
  auto pair_key = [](const NamePair& k) {
    return absl::StrCat(k.first, " | ", k.second);
  };
  PrintTop(
      "Hardest technique where ER differs, SE ER <= 6.0 (most frequent "
      "first):\n\n"
      "| SE hardest | our hardest | n |\n|---|---|---:|\n",
      a.confusion, pair_key);
  PrintTop(
      "ER pairs where ER differs, SE ER <= 6.0:\n\n| SE ER | our ER | n "
      "|\n|---:|---:|---:|\n",
      a.er_pairs, [](const std::pair<double, double>& k) {
        return absl::StrFormat("%.1f | %.1f", k.first, k.second);
      });
  PrintTop(
      "Hardest technique, SE ER > 6.0 (most frequent first):\n\n"
      "| SE hardest | our hardest | n |\n|---|---|---:|\n",
      a.hard_confusion, pair_key);
}

}  // namespace

absl::Status RunCalibrateSe(const CommandArgs& args) {
  if (args.positional.size() > 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "calibrate se: unexpected argument '", args.positional[1], "'"));
  }
  const std::string corpus = absl::GetFlag(FLAGS_corpus);
  if (corpus.empty()) {
    return absl::InvalidArgumentError(
        "calibrate se: --corpus=FILE (a rated TSV) is required");
  }
  const int stride = absl::GetFlag(FLAGS_stride),
            limit = absl::GetFlag(FLAGS_limit);
  if (stride < 1)
    return absl::InvalidArgumentError("calibrate se: --stride must be >= 1");
  absl::StatusOr<std::string> text = cli::ReadFileOrStdin(corpus);
  if (!text.ok()) return text.status();
  absl::StatusOr<RatedFile> file = ParseRatedTsv(*text);
  if (!file.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(corpus, ": ", file.status().message()));
  }
  absl::StatusOr<Selection> selection =
      SelectRows(*file, corpus, stride, limit);
  if (!selection.ok()) return selection.status();

  DeductionOptions options;
  options.allow_uniqueness = !absl::GetFlag(FLAGS_no_uniqueness);
  // No time bound, as in `calibrate`: the agreement must not depend on the
  // machine's load (the work budget still bounds every nested search).
  options.max_seconds = 0;
  absl::StatusOr<std::unique_ptr<StepSolver>> solver =
      StepSolver::Create(absl::GetFlag(FLAGS_techniques), options);
  if (!solver.ok()) return solver.status();
  ExplainRows(**solver, &selection->rows);
  const Agreement agreement = Tabulate(selection->rows);

  const size_t n = selection->rows.size();
  std::cout << absl::StrFormat(
      "calibrate se: %s, column %s, %d rows (stride %d%s), %d explained, %d "
      "skipped "
      "(unparsable or not unique)%s\n\n",
      corpus, selection->column, n, stride,
      limit > 0 ? absl::StrCat(", limit ", limit) : "",
      n - static_cast<size_t>(agreement.skipped), agreement.skipped,
      options.allow_uniqueness ? "" : ", uniqueness techniques off");
  PrintAgreement(agreement);
  return absl::OkStatus();
}

int RunCalibrateSeCommand(const CommandArgs& args) {
  absl::Status status = RunCalibrateSe(args);
  if (!status.ok())
    return UsageError("calibrate", std::string(status.message()));
  return kExitOk;
}

}  // namespace sudoku::research
