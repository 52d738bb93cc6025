// sudoku-forge rate: score and level of user-submitted puzzles.
//
// With --db the ratings are stored (puzzle, rating with every parameter,
// trace) and a puzzle already known under the same canonical key (any
// isomorph) returns its stored rating, unless --rerate or the stored rating
// was made by another rater version or with other parameters.
#include <algorithm>
#include <cmath>
#include <iostream>
#include <memory>

#include "absl/flags/flag.h"
#include "absl/flags/reflection.h"
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
#include "cli/store_util.h"
#include "core/format.h"
#include "rater/rater.h"
#include "storage/cli_output.pb.h"
#include "storage/sudoku.pb.h"

ABSL_FLAG(bool, explain, false, "rate: also print the deduction steps");
ABSL_FLAG(bool, no_stochastic, false,
          "rate: skip the stochastic solvers (no solver_success; the score and "
          "level do not "
          "use them, and an ordinary puzzle rates about 25x faster)");
ABSL_FLAG(
    bool, rerate, false,
    "rate --db: rate again even when the store holds a rating of this puzzle");

namespace sudoku::cli {
namespace {

struct Rated {
  RateOutput out;
  RatingResult result;  // empty features when the output came from the store
};

void AddSteps(const Explanation& e, RateOutput& out) {
  for (const Deduction& step : e.steps) {
    RateOutput::Step* s = out.add_steps();
    s->set_rating(step.rating);
    s->set_technique(step.technique);
    s->set_text(step.text);
  }
}

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
  rated.result = rater.Rate(*input.grid);
  const RatingResult& r = rated.result;
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
      out.set_error(
          "the puzzle has several solutions (two are shown); a proper puzzle "
          "has one");
      return rated;
    case RateStatus::kRated:
      break;
  }
  out.set_status(RateOutput::RATED);
  out.set_engine_version(RaterEngineVersion());
  out.set_score(r.score);
  out.set_level(std::string(LevelName(r.level)));
  out.set_er(f.er);
  out.set_ep(f.ep);
  out.set_ed(f.ed);
  out.set_hardest_technique(f.hardest_technique);
  for (const auto& [technique, count] : f.technique_counts) {
    (*out.mutable_technique_counts())[technique] = static_cast<uint32_t>(count);
  }
  for (const auto& [solver, rate] : f.stochastic_success)
    (*out.mutable_solver_success())[solver] = rate;
  out.set_search_effort(f.search_effort);
  out.set_player_effort(f.player_effort);
  out.set_solved_by_logic(f.solved_by_logic);
  if (explain && r.explanation != nullptr) AddSteps(*r.explanation, out);
  return rated;
}

// The stored form of a rating: every feature, every parameter.
proto::Rating ToRatingProto(const Rater& rater, const RatingResult& r) {
  const RatingFeatures& f = r.features;
  proto::Rating p;
  p.set_engine_version(RaterEngineVersion());
  for (const auto& [k, v] : rater.Parameters())
    (*p.mutable_parameters())[k] = v;
  p.set_score(r.score);
  p.set_level(std::string(LevelName(r.level)));
  p.set_er(f.er);
  p.set_ep(f.ep);
  p.set_ed(f.ed);
  p.set_hardest_technique(f.hardest_technique);
  for (const auto& [technique, count] : f.technique_counts) {
    proto::Rating::TechniqueCount* c = p.add_technique_counts();
    c->set_technique_id(technique);
    c->set_count(static_cast<uint32_t>(count));
  }
  p.set_solved_by_logic(f.solved_by_logic);
  p.set_solver_nodes(static_cast<uint64_t>(f.solver_nodes));
  p.set_solver_guesses(static_cast<uint64_t>(f.solver_guesses));
  p.set_exact_solver("backtrack");
  for (const RaterOptions::StochasticConfig& c :
       rater.options().stochastic_solvers) {
    auto it = f.stochastic_success.find(c.solver);
    if (it == f.stochastic_success.end()) continue;
    proto::Rating::StochasticResult* s = p.add_stochastic();
    s->set_solver(c.solver);
    s->set_runs(static_cast<uint32_t>(c.runs));
    s->set_successes(static_cast<uint32_t>(std::lround(it->second * c.runs)));
    s->set_budget_steps(static_cast<uint64_t>(c.iterations));
    (*p.mutable_features())[absl::StrCat("median_iterations.", c.solver)] =
        f.stochastic_median_iterations.at(c.solver);
  }
  p.set_seed(f.stochastic_seed);
  p.set_total_steps(static_cast<uint64_t>(f.steps));
  auto& features = *p.mutable_features();
  features["search_effort"] = f.search_effort;
  features["player_effort"] = f.player_effort;
  features["technique_effort"] = f.technique_effort;
  features["steps_above_singles"] = f.steps_above_singles;
  features["clues"] = f.clues;
  features["deduction_guesses"] = f.deduction_guesses;
  return p;
}

