#include "cli/generate_run.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <map>
#include <mutex>
#include <thread>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cli/parallel.h"
#include "cli/progress.h"
#include "core/hash.h"
#include "core/rng.h"
#include "core/status_macros.h"
#include "deduction/registry.h"

namespace sudoku::cli {
namespace {

struct CachedRating {
  const Rater* rater = nullptr;
  Grid puzzle{Shape::Classic()};
  RatingResult rating;
};
thread_local std::optional<CachedRating> t_last_rating;

void Cache(const Rater& rater, const Grid& puzzle, RatingResult rating) {
  t_last_rating = CachedRating{&rater, puzzle, std::move(rating)};
}

std::atomic<bool> g_interrupted{false};
struct sigaction g_previous_action;

extern "C" void OnInterrupt(int) {
  g_interrupted.store(true);
  // A second Ctrl-C kills the process the usual way.
  std::signal(SIGINT, SIG_DFL);
}

}  // namespace

std::optional<double> DefaultScoreTarget(Level level) {
  const auto [lo, hi] = ScoreBand(level);
  switch (level) {
    // One medium band's width below the top of the easy band: where the
    // editors' easy puzzles sit (NYT easy median 5.76 against 5.75 with the
    // fit of docs/CALIBRATION.md), not at the band's edge.
    case Level::kEasy: {
      const auto [medium_lo, medium_hi] = ScoreBand(Level::kMedium);
      return hi - (medium_hi - medium_lo);
    }
    case Level::kMedium:
    case Level::kHard:
      return (lo + hi) / 2;
    case Level::kEvil:
    case Level::kNeedsGuessing:
      return std::nullopt;
  }
  return std::nullopt;
}

absl::StatusOr<Judge> MakeJudge(const Rater& rater,
                                const DifficultyTarget& target) {
  double required_difficulty = 0;
  if (!target.requires_technique.empty()) {
    SUDOKU_ASSIGN_OR_RETURN(std::unique_ptr<Technique> t,
                            FindTechnique(target.requires_technique));
    required_difficulty = t->difficulty();
  }
  double lo = target.score_min, hi = target.score_max;
  if (target.level.has_value()) {
    const auto [band_lo, band_hi] = ScoreBand(*target.level);
    lo = std::max(lo, band_lo);
    hi = std::min(hi, band_hi);
  }
  if (lo >= hi) return absl::InvalidArgumentError("the score range is empty");
  std::optional<double> preferred = target.score_target;
  if (!preferred && target.level) preferred = DefaultScoreTarget(*target.level);
  if (preferred && (*preferred < lo || *preferred >= hi)) {
    if (target.score_target) {
      return absl::InvalidArgumentError(
          absl::StrCat("--score-target=", *target.score_target,
                       " is outside the score range [", lo, ", ", hi, ")"));
    }
    preferred = std::clamp(*preferred, lo, std::nextafter(hi, lo));
  }
  const bool want_guessing = target.level == Level::kNeedsGuessing;
  const std::string required = target.requires_technique;
  return Judge([&rater, lo, hi, preferred, want_guessing, required,
                required_difficulty](const Grid& puzzle,
                                     const Grid&) -> Judgement {
    RatingResult r = rater.Rate(puzzle);
    const RatingFeatures& f = r.features;
    Verdict v = Verdict::kAccept;
    if (want_guessing) {
      v = f.solved_by_logic ? Verdict::kTooEasy : Verdict::kAccept;
    } else if (!f.solved_by_logic) {
      v = Verdict::kTooHard;
    } else if (!required.empty() &&
               std::none_of(
                   f.technique_counts.begin(), f.technique_counts.end(),
                   [&](const auto& tc) { return tc.first == required; })) {
      v = f.er < required_difficulty ? Verdict::kTooEasy : Verdict::kTooHard;
    } else if (r.score < lo) {
      v = Verdict::kTooEasy;
    } else if (r.score >= hi) {
      v = Verdict::kTooHard;
    }
    if (v != Verdict::kAccept) return v;
    const double offset = preferred ? r.score - *preferred : 0;
    Cache(rater, puzzle, std::move(r));
    return Judgement(v, offset);
  });
}

RatingResult RateCached(const Rater& rater, const Grid& puzzle) {
  if (t_last_rating.has_value() && t_last_rating->rater == &rater &&
      t_last_rating->puzzle == puzzle) {
    RatingResult r = std::move(t_last_rating->rating);
    t_last_rating.reset();
    return r;
  }
  return rater.Rate(puzzle);
}

std::string RunKey(const std::map<std::string, std::string>& parameters) {
  std::string text = absl::StrCat("generator-", kGeneratorVersion, ";");
  for (const auto& [name, value] : parameters)
    absl::StrAppend(&text, name, "=", value, ";");
  return HashHex64(Fnv1a(text));
}

absl::StatusOr<std::set<uint64_t>> StoredIndices(PuzzleStore& store,
                                                 absl::string_view collection,
                                                 absl::string_view run_key) {
  std::set<uint64_t> out;
  PuzzleQuery query;
  query.collection = std::string(collection);
  query.limit = 5000;
  for (;;) {
    SUDOKU_ASSIGN_OR_RETURN(std::vector<StoredPuzzle> page, store.Query(query));
    if (page.empty()) break;
    for (const StoredPuzzle& p : page) {
      SUDOKU_ASSIGN_OR_RETURN(std::optional<proto::GenerationInfo> info,
                              store.GetGenerationInfo(p.id));
      if (!info.has_value()) continue;
      auto run = info->parameters().find("run");
      auto index = info->parameters().find("index");
      if (run == info->parameters().end() || run->second != run_key) continue;
      uint64_t i = 0;
      if (index != info->parameters().end() &&
          absl::SimpleAtoi(index->second, &i)) {
        out.insert(i);
      }
    }
    query.after_id = page.back().id;
  }
  return out;
}

proto::Rating RatingToProto(const Rater& rater, const RatingResult& r) {
  proto::Rating p;
  p.set_engine_version(absl::StrCat("rater-", kRaterVersion));
  (*p.mutable_parameters())["techniques"] = rater.options().techniques.empty()
                                                ? "default"
                                                : rater.options().techniques;
  (*p.mutable_parameters())["allow_uniqueness"] =
      rater.options().allow_uniqueness ? "true" : "false";
  p.set_score(r.score);
  p.set_level(std::string(LevelName(r.level)));
  const RatingFeatures& f = r.features;
  p.set_er(f.er);
  p.set_ep(f.ep);
  p.set_ed(f.ed);
  p.set_hardest_technique(f.hardest_technique);
  for (const auto& [id, n] : f.technique_counts) {
    proto::Rating::TechniqueCount* tc = p.add_technique_counts();
    tc->set_technique_id(id);
    tc->set_count(static_cast<uint32_t>(n));
  }
  p.set_solved_by_logic(f.solved_by_logic);
  p.set_solver_nodes(static_cast<uint64_t>(f.solver_nodes));
  p.set_solver_guesses(static_cast<uint64_t>(f.solver_guesses));
  p.set_exact_solver("backtrack");
  p.set_total_steps(static_cast<uint64_t>(f.steps));
  return p;
}

proto::Trace TraceToProto(const RatingResult& r) {
  proto::Trace t;
  t.set_engine_version(absl::StrCat("rater-", kRaterVersion));
  if (r.explanation == nullptr) return t;
  for (const Deduction& d : r.explanation->steps) {
    proto::Trace::Step* s = t.add_steps();
    s->set_technique_id(d.technique);
    for (const CellDigit& cd : d.placements) {
      proto::Trace::Step::Placement* p = s->add_placements();
      p->set_cell(static_cast<uint32_t>(cd.cell));
      p->set_digit(static_cast<uint32_t>(cd.digit));
    }
    for (const CellDigit& cd : d.eliminations) {
      proto::Trace::Step::Elimination* e = s->add_eliminations();
      e->set_cell(static_cast<uint32_t>(cd.cell));
      e->set_digit(static_cast<uint32_t>(cd.digit));
    }
    for (int cell : d.pattern_cells)
      s->add_evidence_cells(static_cast<uint32_t>(cell));
    s->set_explanation(d.text);
  }
  t.set_complete(r.explanation->status == ExplainStatus::kSolved);
  return t;
}

absl::StatusOr<BatchStats> RunBatch(
    const BatchSpec& spec, const StoreSpec& out, const std::atomic<bool>* stop,
    const std::function<void(const MadePuzzle&)>& on_made,
    absl::string_view progress_label) {
  BatchStats stats;
  const auto start = std::chrono::steady_clock::now();
  const std::string run_key = RunKey(spec.parameters);
  std::vector<uint64_t> pending;
  int64_t collection_id = 0;
  PuzzleStore* store = out.store;
  if (store != nullptr) {
    if (spec.rater == nullptr)
      return absl::InvalidArgumentError("storing needs a rater");
    SUDOKU_ASSIGN_OR_RETURN(std::set<uint64_t> done,
                            StoredIndices(*store, out.collection, run_key));
    for (uint64_t i : spec.indices) {
      if (done.count(i) != 0) {
        ++stats.resumed;
      } else {
        pending.push_back(i);
      }
    }
    SUDOKU_ASSIGN_OR_RETURN(collection_id,
                            store->EnsureCollection(out.collection, false));
  } else {
    pending = spec.indices;
  }

  struct Result {
    bool skipped = false;  // not generated: the run was stopped first
    std::optional<GeneratedPuzzle> puzzle;
    std::optional<RatingResult> rating;
  };
  std::atomic<bool> halt{false};
  auto stopped = [&] {
    return halt.load() || (stop != nullptr && stop->load());
  };
  std::mutex generators_mu;
  std::map<std::thread::id, std::unique_ptr<Generator>>
      generators;  // one per thread
  auto work = [&](size_t k) {
    Result r;
    if (stopped()) {
      halt.store(true);
      r.skipped = true;
      return r;
    }
    Generator* generator;
    {
      std::lock_guard<std::mutex> lock(generators_mu);
      auto& slot = generators[std::this_thread::get_id()];
      if (slot == nullptr) slot = std::make_unique<Generator>(spec.options);
      generator = slot.get();
    }
    r.puzzle =
        generator->Generate(DeriveSeed(spec.seed, pending[k]), spec.judge);
    if (r.puzzle && spec.rater != nullptr)
      r.rating = RateCached(*spec.rater, r.puzzle->puzzle);
    return r;
  };

  Progress progress(std::string(progress_label),
                    static_cast<int64_t>(pending.size()));
  std::vector<MadePuzzle> buffer;
  absl::Status error;
  auto last_commit = std::chrono::steady_clock::now();
  auto store_one = [&](MadePuzzle& m) -> absl::Status {
    NewPuzzle np;
    np.givens = m.puzzle.puzzle;
    np.solution = m.puzzle.solution;
    np.num_solutions = 1;
    np.source = out.source;
    np.label = absl::StrCat("seed=", spec.seed, " index=", m.index);
    SUDOKU_ASSIGN_OR_RETURN(InsertResult inserted, store->InsertPuzzle(np));
    m.puzzle_id = inserted.id;
    if (inserted.inserted) {
      ++stats.inserted;
      proto::Rating rating = RatingToProto(*spec.rater, *m.rating);
      SUDOKU_ASSIGN_OR_RETURN(int64_t rating_id,
                              store->AddRating(inserted.id, rating));
      if (out.traces && m.rating->explanation != nullptr) {
        SUDOKU_RETURN_IF_ERROR(
            store->AddTrace(inserted.id, rating_id, TraceToProto(*m.rating))
                .status());
      }
      proto::GenerationInfo info;
      info.set_seed(m.puzzle.seed);
      info.set_generator_version(absl::StrCat("generator-", kGeneratorVersion));
      for (const auto& [name, value] : spec.parameters)
        (*info.mutable_parameters())[name] = value;
      (*info.mutable_parameters())["run"] = run_key;
      (*info.mutable_parameters())["index"] = absl::StrCat(m.index);
      (*info.mutable_parameters())["batch_seed"] = absl::StrCat(spec.seed);
      info.set_symmetry(spec.symmetry_name);
      info.set_target_level(spec.target_level);
      info.set_attempts(static_cast<uint64_t>(m.puzzle.attempts));
      SUDOKU_RETURN_IF_ERROR(store->SetGenerationInfo(inserted.id, info));
    } else {
      ++stats.isomorphs;
    }
    return store->AddToCollection(collection_id, inserted.id);
  };
  auto flush = [&]() {
    if (buffer.empty() || !error.ok()) return;
    error = store->RunInTransaction([&]() -> absl::Status {
      for (MadePuzzle& m : buffer) SUDOKU_RETURN_IF_ERROR(store_one(m));
      return absl::OkStatus();
    });
    if (!error.ok()) {
      halt.store(true);
      return;
    }
    if (on_made) {
      for (const MadePuzzle& m : buffer) on_made(m);
    }
    buffer.clear();
    last_commit = std::chrono::steady_clock::now();
  };
  auto emit = [&](size_t k, Result r) {
    if (r.skipped) return;
    progress.Add();
    if (!r.puzzle) {
      ++stats.failed;
      return;
    }
    ++stats.made;
    stats.attempts += r.puzzle->attempts;
    MadePuzzle m{pending[k], std::move(*r.puzzle), std::move(r.rating), 0};
    if (store == nullptr) {
      if (on_made) on_made(m);
      return;
    }
    buffer.push_back(std::move(m));
    if (buffer.size() >= 256 || std::chrono::steady_clock::now() - last_commit >
                                    std::chrono::milliseconds(250)) {
      flush();
    }
  };
  ParallelOrdered(pending.size(), spec.jobs, work, emit, &halt);
  if (store != nullptr) flush();
  stats.interrupted = stop != nullptr && stop->load();
  stats.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  if (!error.ok()) return error;
  return stats;
}

InterruptGuard::InterruptGuard() {
  g_interrupted.store(false);
  struct sigaction action = {};
  action.sa_handler = OnInterrupt;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &g_previous_action);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &g_previous_action, nullptr);
}

const std::atomic<bool>* InterruptGuard::flag() const { return &g_interrupted; }

bool InterruptGuard::interrupted() const { return g_interrupted.load(); }

}  // namespace sudoku::cli
