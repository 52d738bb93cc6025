#include "rater/calibration.h"

#include <algorithm>
#include <set>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace sudoku {

absl::StatusOr<RatedFile> ParseRatedTsv(absl::string_view text) {
  RatedFile file;
  int line_no = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) continue;
    if (line[0] == '#') {
      // The last comment line before the data is the header.
      if (file.rows.empty() && absl::StartsWith(line, "#puzzle")) {
        file.columns = absl::StrSplit(line.substr(1), '\t');
      }
      continue;
    }
    std::vector<std::string> fields = absl::StrSplit(line, '\t');
    if (file.columns.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "line ", line_no, ": data before the '#puzzle<TAB>...' header line"));
    }
    if (fields.size() > file.columns.size()) {
      return absl::InvalidArgumentError(
          absl::StrCat("line ", line_no, ": ", fields.size(),
                       " fields, header has ", file.columns.size()));
    }
    RatedRow row;
    row.line = line_no;
    row.puzzle = fields[0];
    for (size_t i = 1; i < file.columns.size(); ++i) {
      row.labels[file.columns[i]] = i < fields.size() ? fields[i] : "";
    }
    file.rows.push_back(std::move(row));
  }
  if (file.columns.empty()) {
    return absl::InvalidArgumentError("no '#puzzle<TAB>...' header line");
  }
  return file;
}

std::optional<double> LabelValue(absl::string_view column,
                                 absl::string_view value) {
  value = absl::StripAsciiWhitespace(value);
  if (value.empty()) return std::nullopt;
  double number = 0;
  if (absl::SimpleAtod(value, &number)) return number;
  const std::string v = absl::AsciiStrToLower(value);
  static const std::vector<std::vector<std::string>> kScales = {
      {"simple", "easy", "intermediate", "expert"},           // QQWing
      {"easy", "medium", "hard", "unfair", "extreme"},        // HoDoKu
      {"easy", "medium", "hard", "diabolical"},               // Sudoku Exchange
      {"easy", "medium", "challenging", "hard", "fiendish"},  // Andoku
      {"beginner", "easy", "medium", "hard", "expert"},       // Kaggle extract
      {"easy", "medium", "hard", "evil", "extreme", "needs-guessing"},  // ours
  };
  // Prefer the scale whose words the column name hints at.
  const std::string c = absl::AsciiStrToLower(column);
  auto find =
      [&](const std::vector<std::string>& scale) -> std::optional<double> {
    for (size_t i = 0; i < scale.size(); ++i)
      if (scale[i] == v) return static_cast<double>(i);
    return std::nullopt;
  };
  if (absl::StrContains(c, "qqwing")) return find(kScales[0]);
  if (absl::StrContains(c, "hodoku")) return find(kScales[1]);
  if (absl::StrContains(c, "bucket")) return find(kScales[2]);
  if (absl::StrContains(c, "andoku")) return find(kScales[3]);
  if (absl::StrContains(c, "goldenfox")) return find(kScales[4]);
  // Otherwise our scale (easy < medium < hard < evil, e.g. the NYT levels)
  // first, so that one column never mixes two scales' codes.
  if (auto r = find(kScales[5])) return r;
  for (const auto& scale : kScales) {
    if (auto r = find(scale)) return r;
  }
  return std::nullopt;
}

const std::vector<LevelAnchor>& LevelAnchors() {
  using L = Level;
  static const std::vector<LevelAnchor>* anchors = new std::vector<LevelAnchor>{
      {"nyt_levels.tsv",
       "nyt_level",
       {{"easy", L::kEasy, L::kEasy},
        {"medium", L::kMedium, L::kMedium},
        {"hard", L::kHard, L::kHard}}},
      {"andoku_levels.tsv",
       "andoku_name",
       {{"easy", L::kEasy, L::kEasy},
        {"medium", L::kEasy, L::kEasy},
        {"challenging", L::kMedium, L::kMedium},
        {"hard", L::kHard, L::kHard},
        {"fiendish", L::kHard, L::kEvil}}},
      {"qqwing_levels.tsv",
       "qqwing_level",
       {{"simple", L::kEasy, L::kEasy},
        {"easy", L::kEasy, L::kEasy},
        {"intermediate", L::kMedium, L::kMedium},
        {"expert", L::kHard, L::kExtreme}}},
      {"sudoku_exchange_se.tsv",
       "bucket",
       {{"easy", L::kEasy, L::kEasy},
        {"medium", L::kEasy, L::kMedium},
        {"hard", L::kHard, L::kHard},
        {"diabolical", L::kEvil, L::kExtreme}}},
  };
  return *anchors;
}

const LevelMapping* FindMapping(const LevelAnchor& anchor,
                                absl::string_view label) {
  for (const LevelMapping& m : anchor.mapping) {
    if (label == m.label) return &m;
  }
  return nullptr;
}

double LevelAgreement(const std::vector<LevelSample>& samples,
                      const LevelThresholds& thresholds) {
  const std::vector<LevelAnchor>& anchors = LevelAnchors();
  constexpr int kMaxLabels = 8;
  std::vector<int> ok(anchors.size() * kMaxLabels, 0),
      n(anchors.size() * kMaxLabels, 0);
  for (const LevelSample& s : samples) {
    const LevelMapping& m = anchors[static_cast<size_t>(s.anchor)]
                                .mapping[static_cast<size_t>(s.label)];
    const Level level = LevelForScore(s.score, s.ends_in_guess, thresholds);
    const size_t k = static_cast<size_t>(s.anchor * kMaxLabels + s.label);
    ok[k] += level >= m.lo && level <= m.hi ? 1 : 0;
    ++n[k];
  }
  double total = 0;
  int used = 0;
  for (size_t a = 0; a < anchors.size(); ++a) {
    double sum = 0;
    int labels = 0;
    for (size_t l = 0; l < kMaxLabels; ++l) {
      const size_t k = a * kMaxLabels + l;
      if (n[k] == 0) continue;
      sum += static_cast<double>(ok[k]) / n[k];
      ++labels;
    }
    if (labels == 0) continue;
    total += sum / labels;
    ++used;
  }
  return used == 0 ? 0 : total / used;
}

LevelThresholds FitThresholds(const std::vector<LevelSample>& samples,
                              int grid) {
  std::vector<double> scores;
  for (const LevelSample& s : samples) scores.push_back(s.score);
  std::sort(scores.begin(), scores.end());
  std::set<double> cuts;
  for (int i = 1; i < grid; ++i) {
    cuts.insert(scores[static_cast<size_t>(i) * scores.size() /
                       static_cast<size_t>(grid)]);
  }
  // Above every score: a level may be empty at the top.
  cuts.insert(scores.back() + 1);
  const std::vector<double> c(cuts.begin(), cuts.end());
  LevelThresholds best{c.front(), c.front(), c.front()};
  double best_agreement = -1;
  for (size_t a = 0; a < c.size(); ++a) {
    for (size_t b = a + 1; b < c.size(); ++b) {
      for (size_t d = b + 1; d < c.size(); ++d) {
        const LevelThresholds t{c[a], c[b], c[d]};
        const double agreement = LevelAgreement(samples, t);
        if (agreement > best_agreement) {
          best_agreement = agreement;
          best = t;
        }
      }
    }
  }
  return best;
}

}  // namespace sudoku
