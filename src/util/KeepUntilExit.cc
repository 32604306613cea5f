// Objects kept until the process ends (see KeepUntilExit.h).
#include "util/KeepUntilExit.h"

#include <mutex>
#include <vector>

namespace argus {

void keepUntilExit(std::shared_ptr<const void> object) {
  static auto* kept = new std::vector<std::shared_ptr<const void>>;  // never destroyed, on purpose
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  kept->push_back(std::move(object));
}

}  // namespace argus
