// The Horn writer on programs built by hand (as the C front end builds them): loops, calls with results
// and globals, recursion, errors inside callees, unsupported edges. Z3 must accept every file written and
// answer the program's verdict (sat = safe, unsat = unsafe); our reader must read the file back.
#include <gtest/gtest.h>

#include <fstream>

#include "ChcTestUtil.h"
#include "frontend/chc/Reader.h"
#include "frontend/chc/ToProgram.h"
#include "frontend/chc/Writer.h"
#include "ir/Builder.h"
#include "testing/TestFolder.h"

using namespace argus;
using namespace argus::ir;

namespace {

std::string z3Answer(const Program& p, const std::string& stem) {
  argus::testing::TestFolder dir;
  std::string path = dir.path(stem + ".smt2");
  chc::writeHornFile(p, path, "test program " + stem);
  chc::ChcSystem back = chc::readChcFile(path);  // our own reader accepts what we write
  EXPECT_NO_THROW(chc::toProgram(back));
  return chctest::runZ3(path, 10);
}

/// main: x := 0; while (x < 10) x := inc(x); if (x != limit) error.   inc(a) returns a + 1.
std::unique_ptr<Program> counter(int limit) {
  auto p = std::make_unique<Program>(std::make_shared<z3::context>());
  z3::context& c = p->ctx();
  ProcId inc = p->addProcedureWithFrame("inc");
  VarId a = p->addVariable(inc, VarRole::Param, "inc::a", c.int_sort(), "a");
  VarId r = p->addVariable(inc, VarRole::Result, "inc::r", c.int_sort(), "r");
  addAssign(*p, p->proc(inc).entry, p->proc(inc).exit, {{r, p->var(a).cur + 1}});
  ProcId main = p->addProcedureWithFrame("main");
  VarId x = p->addVariable(main, VarRole::Local, "main::x", c.int_sort(), "x");
  LocId head = p->addLocation(main, "head"), body = p->addLocation(main, "body"), after = p->addLocation(main, "after");
  addAssign(*p, p->proc(main).entry, head, {{x, c.int_val(0)}});
  addAssume(*p, head, body, p->var(x).cur < 10);
  p->addCall(body, head, inc, {p->var(x).cur}, {x});
  addAssume(*p, head, after, !(p->var(x).cur < 10));
  addAssume(*p, after, p->proc(main).error, p->var(x).cur != limit);
  p->setMain(main);
  return p;
}

/// check(a) { if (a < 0) error; }   main: x := nondet; [assume(x >= 0);] check(x).
std::unique_ptr<Program> errorInCallee(bool guarded) {
  auto p = std::make_unique<Program>(std::make_shared<z3::context>());
  z3::context& c = p->ctx();
  ProcId check = p->addProcedureWithFrame("check");
  VarId a = p->addVariable(check, VarRole::Param, "check::a", c.int_sort(), "a");
  addAssume(*p, p->proc(check).entry, p->proc(check).error, p->var(a).cur < 0);
  addAssume(*p, p->proc(check).entry, p->proc(check).exit, p->var(a).cur >= 0);
  ProcId main = p->addProcedureWithFrame("main");
  VarId x = p->addVariable(main, VarRole::Local, "main::x", c.int_sort(), "x");
  LocId l1 = p->addLocation(main, "l1"), l2 = p->addLocation(main, "l2");
  addNondet(*p, p->proc(main).entry, l1, x, c.bool_val(true), "__VERIFIER_nondet_int");
  addAssume(*p, l1, l2, guarded ? p->var(x).cur >= 0 : c.bool_val(true));
  p->addCall(l2, p->proc(main).exit, check, {p->var(x).cur}, {});
  p->setMain(main);
  return p;
}

/// sum(n) = n <= 0 ? 0 : n + sum(n - 1), recursive; main: n := nondet; r := sum(n); error if bad(n, r).
std::unique_ptr<Program> recursiveSum(bool unsafeQuery) {
  auto p = std::make_unique<Program>(std::make_shared<z3::context>());
  z3::context& c = p->ctx();
  ProcId sum = p->addProcedureWithFrame("sum");
  VarId n = p->addVariable(sum, VarRole::Param, "sum::n", c.int_sort(), "n");
  VarId r = p->addVariable(sum, VarRole::Result, "sum::r", c.int_sort(), "r");
  VarId t = p->addVariable(sum, VarRole::Local, "sum::t", c.int_sort(), "t");
  const Procedure& s = p->proc(sum);
  LocId rec = p->addLocation(sum, "rec"), back = p->addLocation(sum, "back");
  p->addTransition(s.entry, s.exit, p->var(n).cur <= 0 && p->var(r).next == 0, {r});
  addAssume(*p, s.entry, rec, p->var(n).cur > 0);
  p->addCall(rec, back, sum, {p->var(n).cur - 1}, {t});
  addAssign(*p, back, p->proc(sum).exit, {{r, p->var(n).cur + p->var(t).cur}});
  ProcId main = p->addProcedureWithFrame("main");
  VarId m = p->addVariable(main, VarRole::Local, "main::n", c.int_sort(), "n");
  VarId res = p->addVariable(main, VarRole::Local, "main::r", c.int_sort(), "r");
  LocId l1 = p->addLocation(main, "l1"), l2 = p->addLocation(main, "l2");
  addNondet(*p, p->proc(main).entry, l1, m, c.bool_val(true));
  p->addCall(l1, l2, sum, {p->var(m).cur}, {res});
  z3::expr bad = unsafeQuery ? (p->var(m).cur == 3 && p->var(res).cur == 6) : p->var(res).cur < p->var(m).cur;
  addAssume(*p, l2, p->proc(main).error, bad);
  p->setMain(main);
  return p;
}

/// A global counter incremented by a procedure twice; error if g == 2 (unsafe) or g != 2 (safe).
std::unique_ptr<Program> globalCounter(bool errorIfTwo) {
  auto p = std::make_unique<Program>(std::make_shared<z3::context>());
  z3::context& c = p->ctx();
  VarId g = p->addGlobal("g", c.int_sort(), "g");
  ProcId incg = p->addProcedureWithFrame("incg");
  addAssign(*p, p->proc(incg).entry, p->proc(incg).exit, {{g, p->var(g).cur + 1}});
  ProcId main = p->addProcedureWithFrame("main");
  LocId l1 = p->addLocation(main, "l1"), l2 = p->addLocation(main, "l2"), l3 = p->addLocation(main, "l3");
  addAssign(*p, p->proc(main).entry, l1, {{g, c.int_val(0)}});
  p->addCall(l1, l2, incg, {}, {});
  p->addCall(l2, l3, incg, {}, {});
  addAssume(*p, l3, p->proc(main).error, errorIfTwo ? p->var(g).cur == 2 : p->var(g).cur != 2);
  p->setMain(main);
  return p;
}

}  // namespace

