// The reproduction targets of the stochastic solvers: Chi & Lange (anneal),
// Jones, Roach & Perkins (hillclimb), Maire & Prissette (reseda). Every run is
// seeded (run i of a configuration uses DeriveSeed), so the success counts
// are reproducible; the times are wall-clock measurements of this machine.
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/format.h"
#include "core/rng.h"
#include "core/status_macros.h"
#include "research/reproduce.h"
#include "solvers/reseda.h"
#include "solvers/solver.h"
#include "solvers/stochastic.h"
#include "solvers/stochastic_registry.h"

namespace sudoku::research {
namespace {

// The puzzles printed in Maire & Prissette, typed in from the paper.
constexpr char kResedaEasy[] =  // Figure 3.1 (e-sudoku.fr puzzle 114949)
    "..867.4.24.23...9.37..2.......4...5.89.251.67.1...3.......9..73.3...52.17."
    "5.329..";
constexpr char kResedaMedium[] =  // Figure 3.2 (from Perez & Marwala)
    ".24..7...6..........368.415431..5...5......3279.....6.2.971.8...4..93..."
    "31...475.";
constexpr char kResedaHard[] =  // Figure 4.1 (from Babu et al.)
    ".1.7.89..38.........9..56...9..7.....31....2....45..8..5..6249.673.49.51."
    "4......3";
constexpr char kAiEscargot[] =  // Figure 5.1
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7.."
    "7...3..";

const char* const kChiLangeSets[] = {"easy", "medium", "hard", "top95"};

// CPU seconds since construction (the command is single-threaded).
class Stopwatch {
 public:
  double seconds() const { return ThreadCpuSeconds() - start_; }

