// Out-of-line failure path of INVARIANT/UNREACHABLE, so the macros stay small at every use; the
// escaping that keeps error messages on one line.
#include "util/Error.h"

#include <cstdio>

namespace argus {

std::string escapeControl(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    unsigned char u = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (u < 0x20 || u == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", u);
      out += buf;
    } else {
      out += c;
    }
  }
  return out;
}

std::string quoteInput(const std::string& text, size_t max) {
  std::string shown = escapeControl(text.size() > max ? text.substr(0, max) : text);
  return "'" + shown + (text.size() > max ? "...'" : "'");
}

void failInvariant(const char* cond, const std::string& msg, const char* file, int line) {
  throw InternalError(std::string(file) + ":" + std::to_string(line) + ": invariant '" + cond +
                      "' violated: " + msg);
}

}  // namespace argus
