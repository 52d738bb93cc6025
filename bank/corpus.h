// Level corpora in the bank: the engine behind `corpus build` and
// `corpus merge`. A corpus is one collection per level ("PREFIX/LEVEL"),
// built in shards (shard I of K makes the puzzles whose index is I modulo
// K, so K machines build one corpus) and merged back with canonical-form
// deduplication.
#ifndef SUDOKU_BANK_CORPUS_H_
#define SUDOKU_BANK_CORPUS_H_

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "bank/batch.h"
#include "generator/generator.h"
#include "rater/rater.h"
#include "storage/puzzle_store.h"

namespace sudoku::bank {

// Shard `index` of `count`.
struct Shard {
  uint64_t index = 0, count = 1;
};
// "I/K" with 0 <= I < K; InvalidArgument otherwise.
absl::StatusOr<Shard> ParseShard(const std::string& spec);

// "I/K", or "auto/K" for a cluster job: I is JOB_COMPLETION_INDEX (a
// Kubernetes Indexed Job) or else SLURM_ARRAY_TASK_ID minus
// SLURM_ARRAY_TASK_MIN (0 when unset) of a Slurm array. `env` holds those
// variables (name -> value) that are set. InvalidArgument, naming the
// variables, when none is set or its value is not an index below K.
absl::StatusOr<Shard> ResolveShard(
    const std::string& spec, const std::map<std::string, std::string>& env);

// The variables ResolveShard reads.
inline constexpr const char* kShardIndexVariables[] = {
    "JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN"};

// The batch of one level of a corpus: this shard's indices below
// `per_level`, seeded DeriveSeed(DeriveSeed(seed, level), i) so that every
// shard layout makes the same puzzles, judged for `level` by `rater` (which
// must outlive the batch).
absl::StatusOr<BatchSpec> PlanCorpusLevel(const GeneratorOptions& options,
                                          Level level, const Rater& rater,
                                          uint64_t seed, int per_level,
                                          const Shard& shard, int jobs);

// One line of a level file: puzzle, solution, score, level.
struct FileRow {
  uint64_t index = 0;
  int64_t id = 0;
  std::string line;
};

// The rows of `collection` (all, or those of `run_key` whose index passes
// `keep`), ordered by generation index then id.
absl::StatusOr<std::vector<FileRow>> CollectRows(
    PuzzleStore& store, const std::string& collection,
    const std::string& run_key, const std::function<bool(uint64_t)>& keep);

// Writes a level file (a header line, then the rows).
absl::Status WriteRows(const std::string& path,
                       const std::vector<FileRow>& rows);

// Creates `dir` and its parents when missing ("cannot create DIR: why").
absl::Status EnsureDir(const std::string& dir);

// The file a level (of a shard) is written to in `dir`.
std::string LevelFilePath(const std::string& dir, const std::string& level,
                          const Shard& shard);

struct MergeStats {
  int64_t read = 0, inserted = 0, duplicates = 0;
};

// Copies every puzzle of `in` into `out` (isomorphs are merged), with its
// ratings, latest trace, solver runs, generation info and collections.
absl::Status MergeInto(PuzzleStore& in, PuzzleStore& out, MergeStats* stats);

// The shard a bank was built as (the "shard" of its first puzzle's
// generation info); nullopt for an unsharded build or a bank of other
// puzzles.
absl::StatusOr<std::optional<Shard>> ShardOfBank(PuzzleStore& bank);

// A warning when the sharded banks among `shards` (one entry per merged
// bank) are not all K shards of one run: "merging shards 0, 2 of 3: shard 1
// is missing". "" when complete, or when none is sharded.
std::string MissingShardsWarning(
    const std::vector<std::optional<Shard>>& shards);

// What MergeBanks did.
struct MergeReport {
  std::vector<MergeStats> shards;  // one per input, in order
  MergeStats total;
  std::string warning;  // MissingShardsWarning; "" when none
};

// `corpus merge`: merges the banks `inputs` into the bank at `out_path`, all
// or nothing. Every input opens read-only before anything is written, so a
// missing or unreadable shard leaves no output; every shard merges in one
// transaction, so a failure in the middle leaves the output as it was (and
// removes it when this call created it). With `level_dir`, writes
// `level_dir`/LEVEL.tsv for each collection `prefix`/LEVEL of the result,
// the files an unsharded build writes. Errors name the path at fault.
absl::StatusOr<MergeReport> MergeBanks(const std::vector<std::string>& inputs,
                                       const std::string& out_path,
                                       const std::string& level_dir,
                                       const std::string& prefix);

}  // namespace sudoku::bank

#endif  // SUDOKU_BANK_CORPUS_H_
