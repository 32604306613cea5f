// S-expression scanner: iterative (a fuzzed file may nest very deeply), tracks lines for messages.
#include "frontend/chc/SExpr.h"

#include <algorithm>
#include <cctype>

#include "util/Error.h"

namespace argus::chc {

std::string SExpr::head() const {
  if (!isList || items.empty() || items[0].isList) return "";
  return items[0].atom;
}

int lineOf(const std::string& text, size_t offset) {
  offset = std::min(offset, text.size());
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(offset), '\n'));
}

namespace {

class Scanner {
 public:
  Scanner(const std::string& text, const std::string& file) : text_(text), file_(file) {}

  std::vector<SExpr> run() {
    std::vector<SExpr> top;
    std::vector<SExpr> open;  // lists being read, innermost last
    while (skipBlanks()) {
      char c = text_[pos_];
      if (c == '(') {
        SExpr list;
        list.isList = true;
        list.line = line_;
        list.begin = pos_++;
        open.push_back(std::move(list));
        continue;
      }
      if (c == ')') {
        if (open.empty()) throw InputError(file_, line_, "syntax error: unbalanced ')'");
        SExpr done = std::move(open.back());
        open.pop_back();
        done.end = ++pos_;
        bool exits = open.empty() && done.head() == "exit";
        (open.empty() ? top : open.back().items).push_back(std::move(done));
        if (exits) break;  // SMT-LIB ignores everything after (exit)
        continue;
      }
      SExpr atom = readAtom();
      (open.empty() ? top : open.back().items).push_back(std::move(atom));
    }
    if (!open.empty())
      throw InputError(file_, open.front().line,
                       "syntax error: unexpected end of input, '(' of line " + std::to_string(open.front().line) +
                           " is never closed");
    return top;
  }

 private:
  /// Skips white space and comments; false at the end of the text.
  bool skipBlanks() {
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (c == ';') {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else if (std::isspace(static_cast<unsigned char>(c))) {
        if (c == '\n') ++line_;
        ++pos_;
      } else {
        return true;
      }
    }
    return false;
  }

  /// Reads up to the closing `quote`; returns the text between the quotes.
  std::string readDelimited(char quote, const char* what) {
    int startLine = line_;
    size_t start = ++pos_;
    while (true) {
      if (pos_ >= text_.size())
        throw InputError(file_, startLine, std::string("syntax error: unterminated ") + what);
      char c = text_[pos_];
      if (c == '\n') ++line_;
      if (c == quote) {
        // A doubled quote inside a string literal is an escaped quote.
        if (quote == '"' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '"') {
          pos_ += 2;
          continue;
        }
        break;
      }
      ++pos_;
    }
    std::string inner = text_.substr(start, pos_ - start);
    ++pos_;
    return inner;
  }

  SExpr readAtom() {
    SExpr a;
    a.line = line_;
    a.begin = pos_;
    char c = text_[pos_];
    if (c == '|') {
      a.atom = readDelimited('|', "quoted symbol |...|");
      a.quoted = true;
    } else if (c == '"') {
      a.atom = readDelimited('"', "string literal");
      a.atom.insert(a.atom.begin(), '"');
      a.atom.push_back('"');
    } else {
      size_t start = pos_;
      while (pos_ < text_.size()) {
        char d = text_[pos_];
        if (std::isspace(static_cast<unsigned char>(d)) || d == '(' || d == ')' || d == ';' || d == '|' ||
            d == '"')
          break;
        ++pos_;
      }
      a.atom = text_.substr(start, pos_ - start);
    }
    a.end = pos_;
    return a;
  }

  const std::string& text_;
  const std::string& file_;
  size_t pos_ = 0;
  int line_ = 1;
};

}  // namespace

std::vector<SExpr> parseSExprs(const std::string& text, const std::string& file) {
  return Scanner(text, file).run();
}

}  // namespace argus::chc
