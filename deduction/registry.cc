#include "deduction/registry.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "deduction/aligned.h"
#include "deduction/als.h"
#include "deduction/bug.h"
#include "deduction/chains.h"
#include "deduction/colouring.h"
#include "deduction/cycles.h"
#include "deduction/fish.h"
#include "deduction/forcing_chains.h"
#include "deduction/intersections.h"
#include "deduction/nishio_technique.h"
#include "deduction/se_chaining.h"
#include "deduction/single_digit.h"
#include "deduction/singles.h"
#include "deduction/subsets.h"
#include "deduction/unique_loops.h"
#include "deduction/uniqueness.h"
#include "deduction/wings.h"

namespace sudoku {

std::unique_ptr<Technique> MakeTechnique(TechniqueId tid) {
  switch (tid) {
#define SUDOKU_TECHNIQUE(e, id, name, rating, group, placement, source, cls, \
                         ...)                                                \
  case TechniqueId::k##e:                                                    \
    return std::make_unique<cls>(TechniqueId::k##e __VA_OPT__(, ) __VA_ARGS__);
#include "deduction/techniques.def"
#undef SUDOKU_TECHNIQUE
  }
  return nullptr;
}

std::vector<std::unique_ptr<Technique>> DefaultTechniques() {
  std::vector<std::unique_ptr<Technique>> t;
  for (const TechniqueInfo& info : kTechniqueTable)
    if (info.placement == LadderPlacement::kLadder)
      t.push_back(MakeTechnique(info.tid));
  return t;
}

std::vector<std::string> TechniqueIds() {
  std::vector<std::string> ids;
  for (const auto& t : DefaultTechniques()) ids.emplace_back(t->id());
  return ids;
}

absl::StatusOr<std::unique_ptr<Technique>> FindTechnique(absl::string_view id) {
  if (const TechniqueInfo* info = FindTechniqueInfo(id))
    return MakeTechnique(info->tid);
  return absl::NotFoundError(
      absl::StrCat("unknown technique '", id,
                   "'; known: ", absl::StrJoin(TechniqueIds(), ", ")));
}

std::vector<std::string> TechniqueGroups() {
  std::vector<std::string> names;
  for (absl::string_view name : kTechniqueGroupNames) names.emplace_back(name);
  return names;
}

std::vector<std::string> GroupMembers(absl::string_view group) {
  std::vector<std::string> ids;
  for (const TechniqueInfo& t : kTechniqueTable)
    if (TechniqueGroupName(t.group) == group &&
        (t.placement == LadderPlacement::kLadder ||
         t.placement == LadderPlacement::kGroup))
      ids.emplace_back(t.id);
  return ids;
}

std::vector<std::string> SeLadderIds() {
  std::vector<std::string> ids;
  for (const TechniqueInfo& t : kTechniqueTable)
    if ((t.placement == LadderPlacement::kLadder ||
         t.placement == LadderPlacement::kSeOnly) &&
        t.source == RuleSource::kSe)
      ids.emplace_back(t.id);
  return ids;
}

bool IsUniquenessTechnique(absl::string_view id) {
  const TechniqueInfo* info = FindTechniqueInfo(id);
  return info != nullptr && info->group == TechniqueGroup::kUniqueness;
}

absl::StatusOr<std::vector<std::unique_ptr<Technique>>> MakeLadder(
    absl::string_view spec, const DeductionOptions& options) {
  // The default ladder's rows and the se ladder's own, in table order; the
  // spec picks among them (an empty spec or "all": the default ladder).
  std::vector<std::unique_ptr<Technique>> all;
  for (const TechniqueInfo& info : kTechniqueTable)
    if (info.placement == LadderPlacement::kLadder ||
        info.placement == LadderPlacement::kSeOnly)
      all.push_back(MakeTechnique(info.tid));
  std::vector<bool> wanted(all.size(), false);
  std::vector<std::unique_ptr<Technique>> off_ladder;
  spec = absl::StripAsciiWhitespace(spec);
  if (spec.empty() || spec == "all") {
    for (size_t i = 0; i < all.size(); ++i)
      wanted[i] = all[i]->info().placement == LadderPlacement::kLadder;
  } else {
    for (absl::string_view raw : absl::StrSplit(spec, ',')) {
      const absl::string_view item = absl::StripAsciiWhitespace(raw);
      if (item.empty()) continue;
      std::vector<std::string> ids =
          item == kSeLadderName ? SeLadderIds() : GroupMembers(item);
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
          const TechniqueInfo* info = FindTechniqueInfo(want);
          if (info != nullptr) {
            off_ladder.push_back(MakeTechnique(info->tid));
            continue;
          }
          return absl::InvalidArgumentError(absl::StrCat(
              "techniques: unknown technique or group '", item,
              "'; ladders: all, ", kSeLadderName,
              "; groups: ", absl::StrJoin(TechniqueGroups(), ", "),
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
  for (auto& t : off_ladder) ladder.push_back(std::move(t));
  for (auto& t : ladder) t->SetWorkBudget(options.max_nodes);
  return ladder;
}

}  // namespace sudoku
