// The shared checks of the fuzz harnesses (see FuzzCheck.h).
#include "FuzzCheck.h"

#include <z3++.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <typeinfo>

#include "util/Error.h"
#include "util/Options.h"

namespace argus::fuzz {

void finding(const std::string& what) {
  std::fprintf(stderr, "argus fuzz finding: %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

void checkOneLine(const std::string& message, const std::string& kind) {
  if (message.empty()) finding(kind + " rejection with an empty message");
  if (message.find('\n') != std::string::npos || message.find('\r') != std::string::npos)
    finding(kind + " rejection message is not one line: " + message);
}

void recordRejection(const std::string& kind, const std::string& message) {
  static std::set<std::string> seen;
  // What a message quotes (a name, a value, a path, a term) varies with the input; its first plain words
  // do not: up to three, lower case (the first may be capitalised). Z3's messages start "column N: ".
  static const std::regex column("^column [0-9]+: ");
  std::istringstream words(std::regex_replace(message, column, ""));
  std::string shape = kind + ":";
  std::string word;
  for (int n = 0; n < 3 && words >> word; ++n) {
    if (n == 0 && !word.empty()) word[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(word[0])));
    if (word.find_first_not_of("abcdefghijklmnopqrstuvwxyz_-.,:;") != std::string::npos) break;
    shape += " " + word;
  }
  if (!seen.insert(shape).second) return;
  if (const char* path = std::getenv("ARGUS_FUZZ_REJECTIONS")) std::ofstream(path, std::ios::app) << shape << "\n";
}

namespace {

void checkInputError(const InputError& e, const Expectation& expect) {
  std::string what = e.what();
  checkOneLine(what, "input");
  if (e.file() != expect.file || what.rfind(expect.file + (e.line() > 0 ? ":" : ": "), 0) != 0)
    finding("input error does not start with the file " + expect.file + ": " + what);
  if (expect.needsLine && e.line() < 1) finding("input error without a line: " + what);
  // The file and line are the same for every input; what follows is the kind of rejection.
  size_t afterPrefix = what.find(": ", expect.file.size());
  recordRejection("input", what.substr(afterPrefix == std::string::npos ? 0 : afterPrefix + 2));
}

}  // namespace

bool accepted(const std::function<void()>& read, const Expectation& expect) {
  try {
    read();
    return true;
  } catch (const InputError& e) {
    checkInputError(e, expect);
  } catch (const OptionError& e) {
    checkOneLine(e.what(), "option");
    recordRejection("option", e.what());
  } catch (const UnsupportedError& e) {
    checkOneLine(e.what(), "unsupported");
    recordRejection("unsupported", e.what());
  } catch (const InternalError& e) {
    finding(std::string("internal error: ") + e.what());
  } catch (const z3::exception& e) {
    finding(std::string("Z3 exception escaped: ") + e.msg());
  } catch (const std::exception& e) {
    finding(std::string("unexpected ") + typeid(e).name() + ": " + e.what());
  } catch (...) {
    finding("an exception that is no std::exception");
  }
  return false;
}

std::string text(const uint8_t* data, size_t size) { return std::string(reinterpret_cast<const char*>(data), size); }

}  // namespace argus::fuzz