TEST(ChcWriter, ProceduresWithResultsKeepTheirVerdict) {
  EXPECT_EQ(z3Answer(*counter(10), "counter-safe"), "sat");
  EXPECT_EQ(z3Answer(*counter(11), "counter-unsafe"), "unsat");
}

TEST(ChcWriter, ErrorsInsideCalleesPropagateOnlyWhenReached) {
  EXPECT_EQ(z3Answer(*errorInCallee(true), "callee-guarded"), "sat");
  EXPECT_EQ(z3Answer(*errorInCallee(false), "callee-unguarded"), "unsat");
}

TEST(ChcWriter, RecursionAndGlobals) {
  EXPECT_EQ(z3Answer(*recursiveSum(false), "sum-safe"), "sat");
  EXPECT_EQ(z3Answer(*recursiveSum(true), "sum-unsafe"), "unsat");
  EXPECT_EQ(z3Answer(*globalCounter(false), "globals-safe"), "sat");
  EXPECT_EQ(z3Answer(*globalCounter(true), "globals-unsafe"), "unsat");
}

TEST(ChcWriter, SingleProcedureWithUnsupportedEdge) {
  auto p = std::make_unique<Program>(std::make_shared<z3::context>());
  z3::context& c = p->ctx();
  ProcId main = p->addProcedureWithFrame("main");
  p->setMain(main);
  VarId x = p->addVariable(main, VarRole::Local, "main::x", c.int_sort(), "x");
  LocId l1 = p->addLocation(main, "l1");
  addAssign(*p, p->proc(main).entry, l1, {{x, c.int_val(1)}});
  addAssume(*p, l1, p->proc(main).error, p->var(x).cur == 2);
  EXPECT_EQ(z3Answer(*p, "single-safe"), "sat");
  EdgeId e = addAssume(*p, l1, p->proc(main).error, c.bool_val(true));
  p->mutableEdge(e).unsupported = "inline assembly";
  std::string text = chc::writeHorn(*p);
  EXPECT_NE(text.find("; unsupported feature (written as an error edge): inline assembly"), std::string::npos);
  EXPECT_EQ(z3Answer(*p, "single-unsupported"), "unsat");
}

