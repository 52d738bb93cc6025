// sudoku-forge: the one command-line entry point.
//
// Usage: sudoku-forge COMMAND [ARGS...] [--flag=value ...]
// Flags are parsed here (not by absl::ParseCommandLine) so that a flag the
// command does not take is a usage error with exit code 2, and so that
// dashed spellings (--no-uniqueness) work.
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/flags/reflection.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "cli/command.h"
#include "cli/commands.h"

namespace sudoku::cli {

int UsageError(const char* command, const std::string& message) {
  std::cerr << "sudoku-forge " << command << ": " << message << "\n"
            << "Try 'sudoku-forge " << command << " --help'.\n";
  return kExitUsage;
}

namespace {

const std::vector<Command>& Commands() {
  static const auto* commands = new std::vector<Command>{
      ValidateCommand(),  SolveCommand(),     FormatCommand(),
      BenchCommand(),     GenerateCommand(),  RateCommand(),
      CalibrateCommand(), ReproduceCommand(), ImportCommand(),
      ExportCommand(),    ListCommand(),      ShowCommand(),
      StatsCommand(),     CanonCommand(),     RenderCommand(),
      BookCommand(),      ExplainCommand(),   HintCommand(),
      CorpusCommand(),
  };
  return *commands;
}

constexpr char kExitCodes[] =
    "Exit codes: 0 all puzzles fine; 1 some puzzle invalid, unsolvable or\n"
    "not unique (where the command needs it); 2 usage error (unknown command\n"
    "or flag, bad flag value, unreadable file).\n";

void PrintMainHelp() {
  std::cout << "sudoku-forge: generate, solve and rate Sudoku puzzles of any "
               "box shape (4x4 to 25x25).\n\n"
               "Usage: sudoku-forge COMMAND [ARGS...] [--flags]\n\nCommands:\n";
  for (const Command& c : Commands()) {
    std::cout << "  " << c.name
              << std::string(12 - std::min<size_t>(11, strlen(c.name)), ' ')
              << c.summary << "\n";
  }
  std::cout << "\nRun 'sudoku-forge COMMAND --help' for a command's flags.\n"
            << kExitCodes;
}

void PrintCommandHelp(const Command& c) {
  std::cout << "sudoku-forge " << c.name << ": " << c.summary << "\n\n"
            << c.usage << "\n";
  if (!c.flags.empty()) std::cout << "Flags:\n";
  for (const char* name : c.flags) {
    absl::CommandLineFlag* flag = absl::FindCommandLineFlag(name);
    if (flag == nullptr) continue;
    std::string dashed = absl::StrReplaceAll(name, {{"_", "-"}});
    std::cout << "  --" << dashed;
    if (!flag->IsOfType<bool>()) std::cout << "=VALUE";
    std::cout << "  " << flag->Help() << " (default: "
              << (flag->DefaultValue().empty() ? "\"\"" : flag->DefaultValue())
              << ")\n";
  }
  std::cout << "\n" << kExitCodes;
}

// String flags that may be given several times (values joined with ',').
const std::set<std::string> kListFlags = {"section"};

// Parses `--name[=value]`, `--name value` and `--noname` for the flags the
// command accepts. Returns kExitOk or kExitUsage (after printing why).
int ParseFlags(const Command& c, const std::vector<std::string>& argv,
               CommandArgs* args) {
  bool only_positional = false;
  std::map<std::string, std::string> list_values;  // repeated list flags so far
  for (size_t i = 0; i < argv.size(); ++i) {
    const std::string& arg = argv[i];
    if (only_positional || arg == "-" || !absl::StartsWith(arg, "--")) {
      args->positional.push_back(arg);
      continue;
    }
    if (arg == "--") {
      only_positional = true;
      continue;
    }
    std::string body = arg.substr(2);
    std::string value;
    bool has_value = false;
    if (size_t eq = body.find('='); eq != std::string::npos) {
      value = body.substr(eq + 1);
      body = body.substr(0, eq);
      has_value = true;
    }
    std::string name = absl::StrReplaceAll(body, {{"-", "_"}});
    auto accepted = [&](const std::string& n) {
      for (const char* f : c.flags)
        if (n == f) return true;
      return false;
    };
    bool negated = false;
    if (!accepted(name) && absl::StartsWith(name, "no") &&
        accepted(name.substr(2))) {
      name = name.substr(2);
      negated = true;
    }
    absl::CommandLineFlag* flag =
        accepted(name) ? absl::FindCommandLineFlag(name) : nullptr;
    if (flag == nullptr) {
      return UsageError(c.name, absl::StrCat("unknown flag '", arg, "'"));
    }
    if (flag->IsOfType<bool>()) {
      if (negated) {
        if (has_value)
          return UsageError(c.name, absl::StrCat("'", arg, "' takes no value"));
        value = "false";
      } else if (!has_value) {
        value = "true";
      }
    } else if (negated) {
      return UsageError(c.name, absl::StrCat("unknown flag '", arg, "'"));
    } else if (!has_value) {
      if (i + 1 >= argv.size()) {
        return UsageError(c.name,
                          absl::StrCat("flag '", arg, "' needs a value"));
      }
      value = argv[++i];
    }
    // List flags may be repeated: the values are joined with commas
    // (--section easy:40 --section hard:20 == --section easy:40,hard:20).
    if (kListFlags.count(name) != 0) {
      std::string& joined = list_values[name];
      joined = joined.empty() ? value : absl::StrCat(joined, ",", value);
      value = joined;
    }
    std::string error;
    if (!flag->ParseFrom(value, &error)) {
      return UsageError(c.name, absl::StrCat("bad value '", value, "' for --",
                                             body, ": ", error));
    }
    args->given_flags.insert(name);
  }
  return kExitOk;
}

}  // namespace
}  // namespace sudoku::cli

int main(int argc, char** argv) {
  using namespace sudoku::cli;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" ||
      args[0] == "help") {
    PrintMainHelp();
    return args.empty() ? kExitUsage : kExitOk;
  }
  if (args[0] == "--version") {
    std::cout << "sudoku-forge " << SUDOKU_FORGE_VERSION << "\n";
    return kExitOk;
  }
  for (const Command& c : Commands()) {
    if (args[0] != c.name) continue;
    std::vector<std::string> rest(args.begin() + 1, args.end());
    for (const std::string& a : rest) {
      if (a == "--help" || a == "-h") {
        PrintCommandHelp(c);
        return kExitOk;
      }
    }
    CommandArgs command_args;
    if (int rc = ParseFlags(c, rest, &command_args); rc != kExitOk) return rc;
    return c.run(command_args);
  }
  std::cerr << "sudoku-forge: unknown command '" << args[0]
            << "'. Run 'sudoku-forge --help' for the list.\n";
  return kExitUsage;
}
