// The lines of a C source file, for positions that debug information does not give: the closing
// parenthesis of a call (where a `function_return` waypoint stands) from the position of the call.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace argus::witness {

class SourceText {
 public:
  /// Reads `path`; an unreadable file gives no lines (every lookup then finds nothing).
  explicit SourceText(const std::string& path);
  explicit SourceText(std::vector<std::string> lines) : lines_(std::move(lines)) {}

  /// Line and column (1-based) of the ')' that closes the argument list of the call whose callee name
  /// starts at `line`:`column` (1-based), if the text there is a call.
  std::optional<std::pair<int, int>> closingParenthesis(int line, int column) const;

 private:
  std::vector<std::string> lines_;
};

}  // namespace argus::witness
