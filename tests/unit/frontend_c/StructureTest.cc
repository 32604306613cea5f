// The shape of translated programs: procedures, locations per block, loop heads, variables with C
// names and types, edge labels and source locations, nondet inputs, unsupported edges, statistics.
#include <gtest/gtest.h>

#include <algorithm>

#include "PathExplorer.h"
#include "ir/Queries.h"
#include "util/Error.h"
#include "util/Logger.h"
#include "util/Stats.h"

using namespace argus;
using namespace argus::testing;

namespace {

const ir::Variable* findBySourceName(const ir::Program& p, const std::string& proc, const std::string& name) {
  for (const ir::Variable& v : p.vars())
    if (v.sourceName == name && (proc.empty() ? v.proc == ir::kNone : v.proc == p.findProc(proc))) return &v;
  return nullptr;
}

std::vector<const ir::Edge*> unsupportedEdges(const ir::Program& p) {
  std::vector<const ir::Edge*> out;
  for (const ir::Edge& e : p.edges())
    if (!e.unsupported.empty()) out.push_back(&e);
  return out;
}

const char* const kTwoProcedures = R"(
unsigned int counter = 3;
int add(int a, int b) { return a + b; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  unsigned char c = __VERIFIER_nondet_uchar();
  int sum = 0;
  for (int i = 0; i < n; i++) {
    sum = add(sum, i);
    counter++;
  }
  if (sum < 0 && c == 7) reach_error();
  return 0;
}
)";

TEST(Structure, ProceduresLoopsAndVariables) {
  CSnippet snippet(std::string(kPrelude) + kTwoProcedures);
  auto p = snippet.translate(ir::Encoding::Int);
  ASSERT_NE(p->findProc("main"), ir::kNone);
  ASSERT_NE(p->findProc("add"), ir::kNone);
  EXPECT_EQ(p->findProc("reach_error"), ir::kNone) << "the error function's body is not translated";
  EXPECT_EQ(p->numProcs(), 2u);
  EXPECT_EQ(p->mainProc(), p->findProc("main"));
  EXPECT_EQ(p->origin().language, ir::Language::C);
  EXPECT_EQ(p->origin().errorFunction, "reach_error");

  EXPECT_EQ(ir::loopHeads(*p, p->findProc("main")).size(), 1u);
  EXPECT_TRUE(ir::loopHeads(*p, p->findProc("add")).empty());
  EXPECT_TRUE(ir::isReducible(*p, p->findProc("main")));

  const ir::Procedure& add = p->proc(p->findProc("add"));
  ASSERT_EQ(add.params.size(), 2u);
  EXPECT_EQ(p->var(add.params[0]).sourceName, "a");
  EXPECT_EQ(p->var(add.params[0]).name, "add::a");
  EXPECT_EQ(p->var(add.params[0]).type.cName, "int");
  EXPECT_EQ(add.results.size(), 1u);

  const ir::Variable* counter = findBySourceName(*p, "", "counter");
  ASSERT_NE(counter, nullptr);
  EXPECT_EQ(counter->role, ir::VarRole::Global);
  EXPECT_EQ(counter->type.bits, 32u);
  EXPECT_FALSE(counter->type.isSigned);
  EXPECT_EQ(counter->type.cName, "unsigned int");
  const ir::Variable* sum = findBySourceName(*p, "main", "sum");
  ASSERT_NE(sum, nullptr);
  EXPECT_EQ(sum->name, "main::sum");

  // One call edge, with a C-like label and a source line.
  int calls = 0;
  for (const ir::Edge& e : p->edges())
    if (e.isCall()) {
      ++calls;
      EXPECT_EQ(e.label, "sum = add(sum, i)");
      EXPECT_EQ(e.loc.line, 19);  // the prelude has 10 lines, the program starts with an empty one
    }
  EXPECT_EQ(calls, 1);

  // Two nondet inputs with their functions and C types.
  std::vector<ir::NondetInput> inputs;
  for (const ir::Edge& e : p->edges()) inputs.insert(inputs.end(), e.inputs.begin(), e.inputs.end());
  ASSERT_EQ(inputs.size(), 2u);
  EXPECT_EQ(inputs[0].function, "__VERIFIER_nondet_int");
  EXPECT_EQ(inputs[1].function, "__VERIFIER_nondet_uchar");
  EXPECT_EQ(inputs[1].type.bits, 8u);
  EXPECT_FALSE(inputs[1].type.isSigned);

  // The error edge carries the condition and its line.
  bool errorEdge = false;
  for (const ir::Edge& e : p->edges())
    if (p->isErrorLoc(e.to)) {
      errorEdge = true;
      EXPECT_TRUE(e.unsupported.empty());
      EXPECT_EQ(e.loc.line, 22);
    }
  EXPECT_TRUE(errorEdge);
  EXPECT_TRUE(unsupportedEdges(*p).empty());
}