TEST(ChcWriter, QuotesNamesThatNeedIt) {
  auto p = std::make_unique<Program>(std::make_shared<z3::context>());
  z3::context& c = p->ctx();
  ProcId main = p->addProcedureWithFrame("main");
  p->setMain(main);
  VarId odd = p->addVariable(main, VarRole::Local, "main::a|b\\c", c.int_sort(), "a");
  VarId bang = p->addVariable(main, VarRole::Local, "a!1", c.int_sort(), "a");
  LocId l1 = p->addLocation(main, "odd name|here");
  addAssign(*p, p->proc(main).entry, l1, {{odd, c.int_val(1)}, {bang, c.int_val(2)}});
  addAssume(*p, l1, p->proc(main).error, p->var(odd).cur + p->var(bang).cur == 4);
  std::string text = chc::writeHorn(*p);
  EXPECT_EQ(text.find("a|b"), std::string::npos);
  EXPECT_EQ(z3Answer(*p, "names"), "sat");
}

// Clauses over datatypes (mutually recursive ones, one with a field of another datatype, an uninterpreted
// sort) are written with their declarations: Z3 reads the translation and answers as on the original.
TEST(ChcWriter, DeclaresTheDatatypesAndSortsTheClausesUse) {
  const std::string clauses = R"((set-logic HORN)
(declare-sort U 0)
(declare-datatypes ((Tree 0) (Forest 0) (Box 0))
  (((leaf) (node (kids Forest)))
   ((none) (more (first Tree) (rest Forest)))
   ((box (item Tree) (tag U)))))
(declare-fun size (Tree Int) Bool)
(declare-fun boxed (Box) Bool)
(assert (size leaf 1))
(assert (forall ((t Tree) (n Int)) (=> (size t n) (size (node (more t none)) (+ n 1)))))
(assert (forall ((t Tree) (u U) (n Int)) (=> (size t n) (boxed (box t u)))))
(assert (forall ((b Box) (n Int)) (=> (and (boxed b) (size (item b) n) (= n 3)) false)))
(check-sat)
)";
  for (bool nonLinear : {false, true}) {
    std::string text = nonLinear ? clauses : clauses.substr(0, clauses.find("(assert (forall ((b Box)")) +
                                                 "(assert (forall ((t Tree)) (=> (size t 3) false)))\n(check-sat)\n";
    chc::ChcSystem sys = chc::readChcString(text, "datatypes.smt2");
    ASSERT_EQ(sys.unsolved, std::vector<std::string>{"uninterpreted sorts (declare-sort)"});
    std::string written = chc::writeHorn(*chc::toProgram(sys).program);
    EXPECT_NE(written.find("(declare-sort U 0)"), std::string::npos) << written;
    EXPECT_NE(written.find("(declare-datatypes ("), std::string::npos) << written;
    argus::testing::TestFolder dir;
    std::string original = dir.write("original.smt2", text), path = dir.write("written.smt2", written);
    EXPECT_NO_THROW(chc::toProgram(chc::readChcFile(path)));
    std::string answer = chctest::runZ3(original, 10);
    EXPECT_EQ(answer, "unsat");
    EXPECT_EQ(chctest::runZ3(path, 10), answer) << written;
  }
}
