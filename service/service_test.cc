// The service over HTTP on an ephemeral port of 127.0.0.1: every endpoint,
// every error path, isomorph caching, concurrent submissions.
#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/canonical.h"
#include "core/format.h"
#include "core/rng.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "service/server.h"
#include "solvers/solver.h"
#include "storage/cli_output.pb.h"
#include "storage/deduction_output.pb.h"
#include "storage/json.h"
#include "storage/service.pb.h"
#include "storage/sqlite_puzzle_store.h"
#include "tests/testing/puzzles.h"

namespace sudoku::service {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr char kMultiple[] =
    "4..76..12782.15.49.6142837.51...47633......28..693....2...4....1475932866."
    ".......";
constexpr char kNone[] =
    "12345678.........9..............................................."
    "................";
// A unique 16x16 puzzle (tests/data/puzzles.txt) whose explanation takes
// seconds: more than the budget the tests give it.
constexpr char kSlow16[] =
    "C7.B.E2......41...6....A...7..D....AG.7.86.E...F83.....B..9.......1.C..G9."
    "25.73...BF..92....5D.C.A...F.E..G...2.5...D.....C61E...6C....F7...31.4.8."
    "5...16..4....A..1.7E..9.36......9.83..5.....24.2.9..D38..G6..7.........A."
    "C....D....A..B.9.5..1...6.47D......B";
constexpr char kClash[] =
    "55..............................................................."
    "................";

// A server on its own thread, stopped (and its bank closed) on
// destruction.
class TestServer {
 public:
  explicit TestServer(ServerOptions options) {
    options.host = "127.0.0.1";
    options.port = 0;
    options.log = false;
    thread_ = std::thread([this, options] {
      const absl::Status s = Serve(
          options,
          [this](int port) {
            std::lock_guard<std::mutex> lock(mu_);
            port_ = port;
            cv_.notify_all();
          },
          &stop_);
      std::lock_guard<std::mutex> lock(mu_);
      status_ = s;
      finished_ = true;
      cv_.notify_all();
    });
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [this] { return port_ != 0 || finished_; });
  }
  ~TestServer() { Stop(); }
  void Stop() {
    stop_.store(true);
    if (thread_.joinable()) thread_.join();
  }
  int port() const { return port_; }
  absl::Status status() const { return status_; }
  httplib::Client Client() const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(60, 0);
    return c;
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  int port_ = 0;
  bool finished_ = false;
  absl::Status status_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

template <typename M>
M FromJson(const std::string& body) {
  M m;
  google::protobuf::util::JsonParseOptions options;
  EXPECT_TRUE(
      google::protobuf::util::JsonStringToMessage(body, &m, options).ok())
      << body;
  return m;
}

std::string PuzzleBody(const std::string& puzzle, const std::string& shape = "",
                       const std::string& label = "") {
  PuzzleRequest r;
  r.set_puzzle(puzzle);
  r.set_shape(shape);
  r.set_label(label);
  return ToJson(r);
}

ServerOptions DefaultOptions(const std::string& db_name) {
  ServerOptions o;
  o.service.db_path = ::testing::TempDir() + "/" + db_name;
  o.service.workers = 2;
  o.service.queue = 8;
  o.max_body = 4096;
  return o;
}

// A gate the jobs wait at (ServiceOptions::job_hook) until it opens.
struct Gate {
  std::mutex mu;
  std::condition_variable cv;
  bool open = false;
  int arrived = 0;
  void Wait() {
    std::unique_lock<std::mutex> lock(mu);
    ++arrived;
    cv.notify_all();
    cv.wait(lock, [this] { return open; });
  }
  void AwaitArrived(int n) {
    std::unique_lock<std::mutex> lock(mu);
    cv.wait(lock, [&] { return arrived >= n; });
  }
  void Open() {
    std::lock_guard<std::mutex> lock(mu);
    open = true;
    cv.notify_all();
  }
};

TEST(ServiceTest, HealthPageAndUnknownPaths) {
  TestServer server(DefaultOptions("health.db"));
  ASSERT_NE(server.port(), 0) << server.status();
  httplib::Client c = server.Client();
  auto health = c.Get("/healthz");
  ASSERT_TRUE(health);
  EXPECT_EQ(health->status, 200);
  EXPECT_THAT(health->body, HasSubstr("\"ok\""));
  auto page = c.Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_THAT(page->get_header_value("Content-Type"), StartsWith("text/html"));
  EXPECT_THAT(page->body, HasSubstr("Sudoku Forge"));
  auto js = c.Get("/app.js");
  ASSERT_TRUE(js);
  EXPECT_EQ(js->status, 200);
  // Nothing is served from disk: no path reaches a file.
  for (const char* path : {"/../CMakeLists.txt", "/service/page/app.js",
                           "/index.html", "/etc/passwd"}) {
    auto r = c.Get(path);
    ASSERT_TRUE(r) << path;
    EXPECT_EQ(r->status, 404) << path;
    EXPECT_THAT(FromJson<ErrorOutput>(r->body).error(),
                HasSubstr("no such endpoint"));
  }
  // No CORS header unless --cors-origin is given.
  EXPECT_FALSE(health->has_header("Access-Control-Allow-Origin"));
}

// README "Verdict words": the page compares the API's status only with the
// proto enum names (and shows them as verdictText, their lower case), so a
// word that drifts in the page or the API fails here.
// The express lane's guess: Wikipedia's puzzle (singles solve it) is light;
// magictour's first (an extreme one, chains) and the slow 16x16 are not.
TEST(ServiceTest, IsLightTellsOrdinaryPuzzlesFromHardOnes) {
  EXPECT_TRUE(IsLight(*ParseGrid(testing::kWikiPuzzle)));
  EXPECT_FALSE(IsLight(*ParseGrid(testing::kHardPuzzle)));
  EXPECT_FALSE(IsLight(*ParseGrid(kSlow16)));
  EXPECT_TRUE(IsLight(*ParseGrid(kClash, {.check_givens = false})));
}

// A light request is answered by an express worker while the one ordinary
// worker is held by a hard request.
TEST(ServiceTest, LightRequestsDoNotWaitBehindHardOnes) {
  ServerOptions options = DefaultOptions("express.db");
  options.service.workers = 1;
  options.service.express_workers = 1;
  std::mutex mu;
  std::condition_variable cv;
  bool release = false;
  int held = 0;
  options.service.job_hook = [&] {
    // Only the first job (the hard request) waits until released.
    std::unique_lock<std::mutex> lock(mu);
    if (held++ > 0) return;
    cv.notify_all();
    cv.wait(lock, [&] { return release; });
  };
  TestServer server(options);
  std::thread hard([&] {
    server.Client().Post("/api/v1/rate", PuzzleBody(testing::kHardPuzzle),
                         "application/json");
  });
  {
    std::unique_lock<std::mutex> lock(mu);
    cv.wait(lock, [&] { return held > 0; });
  }
  auto easy = server.Client().Post(
      "/api/v1/rate", PuzzleBody(testing::kWikiPuzzle), "application/json");
  ASSERT_TRUE(easy);
  EXPECT_EQ(easy->status, 200);
  EXPECT_EQ(FromJson<RateOutput>(easy->body).status(), RateOutput::RATED);
  {
    std::lock_guard<std::mutex> lock(mu);
    release = true;
    cv.notify_all();
  }
  hard.join();
}

TEST(ServiceTest, PageUsesTheApisVerdictWords) {
  TestServer server(DefaultOptions("page_words.db"));
  auto js = server.Client().Get("/app.js");
  ASSERT_TRUE(js);
  const std::string& text = js->body;
  int compared = 0;
  for (const std::string op : {"status === \"", "status !== \""}) {
    for (size_t at = text.find(op); at != std::string::npos;
         at = text.find(op, at + 1)) {
      const size_t from = at + op.size();
      const std::string word = text.substr(from, text.find('"', from) - from);
      RateOutput::Status r;
      ExplainOutput::Status e;
      HintOutput::Status h;
      EXPECT_TRUE(RateOutput::Status_Parse(word, &r) ||
                  ExplainOutput::Status_Parse(word, &e) ||
                  HintOutput::Status_Parse(word, &h))
          << "app.js compares a status with \"" << word
          << "\", which no API answer holds";
      ++compared;
    }
  }
  EXPECT_GT(compared, 0) << "app.js no longer reads the status";
  EXPECT_THAT(text, HasSubstr("function verdictText(status)"));
  EXPECT_THAT(text, HasSubstr("toLowerCase()"));
  // The explain and hint answers hold the same words as rate's.
  httplib::Client c = server.Client();
  for (const char* endpoint : {"/api/v1/rate", "/api/v1/explain"}) {
    auto none = c.Post(endpoint, PuzzleBody(kNone), "application/json");
    ASSERT_TRUE(none);
    EXPECT_THAT(none->body, HasSubstr("\"status\":\"NONE\"")) << endpoint;
  }
  HintRequest h;
  h.set_puzzle(kNone);
  auto hint = c.Post("/api/v1/hint", ToJson(h), "application/json");
  ASSERT_TRUE(hint);
  EXPECT_EQ(FromJson<HintOutput>(hint->body).status(), HintOutput::NONE);
}

TEST(ServiceTest, RateStoresASubmissionAndServesIsomorphsFromTheBank) {
  ServerOptions options = DefaultOptions("rate.db");
  TestServer server(options);
  httplib::Client c = server.Client();
  auto first =
      c.Post("/api/v1/rate", PuzzleBody(testing::kWikiPuzzle, "", "site-42"),
             "application/json");
  ASSERT_TRUE(first);
  ASSERT_EQ(first->status, 200) << first->body;
  const RateOutput rated = FromJson<RateOutput>(first->body);
  EXPECT_EQ(rated.status(), RateOutput::RATED);
  EXPECT_FALSE(rated.from_store());
  EXPECT_FALSE(rated.level().empty());
  EXPECT_GT(rated.er(), 0);
  EXPECT_FALSE(rated.solver_success().empty());  // stochastic on by default
  EXPECT_FALSE(rated.engine_version().empty());
  const Grid puzzle = *ParseGrid(testing::kWikiPuzzle);
  EXPECT_EQ(rated.canonical_key(), *CanonicalKey(puzzle));
  EXPECT_EQ(first->get_header_value("X-Canonical-Key"), rated.canonical_key());

  Rng rng(7);
  const Grid iso = RandomIsomorph(puzzle, rng);
  ASSERT_NE(ToLine(iso), ToLine(puzzle));
  auto second = c.Post("/api/v1/rate", PuzzleBody(ToLine(iso), "", "other"),
                       "application/json");
  ASSERT_TRUE(second);
  ASSERT_EQ(second->status, 200);
  const RateOutput again = FromJson<RateOutput>(second->body);
  EXPECT_TRUE(again.from_store());
  EXPECT_EQ(again.puzzle_id(), rated.puzzle_id());
  EXPECT_EQ(again.score(), rated.score());
  EXPECT_EQ(again.level(), rated.level());
  EXPECT_EQ(again.canonical_key(), rated.canonical_key());

  auto metrics = c.Get("/metrics");
  ASSERT_TRUE(metrics);
  EXPECT_THAT(metrics->body,
              HasSubstr("sudoku_ratings_total{source=\"computed\"} 1\n"));
  EXPECT_THAT(metrics->body,
              HasSubstr("sudoku_ratings_total{source=\"bank\"} 1\n"));
  EXPECT_THAT(
      metrics->body,
      HasSubstr("sudoku_requests_total{endpoint=\"rate\",code=\"200\"} 2\n"));
  EXPECT_THAT(metrics->body, HasSubstr("sudoku_queue_depth 0\n"));
  EXPECT_THAT(metrics->body,
              HasSubstr("sudoku_request_seconds_count{endpoint=\"rate\"} 2\n"));

  // The stored puzzle by its canonical key, with its provenance.
  auto stored = c.Get(absl::StrCat("/api/v1/puzzles/", rated.canonical_key()));
  ASSERT_TRUE(stored);
  ASSERT_EQ(stored->status, 200) << stored->body;
  const StoredPuzzleOutput p = FromJson<StoredPuzzleOutput>(stored->body);
  EXPECT_EQ(p.source(), "submission");
  // The first submission's label; the isomorph found it stored.
  EXPECT_EQ(p.label(), "site-42");
  EXPECT_EQ(p.puzzle(), ToLine(puzzle));
  EXPECT_EQ(p.rating().score(), rated.score());
  EXPECT_EQ(p.id(), rated.puzzle_id());
  auto unknown = c.Get(absl::StrCat("/api/v1/puzzles/", std::string(81, '.')));
  ASSERT_TRUE(unknown);
  EXPECT_EQ(unknown->status, 404);
  auto short_key = c.Get("/api/v1/puzzles/123");
  ASSERT_TRUE(short_key);
  EXPECT_EQ(short_key->status, 400);
  EXPECT_THAT(FromJson<ErrorOutput>(short_key->body).error(),
              HasSubstr("not a canonical key"));
}

TEST(ServiceTest, VerdictsAndBadRequestsAreJsonErrorsInTheCliWords) {
  TestServer server(DefaultOptions("verdicts.db"));
  httplib::Client c = server.Client();
  auto bad_json = c.Post("/api/v1/rate", "{\"puzzle\": ", "application/json");
  ASSERT_TRUE(bad_json);
  EXPECT_EQ(bad_json->status, 400);
  EXPECT_THAT(FromJson<ErrorOutput>(bad_json->body).error(),
              HasSubstr("bad JSON request"));
  auto unknown_field =
      c.Post("/api/v1/rate", "{\"puzle\": \"1\"}", "application/json");
  ASSERT_TRUE(unknown_field);
  EXPECT_EQ(unknown_field->status, 400);

  auto clash = c.Post("/api/v1/rate", PuzzleBody(kClash), "application/json");
  ASSERT_TRUE(clash);
  EXPECT_EQ(clash->status, 422);
  RateOutput out = FromJson<RateOutput>(clash->body);
  EXPECT_EQ(out.status(), RateOutput::INVALID);
  EXPECT_THAT(out.error(), HasSubstr("r1c1 and r1c2 both hold 5"));

  std::string bad_char = testing::kWikiPuzzle;
  bad_char[16] = 'x';
  auto unreadable =
      c.Post("/api/v1/rate", PuzzleBody(bad_char), "application/json");
  ASSERT_TRUE(unreadable);
  EXPECT_EQ(unreadable->status, 422);
  EXPECT_THAT(FromJson<RateOutput>(unreadable->body).error(),
              HasSubstr("line 1, column 17: unexpected character 'x'"));

  auto multiple =
      c.Post("/api/v1/rate", PuzzleBody(kMultiple), "application/json");
  ASSERT_TRUE(multiple);
  EXPECT_EQ(multiple->status, 422);
  out = FromJson<RateOutput>(multiple->body);
  EXPECT_EQ(out.status(), RateOutput::MULTIPLE);
  EXPECT_EQ(out.solutions_size(), 2);
  EXPECT_NE(out.solutions(0), out.solutions(1));
  EXPECT_THAT(out.error(), HasSubstr("several solutions"));

  auto none = c.Post("/api/v1/rate", PuzzleBody(kNone), "application/json");
  ASSERT_TRUE(none);
  EXPECT_EQ(none->status, 422);
  EXPECT_EQ(FromJson<RateOutput>(none->body).status(), RateOutput::NONE);

  auto bad_shape =
      c.Post("/api/v1/rate", PuzzleBody(testing::kWikiPuzzle, "3x7"),
             "application/json");
  ASSERT_TRUE(bad_shape);
  EXPECT_EQ(bad_shape->status, 422);
  EXPECT_THAT(FromJson<RateOutput>(bad_shape->body).error(),
              HasSubstr("shape"));

  // Larger than --max-body (4096 here): refused before it is read.
  auto oversize = c.Post("/api/v1/rate", PuzzleBody(std::string(5000, '.')),
                         "application/json");
  ASSERT_TRUE(oversize);
  EXPECT_EQ(oversize->status, 413);
  const ErrorOutput too_big = FromJson<ErrorOutput>(oversize->body);
  EXPECT_EQ(too_big.limit(), "body");
  EXPECT_THAT(too_big.error(), HasSubstr("more than 4096 bytes"));

  auto wrong_method = c.Get("/api/v1/rate");
  ASSERT_TRUE(wrong_method);
  EXPECT_GE(wrong_method->status, 400);
  EXPECT_FALSE(FromJson<ErrorOutput>(wrong_method->body).error().empty());
}

TEST(ServiceTest, ExplainAndHint) {
  TestServer server(DefaultOptions("explain.db"));
  httplib::Client c = server.Client();
  auto explained = c.Post("/api/v1/explain", PuzzleBody(testing::kHardPuzzle),
                          "application/json");
  ASSERT_TRUE(explained);
  ASSERT_EQ(explained->status, 200) << explained->body;
  const ExplainOutput e = FromJson<ExplainOutput>(explained->body);
  EXPECT_EQ(e.status(), ExplainOutput::SOLVED);
  ASSERT_GT(e.steps_size(), 10);
  bool any_pattern = false;
  for (const StepOutput& s : e.steps()) {
    EXPECT_FALSE(s.technique().empty());
    EXPECT_FALSE(s.text().empty());
    EXPECT_GT(s.placements_size() + s.eliminations_size(), 0);
    any_pattern = any_pattern || s.pattern_cells_size() > 0;
  }
  EXPECT_TRUE(any_pattern);

  // An empty 16x16 grid: the uniqueness check answers at once; no
  // walk-through of a grid with countless solutions.
  auto empty16 = c.Post("/api/v1/explain", PuzzleBody(std::string(256, '.')),
                        "application/json");
  ASSERT_TRUE(empty16);
  EXPECT_EQ(empty16->status, 422);
  EXPECT_EQ(FromJson<ExplainOutput>(empty16->body).status(),
            ExplainOutput::MULTIPLE);

  HintRequest h;
  h.set_puzzle(testing::kWikiPuzzle);
  auto step = c.Post("/api/v1/hint", ToJson(h), "application/json");
  ASSERT_TRUE(step);
  ASSERT_EQ(step->status, 200) << step->body;
  const HintOutput hint = FromJson<HintOutput>(step->body);
  EXPECT_EQ(hint.status(), HintOutput::STEP);
  EXPECT_FALSE(hint.step().technique().empty());

  // A wrong digit in r1c3 (the solution has 4 there).
  std::string grid = testing::kWikiPuzzle;
  grid[2] = '1';
  h.set_grid(grid);
  auto wrong = c.Post("/api/v1/hint", ToJson(h), "application/json");
  ASSERT_TRUE(wrong);
  ASSERT_EQ(wrong->status, 200) << wrong->body;
  const HintOutput w = FromJson<HintOutput>(wrong->body);
  EXPECT_EQ(w.status(), HintOutput::WRONG);
  ASSERT_EQ(w.wrong_size(), 1);
  EXPECT_EQ(w.wrong(0).cell(), "r1c3");
  EXPECT_THAT(w.text(), ::testing::Not(HasSubstr("4")));

  h.set_grid("");
  h.set_puzzle(kMultiple);
  auto not_unique = c.Post("/api/v1/hint", ToJson(h), "application/json");
  ASSERT_TRUE(not_unique);
  EXPECT_EQ(not_unique->status, 422);
  EXPECT_EQ(FromJson<HintOutput>(not_unique->body).status(),
            HintOutput::MULTIPLE);
}

TEST(ServiceTest, GenerateAndRender) {
  TestServer server(DefaultOptions("generate.db"));
  httplib::Client c = server.Client();
  auto made = c.Get("/api/v1/generate?level=easy&seed=5&symmetry=none");
  ASSERT_TRUE(made);
  ASSERT_EQ(made->status, 200) << made->body;
  const GeneratedOutput g = FromJson<GeneratedOutput>(made->body);
  EXPECT_EQ(g.level(), "easy");
  EXPECT_EQ(g.shape(), "3x3");
  const Grid puzzle = *ParseGrid(g.puzzle());
  auto solver = MakeSolver("backtrack");
  ASSERT_TRUE(solver.ok());
  const SolveResult r = (*solver)->Solve(puzzle, SolveLimits{});
  EXPECT_EQ(r.num_solutions, 1);
  EXPECT_EQ(ToLine(r.solutions[0]), g.solution());
  // The same seed makes the same puzzle.
  auto again = c.Get("/api/v1/generate?level=easy&seed=5&symmetry=none");
  ASSERT_TRUE(again);
  EXPECT_EQ(FromJson<GeneratedOutput>(again->body).puzzle(), g.puzzle());
  // Handed out, so not stock: a request without a seed gets another one.
  auto fresh = c.Get("/api/v1/generate?level=easy");
  ASSERT_TRUE(fresh);
  ASSERT_EQ(fresh->status, 200) << fresh->body;
  EXPECT_NE(FromJson<GeneratedOutput>(fresh->body).puzzle(), g.puzzle());

  auto bad_level = c.Get("/api/v1/generate?level=impossible");
  ASSERT_TRUE(bad_level);
  EXPECT_EQ(bad_level->status, 400);
  auto bad_seed = c.Get("/api/v1/generate?seed=abc");
  ASSERT_TRUE(bad_seed);
  EXPECT_EQ(bad_seed->status, 400);

  auto svg =
      c.Get(absl::StrCat("/api/v1/render?format=svg&puzzle=", g.puzzle()));
  ASSERT_TRUE(svg);
  ASSERT_EQ(svg->status, 200) << svg->body;
  EXPECT_EQ(svg->get_header_value("Content-Type"), "image/svg+xml");
  EXPECT_THAT(svg->body, HasSubstr("<svg"));
  auto pdf =
      c.Get(absl::StrCat("/api/v1/render?format=pdf&puzzle=", g.puzzle()));
  ASSERT_TRUE(pdf);
  ASSERT_EQ(pdf->status, 200);
  EXPECT_THAT(pdf->body, StartsWith("%PDF"));
  auto bad_format =
      c.Get(absl::StrCat("/api/v1/render?format=gif&puzzle=", g.puzzle()));
  ASSERT_TRUE(bad_format);
  EXPECT_EQ(bad_format->status, 400);
  auto bad_puzzle = c.Get("/api/v1/render?format=svg&puzzle=55");
  ASSERT_TRUE(bad_puzzle);
  EXPECT_EQ(bad_puzzle->status, 422);
}

TEST(ServiceTest, GenerateHandsOutEachStockPuzzleOnceUnderConcurrency) {
  ServerOptions options = DefaultOptions("stock.db");
  options.service.stochastic = false;
  options.service.workers = 3;
  options.service.queue = 32;
  TestServer server(options);
  // Stock: rated submissions.
  std::vector<Grid> puzzles = testing::LoadTestPuzzles("deduction_puzzles.txt");
  ASSERT_GE(puzzles.size(), 24u);
  puzzles.erase(puzzles.begin() + 24, puzzles.end());
  httplib::Client c = server.Client();
  for (const Grid& p : puzzles) {
    auto r = c.Post("/api/v1/rate", PuzzleBody(ToLine(p)), "application/json");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
  }
  auto store = SqlitePuzzleStore::Open(options.service.db_path);
  ASSERT_TRUE(store.ok());
  // The level with the most stock.
  std::string level;
  std::set<std::string> stock;
  for (const char* l : {"easy", "medium", "hard", "evil", "extreme"}) {
    PuzzleQuery q;
    q.level = l;
    q.unused_in_books = true;
    auto found = (*store)->Query(q);
    ASSERT_TRUE(found.ok());
    if (found->size() > stock.size()) {
      level = l;
      stock.clear();
      for (const StoredPuzzle& p : *found) stock.insert(ToLine(p.givens));
    }
  }
  ASSERT_GE(stock.size(), 3u) << "too little stock of any level";

  // As many concurrent requests as there is stock: each gets its own.
  std::vector<std::string> got(stock.size());
  std::vector<int> status(stock.size(), 0);
  std::vector<std::thread> clients;
  for (size_t i = 0; i < stock.size(); ++i) {
    clients.emplace_back([&, i] {
      auto r =
          server.Client().Get(absl::StrCat("/api/v1/generate?level=", level));
      status[i] = r ? r->status : -1;
      if (r && r->status == 200)
        got[i] = FromJson<GeneratedOutput>(r->body).puzzle();
    });
  }
  for (std::thread& t : clients) t.join();
  std::set<std::string> distinct;
  for (size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(status[i], 200) << i;
    EXPECT_TRUE(stock.count(got[i])) << got[i] << " is not from the stock";
    distinct.insert(got[i]);
  }
  EXPECT_EQ(distinct.size(), stock.size()) << "a stock puzzle went out twice";
  // All marked used: none is left to hand out again.
  PuzzleQuery q;
  q.level = level;
  q.unused_in_books = true;
  auto left = (*store)->Query(q);
  ASSERT_TRUE(left.ok());
  EXPECT_TRUE(left->empty());
  auto found = (*store)->FindIsomorph(*ParseGrid(got[0]));
  ASSERT_TRUE(found.ok() && found->has_value());
  auto books = (*store)->CollectionsOf((*found)->id);
  ASSERT_TRUE(books.ok());
  EXPECT_THAT(*books, ::testing::Contains(
                          std::pair<std::string, bool>("served", true)));
}

TEST(ServiceTest, ShapesNotAllowedAreRefused) {
  ServerOptions options = DefaultOptions("shapes.db");
  options.service.shapes = {"3x3"};
  options.cors_origin = "https://puzzles.example";
  TestServer server(options);
  httplib::Client c = server.Client();
  auto r = c.Post("/api/v1/rate",
                  PuzzleBody("1..."
                             "...."
                             "...."
                             "...."),
                  "application/json");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 422);
  const ErrorOutput e = FromJson<ErrorOutput>(r->body);
  EXPECT_EQ(e.limit(), "shape");
  EXPECT_THAT(e.error(), HasSubstr("shape 2x2 is not served here"));
  auto g = c.Get("/api/v1/generate?shape=2x2");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->status, 422);
  EXPECT_EQ(r->get_header_value("Access-Control-Allow-Origin"),
            "https://puzzles.example");
}