proto::Trace ToTraceProto(const Explanation& e) {
  proto::Trace t;
  for (const Deduction& d : e.steps) {
    proto::Trace::Step* s = t.add_steps();
    s->set_technique_id(d.technique);
    for (const CellDigit& cd : d.placements) {
      proto::Trace::Step::Placement* pl = s->add_placements();
      pl->set_cell(static_cast<uint32_t>(cd.cell));
      pl->set_digit(static_cast<uint32_t>(cd.digit));
    }
    for (const CellDigit& cd : d.eliminations) {
      proto::Trace::Step::Elimination* el = s->add_eliminations();
      el->set_cell(static_cast<uint32_t>(cd.cell));
      el->set_digit(static_cast<uint32_t>(cd.digit));
    }
    for (int c : d.pattern_cells)
      s->add_evidence_cells(static_cast<uint32_t>(c));
    s->set_explanation(d.text);
    s->set_difficulty(static_cast<uint32_t>(std::lround(d.rating * 10)));
  }
  t.set_engine_version(RaterEngineVersion());
  t.set_complete(e.status == ExplainStatus::kSolved);
  return t;
}

// The output of a stored rating (the puzzle line and `where` stay the
// submitted ones).
void FromStored(const proto::Rating& p, int64_t puzzle_id, RateOutput& out) {
  out.set_status(RateOutput::RATED);
  out.set_from_store(true);
  out.set_puzzle_id(static_cast<uint64_t>(puzzle_id));
  out.set_engine_version(p.engine_version());
  out.set_score(p.score());
  out.set_level(p.level());
  out.set_er(p.er());
  out.set_ep(p.ep());
  out.set_ed(p.ed());
  out.set_hardest_technique(p.hardest_technique());
  for (const auto& c : p.technique_counts())
    (*out.mutable_technique_counts())[c.technique_id()] = c.count();
  for (const auto& s : p.stochastic()) {
    (*out.mutable_solver_success())[s.solver()] =
        s.runs() == 0 ? 0.0 : static_cast<double>(s.successes()) / s.runs();
  }
  auto it = p.features().find("search_effort");
  if (it != p.features().end()) out.set_search_effort(it->second);
  it = p.features().find("player_effort");
  if (it != p.features().end()) out.set_player_effort(it->second);
  out.set_solved_by_logic(p.solved_by_logic());
  out.set_solver_nodes(Saturate(static_cast<int64_t>(p.solver_nodes())));
  out.set_solver_guesses(Saturate(static_cast<int64_t>(p.solver_guesses())));
}

// The stored rating to reuse for `grid`, if any: same engine version and
// parameters. Sets *puzzle_id to the stored isomorph's id (0 = unknown).
absl::StatusOr<std::optional<proto::Rating>> Reusable(PuzzleStore& store,
                                                      const Rater& rater,
                                                      const Grid& grid,
                                                      int64_t* puzzle_id) {
  *puzzle_id = 0;
  absl::StatusOr<std::optional<StoredPuzzle>> known = store.FindIsomorph(grid);
  if (!known.ok()) return known.status();
  if (!known->has_value()) return std::nullopt;
  *puzzle_id = (*known)->id;
  absl::StatusOr<std::vector<proto::Rating>> ratings =
      store.Ratings(*puzzle_id);
  if (!ratings.ok()) return ratings.status();
  const std::map<std::string, std::string> params = rater.Parameters();
  for (auto r = ratings->rbegin(); r != ratings->rend(); ++r) {
    if (r->engine_version() != RaterEngineVersion()) continue;
    if (std::map<std::string, std::string>(r->parameters().begin(),
                                           r->parameters().end()) != params) {
      continue;
    }
    return *r;
  }
  return std::nullopt;
}

