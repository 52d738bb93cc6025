#include "rater/calibration.h"

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
      return absl::InvalidArgumentError(absl::StrCat("line ", line_no, ": ", fields.size(),
                                                     " fields, header has ",
                                                     file.columns.size()));
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

std::optional<double> LabelValue(absl::string_view column, absl::string_view value) {
  value = absl::StripAsciiWhitespace(value);
  if (value.empty()) return std::nullopt;
  double number = 0;
  if (absl::SimpleAtod(value, &number)) return number;
  const std::string v = absl::AsciiStrToLower(value);
  static const std::vector<std::vector<std::string>> kScales = {
      {"simple", "easy", "intermediate", "expert"},                 // QQWing
      {"easy", "medium", "hard", "unfair", "extreme"},             // HoDoKu
      {"easy", "medium", "hard", "diabolical"},                    // Sudoku Exchange
      {"easy", "medium", "challenging", "hard", "fiendish"},       // Andoku
      {"beginner", "easy", "medium", "hard", "expert"},            // Kaggle extract
      {"easy", "medium", "hard", "evil", "needs-guessing"},        // ours
  };
  // Prefer the scale whose words the column name hints at.
  const std::string c = absl::AsciiStrToLower(column);
  auto find = [&](const std::vector<std::string>& scale) -> std::optional<double> {
    for (size_t i = 0; i < scale.size(); ++i)
      if (scale[i] == v) return static_cast<double>(i);
    return std::nullopt;
  };
  if (absl::StrContains(c, "qqwing")) return find(kScales[0]);
  if (absl::StrContains(c, "hodoku")) return find(kScales[1]);
  if (absl::StrContains(c, "bucket")) return find(kScales[2]);
  if (absl::StrContains(c, "andoku")) return find(kScales[3]);
  if (absl::StrContains(c, "goldenfox")) return find(kScales[4]);
  for (const auto& scale : kScales) {
    if (auto r = find(scale)) return r;
  }
  return std::nullopt;
}

}  // namespace sudoku
