#include "solvers/soft_puzzle.h"

#include <cmath>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace sudoku {
namespace {

size_t Idx(int i) { return static_cast<size_t>(i); }

// One cell of the line before the shape is known.
struct Token {
  int column = 0;          // 1-based column of its first character
  absl::string_view text;  // one symbol, or the inside of {...}
  bool braced = false;
};

absl::Status Error(int line, int column, absl::string_view message) {
  return absl::InvalidArgumentError(
      absl::StrCat("line ", line, ", column ", column, ": ", message));
}

// Parses the inside of a brace into weights[digit] (index 0 unused).
absl::Status ParseBrace(const Shape& shape, const Token& t, int line,
                        std::vector<double>& weights) {
  const int n = shape.size();
  weights.assign(Idx(n + 1), 0.0);
  if (t.text.empty()) return Error(line, t.column, "empty soft clue {}");
  if (t.text.find(':') == absl::string_view::npos) {
    // Uniform over a set of digit symbols.
    for (size_t i = 0; i < t.text.size(); ++i) {
      const int column = t.column + 1 + static_cast<int>(i);
      const int d = shape.DigitOf(t.text[i]);
      if (d < 1) {
        return Error(
            line, column,
            absl::StrCat("'", std::string(1, t.text[i]),
                         "' is not a digit of a ", shape.name(), " puzzle"));
      }
      if (weights[Idx(d)] != 0)
        return Error(line, column, absl::StrCat("digit ", d, " repeated"));
      weights[Idx(d)] = 1;
    }
  } else {
    size_t offset = 0;
    for (absl::string_view item : absl::StrSplit(t.text, ',')) {
      const int column = t.column + 1 + static_cast<int>(offset);
      offset += item.size() + 1;
      std::pair<absl::string_view, absl::string_view> kv =
          absl::StrSplit(item, absl::MaxSplits(':', 1));
      const int d = kv.first.size() == 1 ? shape.DigitOf(kv.first[0]) : -1;
      if (d < 1) {
        return Error(line, column,
                     absl::StrCat("expected digit:weight, got '", item, "'"));
      }
      double w = 0;
      if (!absl::SimpleAtod(kv.second, &w) || !(w > 0) || !std::isfinite(w)) {
        return Error(
            line, column,
            absl::StrCat("weight of digit ", d,
                         " must be a positive number, got '", kv.second, "'"));
      }
      if (weights[Idx(d)] != 0)
        return Error(line, column, absl::StrCat("digit ", d, " repeated"));
      weights[Idx(d)] = w;
    }
  }
  double sum = 0;
  for (double w : weights) sum += w;
  for (double& w : weights) w /= sum;
  return absl::OkStatus();
}

}  // namespace

int SoftPuzzle::NumSoftClues() const {
  int count = 0;
  for (const CandidateSet& c : allowed) count += c.empty() ? 0 : 1;
  return count;
}

namespace {

// `line` starts at 0-based column `offset` of the input line.
absl::StatusOr<SoftPuzzle> ParseSoftLine(absl::string_view line,
                                         int line_number, int offset,
                                         const Shape* shape) {
  std::vector<Token> tokens;
  for (size_t i = 0; i < line.size(); ++i) {
    const char ch = line[i];
    const int column = static_cast<int>(i) + 1 + offset;
    if (ch == ' ' || ch == '\t' || ch == '\r') break;  // the label follows
    if (ch == '}') return Error(line_number, column, "'}' without '{'");
    if (ch != '{') {
      tokens.push_back({column, line.substr(i, 1), false});
      continue;
    }
    const size_t close = line.find('}', i);
    const size_t space = line.find_first_of(" \t{", i + 1);
    if (close == absl::string_view::npos ||
        (space != absl::string_view::npos && space < close)) {
      return Error(line_number, column, "'{' is not closed by '}'");
    }
    tokens.push_back({column, line.substr(i + 1, close - i - 1), true});
    i = close;
  }
  const int cells = static_cast<int>(tokens.size());
  if (shape == nullptr) shape = Shape::ForCellCount(cells);
  if (shape == nullptr || shape->num_cells() != cells) {
    return Error(line_number, 1 + offset,
                 absl::StrCat("expected ",
                              shape ? absl::StrCat(shape->num_cells())
                                    : std::string("81 (or another square)"),
                              " cells, got ", cells));
  }
  SoftPuzzle p;
  p.clues = Grid(*shape);
  p.allowed.assign(Idx(cells), CandidateSet());
  p.weights.assign(Idx(cells), {});
  for (int cell = 0; cell < cells; ++cell) {
    const Token& t = tokens[Idx(cell)];
    if (t.braced) {
      std::vector<double> w;
      absl::Status s = ParseBrace(*shape, t, line_number, w);
      if (!s.ok()) return s;
      for (int d = 1; d <= shape->size(); ++d)
        if (w[Idx(d)] > 0) p.allowed[Idx(cell)].Insert(d);
      p.weights[Idx(cell)] = std::move(w);
      continue;
    }
    const int d = shape->DigitOf(t.text[0]);
    if (d < 0) {
      return Error(line_number, t.column,
                   absl::StrCat("unexpected character '", t.text, "'"));
    }
    p.clues.set(cell, d);
  }
  absl::Status givens = CheckGivens(p.clues);
  if (!givens.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("line ", line_number, ": ", givens.message()));
  }
  return p;
}

}  // namespace

absl::StatusOr<SoftPuzzle> ParseSoftPuzzle(absl::string_view line,
                                           int line_number, const Shape* shape,
                                           int column_offset) {
  return ParseSoftLine(line, line_number, column_offset, shape);
}