// Stores the puzzle (if new), the rating and its trace; returns the id.
absl::StatusOr<int64_t> Store(PuzzleStore& store, const Rater& rater,
                              const Grid& grid, const RatingResult& r) {
  int64_t id = 0;
  absl::Status s = store.RunInTransaction([&]() -> absl::Status {
    NewPuzzle np;
    np.givens = grid;
    np.solution = r.solutions.at(0);
    np.num_solutions = 1;
    np.source = "rate";
    absl::StatusOr<InsertResult> inserted = store.InsertPuzzle(np);
    if (!inserted.ok()) return inserted.status();
    id = inserted->id;
    absl::StatusOr<int64_t> rating_id =
        store.AddRating(id, ToRatingProto(rater, r));
    if (!rating_id.ok()) return rating_id.status();
    if (r.explanation != nullptr) {
      absl::StatusOr<int64_t> trace =
          store.AddTrace(id, *rating_id, ToTraceProto(*r.explanation));
      if (!trace.ok()) return trace.status();
    }
    return absl::OkStatus();
  });
  if (!s.ok()) return s;
  return id;
}

void Print(const RateOutput& out, bool json) {
  if (json) {
    std::cout << ToJson(out) << "\n";
    return;
  }
  if (out.status() == RateOutput::RATED) {
    std::cout << absl::StrFormat(
        "%s\t%s\tscore %.2f\tER %.1f EP %.1f ED %.1f\t%s", out.where(),
        out.level(), out.score(), out.er(), out.ep(), out.ed(),
        out.hardest_technique());
    if (!out.solver_success().empty()) {
      std::vector<std::string> parts;
      for (const auto& [solver, rate] : out.solver_success()) {
        parts.push_back(absl::StrFormat("%s %.2f", solver, rate));
      }
      std::sort(parts.begin(), parts.end());
      std::cout << "\tsolvers " << absl::StrJoin(parts, ", ");
    }
    if (out.from_store())
      std::cout << "\t(stored rating of db #" << out.puzzle_id() << ")";
    std::cout << "\n";
  } else {
    const char* verdict = out.status() == RateOutput::INVALID ? "invalid"
                          : out.status() == RateOutput::NONE
                              ? "no-solution"
                              : "several-solutions";
    std::cout << out.where() << "\t" << verdict << "\t" << out.error();
    for (const std::string& s : out.solutions()) std::cout << "\t" << s;
    std::cout << "\n";
  }
  for (const RateOutput::Step& step : out.steps()) {
    std::cout << absl::StrFormat("  %4.1f  %s\n", step.rating(), step.text());
  }
}

