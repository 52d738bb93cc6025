// A human-style deduction rule and the deduction it finds.
#ifndef SUDOKU_DEDUCTION_TECHNIQUE_H_
#define SUDOKU_DEDUCTION_TECHNIQUE_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "core/board.h"

namespace sudoku {

struct CellDigit {
  int cell = 0;
  int digit = 0;
  bool operator==(const CellDigit&) const = default;
};

// One step of a human-style solution: what it concludes and the pattern that
// justifies it (so a UI can highlight it and the rater can count it).
struct Deduction {
  std::string technique;                // Technique::id()
  double rating = 0;                    // on the Sudoku Explainer scale
  std::vector<CellDigit> placements;
  std::vector<CellDigit> eliminations;
  // The pattern: cells and candidates that form it, and the units involved.
  std::vector<int> pattern_cells;
  std::vector<CellDigit> pattern_candidates;
  std::vector<int> pattern_units;
  std::string text;                     // one English sentence
};

class Technique {
 public:
  virtual ~Technique() = default;
  // Stable id, stored in the database and in statistics: never rename.
  virtual absl::string_view id() const = 0;
  // Human name, e.g. "Hidden single".
  virtual absl::string_view name() const = 0;
  // The base rating on the Sudoku Explainer 1.2.1 scale (a found deduction
  // may carry a higher one, e.g. a longer chain).
  virtual double difficulty() const = 0;
  // Returns one deduction (the first found) or nullopt. Must not modify
  // `board`. A returned deduction always makes progress.
  virtual std::optional<Deduction> Find(const Board& board) const = 0;
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_TECHNIQUE_H_
