// Choosing the puzzles for a book: section specs, the PuzzleSource
// interface (a database or a file), and AssembleBook, which fills each
// section from a source and solves every puzzle for the solutions pages.
//
// The source interface is deliberately small so the book can be built from
// a plain file today and from the puzzle store (which marks printed puzzles
// as used, so the next book does not repeat them) with the same code.
#ifndef SUDOKU_RENDER_BOOK_SOURCE_H_
#define SUDOKU_RENDER_BOOK_SOURCE_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "core/grid.h"
#include "render/book.h"

namespace sudoku {

// One section request: "LEVEL:COUNT" or "LEVEL:COUNT:HEADING".
struct SectionSpec {
  std::string level;    // as the source names it, e.g. "easy", "expert"
  int count = 0;        // puzzles wanted, >= 1
  std::string heading;  // printed heading; default: level, capitalised
};

// Parses a comma-separated list of section specs, e.g.
// "easy:40,medium:40,hard:30,evil:10" or "expert:10:Evil". InvalidArgument
// (naming the bad item) for an empty list or item, a missing or non-numeric
// count, a count outside 1..10000, or a level with characters other than
// letters, digits, '_' and '-'.
absl::StatusOr<std::vector<SectionSpec>> ParseSectionSpecs(
    absl::string_view text);

// A puzzle offered by a source.
struct SourcePuzzle {
  Grid puzzle;
  std::optional<Grid> solution;  // if the source stores it
  std::string id;                // the source's own short id, "" if none
  std::optional<double> rating;
  std::string hardest_technique;
  std::string where;             // for messages: "file.tsv:17", "db #42"
  bool previously_used = false;  // already printed in an earlier book
  int64_t source_key = 0;        // the source's own key (store id), 0 if none
};

// Where puzzles come from. Implementations: TsvPuzzleSource (below) and the
// puzzle-store adapter in cli/. Not thread-safe.
class PuzzleSource {
 public:
  virtual ~PuzzleSource() = default;
  // Up to `count` puzzles of `level`, none returned before by this object,
  // puzzles never printed before first, in an order drawn from `seed`.
  // NotFound when the source knows no puzzle of that level (the message
  // lists the levels it has).
  virtual absl::StatusOr<std::vector<SourcePuzzle>> Take(
      absl::string_view level, int count, uint64_t seed) = 0;
  // Records that `puzzles` were printed in the book `book_name`. Read-only
  // sources return OK without doing anything.
  virtual absl::Status MarkUsed(absl::string_view book_name,
                                absl::Span<const SourcePuzzle> puzzles) = 0;
};

struct TsvSourceOptions {
  // Forces the shape of every puzzle (needed for 3x2, 4x3, ...); null infers
  // it from the cell count.
  const Shape* shape = nullptr;
  // 1-based column holding the level (column 1 is the puzzle). The corpora
  // in shared/corpora/rated keep it in column 2.
  int level_column = 2;
  // Take() of a level the file lacks: NotFound (true), or no puzzles
  // (false, when a generator will make them all).
  bool missing_level_is_error = true;
};

// Puzzles from a text file with one puzzle a line and tab-separated columns
// (puzzle, level, ...); lines starting with '#' and blank lines are skipped.
// Without tabs, columns are split on runs of spaces. Read-only: it keeps no
// record of use, so MarkUsed does nothing.
class TsvPuzzleSource : public PuzzleSource {
 public:
  // Parses `text`, read from `file_name` (used in messages). InvalidArgument
  // "FILE:LINE: ..." for a bad puzzle, clashing givens or a missing level
  // column; InvalidArgument when the file holds no puzzle.
  static absl::StatusOr<std::unique_ptr<TsvPuzzleSource>> Parse(
      absl::string_view text, absl::string_view file_name,
      const TsvSourceOptions& options = {});

  absl::StatusOr<std::vector<SourcePuzzle>> Take(absl::string_view level,
                                                 int count,
                                                 uint64_t seed) override;
  absl::Status MarkUsed(absl::string_view book_name,
                        absl::Span<const SourcePuzzle> puzzles) override;

  // Distinct levels, in order of first appearance.
  const std::vector<std::string>& levels() const { return levels_; }

 private:
  struct Entry {
    SourcePuzzle puzzle;
    std::string level;  // lower-cased
    bool taken = false;
  };
  TsvPuzzleSource() = default;

  std::string file_name_;
  bool missing_level_is_error_ = true;
  std::vector<Entry> entries_;
  std::vector<std::string> levels_;
};

// Returns the unique solution of a puzzle, or an error saying why not
// (InvalidArgument for no or several solutions).
using SolveFunction = std::function<absl::StatusOr<Grid>(const Grid&)>;
// Makes `count` new puzzles of `level` (--generate-missing); may be empty.
using GenerateFunction =
    std::function<absl::StatusOr<std::vector<SourcePuzzle>>(
        absl::string_view level, int count, uint64_t seed)>;

struct AssembleOptions {
  uint64_t seed = 1;  // every section draws from DeriveSeed(seed, index)
  // Called for puzzles whose source has no solution. Required.
  SolveFunction solve;
  // Called when a section's source runs short; empty = a short section is
  // an error.
  GenerateFunction generate;
};

struct AssembledBook {
  Book book;  // sections in spec order; title and subtitle left default
  // Every puzzle taken from the source (for PuzzleSource::MarkUsed), in
  // book order; generated ones are included.
  std::vector<SourcePuzzle> taken;
  int reused = 0;     // puzzles already printed in an earlier book
  int generated = 0;  // puzzles made by `generate`
  // Puzzles left out because their solution grid was already in the book
  // (each replaced by another of its level).
  int replaced = 0;
};

// Fills each section from `source`. Errors: NotFound for a level the source
// lacks; OutOfRange (naming the section, the count wanted and the count
// available) when the source runs short and there is no generator; the
// solve function's error (prefixed with the puzzle's `where`) when a puzzle
// has no unique solution or its stored solution is wrong. No two puzzles of
// the book share a solution grid: a puzzle whose grid is already in it is
// replaced by another of its level (from the source, else the generator);
// FailedPrecondition when there is none.
absl::StatusOr<AssembledBook> AssembleBook(
    absl::Span<const SectionSpec> sections, PuzzleSource& source,
    const AssembleOptions& options);

}  // namespace sudoku

#endif  // SUDOKU_RENDER_BOOK_SOURCE_H_
