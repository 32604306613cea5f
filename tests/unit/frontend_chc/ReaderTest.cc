// The CHC reader: the normal form of clauses in their various input shapes, and the one-line errors it
// reports (file, line, what) for input it does not accept.
#include <gtest/gtest.h>

#include "frontend/chc/Reader.h"
#include "frontend/chc/ToProgram.h"
#include "smt/Solver.h"
#include "smt/Terms.h"
#include "util/Error.h"

using namespace argus;
using namespace argus::chc;

namespace {

ChcSystem read(const std::string& text) { return readChcString(text, "in.smt2"); }

const std::string kDecls = "(set-logic HORN)\n(declare-fun P (Int) Bool)\n(declare-fun Q (Int Int) Bool)\n";

/// The error the reader reports for `text`, or "" if it accepts it.
std::pair<int, std::string> errorOf(const std::string& text) {
  try {
    read(text);
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "in.smt2");
    return {e.line(), e.what()};
  }
  return {-1, ""};
}

void expectError(const std::string& text, int line, const std::string& fragment) {
  auto [l, what] = errorOf(text);
  EXPECT_EQ(l, line) << what;
  EXPECT_NE(what.find(fragment), std::string::npos) << "message: " << what;
  EXPECT_EQ(what.find('\n'), std::string::npos) << "not one line: " << what;
}

/// The clause's arguments are distinct variables of the clause.
void expectNormalForm(const Clause& c) {
  std::vector<z3::expr> args;
  for (auto& app : c.body) args.insert(args.end(), app.args.begin(), app.args.end());
  if (c.head) args.insert(args.end(), c.head->args.begin(), c.head->args.end());
  for (size_t i = 0; i < args.size(); ++i) {
    EXPECT_TRUE(std::any_of(c.vars.begin(), c.vars.end(), [&](const z3::expr& v) { return z3::eq(v, args[i]); }));
    for (size_t j = 0; j < i; ++j) EXPECT_FALSE(z3::eq(args[i], args[j])) << "argument repeated";
  }
}

/// The constraint of a clause with every variable named in `values` fixed is satisfiable.
bool allows(const ChcSystem& sys, const Clause& c, const std::vector<std::pair<z3::expr, int>>& values) {
  std::vector<z3::expr> facts{c.constraint};
  for (auto& [v, n] : values) facts.push_back(v == sys.ctx->int_val(n));
  return smt::checkSat(*sys.ctx, facts) == smt::SatResult::Sat;
}

}  // namespace

TEST(ChcReader, ReadsImplicationsFactsAndQueries) {
  ChcSystem sys = read(kDecls +
                       "(assert (forall ((x Int)) (=> (= x 0) (P x))))\n"
                       "(assert (forall ((x Int) (y Int)) (=> (and (P x) (= y (+ x 1))) (P y))))\n"
                       "(assert (forall ((x Int)) (=> (and (P x) (< x 0)) false)))\n(check-sat)\n");
  ASSERT_EQ(sys.preds.size(), 2u);
  EXPECT_EQ(sys.preds[1].name, "Q");  // declared, unused, still a predicate
  ASSERT_EQ(sys.clauses.size(), 3u);
  EXPECT_TRUE(sys.clauses[0].isFact());
  EXPECT_EQ(sys.clauses[0].line, 4);
  EXPECT_EQ(sys.clauses[1].body.size(), 1u);
  ASSERT_TRUE(sys.clauses[1].head);
  EXPECT_TRUE(sys.clauses[2].isQuery());
  EXPECT_TRUE(sys.isLinear());
  for (auto& c : sys.clauses) expectNormalForm(c);
}

TEST(ChcReader, NormalisesTermsAndRepeatedVariablesInArguments) {
  ChcSystem sys = read(kDecls + "(assert (P 5))\n"
                                "(assert (forall ((x Int)) (=> (Q x x) (P (+ x 1)))))\n(check-sat)\n");
  ASSERT_EQ(sys.clauses.size(), 2u);
  const Clause& fact = sys.clauses[0];
  ASSERT_TRUE(fact.head);
  expectNormalForm(fact);
  EXPECT_TRUE(allows(sys, fact, {{fact.head->args[0], 5}}));
  EXPECT_FALSE(allows(sys, fact, {{fact.head->args[0], 4}}));
  const Clause& step = sys.clauses[1];
  expectNormalForm(step);
  z3::expr a = step.body[0].args[0], b = step.body[0].args[1], h = step.head->args[0];
  EXPECT_TRUE(allows(sys, step, {{a, 2}, {b, 2}, {h, 3}}));
  EXPECT_FALSE(allows(sys, step, {{a, 2}, {b, 3}, {h, 3}}));  // Q(x, x): both arguments equal
  EXPECT_FALSE(allows(sys, step, {{a, 2}, {b, 2}, {h, 2}}));
}

