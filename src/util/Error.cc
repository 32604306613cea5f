// Out-of-line failure path of INVARIANT/UNREACHABLE, so the macros stay small at every use.
#include "util/Error.h"

namespace argus {

void failInvariant(const char* cond, const std::string& msg, const char* file, int line) {
  throw InternalError(std::string(file) + ":" + std::to_string(line) + ": invariant '" + cond +
                      "' violated: " + msg);
}

}  // namespace argus
