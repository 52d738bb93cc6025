#include "render/book_source.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/format.h"
#include "core/rng.h"
#include "core/status_macros.h"

namespace sudoku {
namespace {

constexpr int kMaxSectionCount = 10000;

bool IsLevelChar(char c) {
  return absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '_' ||
         c == '-';
}

}  // namespace

absl::StatusOr<std::vector<SectionSpec>> ParseSectionSpecs(
    absl::string_view text) {
  std::vector<SectionSpec> specs;
  if (absl::StripAsciiWhitespace(text).empty()) {
    return absl::InvalidArgumentError(
        "sections: none given (e.g. --sections easy:40,medium:40)");
  }
  for (absl::string_view item : absl::StrSplit(text, ',')) {
    item = absl::StripAsciiWhitespace(item);
    std::vector<absl::string_view> parts =
        absl::StrSplit(item, absl::MaxSplits(':', 2));
    if (item.empty() || parts.size() < 2) {
      return absl::InvalidArgumentError(
          absl::StrCat("section '", item, "': expected LEVEL:COUNT[:HEADING]"));
    }
    SectionSpec spec;
    spec.level = std::string(absl::StripAsciiWhitespace(parts[0]));
    if (spec.level.empty() ||
        !std::all_of(spec.level.begin(), spec.level.end(), IsLevelChar)) {
      return absl::InvalidArgumentError(
          absl::StrCat("section '", item, "': bad level name '", spec.level,
                       "' (letters, digits, '_' and '-')"));
    }
    if (!absl::SimpleAtoi(absl::StripAsciiWhitespace(parts[1]), &spec.count) ||
        spec.count < 1 || spec.count > kMaxSectionCount) {
      return absl::InvalidArgumentError(absl::StrCat(
          "section '", item, "': count must be a number from 1 to ",
          kMaxSectionCount, ", got '", parts[1], "'"));
    }
    if (parts.size() == 3) {
      spec.heading = std::string(absl::StripAsciiWhitespace(parts[2]));
    }
    if (spec.heading.empty()) {
      spec.heading = spec.level;
      spec.heading[0] =
          absl::ascii_toupper(static_cast<unsigned char>(spec.heading[0]));
    }
    specs.push_back(std::move(spec));
  }
  return specs;
}

absl::StatusOr<std::unique_ptr<TsvPuzzleSource>> TsvPuzzleSource::Parse(
    absl::string_view text, absl::string_view file_name,
    const TsvSourceOptions& options) {
  if (options.level_column < 2) {
    return absl::InvalidArgumentError(absl::StrCat(
        "level column must be 2 or more (column 1 is the puzzle), got ",
        options.level_column));
  }
  std::unique_ptr<TsvPuzzleSource> source(new TsvPuzzleSource());
  source->file_name_ = std::string(file_name);
  source->missing_level_is_error_ = options.missing_level_is_error;
  ParseOptions parse;
  parse.shape = options.shape;
  int line_no = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_no;
    line = absl::StripTrailingAsciiWhitespace(line);
    if (absl::StripAsciiWhitespace(line).empty() || line[0] == '#') continue;
    std::vector<absl::string_view> columns;
    if (line.find('\t') != absl::string_view::npos) {
      columns = absl::StrSplit(line, '\t');
    } else {
      columns = absl::StrSplit(line, ' ', absl::SkipEmpty());
    }
    const std::string where = absl::StrCat(file_name, ":", line_no);
    if (static_cast<int>(columns.size()) < options.level_column) {
      return absl::InvalidArgumentError(absl::StrCat(
          where, ": expected a level in column ", options.level_column,
          ", found ", columns.size(), " column(s)"));
    }
    absl::StatusOr<Grid> grid =
        ParseGrid(absl::StripAsciiWhitespace(columns[0]), parse);
    if (!grid.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(where, ": ", grid.status().message()));
    }
    Entry entry{SourcePuzzle{*std::move(grid), std::nullopt, "", std::nullopt,
                             "", where, false, 0},
                absl::AsciiStrToLower(absl::StripAsciiWhitespace(
                    columns[static_cast<size_t>(options.level_column - 1)])),
                false};
    if (entry.level.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          where, ": empty level in column ", options.level_column));
    }
    if (std::find(source->levels_.begin(), source->levels_.end(),
                  entry.level) == source->levels_.end()) {
      source->levels_.push_back(entry.level);
    }
    source->entries_.push_back(std::move(entry));
  }
  if (source->entries_.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(file_name, ": no puzzles found"));
  }
  return source;
}

absl::StatusOr<std::vector<SourcePuzzle>> TsvPuzzleSource::Take(
    absl::string_view level, int count, uint64_t seed) {
  const std::string wanted = absl::AsciiStrToLower(level);
  if (std::find(levels_.begin(), levels_.end(), wanted) == levels_.end()) {
    if (!missing_level_is_error_) return std::vector<SourcePuzzle>{};
    return absl::NotFoundError(
        absl::StrCat("level '", level, "' does not occur in ", file_name_,
                     " (its levels: ", absl::StrJoin(levels_, ", "), ")"));
  }
  std::vector<size_t> candidates;
  for (size_t i = 0; i < entries_.size(); ++i) {
    if (!entries_[i].taken && entries_[i].level == wanted)
      candidates.push_back(i);
  }
  Rng rng(seed);
  Shuffle(rng, candidates.begin(), candidates.end());
  if (static_cast<int>(candidates.size()) > count) {
    candidates.resize(static_cast<size_t>(count));
  }
  std::vector<SourcePuzzle> out;
  out.reserve(candidates.size());
  for (size_t i : candidates) {
    entries_[i].taken = true;
    out.push_back(entries_[i].puzzle);
  }
  return out;
}