TEST(Structure, StatisticsCountTheProgram) {
  CSnippet snippet(std::string(kPrelude) + kTwoProcedures);
  Logger log;
  Stats stats;
  auto p = frontend::translateC(snippet.task(), {}, log, stats);
  EXPECT_EQ(stats.getInt("frontend.functions"), 2);
  EXPECT_EQ(stats.getInt("frontend.locations"), static_cast<int64_t>(p->numLocs()));
  EXPECT_EQ(stats.getInt("frontend.edges"), static_cast<int64_t>(p->numEdges()));
  EXPECT_EQ(stats.getInt("frontend.variables"), static_cast<int64_t>(p->numVars()));
  EXPECT_EQ(stats.getInt("frontend.unsupported_edges"), 0);
  EXPECT_GT(stats.getDouble("frontend.time"), 0.0);
}

TEST(Structure, UnsupportedFeaturesBecomeMarkedErrorEdges) {
  CSnippet snippet(std::string(kPrelude) +
                   "extern int external(int *);\n"
                   "void put(float *p) { *p = 0.5f; }\n"
                   "int main(void) {\n"
                   "  int x = __VERIFIER_nondet_int();\n"
                   "  if (x == 1) { float f; put(&f); if (f > 0.2f) return 1; }\n"
                   "  if (x == 2) return external(&x);\n"
                   "  if (x == 3) { __asm__ volatile(\"nop\"); return 3; }\n"
                   "  if (x == 4) reach_error();\n"
                   "  return 0;\n}\n");
  auto p = snippet.translate(ir::Encoding::Int);
  std::vector<std::string> texts;
  for (const ir::Edge* e : unsupportedEdges(*p)) {
    EXPECT_TRUE(p->isErrorLoc(e->to));
    texts.push_back(e->unsupported);
  }
  auto mentions = [&](const std::string& what) {
    return std::any_of(texts.begin(), texts.end(), [&](const std::string& t) { return t.find(what) != std::string::npos; });
  };
  // Floats live in variables and objects of their own; region memory holds integers and pointers only.
  EXPECT_TRUE(mentions("floating-point value in region memory")) << ::testing::PrintToString(texts);
  // An undefined function that may change memory through a pointer: what it does is not modelled.
  EXPECT_TRUE(mentions("call of undefined function external (memory it may change is not modelled) at "))
      << ::testing::PrintToString(texts);
  EXPECT_TRUE(mentions("snippet.c:17")) << ::testing::PrintToString(texts);
  EXPECT_TRUE(mentions("inline assembly")) << ::testing::PrintToString(texts);
  // The rest of the program is still translated: the real error is reachable by a modelled edge.
  Exploration e = explore(*p, 40);
  EXPECT_TRUE(e.errorReachable);
}

TEST(Structure, PointerParametersReachTheObjectsTheyPointTo) {
  CSnippet snippet(std::string(kPrelude) +
                   "void set(int* p) { *p = 1; }\n"
                   "int main(void) {\n"
                   "  int x = 0;\n"
                   "  if (__VERIFIER_nondet_int()) set(&x);\n"
                   "  if (x == 1) reach_error();\n"
                   "  return 0;\n}\n");
  for (ir::Encoding encoding : {ir::Encoding::Int, ir::Encoding::BitVector}) {
    auto p = snippet.translate(encoding);
    EXPECT_TRUE(unsupportedEdges(*p).empty());
    // x lives in region memory (its address is passed): the store through p is the store to x.
    Exploration e = explore(*p, 40);
    EXPECT_TRUE(e.errorReachable);
    EXPECT_FALSE(e.unsupportedReached);
  }
}

