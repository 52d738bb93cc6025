// sudoku-forge book: a print-ready PDF puzzle book in sections of set
// levels, with the solutions at the back.
//
// Sections are "LEVEL:COUNT[:HEADING]"; --section may be repeated (main.cc
// joins repeated values of a list flag with commas) or take a
// comma-separated list. Puzzles come from --from FILE (one puzzle a line,
// level in a tab-separated column).
#include <iostream>
#include <memory>

#include "absl/flags/flag.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "bank/batch.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "cli/store_puzzle_source.h"
#include "core/rng.h"
#include "core/status_macros.h"
#include "generator/generator.h"
#include "rater/rater.h"
#include "rater/solver_features.h"
#include "render/book.h"
#include "render/book_source.h"
#include "render/grid_render.h"
#include "solvers/solver.h"
#include "storage/sqlite_puzzle_store.h"
#include "storage/sudoku.pb.h"

ABSL_FLAG(std::string, section, "",
          "LEVEL:COUNT[:HEADING], e.g. easy:40; repeat the flag or separate "
          "sections with commas (easy:40,medium:40,hard:30,evil:10)");
ABSL_FLAG(std::string, from, "",
          "Puzzle file: one puzzle a line, tab-separated columns, the level in "
          "--level-column (e.g. shared/corpora/rated/qqwing_levels.tsv)");
ABSL_FLAG(int, level_column, 2, "1-based column of --from holding the level");
ABSL_FLAG(int, per_page, 4, "Puzzles a page: 1, 2, 4 or 6");
ABSL_FLAG(int, solutions_per_page, 0,
          "Solutions a page: 4, 6, 9 or 12 (0 = by grid size: 12 for 9x9)");
ABSL_FLAG(std::string, page, "a4", "Page size: a4 or letter");
ABSL_FLAG(std::string, title, "Sudoku",
          "Book title (title page, PDF metadata)");
ABSL_FLAG(std::string, subtitle, "",
          "Line under the title (default: \"N puzzles in K levels\")");
ABSL_FLAG(bool, show_rating, false,
          "Print the rating and hardest technique under each puzzle (when the "
          "source has them)");
ABSL_FLAG(bool, show_id, false, "Print a short puzzle id under each puzzle");
ABSL_FLAG(bool, generate_missing, false,
          "Generate the puzzles a section lacks (the rater judges the level: "
          "easy|medium|hard|evil|extreme|needs-guessing); with --db they are "
          "stored, rated, and marked used like the others");
ABSL_FLAG(std::string, book_name, "",
          "Name of the book's collection in --db, which marks its puzzles used "
          "(default: the title)");

namespace sudoku::cli {
namespace {

absl::StatusOr<Grid> SolveUniquely(Solver& solver, const Grid& puzzle) {
  SolveLimits limits;
  limits.max_solutions = 2;
  SolveResult result = solver.Solve(puzzle, limits);
  if (result.limit_hit) return absl::InvalidArgumentError("the solver gave up");
  if (result.num_solutions == 0)
    return absl::InvalidArgumentError("no solution");
  if (result.num_solutions > 1) {
    return absl::InvalidArgumentError(
        "several solutions (a book puzzle needs one)");
  }
  return result.solutions[0];
}

// Makes puzzles of a rater level for --generate-missing; with a store, each
// is inserted with its rating so it is marked used like any stored puzzle.
class MissingPuzzleMaker {
 public:
  MissingPuzzleMaker(const Shape& shape, std::unique_ptr<Rater> rater,
                     PuzzleStore* store)  // store: not owned, may be null
      : shape_(shape), rater_(std::move(rater)), store_(store) {}

  absl::StatusOr<std::vector<SourcePuzzle>> Make(absl::string_view level_name,
                                                 int count, uint64_t seed) {
    absl::StatusOr<Level> level = ParseLevel(level_name);
    if (!level.ok()) {  // not a usage of a bad puzzle: an unknown level
      return absl::NotFoundError(absl::StrCat("cannot generate level '",
                                              level_name,
                                              "': ", level.status().message()));
    }
    GeneratorOptions options;
    options.shape = &shape_;
    std::cerr << "sudoku-forge book: generating " << count << " " << level_name
              << " puzzle(s)\n";
    SUDOKU_ASSIGN_OR_RETURN(
        std::vector<bank::MadePuzzle> made,
        bank::MakeLevelPuzzles(options, *level, *rater_, seed, count, store_,
                               "book --generate-missing"));
    std::vector<SourcePuzzle> out;
    for (const bank::MadePuzzle& m : made) {
      // The judge's rating of the accepted puzzle (rated once).
      const RatingResult& r = *m.rating;
      SourcePuzzle p{m.puzzle.puzzle,
                     m.puzzle.solution,
                     "",
                     r.score,
                     r.features.hardest_technique,
                     absl::StrCat("generated (seed ", m.puzzle.seed, ")"),
                     false,
                     0};
      if (store_ != nullptr) {
        p.source_key = m.puzzle_id;
        p.id = absl::StrCat(m.puzzle_id);
        p.where = absl::StrCat("db #", m.puzzle_id, " (generated)");
      }
      out.push_back(std::move(p));
    }
    return out;
  }