TEST(ChcReader, SortsLiteralsByPolarity) {
  ChcSystem sys = read(kDecls +
                       "(assert (forall ((x Int)) (not (and (P x) (> x 0)))))\n"
                       "(assert (forall ((x Int)) (or (not (P x)) (Q x 1))))\n"
                       "(assert (forall ((x Int)) (=> (P x) (and (Q x 2) (> x 3)))))\n"
                       "(assert (forall ((x Int)) (=> (exists ((y Int)) (and (P y) (= x (+ y 1)))) (P x))))\n"
                       "(assert (not (exists ((x Int)) (and (P x) (Q x x)))))\n(check-sat)\n");
  ASSERT_EQ(sys.clauses.size(), 6u);
  EXPECT_TRUE(sys.clauses[0].isQuery());
  EXPECT_EQ(sys.clauses[0].body.size(), 1u);
  EXPECT_EQ(sys.clauses[1].body.size(), 1u);
  EXPECT_EQ(sys.clauses[1].head->pred, 1u);
  // (=> P (and Q (> x 3))) is two clauses from one assert.
  EXPECT_EQ(sys.clauses[2].head->pred, 1u);
  EXPECT_TRUE(sys.clauses[3].isQuery());
  EXPECT_EQ(sys.clauses[3].assertion, sys.clauses[2].assertion);
  EXPECT_EQ(sys.clauses[4].body.size(), 1u);
  EXPECT_EQ(sys.clauses[4].head->pred, 0u);
  EXPECT_TRUE(sys.clauses[5].isQuery());
  EXPECT_EQ(sys.clauses[5].body.size(), 2u);
  EXPECT_FALSE(sys.isLinear());
  for (auto& c : sys.clauses) expectNormalForm(c);
}

TEST(ChcReader, ClauseVariablesStayApartFromNullaryPredicatesNamedLikeThem) {
  // The reader names the clause variable b b!N. An input may declare a nullary predicate of that name: it
  // must not become the variable (here it would turn this unsat query into one that false satisfies). The
  // next N is read off a probe, and every name the reader could take next is declared.
  z3::context probeContext;
  std::string probe = smt::freshConst(probeContext, "b", probeContext.bool_sort()).decl().name().str();
  ASSERT_EQ(probe.rfind("b!", 0), 0u) << probe;
  unsigned long next = std::stoul(probe.substr(2)) + 1;
  std::string text = "(set-logic HORN)\n";
  for (unsigned long n = next; n < next + 64; ++n) text += "(declare-fun b!" + std::to_string(n) + " () Bool)\n";
  ChcSystem sys = read(text + "(assert (forall ((b Bool)) (=> b false)))\n(check-sat)\n");
  EXPECT_EQ(sys.preds.size(), 64u);
  ASSERT_EQ(sys.clauses.size(), 1u);
  const Clause& query = sys.clauses[0];
  EXPECT_TRUE(query.isQuery());
  EXPECT_TRUE(query.body.empty()) << "the variable b was read as the predicate " << query.body[0].pred;
  ASSERT_EQ(query.vars.size(), 1u);
  EXPECT_EQ(smt::checkSat(*sys.ctx, {query.constraint, query.vars[0]}), smt::SatResult::Sat);
  EXPECT_EQ(smt::checkSat(*sys.ctx, {query.constraint, !query.vars[0]}), smt::SatResult::Unsat);
}

TEST(ChcReader, AcceptsBoolRealBitVectorArraySortsAndNullaryPredicates) {
  ChcSystem sys = read(
      "(set-logic HORN)\n(declare-fun I ((Array Int Int) (_ BitVec 8) Bool Real) Bool)\n(declare-fun Done () Bool)\n"
      "(assert (forall ((a (Array Int Int)) (b (_ BitVec 8)) (c Bool) (r Real))\n"
      "  (=> (and (= (select a 0) 1) (= b #x01) c (= r 0.5)) (I a b c r))))\n"
      "(assert (forall ((a (Array Int Int)) (b (_ BitVec 8)) (c Bool) (r Real))\n"
      "  (=> (and (I a b c r) (bvult b #x10)) (I (store a 0 (+ (select a 0) 1)) (bvadd b #x01) (not c) (+ r 1.0)))))\n"
      "(assert (forall ((a (Array Int Int)) (b (_ BitVec 8)) (c Bool) (r Real)) (=> (and (I a b c r) (< r 0.0)) Done)))\n"
      "(assert (=> Done false))\n(check-sat)\n");
  EXPECT_EQ(sys.preds.size(), 2u);
  EXPECT_EQ(sys.preds[1].arity(), 0u);
  EXPECT_EQ(sys.clauses.size(), 4u);
  ChcProgram prog = toProgram(sys);
  EXPECT_TRUE(prog.encoding.linear);
}