TEST(Structure, UnreachableUnsupportedCodeDoesNotMatter) {
  CSnippet snippet(std::string(kPrelude) +
                   "double scale(double *d) { return *d * 2.0; }\n"
                   "int main(void) {\n"
                   "  int x = __VERIFIER_nondet_int();\n"
                   "  if (x > 0 && x < 0) { double d = x; return (int)scale(&d); }\n"
                   "  return 0;\n}\n");
  auto p = snippet.translate(ir::Encoding::Int);
  EXPECT_FALSE(unsupportedEdges(*p).empty());
  Exploration e = explore(*p, 40);
  EXPECT_FALSE(e.errorReachable);
  EXPECT_FALSE(e.unsupportedReached);
}

TEST(Structure, PreprocessedFilesAndOldErrorFunction) {
  CSnippet snippet(
      "extern void __VERIFIER_error(void) __attribute__((__noreturn__));\n"
      "extern int __VERIFIER_nondet_int(void);\n"
      "int main() { int x = __VERIFIER_nondet_int(); if (x == 5) { ERROR: __VERIFIER_error(); } return 0; }\n",
      "old.i");
  Logger log;
  Stats stats;
  auto p = frontend::translateC(snippet.task(true, "__VERIFIER_error"), {}, log, stats);
  p->validate();
  EXPECT_EQ(p->origin().errorFunction, "__VERIFIER_error");
  EXPECT_TRUE(p->origin().ilp32);
  Exploration e = explore(*p, 20);
  EXPECT_TRUE(e.errorReachable);
  ASSERT_EQ(e.inputs.size(), 1u);
  EXPECT_EQ(e.inputs[0].second, "5");
}

namespace {

/// The InputError translateC throws for `snippet`.
InputError translationError(const CSnippet& snippet) {
  Logger log(-1);
  Stats stats;
  try {
    frontend::translateC(snippet.task(), {}, log, stats);
  } catch (const InputError& e) {
    return e;
  }
  ADD_FAILURE() << "no InputError";
  return InputError("", 0, "");
}

}  // namespace

// Every rejection names a line (fuzz/CFrontendFuzz.cc checks it): a failed compilation used to name
// none (the line was only in clang's output on stderr), nor did a missing main.
TEST(Structure, CompileErrorsAreInputErrorsAtClangsLine) {
  CSnippet snippet("int f(void);\n\nint main(void) { return undeclared_variable; }\n");
  InputError e = translationError(snippet);
  EXPECT_EQ(e.file(), snippet.path());
  EXPECT_EQ(e.line(), 3) << e.what();
  EXPECT_NE(std::string(e.what()).find("clang: use of undeclared identifier 'undeclared_variable'"),
            std::string::npos) << e.what();
  CSnippet noMain("int f(void) {\n  return 0;\n}\n");
  InputError missing = translationError(noMain);
  EXPECT_EQ(missing.line(), 3) << missing.what();
  EXPECT_NE(std::string(missing.what()).find("no main function"), std::string::npos) << missing.what();
}

TEST(Structure, FirstClangErrorFollowsIncludes) {
  std::string diagnostics =
      "In file included from /t/a.c:4:\n/t/b.h:2:5: error: unknown type name 'foo'\n  foo x;\n  ^\n"
      "/t/a.c:9:1: error: expected ';'\n";
  frontend::ClangError first = frontend::firstClangError(diagnostics, "/t/a.c");
  EXPECT_EQ(first.line, 4);
  EXPECT_EQ(first.message, "/t/b.h:2: unknown type name 'foo'");
  frontend::ClangError own = frontend::firstClangError("/t/a.c:7:3: fatal error: 'x.h' file not found\n", "/t/a.c");
  EXPECT_EQ(own.line, 7);
  EXPECT_EQ(own.message, "'x.h' file not found");
  EXPECT_TRUE(frontend::firstClangError("warning only\n", "/t/a.c").message.empty());
}

TEST(Structure, DataModelDecidesTheWidthOfLong) {
  CSnippet snippet(std::string(kPrelude) +
                   "int main(void) { long l = __VERIFIER_nondet_long(); if (l > 2147483647L) reach_error(); return 0; }\n");
  for (bool ilp32 : {true, false}) {
    Logger log;
    Stats stats;
    auto p = frontend::translateC(snippet.task(ilp32), {}, log, stats);
    p->validate();
    EXPECT_EQ(explore(*p, 20).errorReachable, !ilp32) << (ilp32 ? "ILP32" : "LP64");
  }
}

}  // namespace
