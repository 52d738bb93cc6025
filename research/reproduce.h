// `sudoku-forge reproduce TARGET`: re-runs a paper's experiments and prints
// a markdown section with the paper's figures beside ours. Each target is one
// function; the table of targets is in research/reproduce_command.cc.
#ifndef SUDOKU_RESEARCH_REPRODUCE_H_
#define SUDOKU_RESEARCH_REPRODUCE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/grid.h"
#include "core/stats.h"

namespace sudoku::research {

struct ReproduceOptions {
  // Runs per configuration; 0 = each table's default (sized so that a whole
  // target takes a few minutes on one core).
  int runs = 0;
  // Puzzles per corpus set; 0 = all.
  int limit = 0;
  uint64_t seed = 1;
  // Directory holding chi-lange/{easy,medium,hard,top95}.txt.
  std::string corpora_dir;
};

// The puzzles of chi-lange/NAME.txt under options.corpora_dir (at most
// options.limit when set); NotFound naming the file and --corpus when it is
// missing, InvalidArgument with file:line for a bad puzzle.
absl::StatusOr<std::vector<Grid>> LoadChiLangeSet(
    const ReproduceOptions& options, const std::string& name);

// Min, median, mean, max and (population) standard deviation of a sample;
// all zero for an empty one.
using ::sudoku::SampleSummary;
using ::sudoku::Summarise;

// The markdown section of each target (starting with a "## " heading).
absl::StatusOr<std::string> ReproduceAnneal(const ReproduceOptions& options);
absl::StatusOr<std::string> ReproduceHillClimb(const ReproduceOptions& options);
absl::StatusOr<std::string> ReproduceReseda(const ReproduceOptions& options);
// research/reproduce_lp.cc (the relaxation solvers).
absl::StatusOr<std::string> ReproduceProjection(
    const ReproduceOptions& options);
absl::StatusOr<std::string> ReproduceEntropy(const ReproduceOptions& options);

// Replaces the text between "<!-- reproduce:NAME begin -->" and
// "<!-- reproduce:NAME end -->" in `document` by `section` (appending the
// marked section when absent) and returns the new document.
std::string ReplaceReproduceSection(const std::string& document,
                                    const std::string& name,
                                    const std::string& section);

}  // namespace sudoku::research

#endif  // SUDOKU_RESEARCH_REPRODUCE_H_