 private:
  double start_ = ThreadCpuSeconds();
};

Grid MustParse(const char* text) { return *ParseGrid(text); }

std::unique_ptr<StochasticSolver> Make(const std::string& name,
                                       const StochasticParams& params) {
  absl::StatusOr<std::unique_ptr<StochasticSolver>> s =
      MakeStochasticSolver(name, params);
  return s.ok() ? *std::move(s) : nullptr;
}

// Solutions of `puzzle` counted up to 2 by the exact solver ("2" = 2 or more).
std::string UniquenessOf(const Grid& puzzle) {
  absl::StatusOr<std::unique_ptr<Solver>> solver = MakeSolver("backtrack");
  if (!solver.ok()) return "?";
  SolveResult r = (*solver)->Solve(puzzle, SolveLimits{.max_solutions = 2});
  if (r.limit_hit) return "unknown";
  return r.num_solutions == 1 ? "unique"
                              : absl::StrCat(r.num_solutions, "+ solutions");
}

// Aggregate of one solver over one set of puzzles, `runs` runs each.
struct SetResult {
  int puzzles = 0;
  int runs = 0;  // total
  int successes = 0;
  std::vector<double> success_seconds, success_iterations, success_restarts;
  std::vector<double> all_iterations, all_restarts;
  double givens = 0;   // mean
  double seconds = 0;  // CPU seconds of all runs
};

SetResult RunSet(StochasticSolver& solver, const std::vector<Grid>& puzzles,
                 int runs, uint64_t seed, const StochasticBudget& budget) {
  SetResult out;
  for (size_t i = 0; i < puzzles.size(); ++i) {
    StochasticSummary s =
        RunMany(solver, puzzles[i], runs, DeriveSeed(seed, i), budget);
    ++out.puzzles;
    out.givens += puzzles[i].NumFilled();
    out.runs += s.runs;
    out.successes += s.successes;
    for (const StochasticResult& r : s.results) {
      out.seconds += r.seconds;
      out.all_iterations.push_back(static_cast<double>(r.iterations));
      out.all_restarts.push_back(static_cast<double>(r.restarts));
      if (!r.solved) continue;
      out.success_seconds.push_back(r.seconds);
      out.success_iterations.push_back(static_cast<double>(r.iterations));
      out.success_restarts.push_back(static_cast<double>(r.restarts));
    }
  }
  if (out.puzzles > 0) out.givens /= out.puzzles;
  return out;
}

double Rate(const SetResult& r) {
  return r.runs > 0 ? static_cast<double>(r.successes) / r.runs : 0;
}

std::string Header(const ReproduceOptions& o, const char* target,
                   int default_runs) {
  return absl::StrFormat(
             "Command: `sudoku-forge reproduce %s --seed=%d%s%s` (Release "
             "build, one core of the "
             "shared 2-core project machine; times are thread CPU seconds, "
             "counts are exact "
             "for the seed).\n\n",
             target, o.seed, o.runs > 0 ? absl::StrCat(" --runs=", o.runs) : "",
             o.limit > 0 ? absl::StrCat(" --limit=", o.limit) : "") +
         (o.runs > 0 ? ""
                     : absl::StrFormat("Runs per configuration: table defaults "
                                       "(stated per table; default %d).\n\n",
                                       default_runs));
}

}  // namespace

// ------------------------------------------------------------------ anneal

absl::StatusOr<std::string> ReproduceAnneal(const ReproduceOptions& options) {
  const int runs = options.runs > 0 ? options.runs : 1;
  const double paper_rate[] = {1.00, 1.00, 0.97, 0.03};
  const int paper_puzzles[] = {87, 130, 100, 95};
  const char* paper_times[] = {"0.006 / 0.021 / 0.112 / 0.970",
                               "0.007 / 0.037 / 0.231 / 3.36",
                               "0.008 / 0.753 / 1.104 / 7.204", "not given"};
  std::string md =
      "## Simulated annealing: Chi & Lange, Tables 3.1 and 3.2\n\n";
  absl::StrAppend(&md, Header(options, "anneal", 1));
  absl::StrAppend(&md,
                  "Paper setting: tau0 = 200, x0.99 every 50 steps, at most "
                  "2*10^5 iterations, tau "
                  "reset after 10^5. `anneal` follows the paper's text (no "
                  "presolve); `anneal "
                  "presolve=1` first fills the cells forced by singles, as the "
                  "authors' code "
                  "(echi/Sudoku `presolve()`) does. The easy, medium and hard "
                  "puzzles have several "
                  "solutions each (4 to 138): success = any valid grid that "
                  "keeps the clues, as in "
                  "the paper. Only top95 is unique.\n\n");
  struct Variant {
    const char* label;
    StochasticParams params;
  };
  const std::vector<Variant> variants = {
      {"anneal", {}}, {"anneal presolve=1", {{"presolve", "1"}}}};
  std::vector<std::vector<SetResult>> results(variants.size());
  Stopwatch total;
  for (size_t v = 0; v < variants.size(); ++v) {
    std::unique_ptr<StochasticSolver> solver =
        Make("anneal", variants[v].params);
    for (int s = 0; s < 4; ++s) {
      SUDOKU_ASSIGN_OR_RETURN(std::vector<Grid> puzzles,
                              LoadChiLangeSet(options, kChiLangeSets[s]));
      results[v].push_back(
          RunSet(*solver, puzzles, runs,
                 DeriveSeed(options.seed, static_cast<uint64_t>(s)), {}));
    }
  }
  absl::StrAppend(&md, "Table 3.1: success rate (runs = puzzles x ", runs,
                  ")\n\n",
                  "| set | puzzles (paper) | paper SA | ours: anneal | ours: "
                  "anneal presolve=1 |\n",
                  "|---|---:|---:|---:|---:|\n");
  for (int s = 0; s < 4; ++s) {
    const SetResult& plain = results[0][static_cast<size_t>(s)];
    const SetResult& presolved = results[1][static_cast<size_t>(s)];
    absl::StrAppend(
        &md, absl::StrFormat(
                 "| %s | %d (%d) | %.2f | %.2f (%d/%d) | %.2f (%d/%d) |\n",
                 kChiLangeSets[s], plain.puzzles, paper_puzzles[s],
                 paper_rate[s], Rate(plain), plain.successes, plain.runs,
                 Rate(presolved), presolved.successes, presolved.runs));
  }
  absl::StrAppend(
      &md,
      "\nTable 3.2: CPU seconds of the successful runs, min / median / mean / "
      "max (paper: Fortran 95, 3.4 GHz i7), and our median iterations\n\n",
      "| set | paper SA | ours: anneal | iterations | ours: presolve=1 | "
      "iterations |\n",
      "|---|---|---|---:|---|---:|\n");
  for (int s = 0; s < 4; ++s) {
    auto cell = [](const SetResult& r) {
      const SampleSummary t = Summarise(r.success_seconds);
      return r.successes == 0 ? std::string("no success")
                              : absl::StrFormat("%.4f / %.4f / %.4f / %.4f",
                                                t.min, t.median, t.mean, t.max);
    };
    const SetResult& plain = results[0][static_cast<size_t>(s)];
    const SetResult& presolved = results[1][static_cast<size_t>(s)];
    absl::StrAppend(
        &md, absl::StrFormat("| %s | %s | %s | %.0f | %s | %.0f |\n",
                             kChiLangeSets[s], paper_times[s], cell(plain),
                             Summarise(plain.success_iterations).median,
                             cell(presolved),
                             Summarise(presolved.success_iterations).median));
  }
  absl::StrAppend(
      &md, absl::StrFormat("\n(The whole target took %.1f CPU seconds.)\n\n",
                           total.seconds()));
  return md;
}

// --------------------------------------------------------------- hillclimb

absl::StatusOr<std::string> ReproduceHillClimb(
    const ReproduceOptions& options) {
  const int runs = options.runs > 0 ? options.runs : 1;
  struct PaperRow {
    const char* level;
    double givens, iterations, restarts, ms;
  };
  const PaperRow paper[] = {{"Easy", 31.12, 233.96, 0.12, 1443996.56},
                            {"Medium", 25.84, 392.08, 1.08, 1256019.20},
                            {"Hard", 23.44, 724.60, 2.80, 3110608.32},
                            {"Hardest", 20.33, 3587.58, 3.39, 34921304.31}};
  std::string md = "## Hill climbing: Jones, Roach & Perkins, Figure 5\n\n";
  absl::StrAppend(&md, Header(options, "hillclimb", 1));
  absl::StrAppend(
      &md,
      "The paper's 100 test puzzles are not published; its four levels are "
      "matched with "
      "the Chi & Lange sets easy / medium / hard / top95 (easy, medium and "
      "hard have "
      "several solutions each; any valid grid counts). Budget: 2*10^4 "
      "iterations "
      "(expanded states) per run (the solver's own default is 10^5). Averages "
      "are over solved runs; the paper solved all of "
      "its puzzles. The paper's time column is printed as milliseconds but "
      "cannot be "
      "(1.4*10^6 ms = 24 min for 234 moves); we copy it as printed.\n\n",
      "| level (paper) / set (ours) | givens paper / ours | iterations paper / "
      "ours | "
      "restarts paper / ours | time paper (as printed) / ours ms | solved "
      "(ours) |\n",
      "|---|---|---|---|---|---:|\n");
  std::unique_ptr<StochasticSolver> solver = Make("hillclimb", {});
  // The mean of the solved runs, or "-" when none was solved.
  auto mean_or_dash = [](const std::vector<double>& v, double scale,
                         const absl::FormatSpec<double>& format) {
    return v.empty() ? std::string("-")
                     : absl::StrFormat(format, Summarise(v).mean * scale);
  };
  Stopwatch total;
  for (int s = 0; s < 4; ++s) {
    SUDOKU_ASSIGN_OR_RETURN(std::vector<Grid> puzzles,
                            LoadChiLangeSet(options, kChiLangeSets[s]));
    SetResult r = RunSet(*solver, puzzles, runs,
                         DeriveSeed(options.seed, static_cast<uint64_t>(s)),
                         {.max_iterations = 20000});
    absl::StrAppend(
        &md,
        absl::StrFormat(
            "| %s / %s | %.2f / %.2f | %.2f / %s | %.2f / %s | %.2f / %s "
            "| %d/%d |\n",
            paper[s].level, kChiLangeSets[s], paper[s].givens, r.givens,
            paper[s].iterations, mean_or_dash(r.success_iterations, 1, "%.2f"),
            paper[s].restarts, mean_or_dash(r.success_restarts, 1, "%.2f"),
            paper[s].ms, mean_or_dash(r.success_seconds, 1000, "%.3f"),
            r.successes, r.runs));
  }
  absl::StrAppend(
      &md, absl::StrFormat("\n(The whole target took %.1f CPU seconds.)\n\n",
                           total.seconds()));
  return md;
}

// ------------------------------------------------------------------ reseda

namespace {

// One RESEDA set of `runs` attempts on `puzzle` without full restarts (as
// the paper counts attempts), seeded from the target's seed and `salt`.
SetResult RunReseda(const ReproduceOptions& options, const Grid& puzzle,
                    StochasticParams params, int runs, uint64_t salt) {
  params.emplace("full_restarts", "0");
  std::unique_ptr<StochasticSolver> solver = Make("reseda", params);
  return RunSet(*solver, {puzzle}, runs, DeriveSeed(options.seed, salt), {});
}

double MeanOf(const std::vector<double>& v) { return Summarise(v).mean; }

// Table 1: the easy puzzle, the three variants of the algorithm by alpha.
std::string ResedaTable1(const ReproduceOptions& options, const Grid& easy) {
  std::string md;
  const int runs = options.runs > 0 ? options.runs : 100;
  const double alphas[] = {0.99, 0.9, 0.7, 0.5};
  const int paper[4][6] = {{98, 574, 100, 522, 100, 188},
                           {82, 67, 96, 60, 100, 25},
                           {42, 25, 71, 22, 100, 9},
                           {11, 17, 35, 14, 100, 6}};
  absl::StrAppend(
      &md, "### Table 1: easy puzzle (Fig. 3.1), no restart, ", runs,
      " runs per cell: success / runs and mean rounds of the successes, "
      "paper -> ours\n\n",
      "| alpha | permutations only | pre-computation only | both "
      "|\n|---|---|---|---|\n");
  for (int a = 0; a < 4; ++a) {
    std::string row = absl::StrFormat("| %.2f", alphas[a]);
    const StochasticParams variants[3] = {
        {{"precompute", "0"}, {"block_sampling", "1"}},
        {{"precompute", "1"}, {"block_sampling", "0"}},
        {{"precompute", "1"}, {"block_sampling", "1"}}};
    for (int v = 0; v < 3; ++v) {
      StochasticParams p = variants[v];
      p.emplace("alpha", absl::StrCat(alphas[a]));
      p.emplace("zones", "none");
      SetResult r = RunReseda(options, easy, p, runs,
                              static_cast<uint64_t>(100 + a * 3 + v));
      absl::StrAppend(
          &row,
          absl::StrFormat(" | %d%%, %d rounds -> %d/%d, %.0f rounds",
                          paper[a][2 * v], paper[a][2 * v + 1], r.successes,
                          r.runs, MeanOf(r.success_iterations)));
    }
    absl::StrAppend(&md, row, " |\n");
  }
  return md;
}

// The stop threshold beta on the medium puzzle (which stop reproduces
// Table 1).
std::string ResedaBeta(const ReproduceOptions& options, const Grid& medium) {
  std::string md;
  const int runs = options.runs > 0 ? options.runs : 100;
  absl::StrAppend(
      &md,
      "\nStop threshold beta on the medium puzzle (Fig. 3.2), alpha = 0.7, "
      "no restart (paper, with its beta: 61 % in 14 iterations):\n\n"
      "| beta | success | mean rounds of successes | mean rounds of all runs "
      "|\n|---|---|---:|---:|\n");
  for (const char* beta : {"0.6", "0.9", "0.99"}) {
    SetResult r = RunReseda(
        options, medium, {{"alpha", "0.7"}, {"beta", beta}, {"zones", "none"}},
        runs, 150);
    absl::StrAppend(
        &md, absl::StrFormat("| %s | %d/%d | %.1f | %.1f |\n", beta,
                             r.successes, r.runs, MeanOf(r.success_iterations),
                             MeanOf(r.all_iterations)));
  }
  return md;
}

// Table 2: the medium puzzle by alpha.
std::string ResedaTable2(const ReproduceOptions& options, const Grid& medium) {
  std::string md;
  const int runs = options.runs > 0 ? options.runs : 100;
  const double alphas[] = {0.99, 0.9, 0.7, 0.5, 0.3, 0.1};
  const int paper[6][2] = {{99, 277}, {81, 37}, {61, 14},
                           {43, 8},   {26, 7},  {12, 7}};
  absl::StrAppend(
      &md, "\n### Table 2: medium puzzle (Fig. 3.2), no restart, ", runs,
      " runs per row\n\n| alpha | paper success | ours | paper iterations | "
      "ours (mean over successes) |\n|---|---:|---:|---:|---:|\n");
  for (int a = 0; a < 6; ++a) {
    SetResult r =
        RunReseda(options, medium,
                  {{"alpha", absl::StrCat(alphas[a])}, {"zones", "none"}}, runs,
                  static_cast<uint64_t>(200 + a));
    absl::StrAppend(
        &md, absl::StrFormat("| %.2f | %d%% | %d/%d | %d | %.1f |\n", alphas[a],
                             paper[a][0], r.successes, r.runs, paper[a][1],
                             MeanOf(r.success_iterations)));
  }
  return md;
}

// Table 3: the hard puzzle, partial restarts by zone count.
std::string ResedaTable3(const ReproduceOptions& options, const Grid& hard) {
  std::string md;
  const int runs = options.runs > 0 ? options.runs : 200;
  struct PaperRow {
    const char* label;
    const char* zones;
    int success;
    double time, ets;
  };
  const PaperRow paper[] = {
      {"No partial restart", "none", 89, 0.198, 2.225},
      {"Restart with 1 zone out of 3", "3", 474, 0.614, 1.295},
      {"Restart with 1 zone out of 9", "9", 619, 1.113, 1.798},
      {"Restart with 1 zone out of 27", "27", 906, 1.694, 1.869}};
  absl::StrAppend(
      &md, "\n### Table 3: hard puzzle (Fig. 4.1), ", runs,
      " attempts per method (paper: 1000)\n\n| method | paper success /1000 "
      "| "
      "ours | paper time s | ours s | paper ETS s | ours ETS s |\n"
      "|---|---:|---:|---:|---:|---:|---:|\n");
  for (int m = 0; m < 4; ++m) {
    SetResult r = RunReseda(options, hard, {{"zones", paper[m].zones}}, runs,
                            static_cast<uint64_t>(300 + m));
    const double time = r.seconds / r.runs;
    absl::StrAppend(
        &md,
        absl::StrFormat("| %s | %d | %d/%d | %.3f | %.3f | %.3f | %s |\n",
                        paper[m].label, paper[m].success, r.successes, r.runs,
                        paper[m].time, time, paper[m].ets,
                        r.successes ? absl::StrFormat("%.3f", time / Rate(r))
                                    : std::string("inf")));
  }
  return md;
}

// Table 4: the paper's five levels, run on the Chi & Lange sets.
absl::StatusOr<std::string> ResedaTable4(const ReproduceOptions& options) {
  std::string md;
  const int runs = options.runs > 0 ? options.runs : 1;
  absl::StrAppend(&md,
                  "\n### Table 4: five levels -> the Chi & Lange sets\n\n"
                  "The paper's puzzles come from Kennett's generator (1000 "
                  "per level: very easy, "
                  "easy, medium, hard, fiendish), which we do not have; we "
                  "run the Chi & Lange "
                  "sets instead (",
                  runs,
                  " attempt(s) per puzzle), so only the trend compares. "
                  "Time = mean seconds per attempt, success or not.\n\n"
                  "| paper level: 27 / 9 / 3 zones (success /1000, time s) | "
                  "our set | 27 zones | 9 zones | 3 zones |\n"
                  "|---|---|---|---|---|\n");
  const char* paper_rows[] = {
      "very easy 1000, 0.046 / 1000, 0.049 / 1000, 0.047; easy 1000, 0.113 / "
      "994, 0.129 / 982, 0.104",
      "medium 959, 1.015 / 884, 0.718 / 659, 0.502",
      "hard 811, 2.394 / 563, 1.451 / 365, 0.726",
      "fiendish 605, 3.458 / 336, 1.831 / 221, 0.824"};
  for (int s = 0; s < 4; ++s) {
    SUDOKU_ASSIGN_OR_RETURN(std::vector<Grid> puzzles,
                            LoadChiLangeSet(options, kChiLangeSets[s]));
    std::string row =
        absl::StrCat("| ", paper_rows[s], " | ", kChiLangeSets[s]);
    for (const char* zones : {"27", "9", "3"}) {
      std::unique_ptr<StochasticSolver> solver =
          Make("reseda", {{"zones", zones}, {"full_restarts", "0"}});
      SetResult r =
          RunSet(*solver, puzzles, runs,
                 DeriveSeed(options.seed, 400 + static_cast<uint64_t>(s)), {});
      absl::StrAppend(&row, absl::StrFormat(" | %d/%d, %.3f s", r.successes,
                                            r.runs, r.seconds / r.runs));
    }
    absl::StrAppend(&md, row, " |\n");
  }
  return md;
}

// Table 5: AI Escargot by zone count, and the brute-force coupling of its
// top-left box.
std::string ResedaTable5(const ReproduceOptions& options,
                         const Grid& escargot) {
  std::string md;
  const int runs = options.runs > 0 ? options.runs : 20;
  absl::StrAppend(&md, "\n### Table 5: AI Escargot (Fig. 5.1), ", runs,
                  " attempts per row (paper: 1000)\n\n| zones | paper "
                  "success /1000 | ours | "
                  "paper CPU s | ours s |\n|---|---:|---:|---:|---:|\n");
  const int paper_success[] = {0, 1, 9};
  const double paper_time[] = {1.251, 2.857, 7.045};
  const char* zones[] = {"3", "9", "27"};
  for (int z = 0; z < 3; ++z) {
    SetResult r = RunReseda(options, escargot, {{"zones", zones[z]}}, runs,
                            static_cast<uint64_t>(500 + z));
    absl::StrAppend(
        &md, absl::StrFormat("| %s | %d | %d/%d | %.3f | %.3f |\n", zones[z],
                             paper_success[z], r.successes, r.runs,
                             paper_time[z], r.seconds / r.runs));
  }
  const std::vector<std::vector<int>> fillings =
      AdmissibleBoxFillings(escargot, 0);
  // The correct filling: take the top-left box of the solution (the puzzle is
  // unique).
  absl::StatusOr<std::unique_ptr<Solver>> exact = MakeSolver("backtrack");
  std::string coupled = "exact solver unavailable";
  if (exact.ok()) {
    SolveResult sr = (*exact)->Solve(escargot, SolveLimits{.max_solutions = 1});
    if (!sr.solutions.empty()) {
      const Grid& solution = sr.solutions.front();
      Grid fixed = escargot;
      int index = -1;
      std::vector<int> correct;
      for (int cell : escargot.shape().unit(escargot.shape().BoxUnit(0))) {
        if (escargot[cell] == 0) correct.push_back(solution[cell]);
        fixed.set(cell, solution[cell]);
      }
      for (size_t i = 0; i < fillings.size(); ++i)
        if (fillings[i] == correct) index = static_cast<int>(i);
      const int coupled_runs = options.runs > 0 ? options.runs : 50;
      SetResult r =
          RunReseda(options, fixed, {{"zones", "27"}}, coupled_runs, 550);
      const double time = r.seconds / r.runs;
      coupled = absl::StrFormat(
          "with the correct filling (number %d of %d) fixed, 27 zones: %d/%d "
          "attempts "
          "succeed (paper: 580/1000) in %.3f s each (paper: 1.517 s); mean "
          "time of "
          "success %zu x %.3f / %.3f = %s s (paper: 63 s)",
          index + 1, fillings.size(), r.successes, r.runs, time,
          fillings.size(), time, Rate(r),
          r.successes
              ? absl::StrFormat("%.1f", static_cast<double>(fillings.size()) *
                                            time / Rate(r))
              : std::string("inf"));
    }
  }
  absl::StrAppend(&md,
                  "\nBrute-force coupling (`brute_box=0`): the top-left box "
                  "of AI Escargot "
                  "has ",
                  fillings.size(), " admissible fillings (paper: 24); ",
                  coupled, ".\n");
  return md;
}

}  // namespace

absl::StatusOr<std::string> ReproduceReseda(const ReproduceOptions& options) {
  std::string md = "## RESEDA: Maire & Prissette, Tables 1-5\n\n";
  absl::StrAppend(&md, Header(options, "reseda", 100));
  const Grid easy = MustParse(kResedaEasy), medium = MustParse(kResedaMedium),
             hard = MustParse(kResedaHard), escargot = MustParse(kAiEscargot);
  absl::StrAppend(
      &md,
      "Puzzles typed in from the paper, checked with the exact solver: "
      "Fig. 3.1 easy ",
      UniquenessOf(easy), ", Fig. 3.2 medium ", UniquenessOf(medium),
      ", Fig. 4.1 hard ", UniquenessOf(hard), ", Fig. 5.1 AI Escargot ",
      UniquenessOf(escargot), ".\n\n");
  absl::StrAppend(
      &md,
      "Paper parameters unless stated: Q = 100, Q1 = 10, alpha = 0.7, "
      "beta = 0.6 (rho stop), pre-computation and block-permutation "
      "sampling. An *attempt* is one shot plus its partial restarts, "
      "no full restart (`full_restarts=0`), as the paper's counts are.\n\n");
  Stopwatch total;
  // One table after the other (argument evaluation order is unspecified).
  absl::StrAppend(&md, ResedaTable1(options, easy));
  absl::StrAppend(&md, ResedaBeta(options, medium));
  absl::StrAppend(&md, ResedaTable2(options, medium));
  absl::StrAppend(&md, ResedaTable3(options, hard));
  SUDOKU_ASSIGN_OR_RETURN(std::string table4, ResedaTable4(options));
  absl::StrAppend(&md, table4);
  absl::StrAppend(&md, ResedaTable5(options, escargot));
  absl::StrAppend(
      &md, absl::StrFormat("\n(The whole target took %.1f CPU seconds.)\n\n",
                           total.seconds()));
  return md;
}

absl::StatusOr<std::vector<Grid>> LoadChiLangeSet(
    const ReproduceOptions& options, const std::string& name) {
  const std::string path =
      absl::StrCat(options.corpora_dir, "/chi-lange/", name, ".txt");
  std::ifstream in(path);
  if (!in) {
    return absl::NotFoundError(absl::StrCat(
        path,
        ": cannot read (pass --corpus=DIR, the directory holding chi-lange/)"));
  }
  std::stringstream text;
  text << in.rdbuf();
  std::vector<Grid> grids;
  for (const PuzzleRecord& r : ParsePuzzles(text.str())) {
    if (!r.grid.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ":", r.line, ": ", r.grid.status().message()));
    }
    grids.push_back(*r.grid);
    if (options.limit > 0 && static_cast<int>(grids.size()) >= options.limit)
      break;
  }
  return grids;
}

}  // namespace sudoku::research
