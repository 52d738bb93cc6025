// Test helpers for golden tests against HoDoKu's regression library
// (reglib-1.3.txt): each line is a pencil-mark position where one technique
// yields exactly the listed eliminations or placements (or, for "-x" variants,
// must not fire).
//
// Line format (from the file's header):
//   :<technique>[-variant]:<candidates>:<givens>:<deleted>:<eliminations>:
//   <placements>:<extra>
// givens: 81 cells, '.' empty, a digit a given, '+digit' a placed digit;
// deleted/eliminations/placements: space-separated <digit><row><col>.
#ifndef SUDOKU_TESTS_TESTING_REGLIB_H_
#define SUDOKU_TESTS_TESTING_REGLIB_H_

#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "core/board.h"
#include "deduction/registry.h"
#include "deduction/technique.h"
#include "deduction/util.h"

namespace sudoku::testing {

struct RegLibCase {
  std::string code;     // "0300"
  std::string variant;  // "", "1", "x"
  Board board{Shape::Classic()};
  std::vector<CellDigit> eliminations;
  std::vector<CellDigit> placements;
  std::string line;
};

inline bool ParseCandidates(absl::string_view field,
                            std::vector<CellDigit>* out) {
  for (absl::string_view tok :
       absl::StrSplit(field, ' ', absl::SkipWhitespace())) {
    if (tok.size() != 3) return false;
    const int d = tok[0] - '0', r = tok[1] - '0', c = tok[2] - '0';
    if (d < 1 || d > 9 || r < 1 || r > 9 || c < 1 || c > 9) return false;
    out->push_back({(r - 1) * 9 + (c - 1), d});
  }
  return true;
}

// Returns nullopt for comments, blank and malformed lines.
inline std::optional<RegLibCase> ParseRegLibLine(const std::string& line) {
  if (line.empty() || line[0] != ':') return std::nullopt;
  std::vector<std::string> f = absl::StrSplit(line, ':');
  // f[0] is empty (leading ':').
  if (f.size() < 8) return std::nullopt;
  RegLibCase c;
  c.line = line;
  const std::vector<std::string> code = absl::StrSplit(f[1], '-');
  c.code = code[0];
  if (code.size() > 1) c.variant = code[1];
  Grid grid(Shape::Classic());
  int cell = 0;
  for (char ch : f[3]) {
    if (ch == '+') continue;
    if (cell >= 81) return std::nullopt;
    grid.set(cell++, ch == '.' ? 0 : ch - '0');
  }
  if (cell != 81) return std::nullopt;
  absl::StatusOr<Board> board = Board::FromGrid(grid);
  if (!board.ok()) return std::nullopt;
  c.board = *board;
  std::vector<CellDigit> deleted;
  if (!ParseCandidates(f[4], &deleted) ||
      !ParseCandidates(f[5], &c.eliminations) ||
      !ParseCandidates(f[6], &c.placements))
    return std::nullopt;
  for (const CellDigit& d : deleted)
    if (c.board.value(d.cell) == 0) c.board.Eliminate(d.cell, d.digit);
  Canonicalize(&c.eliminations);
  Canonicalize(&c.placements);
  return c;
}

// HoDoKu code -> our technique id ("" = not ours).
inline std::string TechniqueFor(const std::string& code) {
  static const auto* map = new std::map<std::string, std::string>{
      {"0000", "full_house"},
      {"0002", "hidden_single"},
      {"0003", "naked_single"},
      {"0100", "pointing"},
      {"0101", "claiming"},
      {"0110", "naked_pair"},
      {"0111", "naked_triple"},
      {"0200", "naked_pair"},
      {"0201", "naked_triple"},
      {"0202", "naked_quad"},
      {"0210", "hidden_pair"},
      {"0211", "hidden_triple"},
      {"0212", "hidden_quad"},
      {"0300", "x_wing"},
      {"0301", "swordfish"},
      {"0302", "jellyfish"},
      {"0310", "finned_x_wing"},
      {"0311", "finned_swordfish"},
      {"0312", "finned_jellyfish"},
      {"0320", "finned_x_wing"},
      {"0321", "finned_swordfish"},
      {"0322", "finned_jellyfish"},
      {"0400", "skyscraper"},
      {"0401", "two_string_kite"},
      {"0402", "empty_rectangle"},
      {"0403", "turbot_fish"},
      {"0600", "unique_rectangle"},
      {"0601", "unique_rectangle"},
      {"0602", "unique_rectangle"},
      {"0603", "unique_rectangle"},
      {"0610", "bug_plus_one"},
      {"0800", "xy_wing"},
      {"0801", "xyz_wing"},
      {"0803", "w_wing"},
      {"0500", "simple_colouring"},
      {"0501", "simple_colouring"},
      {"0502", "multi_colouring"},
      {"0503", "multi_colouring"},
      {"0701", "x_chain"},
      {"0702", "xy_chain"},
      {"0703", "remote_pair"},
      {"0707", "aic"},
      {"0708", "aic"},
      {"0710", "grouped_aic"},
      {"0711", "grouped_aic"},
      {"0901", "als_xz"},
  };
  auto it = map->find(code);
  return it == map->end() ? "" : it->second;
}

// True when `technique` on the case's board does what the library expects:
// one of its deductions has exactly the expected eliminations and
// placements, or (fail case) it finds nothing.
inline bool Passes(const Technique& technique, const RegLibCase& c,
                   std::string* found) {
  std::vector<Deduction> all;
  technique.FindAll(c.board, &all);
  if (c.variant == "x") {
    if (!all.empty()) *found = all[0].text;
    return all.empty();
  }
  for (Deduction& d : all) {
    // HoDoKu states a placement by a single (BUG+1) as eliminating the
    // cell's other candidates: the same deduction.
    if (c.placements.empty() && !d.placements.empty()) {
      for (const CellDigit& p : d.placements)
        for (int digit : c.board.candidates(p.cell))
          if (digit != p.digit) d.eliminations.push_back({p.cell, digit});
      d.placements.clear();
    }
    Canonicalize(&d.eliminations);
    Canonicalize(&d.placements);
    if (d.eliminations == c.eliminations && d.placements == c.placements)
      return true;
  }
  for (const Deduction& d : all) *found += d.text + "\n";
  return false;
}

inline std::vector<std::string> ReadLines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

}  // namespace sudoku::testing

#endif  // SUDOKU_TESTS_TESTING_REGLIB_H_
