// The puzzle generator: a random full grid, then clue removal in random
// order (one symmetry orbit at a time), each removal kept only when the
// exact count-to-2 check still finds exactly one solution.
//
// Reproducible: Generate(seed) depends only on the options and the seed
// (every random choice flows from it through core/rng.h), so a batch that
// seeds puzzle i with DeriveSeed(S, i) gives the same puzzles whatever the
// number of worker threads.
//
// A Generator is not thread-safe (it owns a solver's scratch memory): use
// one per thread.
#ifndef SUDOKU_GENERATOR_GENERATOR_H_
#define SUDOKU_GENERATOR_GENERATOR_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

#include "absl/status/status.h"
#include "core/grid.h"
#include "core/rng.h"
#include "generator/symmetry.h"
#include "solvers/classic_kernel.h"
#include "solvers/solver.h"

namespace sudoku {

// Bumped whenever the same seed and options may give different puzzles.
inline constexpr int kGeneratorVersion = 2;

struct GeneratorOptions {
  // The shape of the puzzles. Not owned (shapes are interned).
  const Shape* shape = &Shape::Classic();
  // The clue pattern is invariant under this symmetry.
  Symmetry symmetry = Symmetry::kNone;
  // Remove clues until none (no orbit, with a symmetry) can go: the puzzle
  // is minimal. When false, removal also stops at `min_clues`.
  bool minimal = true;
  // With a judge: when the minimal puzzle is too hard, back off along the
  // removal sequence (clues put back are easier) to an accepted puzzle,
  // which is then not minimal. Off: only minimal puzzles are returned.
  bool allow_backoff = true;
  // Stop removing at this many clues (0 = no bound). A floor on difficulty
  // for children's books and large shapes.
  int min_clues = 0;
  // Reject results with more clues than this (0 = no bound) and try again.
  int max_clues = 0;
  // Attempts (fresh grid and removal order) per puzzle before giving up.
  int max_attempts = 1000;

  // InvalidArgument when bounds contradict each other or the shape.
  absl::Status Validate() const;
};

// Where a candidate puzzle stands against a difficulty target.
enum class Verdict { kAccept, kTooEasy, kTooHard };

struct RatingResult;  // rater/rater.h

// A judge's answer. For an accepted puzzle, `offset` is how far it lies
// from the judge's preferred difficulty (negative: easier; 0 when the judge
// has no preference, in which case the fewest clues win), and `rating` the
// rating the judge computed (null when it rated nothing), handed on to
// GeneratedPuzzle::rating so the puzzle is not rated again.
struct Judgement {
  Judgement(Verdict v, double off = 0,  // NOLINT: implicit from Verdict
            std::shared_ptr<RatingResult> r = nullptr)
      : verdict(v), offset(off), rating(std::move(r)) {}
  Verdict verdict;
  double offset;
  std::shared_ptr<RatingResult> rating;
};

// Judges a candidate (puzzle, solution). Called from the generating thread.
using Judge =
    std::function<Judgement(const Grid& puzzle, const Grid& solution)>;

struct GeneratedPuzzle {
  Grid puzzle;
  Grid solution;
  uint64_t seed = 0;  // the seed Generate() was given
  int attempts = 0;   // full grids tried, including the accepted one
  int64_t uniqueness_checks = 0;  // count-to-2 searches run
  int64_t judged = 0;             // candidates handed to the judge
  // The accepted judgement's rating (null without a judge or when the judge
  // rated nothing).
  std::shared_ptr<RatingResult> rating;
};

class Generator {
 public:
  // REQUIRES: options.Validate().ok().
  explicit Generator(const GeneratorOptions& options);

  // One puzzle. With a judge, attempts continue until it accepts; when the
  // judge says kTooHard (or accepts a puzzle harder than it prefers) and
  // allow_backoff is set, the removal sequence is bisected for the accepted
  // intermediate puzzle nearest the judge's preference (more clues are
  // easier). Returns nullopt when max_attempts run out.
  std::optional<GeneratedPuzzle> Generate(uint64_t seed,
                                          const Judge& judge = nullptr);

  // Whether removing any single clue of `puzzle` leaves it with several
  // solutions (the definition of a minimal puzzle).
  bool IsMinimal(const Grid& puzzle);

 private:
  // Removes clues from `solution` in an order drawn from `rng`. Appends the
  // index of each orbit removed to `removed`, in order.
  void RemoveClues(const Grid& solution, Rng& rng, std::vector<int>* removed,
                   int64_t* checks);
  // The solution minus the first `steps` orbits of `removed`.
  Grid PuzzleAt(const Grid& solution, const std::vector<int>& removed,
                size_t steps) const;
  bool IsUnique(const Grid& puzzle);
  // Whether `puzzle` (the previous puzzle, unique with `solution`, minus
  // `orbit`) still has one solution. 9x9: a search excluding the known
  // solution on the orbit; other shapes: count to 2.
  bool StillUnique(const Grid& puzzle, const Grid& solution,
                   const std::vector<int>& orbit);

  GeneratorOptions options_;
  std::vector<std::vector<int>> orbits_;
  std::unique_ptr<Solver> solver_;
  std::unique_ptr<ClassicKernel> kernel_;  // 9x9 only
};

}  // namespace sudoku

#endif  // SUDOKU_GENERATOR_GENERATOR_H_
