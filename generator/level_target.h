// Level targeting: a difficulty target (a score band, a level, a technique
// the solve path must use) and the judge that holds candidate puzzles
// against it while the generator removes clues.
//
// The judge rates each candidate with the rater; the rating of an accepted
// puzzle travels in its Judgement and ends in GeneratedPuzzle::rating, so
// nothing rates a generated puzzle twice.
#ifndef SUDOKU_GENERATOR_LEVEL_TARGET_H_
#define SUDOKU_GENERATOR_LEVEL_TARGET_H_

#include <map>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "generator/generator.h"
#include "rater/rater.h"

namespace sudoku {

// A difficulty target: a score band, optionally a level (which sets the
// band) and a technique the solve path must use.
struct DifficultyTarget {
  std::optional<Level> level;
  double score_min = -1e9;
  double score_max = 1e9;
  std::string requires_technique;  // "" = any
  // The preferred score inside the band; unset: the level's default
  // (DefaultScoreTarget), or none without a level.
  std::optional<double> score_target;

  // Whether any part of the target is set (else the generator needs no
  // judge).
  bool active() const;
  // The target as provenance parameters (level, score_min, score_max,
  // requires, score_target when set).
  std::map<std::string, std::string> Parameters() const;
};

// The score a puzzle of `level` should have when the generator can choose
// (the back-off picks the in-band puzzle nearest to it): the middle of the
// band for medium and hard; one medium band's width below the top of the
// easy band for easy (where the editors' easy puzzles sit,
// docs/GENERATOR.md); none for evil and needs-guessing (the hardest in-band
// puzzle, usually the minimal one).
std::optional<double> DefaultScoreTarget(Level level);

// The judge for `target` (rates with `rater`, which must outlive it).
// Below the band (or easier than the required technique) is too easy;
// above it, or needing a guess, too hard; an accepted puzzle carries its
// offset from the score target and its rating. InvalidArgument when the
// band is empty, the score target lies outside it or the technique is
// unknown.
absl::StatusOr<Judge> MakeJudge(const Rater& rater,
                                const DifficultyTarget& target);

}  // namespace sudoku

#endif  // SUDOKU_GENERATOR_LEVEL_TARGET_H_
