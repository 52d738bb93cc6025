// The parts of `reproduce` that need no solver: the summary of a sample and
// the replacement of one marked section of docs/REPRODUCTION.md (a library,
// so tests link them; the targets themselves live in the executable).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "research/reproduce.h"

namespace sudoku::research {

std::string ReplaceReproduceSection(const std::string& document,
                                    const std::string& name,
                                    const std::string& section) {
  const std::string begin =
      absl::StrCat("<!-- reproduce:", name, " begin -->\n");
  const std::string end = absl::StrCat("<!-- reproduce:", name, " end -->\n");
  const std::string block = absl::StrCat(begin, section, end);
  const size_t b = document.find(begin);
  const size_t e =
      b == std::string::npos ? std::string::npos : document.find(end, b);
  if (b == std::string::npos || e == std::string::npos) {
    std::string doc = document;
    if (!doc.empty() && doc.back() != '\n') doc += "\n";
    if (!doc.empty()) doc += "\n";
    return doc + block;
  }
  return document.substr(0, b) + block + document.substr(e + end.size());
}

}  // namespace sudoku::research
