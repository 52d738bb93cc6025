#include "bank/step_output.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/canonical.h"
#include "core/format.h"
#include "deduction/registry.h"
#include "deduction/transform.h"
#include "solvers/solver.h"

namespace sudoku::bank {
namespace {

const std::map<std::string, std::string, std::less<>>& Names() {
  static const auto* names = [] {
    auto* m = new std::map<std::string, std::string, std::less<>>;
    // Every row of the technique table, on a ladder or not.
    for (const TechniqueInfo& t : kTechniqueTable)
      (*m)[std::string(t.id)] = std::string(t.name);
    (*m)[std::string(kGuessId)] = "Guess";
    return m;
  }();
  return *names;
}

CellDigitOutput ToCellDigit(const CellDigit& cd, const Shape& shape) {
  CellDigitOutput out;
  out.set_cell(shape.CellName(cd.cell));
  out.set_digit(static_cast<uint32_t>(cd.digit));
  return out;
}

}  // namespace

std::string TechniqueDisplayName(absl::string_view id) {
  auto it = Names().find(id);
  return it == Names().end() ? std::string(id) : it->second;
}

std::string TechniqueNameInText(absl::string_view id) {
  std::string name = TechniqueDisplayName(id);
  // Lower the first letter only when the second is lower case too
  // ("Hidden single" -> "hidden single"; "X-Wing", "XY-Wing" stay).
  if (name.size() >= 2 && std::isupper(static_cast<unsigned char>(name[0])) &&
      std::islower(static_cast<unsigned char>(name[1]))) {
    name[0] =
        static_cast<char>(std::tolower(static_cast<unsigned char>(name[0])));
  }
  return name;
}

StepOutput ToStepOutput(const Deduction& step, const Shape& shape) {
  StepOutput out;
  out.set_technique(step.technique);
  out.set_name(TechniqueDisplayName(step.technique));
  out.set_rating(step.rating);
  for (const CellDigit& p : step.placements)
    *out.add_placements() = ToCellDigit(p, shape);
  for (const CellDigit& e : step.eliminations)
    *out.add_eliminations() = ToCellDigit(e, shape);
  out.set_text(step.text);
  for (int cell : step.pattern_cells)
    out.add_pattern_cells(shape.CellName(cell));
  for (const CellDigit& c : step.pattern_candidates) {
    *out.add_pattern_candidates() = ToCellDigit(c, shape);
  }
  for (int unit : step.pattern_units)
    out.add_pattern_units(shape.UnitName(unit));
  out.set_complexity(static_cast<uint32_t>(std::max(0, step.complexity)));
  for (const Deduction& inner : step.nested)
    *out.add_nested() = ToStepOutput(inner, shape);
  return out;
}

std::string CountSummary(const Explanation& explanation) {
  return absl::StrJoin(
      explanation.technique_counts, ", ",
      [](std::string* out, const std::pair<std::string, int>& p) {
        absl::StrAppend(out, p.second, " \xC3\x97 ",
                        TechniqueNameInText(p.first));
      });
}

Explanation ExplainAsRated(const StepSolver& solver, const Grid& puzzle) {
  // As Rater::Rate: only a puzzle with one solution is canonicalised (the
  // near-empty grids whose canonical form is expensive stop here).
  // The count is bounded by the solver's work budget; past it Explain's own
  // (equally bounded) search gives the verdict.
  absl::StatusOr<std::unique_ptr<Solver>> exact = MakeSolver("backtrack");
  if (!exact.ok()) return solver.Explain(puzzle);
  const SolveResult count = (*exact)->Solve(
      puzzle, {.max_solutions = 2,
               .max_nodes = std::max<int64_t>(0, solver.options().max_nodes)});
  if (count.limit_hit) {
    Explanation e(puzzle.shape());
    e.status = ExplainStatus::kBudgetExceeded;
    e.final_grid = puzzle;
    return e;
  }
  if (count.num_solutions != 1) return solver.Explain(puzzle);
  absl::StatusOr<Canonical> canonical = Canonicalize(puzzle);
  if (!canonical.ok()) return solver.Explain(puzzle);
  return TransformExplanation(solver.Explain(canonical->form),
                              canonical->transform.Inverse());
}

ExplainOutput ExplainToOutput(const StepSolver& solver, const Grid& puzzle,
                              WalkOf walk) {
  const Explanation e = walk == WalkOf::kAsWritten
                            ? solver.Explain(puzzle)
                            : ExplainAsRated(solver, puzzle);
  ExplainOutput out = ExplanationToOutput(e, puzzle);
  if (e.status == ExplainStatus::kOutOfTime) {
    out.set_error(absl::StrCat(
        "gave up at the work bound of ", solver.options().max_seconds,
        " s per puzzle (max_puzzle_seconds) after ", e.steps.size(), " steps"));
  }
  if (e.status == ExplainStatus::kBudgetExceeded) {
    out.set_error(absl::StrCat(
        "work budget exceeded: the exact search used up ",
        solver.options().max_nodes,
        " search nodes (max_nodes) without settling whether the puzzle has "
        "one solution"));
  }
  return out;
}

ExplainOutput::Status ExplainOutputStatus(ExplainStatus status) {
  ExplainOutput::Status out = ExplainOutput::STATUS_UNSPECIFIED;
  ExplainOutput::Status_Parse(std::string(ExplainStatusName(status)), &out);
  return out;
}

ExplainOutput ExplanationToOutput(const Explanation& e, const Grid& puzzle) {
  ExplainOutput out;
  out.set_puzzle(ToLine(puzzle));
  out.set_status(ExplainOutputStatus(e.status));
  for (const Deduction& d : e.steps)
    *out.add_steps() = ToStepOutput(d, puzzle.shape());
  out.set_er(e.ratings.er);
  out.set_ep(e.ratings.ep);
  out.set_ed(e.ratings.ed);
  out.set_solved_by_logic(e.solved_by_logic);
  out.set_guesses(static_cast<uint32_t>(e.guesses));
  for (const auto& [id, count] : e.technique_counts) {
    TechniqueCountOutput* c = out.add_technique_counts();
    c->set_technique(id);
    c->set_name(TechniqueDisplayName(id));
    c->set_count(static_cast<uint32_t>(count));
  }
  out.set_final_grid(ToLine(e.final_grid));
  if (e.status == ExplainStatus::kNoSolution)
    out.set_error("the puzzle has no solution");
  if (e.status == ExplainStatus::kMultipleSolutions) {
    out.set_error("the puzzle has several solutions");
  }
  if (e.status == ExplainStatus::kOutOfTime) {
    out.set_error(absl::StrCat(
        "gave up at the work bound per puzzle (max_puzzle_seconds) after ",
        e.steps.size(), " steps"));
  }
  if (e.status == ExplainStatus::kBudgetExceeded) {
    out.set_error(
        "work budget exceeded: the exact search used up its node budget "
        "(max_nodes)");
  }
  return out;
}

}  // namespace sudoku::bank
