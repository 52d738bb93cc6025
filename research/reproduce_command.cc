// sudoku-forge reproduce TARGET: a paper's tables beside ours, as markdown.
#include <fstream>
#include <iostream>
#include <sstream>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/flags/reflection.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "cli/flags.h"
#include "core/locate.h"
#include "research/commands.h"
#include "research/reproduce.h"

// --limit is defined by research/bench_command.cc ("use only the first N
// puzzles").
ABSL_DECLARE_FLAG(int, limit);

namespace sudoku::research {
namespace {

struct ReproduceTarget {
  const char* name;
  const char* paper;
  absl::StatusOr<std::string> (*run)(const ReproduceOptions&);
};

// One line per target (the LP solvers add projection and entropy).
const std::vector<ReproduceTarget>& Targets() {
  static const auto* targets = new std::vector<ReproduceTarget>{
      {"anneal", "Chi & Lange, Tables 3.1/3.2 (simulated annealing)",
       &ReproduceAnneal},
      {"hillclimb", "Jones, Roach & Perkins, Figure 5 (hill climbing)",
       &ReproduceHillClimb},
      {"reseda", "Maire & Prissette, Tables 1-5 (RESEDA)", &ReproduceReseda},
      {"projection", "Chi & Lange, Tables 3.1/3.2 (alternating projections)",
       &ReproduceProjection},
      {"entropy", "Gunther & Moon, Table I and Fig. 1 (entropy minimisation)",
       &ReproduceEntropy},
  };
  return *targets;
}

std::string TargetNames() {
  std::vector<std::string> names;
  for (const ReproduceTarget& t : Targets()) names.emplace_back(t.name);
  return absl::StrJoin(names, "|");
}

int RunReproduce(const CommandArgs& args) {
  if (args.positional.size() != 1) {
    return UsageError("reproduce",
                      absl::StrCat("expected one target: ", TargetNames()));
  }
  const ReproduceTarget* target = nullptr;
  for (const ReproduceTarget& t : Targets())
    if (args.positional[0] == t.name) target = &t;
  if (target == nullptr) {
    return UsageError("reproduce",
                      absl::StrCat("unknown target '", args.positional[0],
                                   "' (expected ", TargetNames(), ")"));
  }
  ReproduceOptions options;
  // --runs keeps each table's own default unless given a non-default value.
  const absl::CommandLineFlag* runs_flag = absl::FindCommandLineFlag("runs");
  if (runs_flag != nullptr &&
      runs_flag->CurrentValue() != runs_flag->DefaultValue()) {
    options.runs = absl::GetFlag(FLAGS_runs);
  }
  if (options.runs < 0) return UsageError("reproduce", "--runs must be >= 1");
  options.limit = absl::GetFlag(FLAGS_limit);
  if (options.limit < 0) return UsageError("reproduce", "--limit must be >= 0");
  options.seed = absl::GetFlag(FLAGS_seed);
  options.corpora_dir = absl::GetFlag(FLAGS_corpus);
  if (options.corpora_dir.empty())
    // $SUDOKU_CORPORA_DIR, else the shared/corpora found above the binary
    // (../shared beside the checkout).
    options.corpora_dir =
        EnvOrFindAboveExecutable("SUDOKU_CORPORA_DIR", "shared/corpora");

  absl::StatusOr<std::string> section = target->run(options);
  if (!section.ok()) {
    std::cerr << "sudoku-forge reproduce " << target->name << ": "
              << section.status().message() << "\n";
    return kExitUsage;
  }
  const std::string out = absl::GetFlag(FLAGS_out);
  if (out.empty()) {
    std::cout << *section;
    return kExitOk;
  }
  std::string document;
  {
    std::ifstream in(out);
    std::stringstream ss;
    ss << in.rdbuf();
    document = ss.str();
  }
  std::ofstream file(out, std::ios::trunc);
  file << ReplaceReproduceSection(document, target->name, *section);
  if (!file) {
    std::cerr << "sudoku-forge reproduce: cannot write " << out << "\n";
    return kExitUsage;
  }
  std::cerr << "wrote the " << target->name << " section of " << out << "\n";
  return kExitOk;
}

}  // namespace

Command ReproduceCommand() {
  return {
      "reproduce",
      "re-run a paper's experiments and print its tables beside ours",
      "Usage: sudoku-forge reproduce "
      "anneal|hillclimb|reseda|projection|entropy "
      "[--runs=K] "
      "[--limit=N]\n"
      "       [--seed=S] [--corpus=DIR] [--out=docs/REPRODUCTION.md]\n"
      "Prints a markdown section with the paper's figures and ours side by "
      "side.\n"
      "--runs overrides the runs per configuration of every table (default: "
      "each\n"
      "table's own, sized for a few minutes on one core), --limit the puzzles "
      "per\n"
      "corpus set, --corpus the directory holding chi-lange/. With --out the\n"
      "target's own marked section of that markdown file is replaced.",
      {"runs", "limit", "seed", "corpus", "out"},
      &RunReproduce};
}

}  // namespace sudoku::research
