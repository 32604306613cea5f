// Positions in C source text (see SourceText.h). Calls whose end argus needs are calls of
// __VERIFIER_nondet_* functions, which take no arguments; nested parentheses are counted anyway, and
// comments or string literals inside an argument list are not expected there.
#include "witness/SourceText.h"

#include <cctype>
#include <fstream>

namespace argus::witness {

SourceText::SourceText(const std::string& path) {
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) lines_.push_back(line);
}

std::optional<std::pair<int, int>> SourceText::closingParenthesis(int line, int column) const {
  if (line < 1 || column < 1 || static_cast<size_t>(line) > lines_.size()) return std::nullopt;
  size_t row = line - 1, col = column - 1;
  const std::string& first = lines_[row];
  if (col >= first.size() || !(std::isalpha(static_cast<unsigned char>(first[col])) || first[col] == '_'))
    return std::nullopt;
  while (col < first.size() && (std::isalnum(static_cast<unsigned char>(first[col])) || first[col] == '_')) ++col;
  int depth = 0;
  for (; row < lines_.size(); ++row, col = 0) {
    const std::string& text = lines_[row];
    for (; col < text.size(); ++col) {
      char c = text[col];
      if (c == '(') {
        ++depth;
      } else if (c == ')') {
        if (--depth == 0) return std::make_pair(static_cast<int>(row) + 1, static_cast<int>(col) + 1);
        if (depth < 0) return std::nullopt;
      } else if (depth == 0 && !std::isspace(static_cast<unsigned char>(c))) {
        return std::nullopt;  // something other than the argument list follows the name
      }
    }
  }
  return std::nullopt;
}

}  // namespace argus::witness