 private:
  const Shape& shape_;
  std::unique_ptr<Rater> rater_;
  PuzzleStore* store_;  // not owned; may be null
};

int RunBookImpl(const CommandArgs& args) {
  constexpr const char* kName = "book";
  if (!args.positional.empty()) {
    return UsageError(kName,
                      absl::StrCat("unexpected argument '", args.positional[0],
                                   "' (puzzles come from --db or --from)"));
  }
  const std::string out = absl::GetFlag(FLAGS_out);
  if (out.empty()) return UsageError(kName, "--out=BOOK.pdf is required");
  absl::StatusOr<std::vector<SectionSpec>> sections =
      ParseSectionSpecs(absl::GetFlag(FLAGS_section));
  if (!sections.ok())
    return UsageError(kName, std::string(sections.status().message()));
  BookOptions book_options;
  book_options.per_page = absl::GetFlag(FLAGS_per_page);
  book_options.solutions_per_page = absl::GetFlag(FLAGS_solutions_per_page);
  book_options.show_rating = absl::GetFlag(FLAGS_show_rating);
  book_options.show_id = absl::GetFlag(FLAGS_show_id);
  absl::StatusOr<PageSize> page = ParsePageSize(absl::GetFlag(FLAGS_page));
  if (!page.ok())
    return UsageError(kName, std::string(page.status().message()));
  book_options.page = *page;
  if (absl::Status s = book_options.Validate(); !s.ok()) {
    return UsageError(kName, std::string(s.message()));
  }
  absl::StatusOr<ParseOptions> parse = ParseOptionsFromFlags();
  if (!parse.ok())
    return UsageError(kName, std::string(parse.status().message()));

  if (absl::GetFlag(FLAGS_level_column) < 2) {
    return UsageError(
        kName, "--level-column must be 2 or more (column 1 is the puzzle)");
  }
  const std::string from = absl::GetFlag(FLAGS_from);
  std::unique_ptr<PuzzleStore> store;  // with --db; outlives `source`
  bool read_only_bank = false;
  std::unique_ptr<PuzzleSource> source;
  if (!from.empty()) {
    absl::StatusOr<std::string> text = ReadFileOrStdin(from);
    if (!text.ok())
      return UsageError(kName, std::string(text.status().message()));
    TsvSourceOptions source_options;
    source_options.shape = parse->shape;
    source_options.level_column = absl::GetFlag(FLAGS_level_column);
    source_options.missing_level_is_error =
        !absl::GetFlag(FLAGS_generate_missing);
    absl::StatusOr<std::unique_ptr<TsvPuzzleSource>> tsv =
        TsvPuzzleSource::Parse(*text, from, source_options);
    if (!tsv.ok()) {
      std::cerr << "sudoku-forge book: " << tsv.status().message() << "\n";
      return kExitBadPuzzle;
    }
    source = *std::move(tsv);
  } else {
    const std::string db = absl::GetFlag(FLAGS_db);
    SqliteStoreOptions store_options;
    store_options.create_if_missing = false;  // a typo must not make a new DB
    absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> opened =
        SqlitePuzzleStore::Open(db, store_options);
    if (!opened.ok() &&
        opened.status().code() == absl::StatusCode::kFailedPrecondition &&
        absl::StrContains(opened.status().message(), "read-only")) {
      // A bank we may not write: print from it, without marking used.
      store_options.read_only = true;
      opened = SqlitePuzzleStore::Open(db, store_options);
      read_only_bank = opened.ok();
    }
    if (!opened.ok()) {
      return UsageError(
          kName, absl::StrCat("--db ", db, ": ", opened.status().message(),
                              " (or take puzzles from a file with --from)"));
    }
    store = *std::move(opened);
    StoreSourceOptions store_source;
    store_source.collection = absl::GetFlag(FLAGS_collection);
    store_source.shape = parse->shape != nullptr ? parse->shape->name() : "3x3";
    store_source.reuse_printed = !absl::GetFlag(FLAGS_generate_missing);
    store_source.missing_level_is_error =
        !absl::GetFlag(FLAGS_generate_missing);
    source = std::make_unique<StorePuzzleSource>(store.get(), store_source);
  }

  absl::StatusOr<std::unique_ptr<Solver>> solver = MakeSolver("backtrack");
  if (!solver.ok())
    return UsageError(kName, std::string(solver.status().message()));
  AssembleOptions assemble;
  assemble.seed = absl::GetFlag(FLAGS_seed);
  assemble.solve = [&](const Grid& puzzle) {
    return SolveUniquely(**solver, puzzle);
  };
  std::unique_ptr<MissingPuzzleMaker> maker;
  if (absl::GetFlag(FLAGS_generate_missing)) {
    absl::StatusOr<std::unique_ptr<Rater>> rater =
        Rater::Create(WithSolverFeatures({}));
    if (!rater.ok())
      return UsageError(kName, std::string(rater.status().message()));
    maker = std::make_unique<MissingPuzzleMaker>(
        parse->shape != nullptr ? *parse->shape : Shape::Classic(),
        *std::move(rater), store.get());
    assemble.generate = [&](absl::string_view level, int count, uint64_t seed) {
      return maker->Make(level, count, seed);
    };
  }
  absl::StatusOr<AssembledBook> assembled =
      AssembleBook(*sections, *source, assemble);
  if (!assembled.ok()) {
    // Unknown levels (NotFound) and short sections (OutOfRange) are usage
    // errors; a puzzle without a unique solution is a bad puzzle.
    std::cerr << "sudoku-forge book: " << assembled.status().message() << "\n";
    return assembled.status().code() == absl::StatusCode::kInvalidArgument
               ? kExitBadPuzzle
               : kExitUsage;
  }
  assembled->book.title = absl::GetFlag(FLAGS_title);
  assembled->book.subtitle = absl::GetFlag(FLAGS_subtitle);
  absl::StatusOr<BookLayout> layout =
      WriteBookPdf(assembled->book, book_options, out);
  if (!layout.ok())
    return UsageError(kName, std::string(layout.status().message()));
  if (assembled->replaced > 0) {
    std::cerr << "sudoku-forge book: " << assembled->replaced
              << " puzzle(s) replaced: their solution grid was already in the "
                 "book\n";
  }
  if (assembled->reused > 0) {
    std::cerr << "sudoku-forge book: warning: " << assembled->reused
              << " puzzle(s) were already printed in an earlier book (too few "
                 "unused ones)\n";
  }
  std::string book_name = absl::GetFlag(FLAGS_book_name);
  if (book_name.empty()) book_name = assembled->book.title;
  if (read_only_bank) {
    std::cerr << "sudoku-forge book: warning: --db " << absl::GetFlag(FLAGS_db)
              << " is read-only: its puzzles are not marked used\n";
  } else if (absl::Status s = source->MarkUsed(book_name, assembled->taken);
             !s.ok()) {
    std::cerr << "sudoku-forge book: " << s.message() << "\n";
    return kExitUsage;
  }
  std::cout << out << ": " << layout->num_pages << " pages, "
            << assembled->taken.size() << " puzzles";
  for (size_t i = 0; i < sections->size(); ++i) {
    std::cout << (i == 0 ? " (" : ", ") << (*sections)[i].heading << " "
              << (*sections)[i].count;
  }
  std::cout << ")\n";
  return kExitOk;
}

// Frees the font caches on every path out, so the process exits clean
// under LeakSanitizer.
int RunBook(const CommandArgs& args) {
  const int rc = RunBookImpl(args);
  ReleaseFontCaches();
  return rc;
}

}  // namespace

Command BookCommand() {
  return {
      "book",
      "lay out a print-ready PDF puzzle book with solutions",
      "Usage: sudoku-forge book --out=BOOK.pdf "
      "--section=LEVEL:COUNT[:HEADING]\n"
      "       [--section=...] [--db=PATH [--collection=NAME] "
      "[--book-name=NAME]\n"
      "       | --from=FILE [--level-column=K]] [--shape=RxC]\n"
      "       [--per-page=1|2|4|6] [--page=a4|letter] [--title=TEXT]\n"
      "       [--subtitle=TEXT] [--seed=S] [--solutions-per-page=4|6|9|12]\n"
      "       [--show-rating] [--show-id] [--generate-missing]\n"
      "A title page with contents, one run of pages per section (headed by\n"
      "its level, puzzles numbered through the book, page numbers), then\n"
      "the solutions, smaller, several a page. --section may be repeated or\n"
      "given a comma-separated list.\n"
      "Puzzles come from the store (--db; a level is the latest rating's;\n"
      "--shape defaults to 3x3) or, with --from, from a file (one puzzle a\n"
      "line, the level in a tab-separated column). Each section draws in an\n"
      "order fixed by --seed, store puzzles in no book first; the printed\n"
      "puzzles join the book collection --book-name, so the next book skips\n"
      "them. Each puzzle must have one solution. --generate-missing makes\n"
      "(and with --db stores and rates) what a section lacks instead of\n"
      "reusing printed puzzles; levels are then the rater's names.\n"
      "Exit 2 for bad flags, an unknown level, a section wanting more\n"
      "puzzles than there are, or an unwritable --out; 1 for a bad puzzle.",
      {"out", "section", "db", "collection", "book_name", "from",
       "level_column", "shape", "per_page", "solutions_per_page", "page",
       "title", "subtitle", "seed", "show_rating", "show_id",
       "generate_missing"},
      &RunBook};
}

}  // namespace sudoku::cli
