// One factory per subcommand, each defined in its cli/*_command.cc file.
#ifndef SUDOKU_CLI_COMMANDS_H_
#define SUDOKU_CLI_COMMANDS_H_

#include "cli/command.h"

namespace sudoku::cli {

Command ValidateCommand();
Command SolveCommand();
Command FormatCommand();
Command BenchCommand();
Command GenerateCommand();
Command RateCommand();
Command CalibrateCommand();
Command ReproduceCommand();
Command ImportCommand();
Command ExportCommand();
Command ListCommand();
Command ShowCommand();
Command StatsCommand();
Command CanonCommand();
Command RenderCommand();
Command BookCommand();
Command ExplainCommand();  // cli/explain_command.cc
Command HintCommand();     // cli/hint_command.cc
Command CorpusCommand();
Command ServeCommand();  // cli/serve_command.cc

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_COMMANDS_H_
