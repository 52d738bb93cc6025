// sudoku-forge show ID: everything stored about one puzzle.
#include <iostream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "bank/records.h"
#include "bank/trace_rebuild.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/store_util.h"
#include "core/format.h"
#include "rater/solver_features.h"

namespace sudoku::cli {
namespace {

std::string CellList(const Shape& shape, const proto::Trace::Step& step) {
  std::string out;
  for (const auto& p : step.placements()) {
    absl::StrAppend(&out, out.empty() ? "" : ", ",
                    shape.CellName(static_cast<int>(p.cell())), "=",
                    std::string(1, shape.Symbol(static_cast<int>(p.digit()))));
  }
  for (const auto& e : step.eliminations()) {
    absl::StrAppend(&out, out.empty() ? "" : ", ",
                    shape.CellName(static_cast<int>(e.cell())), "<>",
                    std::string(1, shape.Symbol(static_cast<int>(e.digit()))));
  }
  return out;
}

int RunShow(const CommandArgs& args) {
  int64_t id = 0;
  if (args.positional.size() != 1 ||
      !absl::SimpleAtoi(args.positional[0], &id)) {
    return UsageError("show", "give exactly one puzzle id");
  }
  absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> store =
      OpenStoreFromFlags(false);
  if (!store.ok())
    return UsageError("show", std::string(store.status().message()));
  absl::StatusOr<StoredPuzzle> p = (*store)->GetPuzzle(id);
  if (!p.ok()) {
    std::cerr << "sudoku-forge show: " << p.status().message() << "\n";
    return kExitUsage;
  }
  const Shape& shape = p->givens.shape();
  std::cout << "puzzle " << p->id << ": " << shape.name() << ", "
            << p->givens.NumFilled() << " clues, "
            << (p->num_solutions == 1   ? "unique"
                : p->num_solutions >= 2 ? "several solutions"
                                        : "uniqueness unknown")
            << "\n"
            << "source: " << p->source << "\n";
  if (!p->label.empty()) std::cout << "label: " << p->label << "\n";
  std::cout << "canonical: " << p->canonical_key << "\n"
            << "puzzle:   " << ToLine(p->givens) << "\n";
  if (p->solution.has_value())
    std::cout << "solution: " << ToLine(*p->solution) << "\n";
  std::cout << ToPrettyGrid(p->givens);

  absl::StatusOr<std::vector<proto::Rating>> ratings = (*store)->Ratings(id);
  if (ratings.ok() && !ratings->empty()) {
    const proto::Rating& r = ratings->back();
    std::cout << absl::StrFormat(
        "rating (%s, %d stored): level %s, score %.2f, ER/EP/ED "
        "%.1f/%.1f/%.1f, hardest %s",
        r.engine_version(), ratings->size(), r.level(), r.score(), r.er(),
        r.ep(), r.ed(), r.hardest_technique());
    // At the top, the rater's estimate of SE's ER (rate's top_er).
    const RateOutput out = bank::RateOutputOfStored(p->givens, r, p->id);
    if (bank::TopErDiffers(out))
      std::cout << absl::StrFormat(", SE ladder ER %.1f", out.top_er());
    std::cout << "\n";
    for (const auto& c : r.technique_counts()) {
      std::cout << "  " << c.technique_id() << " x" << c.count() << "\n";
    }
    for (const auto& s : r.stochastic()) {
      std::cout << absl::StrFormat("  %s: %d/%d runs solved within %d steps\n",
                                   s.solver(), s.successes(), s.runs(),
                                   s.budget_steps());
    }
  } else {
    std::cout << "rating: none\n";
  }
  absl::StatusOr<std::optional<proto::Trace>> trace = (*store)->LatestTrace(id);
  std::string rebuilt_note;
  if (trace.ok() && !trace->has_value() && ratings.ok() && !ratings->empty()) {
    // Not stored (the default): rebuilt by the rater and checked against
    // the stored rating (bank/trace_rebuild.h).
    absl::StatusOr<std::unique_ptr<Rater>> rater =
        Rater::Create(WithSolverFeatures({}));
    absl::StatusOr<bank::RebuiltRating> rebuilt =
        rater.ok() ? bank::RebuildStored(**store, id, **rater)
                   : absl::StatusOr<bank::RebuiltRating>(rater.status());
    if (!rebuilt.ok()) {
      std::cerr << "sudoku-forge show: " << rebuilt.status().message() << "\n";
      return kExitBadPuzzle;
    }
    *trace = std::move(rebuilt->trace);
    rebuilt_note = rebuilt->checked_rating
                       ? ", rebuilt and checked against the stored rating"
                       : ", rebuilt (the stored rating is another version's)";
  }
  if (trace.ok() && trace->has_value()) {
    std::cout << "trace (" << (*trace)->steps_size() << " steps" << rebuilt_note
              << "):\n";
    int n = 0;
    for (const auto& step : (*trace)->steps()) {
      std::cout << "  " << ++n << ". " << step.technique_id() << ": "
                << CellList(shape, step);
      if (!step.explanation().empty())
        std::cout << "  (" << step.explanation() << ")";
      std::cout << "\n";
    }
  }
  absl::StatusOr<std::optional<proto::GenerationInfo>> gen =
      (*store)->GetGenerationInfo(id);
  if (gen.ok() && gen->has_value()) {
    std::cout << "generated by " << (*gen)->generator_version() << " with seed "
              << (*gen)->seed() << "\n";
  }
  return kExitOk;
}

}  // namespace

Command ShowCommand() {
  return {
      "show",
      "show one stored puzzle: grid, solution, rating, trace",
      "Usage: sudoku-forge show ID [--db=PATH]\n"
      "Prints the puzzle, its solution, its latest rating (with technique "
      "counts and\n"
      "stochastic success rates), its solve trace and how it was generated.",
      {"db"},
      &RunShow};
}

}  // namespace sudoku::cli
