// Fuzzing the CHC reader: truncations and mutations of benchmark files must never crash or throw anything
// but a one-line InputError naming the file; whatever is accepted becomes a program that validates and
// that the writer can print.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>

#include "ChcTestUtil.h"
#include "frontend/chc/Reader.h"
#include "frontend/chc/ToProgram.h"
#include "frontend/chc/Writer.h"
#include "util/Error.h"

using namespace argus;

namespace {

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

/// One random change: truncation, deletion, insertion of syntax, token replacement or line duplication.
std::string mutate(const std::string& text, std::mt19937& rng) {
  static const std::vector<std::string> palette = {
      "(", ")", "|", "\"", ";", " ", "\n", "Int", "Bool", "Real", "forall", "exists", "=>", "and", "or", "not",
      "false", "true", "0", "-1", "99999999999999999999", "x", "(check-sat)", "(exit)", "(declare-fun f (Int) Int)",
      "(push 1)", "(assert", "(_ BitVec 8)", "(Array Int Int)", "let", "!", ":named", "ite", "mod", "div", "String"};
  auto pick = [&](size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng); };
  std::string s = text;
  size_t at = pick(s.size() + 1);
  switch (pick(6)) {
    case 0: return s.substr(0, at);
    case 1: return s.erase(at, 1 + pick(20));
    case 2: return s.insert(at, palette[pick(palette.size())]);
    case 3: {  // replace the token at `at`
      size_t end = s.find_first_of(" ()\n", at);
      if (end == std::string::npos) end = s.size();
      return s.replace(at, end - at, palette[pick(palette.size())]);
    }
    case 4: {  // duplicate a line
      size_t begin = s.rfind('\n', at == 0 ? 0 : at - 1);
      begin = begin == std::string::npos ? 0 : begin + 1;
      size_t end = s.find('\n', at);
      if (end == std::string::npos) end = s.size();
      return s.insert(end, "\n" + s.substr(begin, end - begin));
    }
    default: {  // swap two characters
      size_t other = pick(s.size() + 1);
      if (at < s.size() && other < s.size()) std::swap(s[at], s[other]);
      return s;
    }
  }
}

}  // namespace

TEST(ChcFuzz, MutatedBenchmarksGiveAnInputErrorOrAValidProgram) {
  std::vector<std::string> seeds;
  for (std::string dir : {"LIA-Lin", "LIA-NonLin"})
    for (std::string answer : {"sat", "unsat"})
      for (auto& f : chctest::smallestWithAnswer(dir, answer, 3)) seeds.push_back(f);
  ASSERT_GE(seeds.size(), 10u);
  std::mt19937 rng(20240611);
  int accepted = 0, rejected = 0;
  for (int round = 0; round < 400; ++round) {
    const std::string& seed = seeds[static_cast<size_t>(round) % seeds.size()];
    std::string text = readText(seed);
    int changes = 1 + round % 3;
    for (int i = 0; i < changes; ++i) text = mutate(text, rng);
    try {
      chc::ChcSystem sys = chc::readChcString(text, "fuzz.smt2");
      chc::ChcProgram prog = chc::toProgram(sys);
      EXPECT_NO_THROW(prog.program->validate());
      EXPECT_FALSE(chc::writeHorn(*prog.program).empty());
      ++accepted;
    } catch (const InputError& e) {
      std::string what = e.what();
      EXPECT_EQ(what.rfind("fuzz.smt2", 0), 0u) << what;
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
      ++rejected;
    } catch (const std::exception& e) {
      ADD_FAILURE() << "round " << round << " (" << seed << "): unexpected " << e.what() << "\n--- input ---\n" << text;
    }
  }
  std::cout << accepted << " mutants accepted, " << rejected << " rejected\n";
  EXPECT_GT(accepted, 20);
  EXPECT_GT(rejected, 100);
}