TEST(ServiceTest, NodeBudgetRefusesAPuzzleTheUniquenessCheckCannotSettle) {
  ServerOptions options = DefaultOptions("nodes.db");
  options.service.max_nodes = 2;
  TestServer server(options);
  httplib::Client c = server.Client();
  for (const char* path : {"/api/v1/rate", "/api/v1/explain"}) {
    auto r = c.Post(path, PuzzleBody(testing::kHardPuzzle), "application/json");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 422) << path;
    const ErrorOutput e = FromJson<ErrorOutput>(r->body);
    EXPECT_EQ(e.limit(), "nodes");
    EXPECT_THAT(e.error(), HasSubstr("work budget exceeded"));
  }
}

TEST(ServiceTest, TimeBudgetAnswers503AndDropsAJobPastItsDeadline) {
  Gate gate;
  ServerOptions options = DefaultOptions("seconds.db");
  options.service.max_seconds = 0.2;
  options.service.job_hook = [&gate] { gate.Wait(); };
  TestServer server(options);
  httplib::Client c = server.Client();
  auto r = c.Post("/api/v1/rate", PuzzleBody(testing::kWikiPuzzle),
                  "application/json");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 503);
  EXPECT_EQ(r->get_header_value("Retry-After"), "1");
  const ErrorOutput e = FromJson<ErrorOutput>(r->body);
  EXPECT_EQ(e.limit(), "seconds");
  EXPECT_THAT(e.error(), HasSubstr("work budget exceeded"));
  gate.Open();
  server.Stop();  // drains: the job starts past its deadline and is dropped
  auto store = SqlitePuzzleStore::Open(options.service.db_path);
  ASSERT_TRUE(store.ok());
  auto found = (*store)->FindIsomorph(*ParseGrid(testing::kWikiPuzzle));
  ASSERT_TRUE(found.ok());
  EXPECT_FALSE(found->has_value());
}