int RunRate(const CommandArgs& args) {
  absl::StatusOr<ParseOptions> options = ParseOptionsFromFlags();
  if (!options.ok())
    return UsageError("rate", std::string(options.status().message()));
  std::vector<std::string> sources = args.positional;
  if (sources.empty()) sources.push_back("-");
  absl::StatusOr<std::vector<InputPuzzle>> inputs =
      ReadInputs(sources, *options);
  if (!inputs.ok())
    return UsageError("rate", std::string(inputs.status().message()));
  RaterOptions rater_options;
  rater_options.techniques = absl::GetFlag(FLAGS_techniques);
  rater_options.allow_uniqueness = !absl::GetFlag(FLAGS_no_uniqueness);
  rater_options.stochastic = absl::GetFlag(FLAGS_no_stochastic)
                                 ? StochasticUse::kIfModelUses
                                 : StochasticUse::kAlways;
  absl::StatusOr<std::unique_ptr<Rater>> rater = Rater::Create(rater_options);
  if (!rater.ok())
    return UsageError("rate", std::string(rater.status().message()));
  const bool json = absl::GetFlag(FLAGS_json);
  const bool explain = absl::GetFlag(FLAGS_explain);
  const bool rerate = absl::GetFlag(FLAGS_rerate);
  std::unique_ptr<SqlitePuzzleStore> store;
  const absl::CommandLineFlag* db_flag = absl::FindCommandLineFlag("db");
  if (db_flag != nullptr &&
      db_flag->CurrentValue() != db_flag->DefaultValue()) {
    absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> opened =
        OpenStoreFromFlags(/*create=*/true);
    if (!opened.ok())
      return UsageError("rate", std::string(opened.status().message()));
    store = std::move(*opened);
  }
  // With a store: look up known puzzles first (the store is single-threaded),
  // rate the rest in parallel, then store them in input order.
  std::vector<std::optional<Rated>> known(inputs->size());
  if (store != nullptr && !rerate) {
    for (size_t i = 0; i < inputs->size(); ++i) {
      const InputPuzzle& in = (*inputs)[i];
      if (!in.grid.ok()) continue;
      int64_t id = 0;
      absl::StatusOr<std::optional<proto::Rating>> stored =
          Reusable(*store, **rater, *in.grid, &id);
      if (!stored.ok())
        return UsageError("rate", std::string(stored.status().message()));
      if (!stored->has_value()) continue;
      Rated r;
      r.out.set_where(in.where());
      r.out.set_puzzle(ToLine(*in.grid));
      r.out.set_clues(static_cast<uint32_t>(in.grid->NumFilled()));
      FromStored(**stored, id, r.out);
      if (explain) {
        // The steps of the stored rating's puzzle are those of an isomorph:
        // recompute them for the submitted orientation (deduction only).
        RaterOptions quiet = rater_options;
        quiet.stochastic = StochasticUse::kNever;
        absl::StatusOr<std::unique_ptr<Rater>> steps_only =
            Rater::Create(quiet);
        if (steps_only.ok()) {
          RatingResult again = (*steps_only)->Rate(*in.grid);
          if (again.explanation != nullptr) AddSteps(*again.explanation, r.out);
        }
      }
      known[i] = std::move(r);
    }
  }
  int exit_code = kExitOk;
  absl::Status store_error;
  Progress progress("rate", static_cast<int64_t>(inputs->size()));
  ParallelOrdered(
      inputs->size(), absl::GetFlag(FLAGS_jobs),
      [&](size_t i) {
        if (known[i].has_value()) return std::move(*known[i]);
        return RateOne(**rater, (*inputs)[i], explain);
      },
      [&](size_t i, Rated rated) {
        progress.Add();
        RateOutput& out = rated.out;
        if (out.status() != RateOutput::RATED) exit_code = kExitBadPuzzle;
        if (store != nullptr && out.status() == RateOutput::RATED &&
            !out.from_store() && store_error.ok()) {
          absl::StatusOr<int64_t> id =
              Store(*store, **rater, *(*inputs)[i].grid, rated.result);
          if (id.ok()) {
            out.set_puzzle_id(static_cast<uint64_t>(*id));
          } else {
            store_error = id.status();
          }
        }
        Print(out, json);
      });
  if (!store_error.ok()) {
    std::cerr << "sudoku-forge rate: storing failed: " << store_error.message()
              << "\n";
    return kExitUsage;
  }
  return exit_code;
}

}  // namespace

Command RateCommand() {
  return {
      "rate",
      "score and level (easy, medium, hard, evil) of each puzzle",
      "Usage: sudoku-forge rate [FILE|-|PUZZLE]... [--json] [--explain] "
      "[--db=PATH]\n"
      "       [--rerate] [--jobs=J] [--techniques=LIST] [--no-uniqueness]\n"
      "       [--no-stochastic]\n"
      "Rates each puzzle (standard input when none is given): the Forge "
      "score,\n"
      "the level, Sudoku Explainer's ER/EP/ED, the hardest technique, "
      "per-technique\n"
      "counts and the stochastic solvers' success rates at a fixed budget.\n"
      "Unreadable input, a puzzle with no solution or with several (two are\n"
      "shown) gets that verdict instead (exit code 1).\n"
      "--db=PATH stores every rating (with its parameters and trace) and "
      "returns\n"
      "the stored rating of a puzzle already known under the same canonical "
      "key\n"
      "(any isomorph), unless --rerate or the rater version or parameters "
      "differ.\n"
      "--no-stochastic leaves out the stochastic solvers (the fitted score "
      "does not\n"
      "use them): the same score and level, no solver_success.",
      {"json", "explain", "jobs", "shape", "techniques", "no_uniqueness", "db",
       "rerate", "no_stochastic"},
      &RunRate};
}

}  // namespace sudoku::cli