TEST(ChcReader, BuildsLinearAndProcedureProgramsThatValidate) {
  ChcSystem lin = read(kDecls + "(assert (forall ((x Int)) (=> (= x 0) (P x))))\n"
                                "(assert (forall ((x Int) (z Int)) (=> (and (P x) (> z x)) (Q x z))))\n"
                                "(assert (forall ((x Int) (y Int)) (=> (and (Q x y) (< y 0)) false)))\n(check-sat)\n");
  ChcProgram lp = toProgram(lin);
  ASSERT_TRUE(lp.encoding.linear);
  EXPECT_EQ(lp.program->numProcs(), 1u);
  EXPECT_EQ(lp.program->origin().language, ir::Language::Chc);
  // P's argument and Q's first argument share the variable of position 0.
  EXPECT_EQ(lp.encoding.predVars[0][0], lp.encoding.predVars[1][0]);
  const ir::Edge& step = lp.program->edge(lp.encoding.clauseEdge[1]);
  EXPECT_EQ(step.from, lp.encoding.predLoc[0]);
  EXPECT_EQ(step.to, lp.encoding.predLoc[1]);
  EXPECT_EQ(step.aux.size(), 0u);
  EXPECT_TRUE(lp.program->isErrorLoc(lp.program->edge(lp.encoding.clauseEdge[2]).to));

  ChcSystem non = read(kDecls + "(assert (forall ((x Int)) (=> (= x 0) (P x))))\n"
                                "(assert (forall ((x Int) (y Int) (z Int)) (=> (and (P x) (P y) (= z (+ x y 7))) (Q x z))))\n"
                                "(assert (forall ((x Int) (y Int)) (=> (and (Q x y) (< y 0)) false)))\n(check-sat)\n");
  ChcProgram np = toProgram(non);
  ASSERT_FALSE(np.encoding.linear);
  EXPECT_EQ(np.program->numProcs(), 3u);  // P, Q, main
  EXPECT_EQ(np.program->proc(np.encoding.predProc[1]).results.size(), 2u);
  int calls = 0;
  for (auto& e : np.program->edges()) calls += e.isCall();
  EXPECT_EQ(calls, 3);  // two in Q's clause, one in the query
}

TEST(ChcReader, ReportsSyntaxErrorsWithTheirLine) {
  expectError(kDecls + "(assert (forall ((x Int)) (=> (P x)\n", 4, "never closed");
  expectError(kDecls + "(assert (forall ((x Int)) (=> (P x) (R x))))\n(check-sat)\n", 4, "unknown constant R");
  expectError(kDecls + "(assert (P |x))\n", 4, "unterminated");
  expectError(kDecls + "(check-sat))\n", 4, "unbalanced");
  expectError(kDecls + "(assert (P 1)) \x01\n(check-sat)", 4, "control character");
}

TEST(ChcReader, RejectsWhatItDoesNotSupport) {
  expectError("(set-logic QF_LIA)\n(check-sat)\n", 1, "unsupported logic QF_LIA");
  expectError(kDecls + "(assert (forall ((x Int)) (=> (P x) (or (P (+ x 1)) (Q x x)))))\n(check-sat)\n", 4,
              "not a Horn clause");
  expectError(kDecls + "(declare-fun f (Int) Int)\n(check-sat)\n", 4, "uninterpreted function f");
  expectError(kDecls + "(declare-const c Int)\n(assert (P c))\n(check-sat)\n", 4, "uninterpreted constant c");
  expectError(kDecls + "(assert (P 1))\n", 4, "missing (check-sat)");
  expectError(kDecls + "(check-sat)\n(assert (P 1))\n", 5, "after (check-sat)");
  expectError(kDecls + "(push 1)\n(check-sat)\n", 4, "unsupported command (push");
  expectError(kDecls + "(declare-fun P (Bool) Bool)\n(check-sat)\n", 4, "declared twice");
  expectError(kDecls + "(assert (forall ((x Int)) (=> (and (P x) (forall ((y Int)) (> y x))) false)))\n(check-sat)\n",
              4, "quantifier inside");
  expectError(kDecls + "(assert (forall ((x Int)) (=> (and (P x) (= (P x) (> x 0))) false)))\n(check-sat)\n", 4,
              "inside an interpreted operator");
}