absl::Status TsvPuzzleSource::MarkUsed(absl::string_view /*book_name*/,
                                       absl::Span<const SourcePuzzle>) {
  return absl::OkStatus();  // a file keeps no record of use
}

namespace {

// Gives `p` its solution: the source's (checked) or the solve function's.
absl::Status CompleteSolution(SourcePuzzle& p, const AssembleOptions& options) {
  if (p.solution.has_value() && !IsValidSolution(p.puzzle, *p.solution)) {
    return absl::InvalidArgumentError(
        absl::StrCat(p.where, ": the stored solution does not solve it"));
  }
  if (!p.solution.has_value()) {
    absl::StatusOr<Grid> solved = options.solve(p.puzzle);
    if (!solved.ok()) {
      return absl::Status(
          solved.status().code(),
          absl::StrCat(p.where, ": ", solved.status().message()));
    }
    p.solution = *std::move(solved);
  }
  return absl::OkStatus();
}

// The section's puzzles: `count` of `level` from the source, topped up by
// the generator when it runs short.
absl::StatusOr<std::vector<SourcePuzzle>> TakeOrMake(
    PuzzleSource& source, const AssembleOptions& options,
    const std::string& level, int count, uint64_t seed, int* generated) {
  SUDOKU_ASSIGN_OR_RETURN(std::vector<SourcePuzzle> puzzles,
                          source.Take(level, count, seed));
  const int have = static_cast<int>(puzzles.size());
  if (have < count) {
    if (!options.generate) {
      return absl::OutOfRangeError(
          absl::StrCat("section '", level, "': wants ", count,
                       " puzzles but the source has only ", have, " left"));
    }
    SUDOKU_ASSIGN_OR_RETURN(
        std::vector<SourcePuzzle> made,
        options.generate(level, count - have, DeriveSeed(seed, 1)));
    if (static_cast<int>(made.size()) != count - have) {
      return absl::InternalError(
          absl::StrCat("section '", level, "': asked the generator for ",
                       count - have, " puzzles, got ", made.size()));
    }
    *generated += static_cast<int>(made.size());
    for (SourcePuzzle& p : made) puzzles.push_back(std::move(p));
  }
  return puzzles;
}

}  // namespace

absl::StatusOr<AssembledBook> AssembleBook(
    absl::Span<const SectionSpec> sections, PuzzleSource& source,
    const AssembleOptions& options) {
  if (!options.solve) {
    return absl::InvalidArgumentError("assemble: no solve function");
  }
  AssembledBook result;
  // Solution grids in the book, with the puzzle that brought each.
  std::map<std::string, std::string> grids;
  for (size_t s = 0; s < sections.size(); ++s) {
    const SectionSpec& spec = sections[s];
    const uint64_t seed = DeriveSeed(options.seed, s);
    SUDOKU_ASSIGN_OR_RETURN(std::vector<SourcePuzzle> puzzles,
                            TakeOrMake(source, options, spec.level, spec.count,
                                       seed, &result.generated));
    BookSection section;
    section.heading = spec.heading;
    for (size_t i = 0; i < puzzles.size(); ++i) {
      SourcePuzzle p = std::move(puzzles[i]);
      SUDOKU_RETURN_IF_ERROR(CompleteSolution(p, options));
      auto [it, fresh] = grids.emplace(ToLine(*p.solution), p.where);
      if (!fresh) {
        // Two puzzles of one full grid (one the other with clues removed):
        // the later one is replaced by another puzzle of its level.
        ++result.replaced;
        absl::StatusOr<std::vector<SourcePuzzle>> other =
            result.replaced <= 10 * spec.count + 100
                ? TakeOrMake(source, options, spec.level, 1,
                             DeriveSeed(seed, 2 + static_cast<uint64_t>(
                                                      result.replaced)),
                             &result.generated)
                : absl::OutOfRangeError("too many replacements");
        if (!other.ok()) {
          return absl::FailedPreconditionError(absl::StrCat(
              p.where, ": its solution grid is already in the book (",
              it->second, "), and no other puzzle of level '", spec.level,
              "' replaces it (", other.status().message(), ")"));
        }
        for (SourcePuzzle& o : *other) puzzles.push_back(std::move(o));
        continue;
      }
      if (p.previously_used) ++result.reused;
      section.puzzles.push_back(BookPuzzle{
          p.puzzle, *p.solution, p.id.empty() ? ShortPuzzleId(p.puzzle) : p.id,
          p.rating, p.hardest_technique});
      result.taken.push_back(std::move(p));
    }
    result.book.sections.push_back(std::move(section));
  }
  return result;
}

}  // namespace sudoku
