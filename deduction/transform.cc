// Restating deductions through a symmetry of the grid: see transform.h.
//
// The text rewriter is a small scanner over what deduction/ writes (the
// wording lives in the techniques and in deduction/util.cc). Tokens:
//
//   r<row>c<col>                        a cell          -> mapped cell name
//   row|column|box <k>                  a unit          -> mapped unit name
//   rows|columns|boxes <k>, <k> and <k> units of a kind -> mapped, sorted
//   {<s>,<s>,...}                       a digit set     -> mapped, sorted
//   a|an <s>                            an article      -> fixed for the symbol
//   <s> standing alone                  a digit         -> mapped symbol
//
// where <s> is one symbol character (Shape::Symbol: 1-9, then A, B, ...).
// A lone symbol is kept as it is when it is a count or a name rather than a
// digit: "type 2", "(3 candidates)", "BUG+1", a hyphenated name
// ("2-String Kite", "X-Wing") and the ALS labels "A = ", "B = ".
#include "deduction/transform.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace sudoku {
namespace {

bool IsAlnum(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0;
}
bool IsDigitChar(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// "an 8", "an F", "a 7": English reads the symbol's name (as nishio.cc).
const char* ArticleFor(char symbol) {
  for (char c : absl::string_view("8AEFHILMNORSX")) {
    if (c == symbol) return "an";
  }
  return "a";
}

CellDigit MapCellDigit(const CellDigit& cd, const GridTransform& t) {
  return {t.MapCell(cd.cell), t.MapDigit(cd.digit)};
}

void SortCellDigits(std::vector<CellDigit>* v) {
  std::sort(v->begin(), v->end(), [](const CellDigit& a, const CellDigit& b) {
    return a.cell != b.cell ? a.cell < b.cell : a.digit < b.digit;
  });
}

class TextMapper {
 public:
  TextMapper(absl::string_view text, const GridTransform& t)
      : s_(text), t_(t), shape_(t.shape()), n_(shape_.size()) {}

  std::string Run() {
    while (pos_ < s_.size()) {
      const bool word_start = pos_ == 0 || !IsAlnum(s_[pos_ - 1]);
      if (word_start && (Cell() || Units() || DigitSet() ||
                         ArticleAndSymbol() || LoneSymbol())) {
        continue;
      }
      if (word_start && IsAlnum(s_[pos_])) {
        // A word we do not rewrite: copy it whole, so that its inner
        // characters are never taken for tokens.
        const size_t end = WordEnd(pos_);
        absl::StrAppend(&out_, s_.substr(pos_, end - pos_));
        pos_ = end;
        continue;
      }
      out_.push_back(s_[pos_++]);
    }
    return std::move(out_);
  }

 private:
  size_t WordEnd(size_t at) const {
    while (at < s_.size() && IsAlnum(s_[at])) ++at;
    return at;
  }

  // Reads a decimal number at `*at`; false if none.
  bool Number(size_t* at, int* value) const {
    size_t p = *at;
    int v = 0;
    while (p < s_.size() && IsDigitChar(s_[p]) && p - *at < 3) {
      v = v * 10 + (s_[p] - '0');
      ++p;
    }
    if (p == *at || (p < s_.size() && IsAlnum(s_[p]))) return false;
    *at = p;
    *value = v;
    return true;
  }

  // The symbol of a digit 1..N at `at` standing alone (not part of a word).
  int SymbolAt(size_t at) const {
    if (at >= s_.size()) return 0;
    if (at + 1 < s_.size() && IsAlnum(s_[at + 1])) return 0;
    const char c = s_[at];
    if (!IsDigitChar(c) && !std::isupper(static_cast<unsigned char>(c)))
      return 0;
    const int d = shape_.DigitOf(c);
    return d >= 1 && d <= n_ ? d : 0;
  }

  bool Cell() {
    if (s_[pos_] != 'r') return false;
    size_t p = pos_ + 1;
    int row = 0, col = 0;
    // "r4c5": the row number runs into the 'c'.
    size_t q = p;
    while (q < s_.size() && IsDigitChar(s_[q])) ++q;
    if (q == p || q >= s_.size() || s_[q] != 'c') return false;
    for (size_t i = p; i < q; ++i) row = row * 10 + (s_[i] - '0');
    p = q + 1;
    if (!Number(&p, &col)) return false;
    if (row < 1 || row > n_ || col < 1 || col > n_) return false;
    out_ += shape_.CellName(t_.MapCell(shape_.Cell(row - 1, col - 1)));
    pos_ = p;
    return true;
  }

  bool Units() {
    static constexpr absl::string_view kSingular[] = {"row", "column", "box"};
    static constexpr absl::string_view kPlural[] = {"rows", "columns", "boxes"};
    const size_t end = WordEnd(pos_);
    const absl::string_view word = s_.substr(pos_, end - pos_);
    if (end >= s_.size() || s_[end] != ' ') return false;
    for (int kind = 0; kind < 3; ++kind) {
      if (word == kSingular[kind]) {
        size_t p = end + 1;
        int k = 0;
        if (!Number(&p, &k) || k < 1 || k > n_) return false;
        out_ += shape_.UnitName(t_.MapUnit(kind * n_ + k - 1));
        pos_ = p;
        return true;
      }
      if (word == kPlural[kind]) {
        size_t p = end + 1;
        std::vector<int> units;
        while (true) {
          int k = 0;
          if (!Number(&p, &k) || k < 1 || k > n_) return false;
          units.push_back(t_.MapUnit(kind * n_ + k - 1));
          if (s_.substr(p, 2) == ", " && p + 2 < s_.size() &&
              IsDigitChar(s_[p + 2])) {
            p += 2;
          } else if (s_.substr(p, 5) == " and " && p + 5 < s_.size() &&
                     IsDigitChar(s_[p + 5])) {
            p += 5;
          } else {
            break;
          }
        }
        std::sort(units.begin(), units.end());
        const int mapped_kind = units.front() / n_;
        std::string list;
        for (size_t i = 0; i < units.size(); ++i) {
          if (i > 0) list += i + 1 == units.size() ? " and " : ", ";
          absl::StrAppend(&list, units[i] % n_ + 1);
        }
        absl::StrAppend(&out_, kPlural[mapped_kind], " ", list);
        pos_ = p;
        return true;
      }
    }
    return false;
  }

  bool DigitSet() {
    if (s_[pos_] != '{') return false;
    size_t p = pos_ + 1;
    std::vector<int> digits;
    while (true) {
      const int d = SymbolAt(p);
      if (d == 0) return false;
      digits.push_back(t_.MapDigit(d));
      ++p;
      if (p < s_.size() && s_[p] == ',') {
        ++p;
      } else if (p < s_.size() && s_[p] == '}') {
        break;
      } else {
        return false;
      }
    }
    std::sort(digits.begin(), digits.end());
    out_ += '{';
    for (size_t i = 0; i < digits.size(); ++i) {
      if (i > 0) out_ += ',';
      out_ += shape_.Symbol(digits[i]);
    }
    out_ += '}';
    pos_ = p + 1;
    return true;
  }

  bool ArticleAndSymbol() {
    const size_t end = WordEnd(pos_);
    const absl::string_view word = s_.substr(pos_, end - pos_);
    if ((word != "a" && word != "an") || end >= s_.size() || s_[end] != ' ')
      return false;
    const int d = SymbolAt(end + 1);
    if (d == 0 || Kept(end + 1)) return false;
    const char mapped = shape_.Symbol(t_.MapDigit(d));
    absl::StrAppend(&out_, ArticleFor(mapped), " ", std::string(1, mapped));
    pos_ = end + 2;
    return true;
  }

  // Whether the lone symbol at `at` is a count or a name, not a digit.
  bool Kept(size_t at) const {
    const absl::string_view before = s_.substr(0, at);
    const absl::string_view after = s_.substr(at + 1);
    return absl::EndsWith(before, "type ") || absl::EndsWith(before, "BUG+") ||
           absl::StartsWith(after, " candidate") ||
           absl::StartsWith(after, " = ") ||
           (after.size() >= 2 && after[0] == '-' &&
            std::isalpha(static_cast<unsigned char>(after[1])));
  }

  bool LoneSymbol() {
    const int d = SymbolAt(pos_);
    if (d == 0 || Kept(pos_)) return false;
    out_ += shape_.Symbol(t_.MapDigit(d));
    ++pos_;
    return true;
  }

  const absl::string_view s_;
  const GridTransform& t_;
  const Shape& shape_;
  const int n_;
  size_t pos_ = 0;
  std::string out_;
};

}  // namespace

std::string TransformStepText(absl::string_view text, const GridTransform& t) {
  return TextMapper(text, t).Run();
}

Deduction TransformDeduction(const Deduction& d, const GridTransform& t) {
  Deduction out;
  out.technique = d.technique;
  out.rating = d.rating;
  out.placements.reserve(d.placements.size());
  for (const CellDigit& p : d.placements)
    out.placements.push_back(MapCellDigit(p, t));
  SortCellDigits(&out.placements);
  out.eliminations.reserve(d.eliminations.size());
  for (const CellDigit& e : d.eliminations)
    out.eliminations.push_back(MapCellDigit(e, t));
  SortCellDigits(&out.eliminations);
  out.pattern_cells.reserve(d.pattern_cells.size());
  for (int cell : d.pattern_cells) out.pattern_cells.push_back(t.MapCell(cell));
  out.pattern_candidates.reserve(d.pattern_candidates.size());
  for (const CellDigit& cd : d.pattern_candidates)
    out.pattern_candidates.push_back(MapCellDigit(cd, t));
  out.pattern_units.reserve(d.pattern_units.size());
  for (int u : d.pattern_units) out.pattern_units.push_back(t.MapUnit(u));
  out.text = TransformStepText(d.text, t);
  return out;
}

Explanation TransformExplanation(const Explanation& e, const GridTransform& t) {
  Explanation out(t.shape());
  out.status = e.status;
  out.steps.reserve(e.steps.size());
  for (const Deduction& d : e.steps)
    out.steps.push_back(TransformDeduction(d, t));
  out.final_grid = t.Apply(e.final_grid);
  out.solved_by_logic = e.solved_by_logic;
  out.guesses = e.guesses;
  out.ratings = e.ratings;
  out.technique_counts = e.technique_counts;
  return out;
}

}  // namespace sudoku