TEST(ServiceTest, OverBudgetWorkStopsAndFreesItsWorker) {
  ServerOptions options = DefaultOptions("overbudget.db");
  options.service.workers = 1;
  options.service.max_seconds = 2;
  TestServer server(options);
  httplib::Client c = server.Client();
  for (const char* path : {"/api/v1/explain", "/api/v1/rate"}) {
    auto slow = c.Post(path, PuzzleBody(kSlow16), "application/json");
    ASSERT_TRUE(slow) << path;
    EXPECT_EQ(slow->status, 503) << path << ": " << slow->body;
    EXPECT_EQ(FromJson<ErrorOutput>(slow->body).limit(), "seconds") << path;
    // The one worker is free again: a request that needs it is answered
    // within its own budget (without the engine's stop it would wait for
    // the rest of the explanation and get 503 as well).
    auto next = c.Get(absl::StrCat("/api/v1/puzzles/", std::string(81, '.')));
    ASSERT_TRUE(next) << path;
    EXPECT_EQ(next->status, 404) << path << ": " << next->body;
  }
  server.Stop();
  auto store = SqlitePuzzleStore::Open(options.service.db_path);
  ASSERT_TRUE(store.ok());
  auto found = (*store)->FindIsomorph(*ParseGrid(kSlow16));
  ASSERT_TRUE(found.ok());
  EXPECT_FALSE(found->has_value());  // no rating was finished
}

