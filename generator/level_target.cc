#include "generator/level_target.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/status_macros.h"
#include "deduction/registry.h"

namespace sudoku {

bool DifficultyTarget::active() const {
  return level.has_value() || !requires_technique.empty() || score_min > -1e9 ||
         score_max < 1e9;
}

std::map<std::string, std::string> DifficultyTarget::Parameters() const {
  std::map<std::string, std::string> p;
  p["level"] = level ? std::string(LevelName(*level)) : "";
  p["score_min"] = absl::StrCat(score_min);
  p["score_max"] = absl::StrCat(score_max);
  p["requires"] = requires_technique;
  if (score_target) p["score_target"] = absl::StrCat(*score_target);
  return p;
}

std::optional<double> DefaultScoreTarget(Level level) {
  const auto [lo, hi] = ScoreBand(level);
  switch (level) {
    case Level::kEasy: {
      const auto [medium_lo, medium_hi] = ScoreBand(Level::kMedium);
      return hi - (medium_hi - medium_lo);
    }
    case Level::kMedium:
    case Level::kHard:
      return (lo + hi) / 2;
    case Level::kEvil:
    case Level::kExtreme:
    case Level::kNeedsGuessing:
      return std::nullopt;
  }
  return std::nullopt;
}

absl::StatusOr<Judge> MakeJudge(const Rater& rater,
                                const DifficultyTarget& target) {
  double required_difficulty = 0;
  if (!target.requires_technique.empty()) {
    SUDOKU_ASSIGN_OR_RETURN(std::unique_ptr<Technique> t,
                            FindTechnique(target.requires_technique));
    required_difficulty = t->difficulty();
  }
  double lo = target.score_min, hi = target.score_max;
  if (target.level.has_value()) {
    const auto [band_lo, band_hi] = ScoreBand(*target.level);
    lo = std::max(lo, band_lo);
    hi = std::min(hi, band_hi);
  }
  if (lo >= hi) return absl::InvalidArgumentError("the score range is empty");
  std::optional<double> preferred = target.score_target;
  if (!preferred && target.level) preferred = DefaultScoreTarget(*target.level);
  if (preferred && (*preferred < lo || *preferred >= hi)) {
    if (target.score_target) {
      return absl::InvalidArgumentError(
          absl::StrCat("--score-target=", *target.score_target,
                       " is outside the score range [", lo, ", ", hi, ")"));
    }
    preferred = std::clamp(*preferred, lo, std::nextafter(hi, lo));
  }
  const bool want_guessing = target.level == Level::kNeedsGuessing;
  const std::string required = target.requires_technique;
  return Judge([&rater, lo, hi, preferred, want_guessing, required,
                required_difficulty](const Grid& puzzle,
                                     const Grid&) -> Judgement {
    auto r = std::make_shared<RatingResult>(rater.Rate(puzzle));
    const RatingFeatures& f = r->features;
    Verdict v = Verdict::kAccept;
    if (want_guessing) {
      v = r->level == Level::kNeedsGuessing ? Verdict::kAccept
                                            : Verdict::kTooEasy;
    } else if (r->level == Level::kNeedsGuessing) {
      v = Verdict::kTooHard;
    } else if (!required.empty() &&
               std::none_of(
                   f.technique_counts.begin(), f.technique_counts.end(),
                   [&](const auto& tc) { return tc.first == required; })) {
      v = f.er < required_difficulty ? Verdict::kTooEasy : Verdict::kTooHard;
    } else if (r->score < lo) {
      v = Verdict::kTooEasy;
    } else if (r->score >= hi) {
      v = Verdict::kTooHard;
    }
    if (v != Verdict::kAccept) return v;
    const double offset = preferred ? r->score - *preferred : 0;
    return Judgement(v, offset, std::move(r));
  });
}

}  // namespace sudoku
