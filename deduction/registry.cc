#include "deduction/registry.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "deduction/als.h"
#include "deduction/chains.h"
#include "deduction/colouring.h"
#include "deduction/fish.h"
#include "deduction/forcing_chains.h"
#include "deduction/intersections.h"
#include "deduction/nishio_technique.h"
#include "deduction/single_digit.h"
#include "deduction/singles.h"
#include "deduction/subsets.h"
#include "deduction/uniqueness.h"
#include "deduction/wings.h"

namespace sudoku {
namespace {

struct Group {
  const char* name;
  std::vector<const char*> members;
};

const std::vector<Group>& Groups() {
  static const auto* groups = new std::vector<Group>{
      {"singles", {"full_house", "hidden_single", "naked_single"}},
      {"intersections",
       {"direct_pointing", "direct_claiming", "pointing", "claiming"}},
      {"subsets",
       {"direct_hidden_pair", "direct_hidden_triple", "naked_pair",
        "hidden_pair", "naked_triple", "hidden_triple", "naked_quad",
        "hidden_quad"}},
      {"fish",
       {"x_wing", "swordfish", "jellyfish", "finned_x_wing", "finned_swordfish",
        "finned_jellyfish"}},
      {"wings", {"xy_wing", "xyz_wing", "w_wing"}},
      {"uniqueness", {"unique_rectangle", "bug_plus_one"}},
      {"single-digit",
       {"skyscraper", "two_string_kite", "turbot_fish", "empty_rectangle"}},
      {"nishio", {"nishio"}},
      {"colouring", {"simple_colouring", "multi_colouring"}},
      {"chains",
       {"x_chain", "remote_pair", "xy_chain", "aic", "grouped_aic", "als_xz"}},
      {"forcing-chains",
       {"contradiction_chain", "cell_forcing_chain", "unit_forcing_chain",
        "dynamic_forcing_chain"}},
  };
  return *groups;
}

// Techniques that are not in the default ladder but may be named in a
// --techniques list (appended after the ladder's own); nullptr otherwise.
// "nishio-matching" is the basic-fish approximation of "nishio": in the full
// ladder the fish techniques already cover it (docs/NISHIO.md).
//
// Grouped AIC and ALS-XZ (7.1+) are off the default ladder too: Sudoku
// Explainer has neither and proves their eliminations with cell/unit forcing
// chains (8.2+), so in the ladder they pre-empt those steps and pull ER
// below SE's (docs/DEDUCTION_CHAINS.md has the measurement). The "chains"
// group and --techniques still add them, after the ladder's own.
std::unique_ptr<Technique> MakeOffLadderTechnique(absl::string_view id) {
  if (id == "nishio-matching") return MakeNishioMatchingTechnique();
  if (id == "grouped_aic")
    return std::make_unique<ChainTechnique>(ChainKind::kGroupedAic);
  if (id == "als_xz") return std::make_unique<AlsXz>();
  return nullptr;
}

}  // namespace

// The ladder. Position = Sudoku Explainer 1.2.1 rating order, so that taking
// the lowest-rated deduction reproduces SE's choice of step; techniques SE
// lacks sit where SE's equivalent step would rate (docs/DEDUCTION.md).
std::vector<std::unique_ptr<Technique>> DefaultTechniques() {
  std::vector<std::unique_ptr<Technique>> t;
  t.push_back(std::make_unique<FullHouse>());            // 1.0
  t.push_back(std::make_unique<HiddenSingle>());         // 1.2 box, 1.5 line
  t.push_back(std::make_unique<Pointing>(true));         // 1.7 direct pointing
  t.push_back(std::make_unique<Claiming>(true));         // 1.9 direct claiming
  t.push_back(std::make_unique<HiddenSubset>(2, true));  // 2.0
  t.push_back(std::make_unique<NakedSingle>());          // 2.3
  t.push_back(std::make_unique<HiddenSubset>(3, true));  // 2.5
  t.push_back(std::make_unique<Pointing>());             // 2.6
  t.push_back(std::make_unique<Claiming>());             // 2.8
  t.push_back(std::make_unique<NakedSubset>(2));         // 3.0
  t.push_back(std::make_unique<BasicFish>(2));           // 3.2 X-Wing
  t.push_back(std::make_unique<HiddenSubset>(2));        // 3.4
  t.push_back(std::make_unique<NakedSubset>(3));         // 3.6
  t.push_back(std::make_unique<BasicFish>(3));           // 3.8 Swordfish
  t.push_back(std::make_unique<HiddenSubset>(3));        // 4.0
  // The skyscraper family at Sukaku Explainer's ratings (SE has none).
  t.push_back(
      std::make_unique<TwoLinkPattern>(TwoLinkKind::kSkyscraper));  // 4.0
  t.push_back(
      std::make_unique<TwoLinkPattern>(TwoLinkKind::kTwoStringKite));  // 4.1
  t.push_back(
      std::make_unique<TwoLinkPattern>(TwoLinkKind::kTurbotFish));  // 4.1
  t.push_back(std::make_unique<XyWing>(false));                     // 4.2
  t.push_back(std::make_unique<EmptyRectangle>());                  // 4.3
  t.push_back(std::make_unique<XyWing>(true));                      // 4.4
  t.push_back(std::make_unique<UniqueRectangle>());                 // 4.5-4.9
  t.push_back(std::make_unique<NakedSubset>(4));                    // 5.0
  t.push_back(std::make_unique<BasicFish>(4));     // 5.2 Jellyfish
  t.push_back(std::make_unique<HiddenSubset>(4));  // 5.4
  t.push_back(std::make_unique<BugPlusOne>());     // 5.6
  // SE 6.2 Aligned Pair Exclusion: not implemented.
  t.push_back(std::make_unique<FinnedFish>(2));  // 6.6
  t.push_back(std::make_unique<WWing>());        // 6.6
  // Chains and colouring (docs/DEDUCTION_CHAINS.md): after the named
  // patterns of the same rating, so ties go to the named pattern.
  t.push_back(std::make_unique<ChainTechnique>(ChainKind::kX));    // 6.6+
  t.push_back(std::make_unique<SimpleColouring>());                // 6.6+
  t.push_back(std::make_unique<ChainTechnique>(ChainKind::kXY));   // 6.6+
  t.push_back(std::make_unique<RemotePairs>());                    // 6.6+
  t.push_back(std::make_unique<MultiColouring>());                 // 6.7+
  t.push_back(std::make_unique<FinnedFish>(3));                    // 6.8
  t.push_back(std::make_unique<FinnedFish>(4));                    // 7.0
  t.push_back(std::make_unique<ChainTechnique>(ChainKind::kAic));  // 7.0+
  // grouped_aic, als_xz (7.1+): off the default ladder, see above.
  // The single-digit template rule (exact; "nishio-matching", its 5.2
  // approximation, is off the ladder: FindTechnique and --techniques only).
  t.push_back(MakeNishioTechnique());  // 7.5
  t.push_back(std::make_unique<ForcingChain>(ForcingKind::kContradiction));
  t.push_back(std::make_unique<ForcingChain>(ForcingKind::kCell));     // 8.0+
  t.push_back(std::make_unique<ForcingChain>(ForcingKind::kUnit));     // 8.0+
  t.push_back(std::make_unique<ForcingChain>(ForcingKind::kDynamic));  // 8.5+
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
  if (std::unique_ptr<Technique> t = MakeOffLadderTechnique(id)) return t;
  return absl::NotFoundError(
      absl::StrCat("unknown technique '", id,
                   "'; known: ", absl::StrJoin(TechniqueIds(), ", ")));
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
  std::vector<std::unique_ptr<Technique>> off_ladder;
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
          if (std::unique_ptr<Technique> t = MakeOffLadderTechnique(want)) {
            off_ladder.push_back(std::move(t));
            continue;
          }
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
  for (auto& t : off_ladder) ladder.push_back(std::move(t));
  return ladder;
}

}  // namespace sudoku