TEST(ServiceTest, FullQueueAnswers503WithRetryAfter) {
  Gate gate;
  ServerOptions options = DefaultOptions("queue.db");
  options.service.workers = 1;
  options.service.queue = 1;
  options.service.job_hook = [&gate] { gate.Wait(); };
  TestServer server(options);
  // One request runs (held at the gate), one waits in the queue.
  std::vector<std::thread> held;
  std::atomic<int> ok{0};
  for (int i = 0; i < 2; ++i) {
    held.emplace_back([&] {
      httplib::Client c = server.Client();
      auto r = c.Post("/api/v1/rate", PuzzleBody(testing::kWikiPuzzle),
                      "application/json");
      if (r && r->status == 200) ok.fetch_add(1);
    });
  }
  gate.AwaitArrived(1);
  httplib::Client c = server.Client();
  // Wait until the second request is queued.
  for (int i = 0; i < 2000; ++i) {
    auto m = c.Get("/metrics");
    if (m && m->body.find("sudoku_queue_depth 1\n") != std::string::npos) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  auto refused = c.Post("/api/v1/rate", PuzzleBody(testing::kHardPuzzle),
                        "application/json");
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 503);
  EXPECT_EQ(refused->get_header_value("Retry-After"), "1");
  EXPECT_EQ(FromJson<ErrorOutput>(refused->body).limit(), "queue");
  gate.Open();
  for (std::thread& t : held) t.join();
  EXPECT_EQ(ok.load(), 2);
}

