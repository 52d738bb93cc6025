// What generate, corpus build and book share on the command line: the
// generator options read from flags, and Ctrl-C as a stop flag.
#ifndef SUDOKU_CLI_GENERATOR_FLAGS_H_
#define SUDOKU_CLI_GENERATOR_FLAGS_H_

#include <atomic>

#include "absl/status/statusor.h"
#include "generator/generator.h"

namespace sudoku::cli {

// The generator options of generate's flags (--shape, --symmetry,
// --minimal, --min-clues, --max-clues, --max-attempts, --strict-minimal);
// InvalidArgument when they contradict each other. In generate_command.cc.
absl::StatusOr<GeneratorOptions> GeneratorOptionsFromFlags();

// SIGINT sets the flag returned here while the guard lives (restores the
// previous handler after; a second Ctrl-C kills the process).
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
  const std::atomic<bool>* flag() const;
  bool interrupted() const;
};

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_GENERATOR_FLAGS_H_
