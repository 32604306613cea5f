// The program generator: deterministic, every feature occurs, clang-14 compiles its programs, and they
// are free of undefined behaviour (run natively under UBSan with random nondet inputs), since argus's int
// encoding cuts off signed overflow and out-of-bounds accesses while the native replay would not.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "testing/TestFolder.h"
#include "differential/ProgramGenerator.h"

using namespace argus::differential;
using argus::testing::readAll;
using argus::testing::TestFolder;

namespace {

std::string program(uint64_t seed, int size = 8) { return generateProgram(GeneratorOptions{seed, size}); }

int shell(const std::string& command) { return std::system(command.c_str()); }

// Nondet values mostly small (so that assumptions hold and loops run a while), sometimes anything;
// assume(false) and reach_error end the run normally. A program that loops too long is stopped by alarm.
constexpr const char* kRuntime = R"(#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
static unsigned long long s = 88172645463325252ull;
static unsigned long long rnd(void) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; }
static long long value(void) {
  unsigned r = rnd() % 8;
  if (r == 0) return 0;
  if (r < 6) return (long long)(rnd() % 41) - 20;
  return (long long)rnd();
}
int __VERIFIER_nondet_int(void) { return (int)value(); }
unsigned int __VERIFIER_nondet_uint(void) { return (unsigned)value(); }
_Bool __VERIFIER_nondet_bool(void) { return rnd() % 4 != 0; }
char __VERIFIER_nondet_char(void) { return (char)value(); }
unsigned char __VERIFIER_nondet_uchar(void) { return (unsigned char)value(); }
short __VERIFIER_nondet_short(void) { return (short)value(); }
unsigned short __VERIFIER_nondet_ushort(void) { return (unsigned short)value(); }
void __VERIFIER_assume(int c) { if (!c) exit(0); }
void reach_error(void) { exit(0); }
__attribute__((constructor)) static void init(void) {
  const char* e = getenv("INPUT_SEED");
  if (e) s = strtoull(e, 0, 10) * 2654435761ull + 1;
  alarm(2);
}
)";

}  // namespace

TEST(Generator, SameSeedSameProgram) {
  for (uint64_t seed : {1, 2, 77, 123456789}) EXPECT_EQ(program(seed), program(seed));
  EXPECT_NE(program(1), program(2));
  EXPECT_NE(program(5, 4), program(5, 12));
}

TEST(Generator, SizeMakesLongerPrograms) {
  size_t small = 0, large = 0;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    small += program(seed, 3).size();
    large += program(seed, 20).size();
  }
  EXPECT_GT(large, 2 * small);
}

TEST(Generator, EveryFeatureOccurs) {
  std::string all;
  for (uint64_t seed = 1; seed <= 300; ++seed) all += program(seed);
  for (const char* feature :
       {"for (", "while (__VERIFIER_nondet_int())", "do {", "} while (", "break;", "return 0;", "int rec",
        "unsigned int f", "void f", "int f", "[", "int ga", "unsigned int g", "__VERIFIER_assume(",
        "__VERIFIER_nondet_uint()", "__VERIFIER_nondet_bool()", "__VERIFIER_nondet_char()",
        "__VERIFIER_nondet_uchar()", "__VERIFIER_nondet_short()", "__VERIFIER_nondet_ushort()",
        ") reach_error();", " % ", " / ", " * ", " << ", " >> ", " & ", " ^ ", " ? ", "(unsigned int)", "(int)",
        " && ", " || ", "++;", " -= "})
    EXPECT_NE(all.find(feature), std::string::npos) << feature;
  // Nested loops: a loop header indented deeper than another.
  EXPECT_NE(all.find("\n      for ("), std::string::npos);
}

TEST(Generator, ClangCompilesEveryProgram) {
  TestFolder dir;
  std::string files;  // one clang run for all (the file names in its errors say seed and size)
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    int size = 2 + static_cast<int>(seed % 5) * 5;
    files += " " + dir.write("seed" + std::to_string(seed) + "-size" + std::to_string(size) + ".c", program(seed, size));
  }
  EXPECT_EQ(shell(std::string(ARGUS_CLANG) + " -fsyntax-only -w" + files + " 2>" + dir.path("err.txt")), 0)
      << readAll(dir.path("err.txt"));
}

TEST(Generator, ProgramsHaveNoUndefinedBehaviour) {
  TestFolder dir;
  std::string runtime = dir.write("runtime.c", kRuntime);
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    std::string file = dir.write("p.c", program(seed * 7919, 12));
    std::string exe = dir.path("p");
    ASSERT_EQ(shell(std::string(ARGUS_CLANG) + " -w -g -fsanitize=undefined -fno-sanitize-recover=all " + file + " " +
                    runtime + " -o " + exe + " 2>" + dir.path("err.txt")),
              0)
        << readAll(dir.path("err.txt"));
    for (int input = 1; input <= 6; ++input) {
      shell("INPUT_SEED=" + std::to_string(input) + " " + exe + " >/dev/null 2>" + dir.path("run.txt"));
      std::string report = readAll(dir.path("run.txt"));
      EXPECT_EQ(report.find("runtime error"), std::string::npos)
          << "seed " << seed * 7919 << " input " << input << ":\n"
          << report << "\n"
          << readAll(file);
    }
  }
}
