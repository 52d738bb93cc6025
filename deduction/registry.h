// The technique registry: one explicit ladder, easiest first.
//
// DefaultTechniques() is the single list (no self-registering statics: a
// static library drops translation units nothing references). Groups name
// slices of it for --techniques, e.g. "singles,intersections,nishio".
#ifndef SUDOKU_DEDUCTION_REGISTRY_H_
#define SUDOKU_DEDUCTION_REGISTRY_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "deduction/technique.h"

namespace sudoku {

struct DeductionOptions {
  // Uniqueness techniques (unique rectangles, BUG+1) assume the puzzle has
  // exactly one solution; a user solving a puzzle of unknown pedigree, or a
  // rater matching a "no uniqueness" rating, turns them off.
  bool allow_uniqueness = true;
  // When no technique applies, place the solution's digit in a cell with the
  // fewest candidates (a GUESS step) so the walk-through still ends solved.
  // Off: the solver stops and reports the puzzle stuck.
  bool allow_guessing = true;
};

// Every technique, in ladder order (ascending base difficulty).
std::vector<std::unique_ptr<Technique>> DefaultTechniques();

// The technique with this id. NotFound (listing the ids) otherwise.
absl::StatusOr<std::unique_ptr<Technique>> FindTechnique(absl::string_view id);

// The ids of every technique in ladder order.
std::vector<std::string> TechniqueIds();

// Group names accepted by MakeLadder ("singles", "intersections", ...).
std::vector<std::string> TechniqueGroups();
// The technique ids in a group (empty if unknown).
std::vector<std::string> GroupMembers(absl::string_view group);

// True for techniques that rely on the puzzle having one solution.
bool IsUniquenessTechnique(absl::string_view id);

// Builds a ladder from a comma-separated list of groups and technique ids
// ("" or "all" = every technique), keeping ladder order and dropping
// uniqueness techniques when options.allow_uniqueness is false.
// InvalidArgument naming an unknown entry.
absl::StatusOr<std::vector<std::unique_ptr<Technique>>> MakeLadder(
    absl::string_view spec, const DeductionOptions& options);

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_REGISTRY_H_
