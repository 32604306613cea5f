// A small S-expression scanner for SMT-LIB text: the CHC reader uses it to see the file's command
// structure (which commands, on which lines, the sorts in each declare-fun) before and beside Z3's own
// parser, which knows the semantics but reports neither lines of commands nor unused declarations.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace argus::chc {

struct SExpr {
  bool isList = false;
  std::string atom;          // symbol (quotes removed), numeral, keyword or string literal (with quotes)
  bool quoted = false;       // the atom was written |like this|
  std::vector<SExpr> items;  // for a list
  int line = 0;              // where it starts
  size_t begin = 0, end = 0; // byte range in the text, end exclusive

  bool isAtom(const std::string& s) const { return !isList && !quoted && atom == s; }
  /// The head symbol of a list ("" for an atom, an empty list, or a list starting with a list).
  std::string head() const;
};

/// Parses the top-level S-expressions of `text` up to and including an (exit) command. Throws
/// InputError(file, line, ...) for an unbalanced parenthesis, an unterminated |symbol| or "string".
std::vector<SExpr> parseSExprs(const std::string& text, const std::string& file);

/// Line (1-based) of the byte offset in `text`.
int lineOf(const std::string& text, size_t offset);

}  // namespace argus::chc
