// Error types and the two assertion macros of argus.
//
// Programming errors (a broken invariant of our own data structures) use INVARIANT/UNREACHABLE and
// throw InternalError; bad user input throws InputError (file, line, message); features argus does not
// model throw UnsupportedError. The CLI maps each to its own exit code. The messages of InputError and
// UnsupportedError (and OptionError, util/Options.h) are one line whatever input they quote: the CLI
// promises one line "argus: error: ..." per rejection.
#pragma once

#include <stdexcept>
#include <string>

namespace argus {

/// `text` with line breaks and other control characters written as escapes (\n, \t, \x01), so that a
/// message quoting input stays on one line.
std::string escapeControl(const std::string& text);

/// 'text' for a message quoting input: escaped as above and cut after `max` characters ("...").
std::string quoteInput(const std::string& text, size_t max = 60);

/// A bug in argus itself. Never caught by engines; the CLI reports it as an internal error.
class InternalError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

/// The input is malformed: names the file, the line (0 if unknown) and what is wrong.
class InputError : public std::runtime_error {
 public:
  InputError(std::string file, int line, const std::string& what)
      : std::runtime_error(escapeControl(format(file, line, what))), file_(std::move(file)), line_(line) {}
  const std::string& file() const { return file_; }
  int line() const { return line_; }

 private:
  static std::string format(const std::string& file, int line, const std::string& what) {
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on `str + "literal"` chains here.
    std::string out = file;
    if (line > 0) {
      out.push_back(':');
      out.append(std::to_string(line));
    }
    out.append(": ");
    out.append(what);
    return out;
  }
  std::string file_;
  int line_;
};

/// The input uses a feature argus does not model; the verdict becomes UNKNOWN(unsupported).
class UnsupportedError : public std::runtime_error {
 public:
  explicit UnsupportedError(const std::string& what) : std::runtime_error(escapeControl(what)) {}
};

[[noreturn]] void failInvariant(const char* cond, const std::string& msg, const char* file, int line);

}  // namespace argus

#define INVARIANT(cond, msg)                                            \
  do {                                                                  \
    if (!(cond)) ::argus::failInvariant(#cond, (msg), __FILE__, __LINE__); \
  } while (0)

#define UNREACHABLE(msg) ::argus::failInvariant("unreachable", (msg), __FILE__, __LINE__)
