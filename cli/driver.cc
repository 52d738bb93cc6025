// The command-line driver of cli/driver.h.
//
// Flags are parsed here (not by absl::ParseCommandLine) so that a flag the
// command does not take is a usage error with exit code 2, and so that
// dashed spellings (--no-uniqueness) work. Messages name the command as
// users type it, `sudoku-forge CMD`, also when sudoku-forge-research runs
// it.
#include "cli/driver.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
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
#include "cli/progress.h"
#include "core/locate.h"
#include "rater/rater.h"

namespace sudoku::cli {

int UsageError(const char* command, const std::string& message) {
  std::cerr << "sudoku-forge " << command << ": " << message << "\n"
            << "Try 'sudoku-forge " << command << " --help'.\n";
  return kExitUsage;
}

namespace {

constexpr char kExitCodes[] =
    "Every command takes --progress=auto|tty|plain|none: progress lines on\n"
    "stderr for long jobs (auto: redrawn on a terminal, else a line every 5 s\n"
    "for runs longer than that; plain: always lines, for batch-system logs).\n"
    "Exit codes: 0 all puzzles fine; 1 some puzzle invalid, unsolvable,\n"
    "not unique (where the command needs it) or over its work bound; 2 usage\n"
    "error (unknown command or flag, bad flag value, unreadable file).\n";

// A help text with "{levels}" replaced by the rater's level names
// (rater/rater.h LevelNames(), joined by '|'), so the help names exactly
// the levels --level accepts.
std::string WithLevels(absl::string_view text) {
  return absl::StrReplaceAll(text,
                             {{"{levels}", absl::StrJoin(LevelNames(), "|")}});
}

void PrintMainHelp(const Program& program,
                   const std::vector<Command>& commands) {
  std::cout << program.name << ": " << program.what << "\n\n"
            << "Usage: " << program.name
            << " COMMAND [ARGS...] [--flags]\n\nCommands:\n";
  for (const Command& c : commands) {
    std::cout << "  " << c.name
              << std::string(12 - std::min<size_t>(11, strlen(c.name)), ' ')
              << WithLevels(c.summary) << "\n";
  }
  std::cout << "\nRun '" << program.name
            << " COMMAND --help' for a command's flags.\n"
            << kExitCodes;
}

void PrintCommandHelp(const Command& c) {
  std::cout << "sudoku-forge " << c.name << ": " << WithLevels(c.summary)
            << "\n\n"
            << WithLevels(c.usage) << "\n";
  if (!c.flags.empty()) std::cout << "Flags:\n";
  for (const char* name : c.flags) {
    absl::CommandLineFlag* flag = absl::FindCommandLineFlag(name);
    if (flag == nullptr) continue;
    std::string dashed = absl::StrReplaceAll(name, {{"_", "-"}});
    // A boolean flag that is on by default is turned off as --no-NAME, the
    // spelling the usage texts give.
    const bool negatable = flag->IsOfType<bool>() &&
                           flag->DefaultValue() == "true" &&
                           !absl::StartsWith(name, "no_");
    std::cout << "  --" << (negatable ? "[no-]" : "") << dashed;
    if (!flag->IsOfType<bool>()) std::cout << "=VALUE";
    std::cout << "  " << WithLevels(flag->Help()) << " (default: "
              << (flag->DefaultValue().empty() ? "\"\"" : flag->DefaultValue())
              << ")\n";
  }
  std::cout << "\n" << kExitCodes;
}

// String flags that may be given several times (values joined with ',').
const std::set<std::string> kListFlags = {"section"};

// Parses `--name[=value]`, `--name value`, `--no-name` and `--noname` for the
// flags the command accepts. Returns kExitOk or kExitUsage (after printing
// why).
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
      if (n == "progress") return true;  // every command takes it
      for (const char* f : c.flags)
        if (n == f) return true;
      return false;
    };
    // A boolean flag is negated as --no-NAME (the one spelling the help
    // texts use) or --noNAME (Abseil's, kept as an alias).
    bool negated = false;
    if (!accepted(name) && absl::StartsWith(name, "no_") &&
        accepted(name.substr(3))) {
      name = name.substr(3);
      negated = true;
    } else if (!accepted(name) && absl::StartsWith(name, "no") &&
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

int ForwardToSibling(const char* binary, const char* command, int argc,
                     char** argv) {
  const std::string dir = ExecutableDir();
  const std::string path = absl::StrCat(dir.empty() ? "." : dir, "/", binary);
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    std::cerr << "sudoku-forge " << command << ": this command is part of "
              << binary << ", which is not installed beside sudoku-forge ("
              << path << " is missing); build it with `cmake --build BUILD "
              << "--target " << binary << "`\n";
    return kExitUsage;
  }
  std::vector<char*> args(argv, argv + argc);
  std::string arg0 = path;
  args[0] = arg0.data();
  args.push_back(nullptr);
  execv(path.c_str(), args.data());
  std::cerr << "sudoku-forge " << command << ": cannot run " << path << ": "
            << std::strerror(errno) << "\n";
  return kExitUsage;
}

int RunCommandLine(const Program& program, const std::vector<Command>& commands,
                   int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" ||
      args[0] == "help") {
    PrintMainHelp(program, commands);
    return args.empty() ? kExitUsage : kExitOk;
  }
  if (args[0] == "--version") {
    std::cout << program.name << " " << program.version << "\n";
    return kExitOk;
  }
  for (const Command& c : commands) {
    if (args[0] != c.name) continue;
    if (c.forward_to != nullptr)
      return ForwardToSibling(c.forward_to, c.name, argc, argv);
    std::vector<std::string> rest(args.begin() + 1, args.end());
    for (const std::string& a : rest) {
      if (a == "--help" || a == "-h") {
        PrintCommandHelp(c);
        return kExitOk;
      }
    }
    CommandArgs command_args;
    if (int rc = ParseFlags(c, rest, &command_args); rc != kExitOk) return rc;
    if (absl::StatusOr<ProgressMode> mode = ProgressModeFromFlag(); !mode.ok())
      return UsageError(c.name, std::string(mode.status().message()));
    return c.run(command_args);
  }
  std::cerr << program.name << ": unknown command '" << args[0] << "'. Run '"
            << program.name << " --help' for the list.\n";
  return kExitUsage;
}

}  // namespace sudoku::cli
