// Logger output: one locked write per line so that threads do not interleave characters.
#include "util/Logger.h"

#include <cstdio>

namespace argus {

void Logger::write(int level, std::string_view module, std::string_view message) {
  if (!enabled(level)) return;
  std::string line = prefix_;
  if (!prefix_.empty()) line += ' ';
  line += '[';
  line += module;
  line += "] ";
  line += message;
  line += '\n';
  std::lock_guard<std::mutex> lock(mutex_);
  std::fwrite(line.data(), 1, line.size(), stderr);
  std::fflush(stderr);
}

}  // namespace argus
