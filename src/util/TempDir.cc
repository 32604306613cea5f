// The registry of live temporary folders and their creation and removal.
#include "util/TempDir.h"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include <unistd.h>


#include "util/Error.h"

namespace argus {
namespace {

// Leaked on purpose: the registry must outlive every static TempDir and work during std::terminate.
std::mutex& registryMutex() {
  static auto* mutex = new std::mutex;
  return *mutex;
}
/// The live folders and the processes that created them.
std::map<std::string, pid_t>& liveFolders() {
  static auto* folders = new std::map<std::string, pid_t>;
  return *folders;
}
bool noMoreFolders = false;  // under registryMutex()

[[noreturn]] void waitForTheEnd(std::unique_lock<std::mutex>& lock) {
  lock.unlock();
  for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
}

}  // namespace

TempDir::TempDir(const std::string& prefix) {
  const char* base = std::getenv("TMPDIR");
  std::string pattern = std::string(base && *base ? base : "/tmp") + "/" + prefix + "-XXXXXX";
  std::vector<char> buffer(pattern.begin(), pattern.end());
  buffer.push_back('\0');
  std::unique_lock<std::mutex> lock(registryMutex());
  if (noMoreFolders) waitForTheEnd(lock);
  if (!mkdtemp(buffer.data()))
    throw InternalError("cannot create a temporary directory " + pattern + ": " + std::strerror(errno));
  path_ = buffer.data();
  owner_ = getpid();
  liveFolders()[path_] = owner_;
}

TempDir::~TempDir() {
  // Removed under the lock, so that removeLiveTempDirs() in another thread never races with it.
  std::lock_guard<std::mutex> lock(registryMutex());
  if (owner_ != getpid() || liveFolders().erase(path_) == 0) return;
  // A process killed just before (a portfolio engine, and the clang it ran, which dies with it only
  // when the kernel gets to it) may still add a file while the folder is being removed: try again briefly.
  for (int attempt = 0; attempt < 10; ++attempt) {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
    if (!std::filesystem::exists(path_, ignored)) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

void removeLiveTempDirs() {
  std::lock_guard<std::mutex> lock(registryMutex());
  noMoreFolders = true;
  for (auto it = liveFolders().begin(); it != liveFolders().end();) {
    if (it->second != getpid()) {
      ++it;
      continue;
    }
    std::error_code ignored;
    std::filesystem::remove_all(it->first, ignored);
    it = liveFolders().erase(it);
  }
}

}  // namespace argus
