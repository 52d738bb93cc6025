// The research commands (benchmarks, paper reproductions, calibration runs):
// one factory per command, served by the sudoku-forge-research binary
// (research/main.cc) and reached by users as `sudoku-forge bench|calibrate|
// reproduce ...`, which runs that binary (cli/research_commands.cc).
#ifndef SUDOKU_RESEARCH_COMMANDS_H_
#define SUDOKU_RESEARCH_COMMANDS_H_

#include "cli/command.h"

namespace sudoku::research {

// The command-line vocabulary these commands share with sudoku-forge's.
using cli::Command;
using cli::CommandArgs;
using cli::kExitBadPuzzle;
using cli::kExitOk;
using cli::kExitUsage;
using cli::UsageError;

Command BenchCommand();      // research/bench_command.cc
Command CalibrateCommand();  // research/calibrate_command.cc
Command ReproduceCommand();  // research/reproduce_command.cc
Command AllStepsCommand();   // research/all_steps_command.cc

}  // namespace sudoku::research

#endif  // SUDOKU_RESEARCH_COMMANDS_H_
