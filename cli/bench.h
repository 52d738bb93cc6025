// `sudoku-forge bench TARGET ...`: the benchmark targets. Each is one
// function in its own file, listed in kBenchTargets (cli/bench_command.cc).
#ifndef SUDOKU_CLI_BENCH_H_
#define SUDOKU_CLI_BENCH_H_

#include "cli/command.h"

namespace sudoku::cli {

struct BenchTarget {
  const char* name;     // e.g. "solve"
  const char* summary;  // one line for `sudoku-forge bench --help`
  int (*run)(const CommandArgs& args);  // args.positional[0] is the name
};

// Runs `body` once as a warm-up and then `runs` times, returning the median
// wall-clock seconds of the timed runs.
double MedianSeconds(int runs, void (*body)(void*), void* context);

// Targets defined in their own files.
int BenchNishio(const CommandArgs& args);   // cli/nishio_bench.cc
int BenchExplain(const CommandArgs& args);  // cli/explain_bench.cc
// Storage benchmarks (cli/storage_bench.cc).
int BenchCanon(const CommandArgs& args);
int BenchImport(const CommandArgs& args);
int BenchRate(const CommandArgs& args);  // cli/rate_bench.cc

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_BENCH_H_
