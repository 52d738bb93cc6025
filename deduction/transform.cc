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
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace sudoku {
namespace {

// ASCII only: the sentences are ASCII, and the <cctype> calls cost a
// function call per character.
bool IsDigitChar(char c) { return c >= '0' && c <= '9'; }
bool IsUpper(char c) { return c >= 'A' && c <= 'Z'; }
bool IsAlpha(char c) { return IsUpper(c) || (c >= 'a' && c <= 'z'); }
bool IsAlnum(char c) { return IsDigitChar(c) || IsAlpha(c); }

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
    out_.reserve(s_.size() + 8);
    while (pos_ < s_.size()) {
      const char c = s_[pos_];
      if (!IsAlnum(c) && c != '{') {
        out_.push_back(c);
        ++pos_;
        continue;
      }
      const bool word_start = pos_ == 0 || !IsAlnum(s_[pos_ - 1]);
      if (word_start && Token(c)) continue;
      // A word (or the rest of one) we do not rewrite: copy it whole, so
      // that its inner characters are never taken for tokens.
      const size_t end = c == '{' ? pos_ + 1 : WordEnd(pos_);
      out_.append(s_.data() + pos_, end - pos_);
      pos_ = end;
    }
    return std::move(out_);
  }

 private:
  // Rewrites the token starting at pos_ (a word start) and advances past
  // it; false (nothing written) when there is none.
  bool Token(char c) {
    switch (c) {
      case '{':
        return DigitSet();
      case 'r':
        return Cell() || Units();
      case 'c':
      case 'b':
        return Units();
      case 'a':
        return ArticleAndSymbol();
      default:
        return (IsDigitChar(c) || IsUpper(c)) && LoneSymbol();
    }
  }

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
    if (!IsDigitChar(c) && !IsUpper(c)) return 0;
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
    const int mapped = t_.MapCell(shape_.Cell(row - 1, col - 1));
    // Shape::CellName's format, without a temporary string.
    absl::StrAppend(&out_, "r", shape_.Row(mapped) + 1, "c",
                    shape_.Col(mapped) + 1);
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
        const int mapped = t_.MapUnit(kind * n_ + k - 1);
        // Shape::UnitName's format, without a temporary string.
        absl::StrAppend(&out_, kSingular[mapped / n_], " ", mapped % n_ + 1);
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
           (after.size() >= 2 && after[0] == '-' && IsAlpha(after[1]));
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

Deduction TransformDeduction(Deduction d, const GridTransform& t) {
  // In place: the lists keep their storage.
  for (CellDigit& p : d.placements) p = MapCellDigit(p, t);
  SortCellDigits(&d.placements);
  for (CellDigit& e : d.eliminations) e = MapCellDigit(e, t);
  SortCellDigits(&d.eliminations);
  for (int& cell : d.pattern_cells) cell = t.MapCell(cell);
  for (CellDigit& cd : d.pattern_candidates) cd = MapCellDigit(cd, t);
  for (int& u : d.pattern_units) u = t.MapUnit(u);
  d.text = TransformStepText(d.text, t);
  for (Deduction& inner : d.nested)
    inner = TransformDeduction(std::move(inner), t);
  return d;
}

Explanation TransformExplanation(Explanation e, const GridTransform& t) {
  for (Deduction& d : e.steps) d = TransformDeduction(std::move(d), t);
  e.final_grid = t.Apply(e.final_grid);
  // Status, ratings, guesses and counts do not depend on the writing.
  return e;
}

}  // namespace sudoku
