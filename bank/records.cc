#include "bank/records.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/format.h"
#include "core/status_macros.h"
#include "storage/json.h"

namespace sudoku::bank {
proto::Rating RatingRecord(const Rater& rater, const RatingResult& r) {
  const RatingFeatures& f = r.features;
  proto::Rating p;
  p.set_engine_version(RaterEngineVersion());
  for (const auto& [k, v] : rater.ScoreParameters())
    (*p.mutable_parameters())[k] = v;
  p.set_score(r.score);
  p.set_expected_minutes(ExpectedMinutes(r.score));
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
  if (f.top_er > 0) features["top_er"] = f.top_er;
  return p;
}

bool SameRating(const proto::Rating& stored, const Rater& rater) {
  return SameRating(stored, rater.ScoreParameters());
}

bool SameRating(const proto::Rating& stored,
                const std::map<std::string, std::string>& score_parameters) {
  if (stored.engine_version() != RaterEngineVersion()) return false;
  return std::map<std::string, std::string>(stored.parameters().begin(),
                                            stored.parameters().end()) ==
         score_parameters;
}

bool HasStochastic(const proto::Rating& stored) {
  return stored.stochastic_size() > 0;
}

proto::Trace TraceRecord(const Explanation& e) {
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

proto::GenerationInfo GenerationRecord(const GeneratedPuzzle& puzzle,
                                       const GenerationProvenance& run) {
  proto::GenerationInfo info;
  info.set_seed(puzzle.seed);
  info.set_generator_version(absl::StrCat("generator-", kGeneratorVersion));
  for (const auto& [name, value] : run.parameters)
    (*info.mutable_parameters())[name] = value;
  (*info.mutable_parameters())["run"] = run.run_key;
  (*info.mutable_parameters())["index"] = absl::StrCat(run.index);
  (*info.mutable_parameters())["batch_seed"] = absl::StrCat(run.batch_seed);
  if (!run.shard.empty()) (*info.mutable_parameters())["shard"] = run.shard;
  info.set_symmetry(run.symmetry);
  info.set_target_level(run.target_level);
  info.set_attempts(static_cast<uint64_t>(puzzle.attempts));
  return info;
}

absl::StatusOr<InsertResult> StoreGenerated(
    PuzzleStore& store, const Rater& rater, const GeneratedPuzzle& puzzle,
    const RatingResult& rating, const GenerationProvenance& run,
    const std::string& source, const std::string& label, bool with_trace) {
  NewPuzzle np;
  np.givens = puzzle.puzzle;
  np.solution = puzzle.solution;
  np.num_solutions = 1;
  np.source = source;
  np.label = label;
  SUDOKU_ASSIGN_OR_RETURN(InsertResult inserted, store.InsertPuzzle(np));
  if (!inserted.inserted) return inserted;
  SUDOKU_ASSIGN_OR_RETURN(
      int64_t rating_id,
      store.AddRating(inserted.id, RatingRecord(rater, rating)));
  if (with_trace && rating.explanation != nullptr) {
    SUDOKU_RETURN_IF_ERROR(
        store.AddTrace(inserted.id, rating_id, TraceRecord(*rating.explanation))
            .status());
  }
  SUDOKU_RETURN_IF_ERROR(
      store.SetGenerationInfo(inserted.id, GenerationRecord(puzzle, run)));
  return inserted;
}

void AddSteps(const Explanation& e, RateOutput& out) {
  for (const Deduction& step : e.steps) {
    RateOutput::Step* s = out.add_steps();
    s->set_rating(step.rating);
    s->set_technique(step.technique);
    s->set_text(step.text);
  }
}

RateOutput RateOutputOf(const Grid& puzzle, const Rater& rater,
                        const RatingResult& r, bool explain) {
  RateOutput out;
  if (r.status == RateStatus::kRated) {
    // The answer is the record the bank would store, fresh.
    out = RateOutputOfStored(puzzle, RatingRecord(rater, r), 0);
    out.set_from_store(false);
    if (explain && r.explanation != nullptr) AddSteps(*r.explanation, out);
  } else {
    switch (r.status) {
      case RateStatus::kNoSolution:
        out.set_status(RateOutput::NONE);
        out.set_error("the puzzle has no solution");
        break;
      case RateStatus::kOutOfTime:
        out.set_status(RateOutput::OUT_OF_TIME);
        out.set_error(absl::StrCat("gave up at the work bound of ",
                                   rater.options().max_seconds,
                                   " s per puzzle (max_puzzle_seconds)"));
        break;
      case RateStatus::kBudgetExceeded:
        out.set_status(RateOutput::BUDGET_EXCEEDED);
        out.set_error(absl::StrCat(
            "work budget exceeded: the exact search stopped after ",
            r.features.solver_nodes,
            " search nodes (max_nodes = ", rater.options().max_nodes,
            ") without settling whether the puzzle has one solution"));
        break;
      default:
        out.set_status(RateOutput::MULTIPLE);
        out.set_error(
            "the puzzle has several solutions (two are shown); a proper "
            "puzzle has one");
    }
    out.set_puzzle(ToLine(puzzle));
    out.set_clues(static_cast<uint32_t>(r.features.clues));
    out.set_solver_nodes(SaturateToUint32(r.features.solver_nodes));
    out.set_solver_guesses(SaturateToUint32(r.features.solver_guesses));
  }
  for (const Grid& s : r.solutions) out.add_solutions(ToLine(s));
  return out;
}

bool TopErDiffers(const RateOutput& out) {
  return out.top_er() > 0 && out.top_er() != out.er();
}

RateOutput RateOutputOfStored(const Grid& puzzle, const proto::Rating& p,
                              int64_t puzzle_id) {
  RateOutput out;
  out.set_puzzle(ToLine(puzzle));
  out.set_clues(static_cast<uint32_t>(puzzle.NumFilled()));
  out.set_status(RateOutput::RATED);
  out.set_from_store(true);
  out.set_puzzle_id(static_cast<uint64_t>(puzzle_id));
  out.set_engine_version(p.engine_version());
  out.set_score(p.score());
  // Computed from the score, so ratings stored before the field existed
  // answer with it too.
  out.set_expected_minutes(ExpectedMinutes(p.score()));
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
  it = p.features().find("top_er");
  if (it != p.features().end()) out.set_top_er(it->second);
  out.set_solved_by_logic(p.solved_by_logic());
  out.set_solver_nodes(
      SaturateToUint32(static_cast<int64_t>(p.solver_nodes())));
  out.set_solver_guesses(
      SaturateToUint32(static_cast<int64_t>(p.solver_guesses())));
  return out;
}

}  // namespace sudoku::bank