// Datatypes are read and solved when their fields are of solved sorts (recursive ones included); sorts no
// engine solves (uninterpreted, String, a datatype with such a field) are read too (CHC-COMP wants an answer
// line, not an input error), the constructs noted once each in `unsolved`; a declaration alone, unused by the
// clauses, is no obstacle.
TEST(ChcReader, ReadsDatatypesAndNotesUnsolvedSorts) {
  const std::string list = "(set-logic HORN)\n(declare-datatypes ((L 0)) (((cons (hd Int) (tl L)) (nil))))\n";
  ChcSystem sys = read(list + "(declare-fun len (L Int) Bool)\n"
                              "(assert (forall ((n Int)) (=> (= n 0) (len nil n))))\n"
                              "(assert (forall ((l L) (x Int) (n Int)) (=> (len l n) (len (cons x l) (+ n 1)))))\n"
                              "(assert (forall ((l L) (n Int)) (=> (and (len l n) (< n 0)) false)))\n(check-sat)\n");
  EXPECT_EQ(sys.preds.size(), 1u);
  EXPECT_EQ(sys.clauses.size(), 3u);
  for (auto& c : sys.clauses) expectNormalForm(c);
  EXPECT_TRUE(sys.unsolved.empty());

  // A field of an uninterpreted sort, met only through a mutually recursive datatype inside a constraint.
  const std::string boxed = "(set-logic HORN)\n(declare-sort U 0)\n"
                            "(declare-datatypes ((T 0) (B 0)) (((leaf) (node (kid B))) ((box (item T) (tag U)))))\n";
  ChcSystem inner = read(boxed + "(declare-fun P (Int) Bool)\n"
                                 "(assert (forall ((x Int) (t T)) (=> (and (= t leaf) (= x 1)) (P x))))\n(check-sat)\n");
  EXPECT_EQ(inner.unsolved, std::vector<std::string>{"uninterpreted sorts (declare-sort)"});
  EXPECT_NE(inner.unsolvedSummary().find("does not solve uninterpreted sorts"), std::string::npos);

  ChcSystem unused = read(boxed + "(declare-fun P (Int) Bool)\n(assert (forall ((x Int)) (=> (= x 0) (P x))))\n(check-sat)\n");
  EXPECT_TRUE(unused.unsolved.empty());

  ChcSystem sorts = read("(set-logic HORN)\n(declare-sort U 0)\n(declare-fun P (U String) Bool)\n(check-sat)\n");
  EXPECT_EQ(sorts.unsolved, (std::vector<std::string>{"uninterpreted sorts (declare-sort)", "the sort String"}));
  EXPECT_TRUE(read(kDecls + "(check-sat)\n").unsolved.empty());
}

// The portfolio's choice for clauses over the reals: a Real argument, a Real clause variable only, or an
// array holding reals count; Int, Bool and bit-vector systems do not.
TEST(ChcReader, TellsSystemsOverTheRealsApart) {
  EXPECT_FALSE(read(kDecls + "(assert (forall ((x Int)) (=> (= x 0) (P x))))\n(check-sat)\n").usesReals());
  EXPECT_TRUE(read("(set-logic HORN)\n(declare-fun R (Real) Bool)\n(check-sat)\n").usesReals());
  EXPECT_TRUE(read(kDecls + "(assert (forall ((x Int) (r Real)) (=> (and (= x 0) (> r 0.5)) (P x))))\n(check-sat)\n")
                  .usesReals());
  EXPECT_TRUE(read("(set-logic HORN)\n(declare-fun A ((Array Int Real)) Bool)\n(check-sat)\n").usesReals());
  EXPECT_FALSE(read("(set-logic HORN)\n(declare-fun B ((Array Int (_ BitVec 8)) Bool) Bool)\n(check-sat)\n").usesReals());
}

TEST(ChcReader, RejectsFormulasNestedTooDeeply) {
  std::string deep;
  for (int i = 0; i < 5000; ++i) deep += "(not ";
  deep += "(P 1)";
  for (int i = 0; i < 5000; ++i) deep += ")";
  expectError(kDecls + "(assert " + deep + ")\n(check-sat)\n", 4, "nested more than");
}

TEST(ChcReader, IgnoresInformationalCommandsAndWhatFollowsExit) {
  ChcSystem sys = read("(set-info :status sat)\n(set-option :produce-models true)\n" + kDecls +
                       "(assert (P 1))\n(check-sat)\n(get-model)\n(exit)\n(this is not read");
  EXPECT_EQ(sys.clauses.size(), 1u);
}
