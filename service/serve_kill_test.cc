// `sudoku-forge serve` as a child process: SIGKILL under load leaves a
// sound bank holding every submission whose answer was received; SIGTERM
// answers what is in flight and exits 0 with the bank closed.
#include <httplib.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/format.h"
#include "gtest/gtest.h"
#include "storage/sqlite_puzzle_store.h"
#include "tests/testing/paths.h"
#include "tests/testing/puzzles.h"

namespace sudoku {
namespace {

struct Child {
  pid_t pid = -1;
  int port = 0;
};

// Starts `sudoku-forge serve --port=0 ARGS` and reads the URL it prints.
Child StartServer(const std::string& db) {
  int out[2];
  if (pipe(out) != 0) return {};
  const std::string binary = testing::ForgeBinary();
  const std::string db_flag = "--db=" + db;
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(out[1], STDOUT_FILENO);
    close(out[0]);
    close(out[1]);
    execl(binary.c_str(), binary.c_str(), "serve", "--port=0", "--quiet",
          "--no-stochastic", "--threads=2", "--queue=64", db_flag.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  close(out[1]);
  Child child;
  child.pid = pid;
  std::string line;
  char c;
  while (read(out[0], &c, 1) == 1 && c != '\n') line += c;
  close(out[0]);
  // "http://127.0.0.1:PORT/"
  const size_t colon = line.rfind(':');
  if (colon != std::string::npos)
    child.port = std::atoi(line.c_str() + colon + 1);
  return child;
}

std::string Body(const Grid& g) {
  return absl::StrCat("{\"puzzle\": \"", ToLine(g), "\"}");
}

TEST(ServeKillTest, SigkillUnderLoadKeepsEveryAnsweredSubmission) {
  const std::string db = ::testing::TempDir() + "/killed.db";
  Child child = StartServer(db);
  ASSERT_GT(child.pid, 0);
  ASSERT_GT(child.port, 0);
  const std::vector<Grid> puzzles =
      testing::LoadTestPuzzles("deduction_puzzles.txt");
  ASSERT_GE(puzzles.size(), 100u);
  std::mutex mu;
  std::vector<size_t> answered;
  std::atomic<size_t> next{0};
  std::atomic<bool> killed{false};
  std::vector<std::thread> clients;
  for (int t = 0; t < 6; ++t) {
    clients.emplace_back([&] {
      httplib::Client c("127.0.0.1", child.port);
      c.set_read_timeout(30, 0);
      while (!killed.load()) {
        const size_t i = next.fetch_add(1);
        if (i >= puzzles.size()) return;
        auto r = c.Post("/api/v1/rate", Body(puzzles[i]), "application/json");
        if (r && r->status == 200) {
          std::lock_guard<std::mutex> lock(mu);
          answered.push_back(i);
        }
      }
    });
  }
  // Kill once a good share has been answered, with requests in flight.
  while (true) {
    {
      std::lock_guard<std::mutex> lock(mu);
      if (answered.size() >= 30) break;
    }
    if (next.load() >= puzzles.size()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ASSERT_EQ(kill(child.pid, SIGKILL), 0);
  killed.store(true);
  int wstatus = 0;
  waitpid(child.pid, &wstatus, 0);
  EXPECT_TRUE(WIFSIGNALED(wstatus));
  for (std::thread& t : clients) t.join();

  auto store = SqlitePuzzleStore::Open(db, {.create_if_missing = false});
  ASSERT_TRUE(store.ok()) << store.status();
  EXPECT_EQ(*(*store)->IntegrityCheck(), "ok");
  ASSERT_GE(answered.size(), 30u);
  for (size_t i : answered) {
    auto found = (*store)->FindIsomorph(puzzles[i]);
    ASSERT_TRUE(found.ok());
    EXPECT_TRUE(found->has_value()) << "answered but not stored: " << i;
  }
}

TEST(ServeKillTest, SigtermDrainsAndExitsCleanly) {
  const std::string db = ::testing::TempDir() + "/termed.db";
  Child child = StartServer(db);
  ASSERT_GT(child.port, 0);
  const std::vector<Grid> puzzles =
      testing::LoadTestPuzzles("deduction_puzzles.txt");
  std::atomic<int> ok{0}, sent{0};
  std::vector<std::thread> clients;
  for (int t = 0; t < 4; ++t) {
    clients.emplace_back([&, t] {
      httplib::Client c("127.0.0.1", child.port);
      c.set_read_timeout(30, 0);
      sent.fetch_add(1);
      auto r = c.Post("/api/v1/rate", Body(puzzles[static_cast<size_t>(t)]),
                      "application/json");
      if (r && r->status == 200) ok.fetch_add(1);
    });
  }
  while (sent.load() < 4) std::this_thread::yield();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_EQ(kill(child.pid, SIGTERM), 0);
  for (std::thread& t : clients) t.join();
  int wstatus = 0;
  waitpid(child.pid, &wstatus, 0);
  ASSERT_TRUE(WIFEXITED(wstatus));
  EXPECT_EQ(WEXITSTATUS(wstatus), 0);
  // No WAL left behind: the last connection closed checkpoints it.
  EXPECT_NE(access((db + "-wal").c_str(), F_OK), 0);
  auto store = SqlitePuzzleStore::Open(db, {.create_if_missing = false});
  ASSERT_TRUE(store.ok());
  EXPECT_EQ(*(*store)->IntegrityCheck(), "ok");
  auto stats = (*store)->Stats();
  ASSERT_TRUE(stats.ok());
  EXPECT_EQ(stats->puzzles, ok.load());
}

}  // namespace
}  // namespace sudoku