absl::StatusOr<std::vector<SoftPuzzle>> ParseSoftPuzzles(absl::string_view text,
                                                         const Shape* shape) {
  std::vector<SoftPuzzle> out;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    absl::string_view trimmed = absl::StripAsciiWhitespace(line);
    if (trimmed.empty() || trimmed[0] == '#') continue;
    const size_t lead =
        line.size() - absl::StripLeadingAsciiWhitespace(line).size();
    absl::StatusOr<SoftPuzzle> p = ParseSoftLine(line.substr(lead), line_number,
                                                 static_cast<int>(lead), shape);
    if (!p.ok()) return p.status();
    out.push_back(*std::move(p));
  }
  return out;
}

absl::Status SetSoftClue(SoftPuzzle& puzzle, int cell,
                         const std::vector<std::pair<int, double>>& weights) {
  const Shape& shape = puzzle.clues.shape();
  const std::string name = shape.CellName(cell);
  if (weights.empty())
    return absl::InvalidArgumentError(absl::StrCat(name, ": no digits"));
  std::vector<double> w(Idx(shape.size() + 1), 0.0);
  double sum = 0;
  for (const auto& [d, weight] : weights) {
    if (d < 1 || d > shape.size()) {
      return absl::InvalidArgumentError(
          absl::StrCat(name, ": digit ", d, " is outside 1..", shape.size()));
    }
    if (!(weight > 0) || !std::isfinite(weight)) {
      return absl::InvalidArgumentError(absl::StrCat(
          name, ": weight of digit ", d, " must be a positive number"));
    }
    if (w[Idx(d)] != 0) {
      return absl::InvalidArgumentError(
          absl::StrCat(name, ": digit ", d, " repeated"));
    }
    w[Idx(d)] = weight;
    sum += weight;
  }
  CandidateSet allowed;
  for (int d = 1; d <= shape.size(); ++d) {
    w[Idx(d)] /= sum;
    if (w[Idx(d)] > 0) allowed.Insert(d);
  }
  puzzle.clues.set(cell, 0);
  puzzle.allowed[Idx(cell)] = allowed;
  puzzle.weights[Idx(cell)] = std::move(w);
  return absl::OkStatus();
}

std::string ToSoftLine(const SoftPuzzle& puzzle) {
  const Shape& shape = puzzle.clues.shape();
  std::string out;
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    const CandidateSet c = puzzle.allowed[Idx(cell)];
    if (c.empty()) {
      out += shape.Symbol(puzzle.clues[cell]);
      continue;
    }
    const std::vector<double>& w = puzzle.weights[Idx(cell)];
    bool uniform = true;
    for (int d : c) uniform &= std::fabs(w[Idx(d)] - 1.0 / c.Count()) < 1e-12;
    out += '{';
    bool first = true;
    for (int d : c) {
      if (!uniform && !first) out += ',';
      out += shape.Symbol(d);
      if (!uniform) absl::StrAppend(&out, ":", w[Idx(d)]);
      first = false;
    }
    out += '}';
  }
  return out;
}

bool IsValidSoftSolution(const SoftPuzzle& puzzle, const Grid& solution) {
  if (!IsValidSolution(puzzle.clues, solution)) return false;
  for (int cell = 0; cell < solution.num_cells(); ++cell) {
    const CandidateSet c = puzzle.allowed[Idx(cell)];
    if (!c.empty() && !c.Contains(solution[cell])) return false;
  }
  return true;
}

namespace {

// Plain backtracking over candidate masks: small and obviously correct,
// which is what a uniqueness check for hand-made soft puzzles needs.
struct Counter {
  const Shape* shape;
  Grid grid;
  std::vector<CandidateSet> allowed;
  int limit;
  int count = 0;
  Grid* first;

  CandidateSet Candidates(int cell) const {
    CandidateSet c = allowed[Idx(cell)].empty()
                         ? CandidateSet::All(shape->size())
                         : allowed[Idx(cell)];
    for (int peer : shape->peers(cell))
      if (grid[peer] != 0) c.Erase(grid[peer]);
    return c;
  }

  void Search() {
    int best = -1, best_count = shape->size() + 1;
    CandidateSet best_set;
    for (int cell = 0; cell < shape->num_cells(); ++cell) {
      if (grid[cell] != 0) continue;
      const CandidateSet c = Candidates(cell);
      if (c.Count() < best_count) {
        best = cell;
        best_count = c.Count();
        best_set = c;
        if (best_count == 0) return;
      }
    }
    if (best < 0) {
      if (count == 0 && first != nullptr) *first = grid;
      ++count;
      return;
    }
    for (int d : best_set) {
      grid.set(best, d);
      Search();
      grid.set(best, 0);
      if (limit > 0 && count >= limit) return;
    }
  }
};

}  // namespace

int CountSoftSolutions(const SoftPuzzle& puzzle, int limit,
                       Grid* first_solution) {
  if (!CheckGivens(puzzle.clues).ok()) return 0;
  Counter c{&puzzle.clues.shape(), puzzle.clues, puzzle.allowed, limit, 0,
            first_solution};
  c.Search();
  return c.count;
}

Relaxation SoftRelaxation(const SoftPuzzle& puzzle,
                          std::vector<double>* prior) {
  Relaxation r = BuildRelaxation(puzzle.clues, &puzzle.allowed);
  if (prior != nullptr) {
    prior->assign(Idx(r.num_vars()), 1.0);
    for (int v = 0; v < r.num_vars(); ++v) {
      const std::vector<double>& w = puzzle.weights[Idx(r.var_cell[Idx(v)])];
      if (!w.empty()) (*prior)[Idx(v)] = w[Idx(r.var_digit[Idx(v)])];
    }
  }
  return r;
}

}  // namespace sudoku
