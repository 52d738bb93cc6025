// The technique table as data: every technique's id, name, base rating on
// the Sudoku Explainer scale, --techniques group and place in the ladder,
// one row each, expanded from deduction/techniques.def. Code that needs to
// know something about a technique by its id (the rater's "is this a
// single", the stepping solver's "is this a uniqueness rule", a front end's
// display name) asks this table instead of keeping its own list.
//
// Everything here is constexpr or immutable after first use: thread-safe.
#ifndef SUDOKU_DEDUCTION_TECHNIQUE_TABLE_H_
#define SUDOKU_DEDUCTION_TECHNIQUE_TABLE_H_

#include <array>
#include <cstddef>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace sudoku {

// The --techniques groups, in the order they are listed to users.
enum class TechniqueGroup {
  kSingles,
  kIntersections,
  kSubsets,
  kFish,
  kWings,
  kUniqueness,
  kSingleDigit,
  kNishio,
  kColouring,
  kChains,
  kForcingChains,
};
inline constexpr std::array<absl::string_view, 11> kTechniqueGroupNames = {
    "singles",   "intersections", "subsets",       "fish",
    "wings",     "uniqueness",    "single-digit",  "nishio",
    "colouring", "chains",        "forcing-chains"};
static_assert(static_cast<size_t>(TechniqueGroup::kForcingChains) + 1 ==
              kTechniqueGroupNames.size());

// How a technique joins a ladder built by MakeLadder.
enum class LadderPlacement {
  kLadder,  // in the default ladder, at its row's position
  kGroup,   // off the default ladder; its group or its id adds it
  kById,    // off the default ladder; only its id adds it
  kSeOnly,  // in the "se" ladder (or added by id) at its row's position,
            // not in the default ladder
};

// Whose rule a technique is.
enum class RuleSource {
  kSe,    // Sudoku Explainer 1.2.1 has it: a row of the "se" ladder
  kOurs,  // SE 1.2.1 lacks it (Sukaku Explainer, HoDoKu, ...)
};

// The name of the ladder of Sudoku Explainer 1.2.1's own rules (the kSe
// rows of the default ladder), accepted by MakeLadder: its ER/EP/ED are
// the ones to compare with SE's.
inline constexpr absl::string_view kSeLadderName = "se";

enum class TechniqueId {
#define SUDOKU_TECHNIQUE(e, ...) k##e,
#include "deduction/techniques.def"
#undef SUDOKU_TECHNIQUE
};

struct TechniqueInfo {
  TechniqueId tid;
  absl::string_view id;    // stable: stored in the database and statistics
  absl::string_view name;  // human name, e.g. "Hidden single"
  double se_rating;        // base rating, Sudoku Explainer 1.2.1 scale
  TechniqueGroup group;
  LadderPlacement placement;
  RuleSource source;
};

inline constexpr TechniqueInfo kTechniqueTable[] = {
#define SUDOKU_TECHNIQUE(e, id, name, rating, group, placement, source, ...) \
  {TechniqueId::k##e,                                                        \
   id,                                                                       \
   name,                                                                     \
   rating,                                                                   \
   TechniqueGroup::k##group,                                                 \
   LadderPlacement::placement,                                               \
   RuleSource::source},
#include "deduction/techniques.def"
#undef SUDOKU_TECHNIQUE
};

// The row of `tid`.
constexpr const TechniqueInfo& GetTechniqueInfo(TechniqueId tid) {
  return kTechniqueTable[static_cast<size_t>(tid)];
}

// The row whose id is `id`, or nullptr. O(1) (a hash map built on first use).
const TechniqueInfo* FindTechniqueInfo(absl::string_view id);

constexpr absl::string_view TechniqueGroupName(TechniqueGroup group) {
  return kTechniqueGroupNames[static_cast<size_t>(group)];
}

// The highest base rating in `group`.
constexpr double MaxBaseRating(TechniqueGroup group) {
  double max = 0;
  for (const TechniqueInfo& t : kTechniqueTable)
    if (t.group == group && t.se_rating > max) max = t.se_rating;
  return max;
}

// No single rates above this (the naked single's 2.3; a hidden single is
// 1.2 or 1.5): a step rated higher needs more than singles.
inline constexpr double kHardestSingleRating =
    MaxBaseRating(TechniqueGroup::kSingles);

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_TECHNIQUE_TABLE_H_
