// sudoku-forge rate: score and level of user-submitted puzzles.
#include <iostream>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "cli/json.h"
#include "cli/parallel.h"
#include "cli/progress.h"
#include "cli/solve_util.h"
#include "core/format.h"
#include "rater/rater.h"
#include "storage/cli_output.pb.h"

ABSL_FLAG(bool, explain, false, "rate: also print the deduction steps");

namespace sudoku::cli {
namespace {

struct Rated {
  RateOutput out;
  std::vector<std::string> step_lines;
};

Rated RateOne(const Rater& rater, const InputPuzzle& input, bool explain) {
  Rated rated;
  RateOutput& out = rated.out;
  out.set_where(input.where());
  if (!input.grid.ok()) {
    out.set_status(RateOutput::INVALID);
    out.set_error(std::string(input.grid.status().message()));
    return rated;
  }
  out.set_puzzle(ToLine(*input.grid));
  RatingResult r = rater.Rate(*input.grid);
  const RatingFeatures& f = r.features;
  out.set_clues(static_cast<uint32_t>(f.clues));
  out.set_solver_nodes(Saturate(f.solver_nodes));
  out.set_solver_guesses(Saturate(f.solver_guesses));
  for (const Grid& s : r.solutions) out.add_solutions(ToLine(s));
  switch (r.status) {
    case RateStatus::kNoSolution:
      out.set_status(RateOutput::NONE);
      out.set_error("the puzzle has no solution");
      return rated;
    case RateStatus::kMultipleSolutions:
      out.set_status(RateOutput::MULTIPLE);
      out.set_error("the puzzle has several solutions (two are shown); a proper puzzle has one");
      return rated;
    case RateStatus::kRated:
      break;
  }
  out.set_status(RateOutput::RATED);
  out.set_score(r.score);
  out.set_level(std::string(LevelName(r.level)));
  out.set_er(f.er);
  out.set_ep(f.ep);
  out.set_ed(f.ed);
  out.set_hardest_technique(f.hardest_technique);
  for (const auto& [technique, count] : f.technique_counts) {
    (*out.mutable_technique_counts())[technique] = static_cast<uint32_t>(count);
  }
  for (const auto& [solver, rate] : f.stochastic_success) (*out.mutable_solver_success())[solver] = rate;
  out.set_search_effort(f.search_effort);
  out.set_solved_by_logic(f.solved_by_logic);
  if (explain && r.explanation != nullptr) {
    for (const Deduction& step : r.explanation->steps) {
      rated.step_lines.push_back(absl::StrFormat("  %4.1f  %s", step.rating, step.text));
    }
  }
  return rated;
}

int RunRate(const CommandArgs& args) {
  absl::StatusOr<ParseOptions> options = ParseOptionsFromFlags();
  if (!options.ok()) return UsageError("rate", std::string(options.status().message()));
  absl::StatusOr<std::vector<InputPuzzle>> inputs = ReadInputs(args.positional, *options);
  if (!inputs.ok()) return UsageError("rate", std::string(inputs.status().message()));
  RaterOptions rater_options;
  rater_options.techniques = absl::GetFlag(FLAGS_techniques);
  rater_options.allow_uniqueness = !absl::GetFlag(FLAGS_no_uniqueness);
  absl::StatusOr<std::unique_ptr<Rater>> rater = Rater::Create(rater_options);
  if (!rater.ok()) return UsageError("rate", std::string(rater.status().message()));
  const bool json = absl::GetFlag(FLAGS_json);
  const bool explain = absl::GetFlag(FLAGS_explain);
  int exit_code = kExitOk;
  Progress progress("rate", static_cast<int64_t>(inputs->size()));
  ParallelOrdered(
      inputs->size(), absl::GetFlag(FLAGS_jobs),
      [&](size_t i) { return RateOne(**rater, (*inputs)[i], explain); },
      [&](size_t, Rated rated) {
        progress.Add();
        const RateOutput& out = rated.out;
        if (out.status() != RateOutput::RATED) exit_code = kExitBadPuzzle;
        if (json) {
          std::cout << ToJson(out) << "\n";
          return;
        }
        if (out.status() == RateOutput::RATED) {
          std::cout << absl::StrFormat("%s\t%s\tscore %.2f\tER %.1f EP %.1f ED %.1f\t%s\n",
                                       out.where(), out.level(), out.score(), out.er(), out.ep(),
                                       out.ed(), out.hardest_technique());
        } else {
          std::cout << out.where() << "\t"
                    << (out.status() == RateOutput::INVALID ? "invalid" : "rejected") << "\t"
                    << out.error();
          for (const std::string& s : out.solutions()) std::cout << "\t" << s;
          std::cout << "\n";
        }
        for (const std::string& line : rated.step_lines) std::cout << line << "\n";
      });
  return exit_code;
}

}  // namespace

Command RateCommand() {
  return {"rate", "score and level (easy, medium, hard, evil) of each puzzle",
          "Usage: sudoku-forge rate [FILE|-|PUZZLE]... [--json] [--explain] [--jobs=J]\n"
          "       [--techniques=LIST] [--no-uniqueness]\n"
          "Rates each puzzle: the Forge score, the level, Sudoku Explainer's ER/EP/ED,\n"
          "the hardest technique and per-technique counts. A puzzle with no solution\n"
          "or several (two are shown) is rejected with that verdict (exit code 1).",
          {"json", "explain", "jobs", "shape", "techniques", "no_uniqueness"}, &RunRate};
}

}  // namespace sudoku::cli
