#include "deduction/registry.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "deduction/nishio_technique.h"
#include "deduction/singles.h"

namespace sudoku {
namespace {

struct Group {
  const char* name;
  std::vector<const char*> members;
};

const std::vector<Group>& Groups() {
  static const auto* groups = new std::vector<Group>{
      {"singles", {"full_house", "hidden_single", "naked_single"}},
  };
  return *groups;
}

}  // namespace

// The ladder. Position = Sudoku Explainer 1.2.1 rating order, so that taking
// the lowest-rated deduction reproduces SE's choice of step; techniques SE
// lacks sit where SE's equivalent step would rate (docs/DEDUCTION.md).
std::vector<std::unique_ptr<Technique>> DefaultTechniques() {
  std::vector<std::unique_ptr<Technique>> t;
  t.push_back(std::make_unique<FullHouse>());      // 1.0
  t.push_back(std::make_unique<HiddenSingle>());   // 1.2 box, 1.5 line
  t.push_back(std::make_unique<NakedSingle>());    // 2.3
  // Last resorts before guessing (docs/NISHIO.md): the single-digit template
  // rule, its matching approximation (= basic fish of any size) first.
  t.push_back(MakeNishioMatchingTechnique());      // 5.2
  t.push_back(MakeNishioTechnique());              // 7.5
  return t;
}

std::vector<std::string> TechniqueIds() {
  std::vector<std::string> ids;
  for (const auto& t : DefaultTechniques()) ids.emplace_back(t->id());
  return ids;
}

absl::StatusOr<std::unique_ptr<Technique>> FindTechnique(absl::string_view id) {
  for (auto& t : DefaultTechniques())
    if (t->id() == id) return std::move(t);
  return absl::NotFoundError(absl::StrCat("unknown technique '", id,
                                          "'; known: ",
                                          absl::StrJoin(TechniqueIds(), ", ")));
}

std::vector<std::string> TechniqueGroups() {
  std::vector<std::string> names;
  for (const Group& g : Groups()) names.emplace_back(g.name);
  return names;
}

std::vector<std::string> GroupMembers(absl::string_view group) {
  for (const Group& g : Groups())
    if (group == g.name) return {g.members.begin(), g.members.end()};
  return {};
}

bool IsUniquenessTechnique(absl::string_view id) {
  for (const std::string& m : GroupMembers("uniqueness"))
    if (m == id) return true;
  return false;
}

absl::StatusOr<std::vector<std::unique_ptr<Technique>>> MakeLadder(
    absl::string_view spec, const DeductionOptions& options) {
  std::vector<std::unique_ptr<Technique>> all = DefaultTechniques();
  std::vector<bool> wanted(all.size(), false);
  spec = absl::StripAsciiWhitespace(spec);
  if (spec.empty() || spec == "all") {
    std::fill(wanted.begin(), wanted.end(), true);
  } else {
    for (absl::string_view raw : absl::StrSplit(spec, ',')) {
      const absl::string_view item = absl::StripAsciiWhitespace(raw);
      if (item.empty()) continue;
      std::vector<std::string> ids = GroupMembers(item);
      if (ids.empty()) ids.emplace_back(item);
      for (const std::string& want : ids) {
        bool found = false;
        for (size_t i = 0; i < all.size(); ++i) {
          if (all[i]->id() == want) {
            wanted[i] = true;
            found = true;
          }
        }
        if (!found) {
          return absl::InvalidArgumentError(absl::StrCat(
              "techniques: unknown technique or group '", item,
              "'; groups: ", absl::StrJoin(TechniqueGroups(), ", "),
              "; techniques: ", absl::StrJoin(TechniqueIds(), ", ")));
        }
      }
    }
  }
  std::vector<std::unique_ptr<Technique>> ladder;
  for (size_t i = 0; i < all.size(); ++i) {
    if (!wanted[i]) continue;
    if (!options.allow_uniqueness && IsUniquenessTechnique(all[i]->id()))
      continue;
    ladder.push_back(std::move(all[i]));
  }
  return ladder;
}

}  // namespace sudoku
