// The reproduction targets of the relaxation solvers (issue 6):
//   projection: Chi & Lange, Tables 3.1 and 3.2 (alternating projections);
//   entropy:    Gunther & Moon, Table I (entropy minimisation, variants C-F)
//               and the soft-clue puzzle of their Fig. 1.
// Both solvers are deterministic by default (projection starts at the
// origin, entropy has no random choice), so one run per puzzle is the whole
// experiment; the counts are exact, the times are thread CPU seconds.
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/format.h"
#include "core/rng.h"
#include "core/status_macros.h"
#include "generator/generator.h"
#include "generator/level_target.h"
#include "rater/rater.h"
#include "rater/solver_features.h"
#include "research/reproduce.h"
#include "solvers/entropy.h"
#include "solvers/soft_puzzle.h"
#include "solvers/solver.h"
#include "solvers/stochastic.h"
#include "solvers/stochastic_registry.h"

namespace sudoku::research {
namespace {

const char* const kSets[] = {"easy", "medium", "hard", "top95"};

// Solutions up to 2 of each puzzle (the exact solver), as "unique" or the
// range of counts, e.g. "all 2+".
std::string Uniqueness(const std::vector<Grid>& puzzles) {
  absl::StatusOr<std::unique_ptr<Solver>> solver = MakeSolver("dlx");
  if (!solver.ok()) return "?";
  int unique = 0;
  for (const Grid& p : puzzles) {
    SolveResult r = (*solver)->Solve(p, SolveLimits{.max_solutions = 2});
    unique += r.num_solutions == 1 && !r.limit_hit;
  }
  return unique == static_cast<int>(puzzles.size())
             ? std::string("all unique")
             : absl::StrCat(unique, " unique, ",
                            static_cast<int>(puzzles.size()) - unique,
                            " with 2+ solutions");
}

struct RunSet {
  int puzzles = 0, runs = 0, successes = 0, init_solved = 0;
  std::vector<double> seconds, iterations;  // successful runs
  double total_seconds = 0;
};

RunSet Run(StochasticSolver& solver, const std::vector<Grid>& puzzles, int runs,
           uint64_t seed, const StochasticBudget& budget) {
  RunSet out;
  auto* entropy = dynamic_cast<EntropySolver*>(&solver);
  for (size_t i = 0; i < puzzles.size(); ++i) {
    ++out.puzzles;
    for (int r = 0; r < runs; ++r) {
      const StochasticResult result = solver.Run(
          puzzles[i], DeriveSeed(DeriveSeed(seed, i), static_cast<uint64_t>(r)),
          budget);
      ++out.runs;
      out.total_seconds += result.seconds;
      // The solver's verdict is not trusted.
      if (!IsValidSolution(puzzles[i], result.grid)) continue;
      ++out.successes;
      out.seconds.push_back(result.seconds);
      out.iterations.push_back(static_cast<double>(result.iterations));
      if (entropy != nullptr && entropy->trace().solved_by_init)
        ++out.init_solved;
    }
  }
  return out;
}

std::string HeaderLine(const ReproduceOptions& o, const char* target,
                       int runs) {
  return absl::StrFormat(
      "Command: `sudoku-forge reproduce %s --seed=%d%s%s` (one thread; times "
      "are thread CPU seconds; %d run%s per puzzle).\n\n",
      target, o.seed, o.runs > 0 ? absl::StrCat(" --runs=", o.runs) : "",
      o.limit > 0 ? absl::StrCat(" --limit=", o.limit) : "", runs,
      runs == 1 ? "" : "s");
}

// `count` puzzles of our generator at `level` (the judge of `sudoku-forge
// generate --level`, MakeJudge),
// puzzle i seeded with DeriveSeed(seed, i).
absl::StatusOr<std::vector<Grid>> GeneratedSet(Level level, int count,
                                               uint64_t seed) {
  SUDOKU_ASSIGN_OR_RETURN(std::unique_ptr<Rater> rater,
                          Rater::Create(WithSolverFeatures({})));
  DifficultyTarget target;
  target.level = level;
  SUDOKU_ASSIGN_OR_RETURN(Judge judge, MakeJudge(*rater, target));
  Generator generator{GeneratorOptions{}};
  std::vector<Grid> out;
  for (int i = 0; i < count; ++i) {
    std::optional<GeneratedPuzzle> g =
        generator.Generate(DeriveSeed(seed, static_cast<uint64_t>(i)), judge);
    if (g) out.push_back(g->puzzle);
  }
  return out;
}

}  // namespace

// ------------------------------------------------------------- projection

absl::StatusOr<std::string> ReproduceProjection(
    const ReproduceOptions& options) {
  const int runs = options.runs > 0 ? options.runs : 1;
  const double paper_rate[] = {0.85, 0.89, 0.72, 0.41};
  const int paper_puzzles[] = {87, 130, 100, 95};
  const char* paper_times[] = {"0.032 / 0.041 / 0.052 / 0.237",
                               "0.032 / 0.051 / 0.062 / 0.269",
                               "0.033 / 0.110 / 0.159 / 0.525", "not given"};
  const double start = ThreadCpuSeconds();
  std::string md =
      "## Alternating projections: Chi & Lange, Tables 3.1 and 3.2\n\n";
  absl::StrAppend(&md, HeaderLine(options, "projection", runs));
  absl::StrAppend(
      &md,
      "Setting: start at the origin (the paper), cyclic projections onto the "
      "cell, row, column and box simplices, argmax rounding after every "
      "sweep, stop on a valid grid, on a relative change below eta = 1e-10, "
      "or after 10^5 sweeps (the authors' code allows 10^6 with eta = "
      "1e-16). `presolve=1` first fills the cells forced by singles, as the "
      "authors' R driver does. The start is deterministic, so one run per "
      "puzzle is the whole experiment (the paper also ran each puzzle "
      "once). Success = any valid grid that keeps the clues, checked by "
      "IsValidSolution.\n\n");
  struct Variant {
    const char* label;
    StochasticParams params;
  };
  const std::vector<Variant> variants = {{"projection", {}},
                                         {"presolve=1", {{"presolve", "1"}}}};
  std::vector<std::vector<RunSet>> results(variants.size());
  std::vector<std::string> uniqueness;
  for (int s = 0; s < 4; ++s) {
    SUDOKU_ASSIGN_OR_RETURN(std::vector<Grid> puzzles,
                            LoadChiLangeSet(options, kSets[s]));
    uniqueness.push_back(Uniqueness(puzzles));
    for (size_t v = 0; v < variants.size(); ++v) {
      SUDOKU_ASSIGN_OR_RETURN(
          std::unique_ptr<StochasticSolver> solver,
          MakeStochasticSolver("projection", variants[v].params));
      results[v].push_back(
          Run(*solver, puzzles, runs,
              DeriveSeed(options.seed, static_cast<uint64_t>(s)), {}));
    }
  }
  absl::StrAppend(&md,
                  "Table 3.1: success rate\n\n"
                  "| set | puzzles ours (paper) | solutions (exact solver) | "
                  "paper | ours: projection | ours: presolve=1 |\n"
                  "|---|---:|---|---:|---:|---:|\n");
  for (int s = 0; s < 4; ++s) {
    const RunSet& a = results[0][static_cast<size_t>(s)];
    const RunSet& b = results[1][static_cast<size_t>(s)];
    absl::StrAppend(
        &md, absl::StrFormat(
                 "| %s | %d (%d) | %s | %.2f | %.2f (%d/%d) | %.2f (%d/%d) |\n",
                 kSets[s], a.puzzles, paper_puzzles[s],
                 uniqueness[static_cast<size_t>(s)], paper_rate[s],
                 a.runs ? static_cast<double>(a.successes) / a.runs : 0.0,
                 a.successes, a.runs,
                 b.runs ? static_cast<double>(b.successes) / b.runs : 0.0,
                 b.successes, b.runs));
  }
  absl::StrAppend(
      &md,
      "\nTable 3.2: CPU seconds of the successful runs, min / median / mean / "
      "max (paper: Fortran 95 on a 3.4 GHz i7), and our median sweeps\n\n"
      "| set | paper | ours: projection | sweeps | ours: presolve=1 | sweeps "
      "|\n|---|---|---|---:|---|---:|\n");
  for (int s = 0; s < 4; ++s) {
    auto cell = [](const RunSet& r) {
      if (r.successes == 0) return std::string("no success");
      const SampleSummary t = Summarise(r.seconds);
      return absl::StrFormat("%.4f / %.4f / %.4f / %.4f", t.min, t.median,
                             t.mean, t.max);
    };
    const RunSet& a = results[0][static_cast<size_t>(s)];
    const RunSet& b = results[1][static_cast<size_t>(s)];
    absl::StrAppend(
        &md,
        absl::StrFormat("| %s | %s | %s | %.0f | %s | %.0f |\n", kSets[s],
                        paper_times[s], cell(a), Summarise(a.iterations).median,
                        cell(b), Summarise(b.iterations).median));
  }
  // The same on our generator's levels: unique puzzles, unlike the Chi &
  // Lange easy / medium / hard sets.
  {
    const int per_level = options.limit > 0 ? options.limit : 40;
    const char* const levels[] = {"easy", "medium", "hard", "evil"};
    absl::StrAppend(
        &md, "\nThe same on our generator's levels (", per_level,
        " unique puzzles per level, as in the entropy table below), "
        "`projection` from the origin:\n\n"
        "| level | success | CPU s of successes, min / median / mean / max | "
        "median sweeps |\n|---|---:|---|---:|\n");
    SUDOKU_ASSIGN_OR_RETURN(std::unique_ptr<StochasticSolver> solver,
                            MakeStochasticSolver("projection", {}));
    for (int l = 0; l < 4; ++l) {
      SUDOKU_ASSIGN_OR_RETURN(
          std::vector<Grid> puzzles,
          GeneratedSet(
              static_cast<Level>(l), per_level,
              DeriveSeed(options.seed, 100 + static_cast<uint64_t>(l))));
      const RunSet r = Run(*solver, puzzles, runs, options.seed, {});
      const SampleSummary t = Summarise(r.seconds);
      absl::StrAppend(
          &md, absl::StrFormat(
                   "| %s | %.2f (%d/%d) | %s | %.0f |\n", levels[l],
                   r.runs ? static_cast<double>(r.successes) / r.runs : 0.0,
                   r.successes, r.runs,
                   r.successes ? absl::StrFormat("%.4f / %.4f / %.4f / %.4f",
                                                 t.min, t.median, t.mean, t.max)
                               : std::string("no success"),
                   Summarise(r.iterations).median));
    }
  }
  absl::StrAppend(
      &md, absl::StrFormat("\n(The whole target took %.1f CPU seconds.)\n\n",
                           ThreadCpuSeconds() - start));
  return md;
}

// ---------------------------------------------------------------- entropy

namespace {

// Gunther & Moon, Table I: failures (of 1000), time mean / sd (s),
// iterations mean / sd, per variant and level.
struct PaperCell {
  int failures;
  double time_mean, time_sd, iter_mean, iter_sd;
};
constexpr PaperCell kEntropyPaper[4][4] = {{{0, 0.1, 0.03, 0, 0},
                                            {0, 0.13, 0.06, 0.22, 0.49},
                                            {0, 0.22, 0.12, 0.95, 1.03},
                                            {2, 0.29, 0.25, 1.45, 2.02}},
                                           {{0, 0.1, 0.01, 0, 0},
                                            {0, 0.14, 0.2, 0.31, 1.79},
                                            {0, 0.3, 0.54, 1.75, 5.13},
                                            {1, 0.48, 1.56, 3.31, 14.49}},
                                           {{0, 0.1, 0.01, 0, 0},
                                            {1, 0.25, 1.01, 0.53, 3.92},
                                            {5, 1.2, 3.59, 2.45, 8.89},
                                            {0, 1.5, 1.73, 2.89, 2.97}},
                                           {{0, 0.1, 0.01, 0, 0},
                                            {0, 0.29, 0.42, 0.29, 0.68},
                                            {1, 1.01, 1.21, 1.46, 2.04},
                                            {3, 1.49, 1.65, 2.27, 2.84}}};
// Puzzles (of 1000) the paper's INIT step solves, per level.
constexpr int kEntropyPaperInit[] = {1000, 795, 250, 42};
const char* const kEntropyLevels[] = {"easy", "medium", "hard", "evil"};
constexpr char kEntropyVariants[] = {'C', 'D', 'E', 'F'};

absl::StatusOr<std::unique_ptr<StochasticSolver>> MakeEntropySolver(
    char variant) {
  return MakeStochasticSolver("entropy",
                              {{"variant", std::string(1, variant)}});
}

// Table I on the Chi & Lange sets; the sets' exact uniqueness goes to
// *uniqueness, one entry per set.
absl::StatusOr<std::string> EntropyChiLangeTable(
    const ReproduceOptions& options, int runs,
    std::vector<std::string>* uniqueness) {
  std::vector<std::vector<Grid>> sets;
  for (int s = 0; s < 4; ++s) {
    SUDOKU_ASSIGN_OR_RETURN(std::vector<Grid> puzzles,
                            LoadChiLangeSet(options, kSets[s]));
    uniqueness->push_back(Uniqueness(puzzles));
    sets.push_back(std::move(puzzles));
  }
  std::string md =
      "| variant | level (paper) / set (ours) | F. paper / ours | "
      "time s paper | time s ours | iterations paper | iterations "
      "ours | solved by INIT paper / ours |\n"
      "|---|---|---|---|---|---|---|---|\n";
  for (int v = 0; v < 4; ++v) {
    SUDOKU_ASSIGN_OR_RETURN(std::unique_ptr<StochasticSolver> solver,
                            MakeEntropySolver(kEntropyVariants[v]));
    for (int s = 0; s < 4; ++s) {
      const RunSet r =
          Run(*solver, sets[static_cast<size_t>(s)], runs,
              DeriveSeed(options.seed, static_cast<uint64_t>(s)), {});
      const PaperCell& p = kEntropyPaper[v][s];
      const SampleSummary t = Summarise(r.seconds),
                          it = Summarise(r.iterations);
      absl::StrAppend(
          &md,
          absl::StrFormat(
              "| %c | %s / %s | %d of 1000 / %d of %d | %.2f / %.2f | %.4f / "
              "%.4f | %.2f / %.2f | %.2f / %.2f | %d of 1000 / %d of %d |\n",
              kEntropyVariants[v], kEntropyLevels[s], kSets[s], p.failures,
              r.runs - r.successes, r.runs, p.time_mean, p.time_sd, t.mean,
              t.sd, p.iter_mean, p.iter_sd, it.mean, it.sd,
              kEntropyPaperInit[s], r.init_solved, r.runs));
    }
  }
  return md;
}

// The same table on our generator's levels (unique, minimal or backed-off
// puzzles rated by the Forge rater; docs/GENERATOR.md), 40 per level or
// --limit.
absl::StatusOr<std::string> EntropyGeneratedTable(
    const ReproduceOptions& options, int runs) {
  const int per_level = options.limit > 0 ? options.limit : 40;
  std::string md = absl::StrCat(
      "\nThe same on our generator's levels (", per_level,
      " unique puzzles per level, `sudoku-forge generate --level=L` with "
      "puzzle i seeded DeriveSeed(DeriveSeed(seed, 100 + level), i)):\n\n"
      "| variant | level | F. paper / ours | time s paper | time s ours | "
      "iterations paper | iterations ours | solved by INIT paper / ours "
      "|\n|---|---|---|---|---|---|---|---|\n");
  std::vector<std::vector<Grid>> generated;
  for (int l = 0; l < 4; ++l) {
    SUDOKU_ASSIGN_OR_RETURN(
        std::vector<Grid> g,
        GeneratedSet(static_cast<Level>(l), per_level,
                     DeriveSeed(options.seed, 100 + static_cast<uint64_t>(l))));
    generated.push_back(std::move(g));
  }
  for (int v = 0; v < 4; ++v) {
    SUDOKU_ASSIGN_OR_RETURN(std::unique_ptr<StochasticSolver> solver,
                            MakeEntropySolver(kEntropyVariants[v]));
    for (int l = 0; l < 4; ++l) {
      const RunSet r = Run(*solver, generated[static_cast<size_t>(l)], runs,
                           options.seed, {});
      const PaperCell& p = kEntropyPaper[v][l];
      const SampleSummary t = Summarise(r.seconds),
                          it = Summarise(r.iterations);
      absl::StrAppend(
          &md, absl::StrFormat(
                   "| %c | %s | %d of 1000 / %d of %d | %.2f / %.2f | %.4f "
                   "/ %.4f | %.2f / %.2f | %.2f / %.2f | %d of 1000 / %d of "
                   "%d |\n",
                   kEntropyVariants[v], kEntropyLevels[l], p.failures,
                   r.runs - r.successes, r.runs, p.time_mean, p.time_sd, t.mean,
                   t.sd, p.iter_mean, p.iter_sd, it.mean, it.sd,
                   kEntropyPaperInit[l], r.init_solved, r.runs));
    }
  }
  return md;
}

// Fig. 1: the stochastic puzzle, typed in from the paper (the extraction
// keeps the 9 tab-separated columns of each row), solved by each variant.
absl::StatusOr<std::string> EntropyFigure1() {
  constexpr char kFigure1[] =
      "...{4679}.{4679}{4679}{4679}.....{679}{679}{679}..........3....."
      "{147}{147}{147}.{1468}{1468}....{1468}{1468}.{126}{126}{146}......1."
      ".........{234}{234}{234}....{2469}{2469}{2469}.{2469}....";
  SUDOKU_ASSIGN_OR_RETURN(SoftPuzzle fig1, ParseSoftPuzzle(kFigure1));
  const int exact = CountSoftSolutions(fig1, 2);
  std::string md = absl::StrCat(
      "Fig. 1, the stochastic puzzle (uniform soft clues, one hard clue 3 "
      "and one hard clue 1), typed in from the paper: `",
      kFigure1, "`. Exact solver with the soft clues as candidate sets: ",
      exact == 1   ? "unique"
      : exact == 0 ? "no solution"
                   : "2+ solutions",
      ". Paper: solved in 2 s after 16 iterations.\n\n"
      "| variant | solved | iterations | CPU s |\n|---|---|---:|---:|\n");
  std::vector<double> prior;
  const Relaxation relaxation = SoftRelaxation(fig1, &prior);
  for (char variant : kEntropyVariants) {
    EntropyOptions o;
    o.variant = variant;
    EntropySolver solver(o);
    const StochasticResult r =
        solver.RunRelaxation(relaxation, prior, fig1.clues, {});
    absl::StrAppend(
        &md, absl::StrFormat("| %c | %s | %d | %.4f |\n", variant,
                             IsValidSoftSolution(fig1, r.grid) ? "yes" : "no",
                             r.iterations, r.seconds));
  }
  return md;
}

}  // namespace

absl::StatusOr<std::string> ReproduceEntropy(const ReproduceOptions& options) {
  const int runs = options.runs > 0 ? options.runs : 1;
  const double start = ThreadCpuSeconds();
  std::string md =
      "## Entropy minimisation: Gunther & Moon, Table I and Fig. 1\n\n";
  absl::StrAppend(&md, HeaderLine(options, "entropy", runs));
  absl::StrAppend(
      &md,
      "Setting (the paper's): Newton direction, at most 15 DOWN and 15 UP "
      "steps, probabilities floored at 1e-8, rounding x >= 0.5 checked after "
      "INIT and after every step; C = linear objective, full step; D = "
      "linear, half step; E = l1 with alpha = 10; F = l2 with alpha = 10. LPs "
      "and the QP by COIN-OR CLP; INIT by CLP's barrier without crossover (an "
      "interior point, as cvx gave the authors). Paper: 1000 puzzles per "
      "level from Wang's generator, Matlab + cvx. Ours: the Chi & Lange sets "
      "(also from Wang's generator) easy / medium / hard, and top95 as "
      "\"evil\". F. = puzzles not solved; time and iterations are mean / sd "
      "over the solved puzzles (the paper does not say; iterations count "
      "DOWN and UP steps, INIT excluded, as in the paper). The entropy "
      "solver is deterministic, so one run per puzzle is the experiment.\n\n");
  std::vector<std::string> uniqueness;
  SUDOKU_ASSIGN_OR_RETURN(std::string chi_lange,
                          EntropyChiLangeTable(options, runs, &uniqueness));
  absl::StrAppend(&md, chi_lange);
  SUDOKU_ASSIGN_OR_RETURN(std::string generated,
                          EntropyGeneratedTable(options, runs));
  absl::StrAppend(&md, generated);
  absl::StrAppend(&md, "\nSolutions of our Chi & Lange sets (exact solver): ");
  for (int s = 0; s < 4; ++s) {
    absl::StrAppend(&md, s ? "; " : "", kSets[s], " ",
                    uniqueness[static_cast<size_t>(s)]);
  }
  absl::StrAppend(&md, ".\n\n");
  SUDOKU_ASSIGN_OR_RETURN(std::string figure1, EntropyFigure1());
  absl::StrAppend(&md, figure1);
  absl::StrAppend(
      &md, absl::StrFormat("\n(The whole target took %.1f CPU seconds.)\n\n",
                           ThreadCpuSeconds() - start));
  return md;
}

}  // namespace sudoku::research
