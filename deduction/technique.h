// A human-style deduction rule and the deduction it finds.
//
// A Technique is stateless and const: Find() inspects a Board and returns
// what the rule concludes there, without touching the board; the caller
// (the stepping solver in deduction/step_solver.h, a hint command, a test)
// applies it with ApplyDeduction(). That split lets one code path count,
// explain and hint.
#ifndef SUDOKU_DEDUCTION_TECHNIQUE_H_
#define SUDOKU_DEDUCTION_TECHNIQUE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "core/board.h"
#include "deduction/technique_table.h"

namespace sudoku {

struct CellDigit {
  int cell = 0;
  int digit = 0;
  bool operator==(const CellDigit&) const = default;
};

// A candidate a chain turns on through a strong link, and what forces it
// on: `unit` < 0 when it is the last candidate left in its cell, else the
// unit where it is the last place left for its digit.
struct ChainCause {
  int cell = 0;
  int digit = 0;
  int unit = -1;
  bool operator==(const ChainCause&) const = default;
};

// One step of a human-style solution: what it concludes and the pattern that
// justifies it (so a UI can highlight it and the rater can count it).
struct Deduction {
  std::string technique;  // Technique::id()
  double rating = 0;      // on the Sudoku Explainer scale
  std::vector<CellDigit> placements;
  std::vector<CellDigit> eliminations;
  // The pattern: cells and candidates that form it, and the units involved.
  std::vector<int> pattern_cells;
  std::vector<CellDigit> pattern_candidates;
  std::vector<int> pattern_units;
  std::string text;  // one English sentence
  // Sudoku Explainer's forcing chains: the literals the step's length bonus
  // counts (its nested steps' included); 0 for other techniques.
  int complexity = 0;
  // Nested forcing chains: the inner steps (forcing chains, subsets, ...)
  // that the branches used, as they were found on a branch's grid.
  std::vector<Deduction> nested;
  // Chains and loops: the candidates they turn on, with their causes. A
  // chain found inside a forcing chain's branch takes its parents from
  // them (the candidates the branch removed in those cells and units).
  std::vector<ChainCause> on_causes;
};

class Technique {
 public:
  // `tid` names the technique's row in deduction/techniques.def, which
  // holds its id, name and base rating.
  explicit Technique(TechniqueId tid) : info_(&GetTechniqueInfo(tid)) {}
  virtual ~Technique() = default;
  // Stable id, stored in the database and in statistics: never rename.
  absl::string_view id() const { return info_->id; }
  // Human name, e.g. "Hidden single".
  absl::string_view name() const { return info_->name; }
  // The base rating on the Sudoku Explainer 1.2.1 scale (a found deduction
  // may carry a higher one, e.g. a longer chain). The stepping solver uses
  // it as a lower bound on every deduction the technique can return: it
  // skips techniques whose difficulty() exceeds the best rating found so
  // far, so a technique must never return a rating below difficulty().
  double difficulty() const { return info_->se_rating; }
  const TechniqueInfo& info() const { return *info_; }
  // Returns one deduction (the first found, or the easiest if ratings vary)
  // or nullopt. Must not modify `board`. A returned deduction always makes
  // progress (places a digit or removes a candidate still present).
  virtual std::optional<Deduction> Find(const Board& board) const = 0;
  // Appends every deduction the technique sees on `board` (one per pattern
  // instance, in scan order; duplicates allowed). Used by golden tests and
  // by callers that want to choose among instances. The default returns
  // just Find()'s result; techniques override it when cheap to do so.
  virtual void FindAll(const Board& board, std::vector<Deduction>* out) const {
    if (std::optional<Deduction> d = Find(board)) out->push_back(std::move(*d));
  }
  // True for Sudoku Explainer's last producers (dynamic forcing chains "+"
  // and the nested forcing chains): the stepping solver runs such a
  // technique only when no technique before it has a step, whatever that
  // step's rating, as SE tries them only after all others found nothing.
  virtual bool LastResort() const { return false; }
  // A bound on the work of one Find(), for the techniques whose search can
  // grow without a useful bound (DeductionOptions::max_nodes; set when the
  // ladder is made). The default ignores it.
  virtual void SetWorkBudget(int64_t /*max_work*/) {}

 private:
  const TechniqueInfo* info_;  // a row of kTechniqueTable; not owned
};

// Applies `deduction` to `board`: placements first (Board::Place, which also
// clears the digit from the peers), then eliminations of candidates still
// present. Returns false when the board becomes contradictory (a deduction
// drawn from an unsound rule, or a guess that was wrong).
bool ApplyDeduction(const Deduction& deduction, Board* board);

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_TECHNIQUE_H_