TEST(ServiceTest, ConcurrentSubmissionsAreAllStored) {
  ServerOptions options = DefaultOptions("concurrent.db");
  options.service.stochastic = false;
  options.service.workers = 3;
  options.service.queue = 32;
  TestServer server(options);
  std::vector<Grid> puzzles = testing::LoadTestPuzzles("deduction_puzzles.txt");
  ASSERT_GE(puzzles.size(), 24u);
  puzzles.erase(puzzles.begin() + 24, puzzles.end());
  std::vector<int> status(puzzles.size(), 0);
  std::vector<std::thread> clients;
  for (int t = 0; t < 8; ++t) {
    clients.emplace_back([&, t] {
      httplib::Client c = server.Client();
      for (size_t i = static_cast<size_t>(t); i < puzzles.size(); i += 8) {
        auto r = c.Post("/api/v1/rate", PuzzleBody(ToLine(puzzles[i])),
                        "application/json");
        status[i] = r ? r->status : -1;
      }
    });
  }
  for (std::thread& t : clients) t.join();
  server.Stop();
  auto store = SqlitePuzzleStore::Open(options.service.db_path);
  ASSERT_TRUE(store.ok());
  EXPECT_EQ(*(*store)->IntegrityCheck(), "ok");
  for (size_t i = 0; i < puzzles.size(); ++i) {
    EXPECT_EQ(status[i], 200) << i;
    auto found = (*store)->FindIsomorph(puzzles[i]);
    ASSERT_TRUE(found.ok());
    ASSERT_TRUE(found->has_value()) << i;
    EXPECT_EQ((*found)->source, "submission");
  }
}

TEST(ServiceTest, SlowClientIsDroppedAndOthersAreStillServed) {
  ServerOptions options = DefaultOptions("slow.db");
  options.read_timeout_seconds = 1;
  TestServer server(options);
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(fd, 0);
  sockaddr_in addr = {};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(server.port()));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)), 0);
  // Half a request line, then nothing: the server must give up on it.
  const char partial[] = "POST /api/v1/rate HTTP/1.1\r\nHost: x\r\n";
  ASSERT_GT(send(fd, partial, sizeof(partial) - 1, 0), 0);
  timeval wait = {};
  wait.tv_sec = 60;  // far above --timeout; only a hang reaches it
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof(wait));
  char buffer[256];
  const ssize_t got = recv(fd, buffer, sizeof(buffer), 0);
  EXPECT_GE(got, 0) << "the server kept a silent connection open";
  close(fd);
  auto health = server.Client().Get("/healthz");
  ASSERT_TRUE(health);
  EXPECT_EQ(health->status, 200);
}

}  // namespace
}  // namespace sudoku::service
