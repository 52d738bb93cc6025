// The technique registry: ladders built from the technique table.
//
// deduction/techniques.def is the single list (one row per technique: id,
// name, base rating, group, place in the ladder, class; no self-registering
// statics: a static library drops translation units nothing references).
// Groups name slices of it for --techniques, e.g.
// "singles,intersections,nishio".
#ifndef SUDOKU_DEDUCTION_REGISTRY_H_
#define SUDOKU_DEDUCTION_REGISTRY_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "deduction/technique.h"
#include "deduction/technique_table.h"

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
  // The work bound, in wall-clock seconds per puzzle (Explain, and the exact
  // search behind it or behind a hint): past it the solver gives up with
  // ExplainStatus::kOutOfTime instead of running on, so a hostile input (an
  // empty 25x25 grid, a deep contradiction) cannot hold a command or a
  // service worker. An ordinary 9x9 puzzle takes a few milliseconds; the
  // hardest ones, which need SE's nested forcing chains, take seconds and a
  // few of forum_hardest_1106 tens of seconds (docs/PERFORMANCE.md), so a
  // slow or loaded machine can stop those; <= 0 means no bound.
  double max_seconds = kDefaultMaxSeconds;
  static constexpr double kDefaultMaxSeconds = 60.0;
  // The work budget of the exact search (count to two) that precedes a
  // walk or a hint, in search nodes: past it the solver stops with
  // ExplainStatus::kBudgetExceeded, whatever the clock says, so a caller
  // gets the same answer on a fast and a slow machine. 0 means no budget.
  // The same bound holds each search of SE's dynamic forcing chains "+"
  // and nested forcing chains, in literal expansions (Technique::
  // SetWorkBudget): past it the search stops and the walk may guess.
  int64_t max_nodes = kDefaultMaxNodes;
  static constexpr int64_t kDefaultMaxNodes = 100'000'000;
};

// A new instance of the technique in row `tid` of the table.
std::unique_ptr<Technique> MakeTechnique(TechniqueId tid);

// Every technique of the default ladder, in ladder order (ascending base
// difficulty; the table's row order breaks ties).
std::vector<std::unique_ptr<Technique>> DefaultTechniques();

// The technique with this id, on the default ladder or off it. NotFound
// (listing the ladder's ids) otherwise.
absl::StatusOr<std::unique_ptr<Technique>> FindTechnique(absl::string_view id);

// The ids of every technique in ladder order.
std::vector<std::string> TechniqueIds();

// Group names accepted by MakeLadder ("singles", "intersections", ...).
std::vector<std::string> TechniqueGroups();
// The technique ids in a group, in table order (empty if unknown). A row
// reachable by id only (LadderPlacement::kById) or only in the se ladder
// (kSeOnly) is in no group's list.
std::vector<std::string> GroupMembers(absl::string_view group);

// The ids of the "se" ladder (kSeLadderName): the default ladder's rows
// whose rule Sudoku Explainer 1.2.1 has, in ladder order.
std::vector<std::string> SeLadderIds();

// True for techniques that rely on the puzzle having one solution.
bool IsUniquenessTechnique(absl::string_view id);

// Builds a ladder from a comma-separated list of groups, technique ids and
// "se" (Sudoku Explainer 1.2.1's rules, SeLadderIds()); "" or "all" = every
// technique of the default ladder. Keeps ladder order, appends off-ladder
// techniques named in the list (or by their group) in list order, and drops
// uniqueness techniques when options.allow_uniqueness is false.
// InvalidArgument naming an unknown entry.
absl::StatusOr<std::vector<std::unique_ptr<Technique>>> MakeLadder(
    absl::string_view spec, const DeductionOptions& options);

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_REGISTRY_H_
