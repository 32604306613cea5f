// libFuzzer harness of the whole C front end: C text → translateC (clang-14 as a child process, LLVM
// passes, translation) → ir::Program, which must validate. A failed compilation must be a one-line
// InputError naming the file and the line of clang's first error.
//
// Why libFuzzer and not a separate mutation driver: the same build, crash files, -timeout and -runs as
// the other harnesses, and coverage feedback keeps the mutants that reach new translation code. But
// libFuzzer's byte mutations mostly give C that clang rejects at once, so a custom mutator edits the text
// the way a person would: delete, duplicate or swap lines, change a number, an operator or an identifier
// (one in eight mutations is still libFuzzer's own). Each input costs a clang process (0.1-1 s).
//
// The encoding (int or bv) and the data model (LP64 or ILP32) are chosen by bits of the input's hash, so
// that each input always takes the same path and a crash file reproduces it.
#include <algorithm>
#include <cctype>
#include <fstream>
#include <functional>
#include <random>
#include <vector>

#include "FuzzCheck.h"
#include "frontend/c/CFrontend.h"
#include "frontend/c/Clang.h"

using namespace argus;

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t maxSize);

namespace {

struct Token {
  size_t begin, length;
};

enum class TokenKind { Number, Identifier, Operator };

const std::vector<std::string>& operators() {
  // Longest first, so that "<<=" is not read as "<" "<=".
  static const std::vector<std::string> ops = {"<<=", ">>=", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "++",
                                               "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "->", "+",
                                               "-", "*", "/", "%", "<", ">", "=", "!", "~", "&", "|", "^", "?"};
  return ops;
}

std::vector<Token> tokens(const std::string& text, TokenKind kind) {
  std::vector<Token> out;
  auto isWord = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t i = 0; i < text.size();) {
    char c = text[i];
    if (isWord(c)) {
      size_t j = i;
      while (j < text.size() && isWord(text[j])) ++j;
      bool number = std::isdigit(static_cast<unsigned char>(c));
      if (kind == (number ? TokenKind::Number : TokenKind::Identifier)) out.push_back({i, j - i});
      i = j;
      continue;
    }
    size_t length = 1;
    for (auto& op : operators())
      if (text.compare(i, op.size(), op) == 0) {
        if (kind == TokenKind::Operator) out.push_back({i, op.size()});
        length = op.size();
        break;
      }
    i += length;
  }
  return out;
}

std::vector<Token> lines(const std::string& text) {
  std::vector<Token> out;
  for (size_t begin = 0; begin < text.size();) {
    size_t end = text.find('\n', begin);
    end = end == std::string::npos ? text.size() : end + 1;
    out.push_back({begin, end - begin});
    begin = end;
  }
  return out;
}

/// One edit of `text`; false if it found nothing to edit.
bool mutateC(std::string& text, std::mt19937& rng) {
  auto pick = [&](size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng); };
  auto replace = [&](const std::vector<Token>& ts, const std::string& with) {
    if (ts.empty()) return false;
    const Token& t = ts[pick(ts.size())];
    text.replace(t.begin, t.length, with);
    return true;
  };
  switch (pick(6)) {
    case 0: {  // delete a line
      std::vector<Token> ls = lines(text);
      return replace(ls, "");
    }
    case 1: {  // duplicate a line
      std::vector<Token> ls = lines(text);
      if (ls.empty()) return false;
      const Token& l = ls[pick(ls.size())];
      text.insert(l.begin, text.substr(l.begin, l.length));
      return true;
    }
    case 2: {  // swap two lines
      std::vector<Token> ls = lines(text);
      if (ls.size() < 2) return false;
      size_t a = pick(ls.size()), b = pick(ls.size());
      if (a > b) std::swap(a, b);
      if (a == b) return false;
      std::string first = text.substr(ls[a].begin, ls[a].length), second = text.substr(ls[b].begin, ls[b].length);
      text.replace(ls[b].begin, ls[b].length, first);
      text.replace(ls[a].begin, ls[a].length, second);
      return true;
    }
    case 3: {  // another number: boundaries of the integer types, small values, or a random one
      static const std::vector<std::string> numbers = {
          "0", "1", "2", "-1", "7", "31", "32", "63", "64", "127", "128", "255", "256", "65535", "65536",
          "2147483647", "2147483648", "-2147483648", "4294967295", "4294967296U", "9223372036854775807",
          "18446744073709551615UL", "0x7fffffff", "0xffffffffu", "1000000"};
      std::string n = pick(4) == 0 ? std::to_string(rng() % 100000) : numbers[pick(numbers.size())];
      return replace(tokens(text, TokenKind::Number), n);
    }
    case 4:  // another operator
      return replace(tokens(text, TokenKind::Operator), operators()[pick(operators().size())]);
    default: {  // another identifier of the same text
      std::vector<Token> ids = tokens(text, TokenKind::Identifier);
      if (ids.empty()) return false;
      const Token& from = ids[pick(ids.size())];
      return replace(ids, text.substr(from.begin, from.length));
    }
  }
}

const std::string& sourcePath() {
  static frontend::TempDir dir;
  static const std::string path = dir.file("fuzz.c");
  return path;
}

}  // namespace

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t maxSize, unsigned int seed) {
  std::mt19937 rng(seed);
  if (rng() % 8 == 0) return LLVMFuzzerMutate(data, size, maxSize);
  std::string text(reinterpret_cast<const char*>(data), size);
  bool changed = false;
  for (unsigned edits = 1 + rng() % 3, i = 0; i < edits; ++i) changed = mutateC(text, rng) || changed;
  if (!changed || text.size() > maxSize) return LLVMFuzzerMutate(data, size, maxSize);
  std::copy(text.begin(), text.end(), data);
  return text.size();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string input = fuzz::text(data, size);
  std::ofstream(sourcePath(), std::ios::binary | std::ios::trunc) << input;
  size_t hash = std::hash<std::string>{}(input);
  frontend::CTask task = frontend::plainTask(sourcePath(), "reach_error", (hash & 2) != 0);
  frontend::CFrontendOptions options;
  options.encoding = (hash & 1) ? ir::Encoding::BitVector : ir::Encoding::Int;
  Logger log(-1);  // silent: clang's diagnostics of 10,000 mutants would drown libFuzzer's output
  Stats stats;
  fuzz::accepted([&] { frontend::translateC(task, options, log, stats)->validate(); }, {sourcePath()});
  return 0;
}
