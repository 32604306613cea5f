// certify/chc: models derived from certificates are checked against every original clause (correct ones
// accepted, tampered ones rejected); derivations read off traces replay (tampered ones rejected); and
// certifyChcResult turns engine results into sat/unsat only with checked evidence.
#include <gtest/gtest.h>

#include "ChcOracle.h"
#include "ChcTestUtil.h"
#include "certify/chc/ChcAnswer.h"
#include "certify/chc/DerivationCheck.h"
#include "certify/chc/ModelCheck.h"
#include "frontend/chc/Reader.h"
#include "smt/Solver.h"

using namespace argus;
using namespace argus::certify;

namespace {

/// x := 0; while (*) x += 2; then Q(x) and the query: Q(x) ∧ x odd → false.   (sat)
const char* kCounter = R"(
(set-logic HORN)
(declare-fun P (Int) Bool)
(declare-fun Q (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int) (y Int)) (=> (and (P x) (= y (+ x 2))) (P y))))
(assert (forall ((x Int)) (=> (P x) (Q x))))
(assert (forall ((x Int)) (=> (and (Q x) (= (mod x 2) 1)) false)))
(check-sat)
)";

/// A bounded loop: x counts from 0 to 3; the query asks for x > 5.   (sat, every derivation short)
const char* kBounded = R"(
(set-logic HORN)
(declare-fun P (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int)) (=> (and (P x) (< x 3)) (P (+ x 1)))))
(assert (forall ((x Int)) (=> (and (P x) (> x 5)) false)))
(check-sat)
)";

/// Fibonacci as non-linear clauses; fib(4) = 3, so the query fib(4, 3) is derivable.   (unsat)
const char* kFib = R"(
(set-logic HORN)
(declare-fun fib (Int Int) Bool)
(assert (forall ((n Int)) (=> (and (>= n 0) (<= n 1)) (fib n n))))
(assert (forall ((n Int) (a Int) (b Int)) (=> (and (> n 1) (fib (- n 1) a) (fib (- n 2) b)) (fib n (+ a b)))))
(assert (forall ((r Int)) (=> (and (fib 4 r) (= r 3)) false)))
(check-sat)
)";

/// Like extra-small-lia's s_disj_ite: 60 iterations, y follows x from the middle on.   (sat, bounded)
const char* kLongBounded = R"(
(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 30)) (inv x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int))
  (=> (and (inv x y) (< x 60) (= x1 (+ x 1)) (ite (<= x1 30) (= y1 y) (= y1 (+ y 1)))) (inv x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (= x 60) (not (= y 60))) false)))
(check-sat)
)";

struct Loaded {
  chc::ChcSystem sys;
  chc::ChcProgram prog;
};
Loaded load(const std::string& text) {
  chc::ChcSystem sys = chc::readChcString(text, "test.smt2");
  chc::ChcProgram prog = chc::toProgram(sys);
  return {std::move(sys), std::move(prog)};
}
Loaded loadFile(const std::string& file) {
  chc::ChcSystem sys = chc::readChcFile(file);
  chc::ChcProgram prog = chc::toProgram(sys);
  return {std::move(sys), std::move(prog)};
}

/// Z3's model of the system; a test failure (and every interpretation false) if Z3 finds none.
chc::ChcModel z3ModelOf(const chc::ChcSystem& sys) {
  auto m = chctest::z3Model(sys, 5000);
  if (m) return *m;
  ADD_FAILURE() << "z3 finds no model";
  return chc::ChcModel::empty(sys);
}

chc::ChcModel allSetTo(const chc::ChcSystem& sys, bool value) {
  chc::ChcModel m = chc::ChcModel::empty(sys);
  for (auto& i : m.interp) i = sys.ctx->bool_val(value);
  return m;
}

}  // namespace

TEST(ChcModels, ModelsOfZ3OnBenchmarksAreAcceptedTamperedOnesRejected) {
  // Z3 finds no model of some small files at all, and a loaded CI machine slows it down: look at the
  // ten smallest files of each category, give Z3 three seconds each, and stop at four models per category.
  int checked = 0;
  for (std::string dir : {"LIA-Lin", "LIA-NonLin"}) {
    int inDir = 0;
    for (auto& f : chctest::smallestWithAnswer(dir, "sat", 10)) {
      if (inDir == 4) break;
      Loaded l = loadFile(f);
      auto z3m = chctest::z3Model(l.sys, 3000);
      if (!z3m) {
        std::cout << "z3 finds no model within 3 s: " << f << "\n";
        continue;
      }
      ++inDir;
      ModelOutcome built = chcModelFromCertificate(l.sys, l.prog, chctest::certificateOf(l.prog, *z3m));
      ASSERT_TRUE(built.model) << f << ": " << built.detail;
      CheckOutcome ok = checkChcModel(l.sys, *built.model, 10);
      EXPECT_TRUE(ok.accepted()) << f << ": " << ok.detail;
      EXPECT_FALSE(checkChcModel(l.sys, allSetTo(l.sys, false), 10).accepted()) << f << ": all-false passed";
      EXPECT_FALSE(checkChcModel(l.sys, allSetTo(l.sys, true), 10).accepted()) << f << ": all-true passed";
      ++checked;
    }
  }
  EXPECT_GE(checked, 6);
}

TEST(ChcModels, InterpretationMentioningAForeignConstantIsRejected) {
  Loaded l = load(kCounter);
  chc::ChcModel m = z3ModelOf(l.sys);
  EXPECT_TRUE(checkChcModel(l.sys, m, 10).accepted());
  m.interp[0] = m.interp[0] || l.sys.ctx->int_const("stray") == 1;
  CheckOutcome r = checkChcModel(l.sys, m, 10);
  EXPECT_FALSE(r.accepted());
  EXPECT_NE(r.detail.find("stray"), std::string::npos) << r.detail;
}

TEST(ChcModels, FormalsStayApartFromNullaryPredicatesNamedLikeThem) {
  // Formals are named x0, x1, ...: a nullary predicate x0 must not be the same term as P's Bool formal.
  Loaded l = load(R"(
(set-logic HORN)
(declare-fun x0 () Bool)
(declare-fun P (Bool) Bool)
(assert (forall ((b Bool)) (=> b (P b))))
(assert (forall ((b Bool)) (=> (and (P b) (not b)) x0)))
(assert (=> x0 false))
(check-sat)
)");
  chc::ChcModel m = chc::ChcModel::empty(l.sys);
  ASSERT_EQ(m.formals.at(1).size(), 1u);
  EXPECT_NE(m.formals[1][0].decl().id(), l.sys.preds[0].decl.id());
  m.interp[1] = m.formals[1][0];  // P(b) := b, x0 := false
  EXPECT_TRUE(checkChcModel(l.sys, m, 10).accepted());
  m.interp[1] = l.sys.ctx->bool_val(true);  // P(b) := true makes x0 hold, which x0 := false denies
  EXPECT_FALSE(checkChcModel(l.sys, m, 10).accepted());
}

TEST(ChcModels, PredicateWithoutInvariantGetsItsImage) {
  Loaded l = load(kCounter);
  ir::Certificate cert = chctest::certificateOf(l.prog, z3ModelOf(l.sys));
  cert.invariants.erase(l.prog.encoding.predLoc[1]);  // Q: not on a cycle
  ModelOutcome built = chcModelFromCertificate(l.sys, l.prog, cert);
  ASSERT_TRUE(built.model) << built.detail;
  EXPECT_TRUE(checkChcModel(l.sys, *built.model, 10).accepted());

  cert.invariants.erase(l.prog.encoding.predLoc[0]);  // P: its own loop, nothing to start from
  built = chcModelFromCertificate(l.sys, l.prog, cert);
  EXPECT_FALSE(built.model);
  EXPECT_NE(built.detail.find("cycle"), std::string::npos) << built.detail;
}

TEST(ChcModels, WrongInvariantIsRejected) {
  Loaded l = load(kCounter);
  ir::Certificate cert = chctest::certificateOf(l.prog, z3ModelOf(l.sys));
  const ir::Program& p = *l.prog.program;
  z3::expr x = p.var(l.prog.encoding.predVars[0][0]).cur;
  cert.invariants.at(l.prog.encoding.predLoc[0]) = x >= 0 && x <= 10;  // not inductive
  ModelOutcome built = chcModelFromCertificate(l.sys, l.prog, cert);
  ASSERT_TRUE(built.model);
  EXPECT_FALSE(checkChcModel(l.sys, *built.model, 10).accepted());
}

TEST(ChcModels, CompleteUnrollingGivesTheLeastFixpoint) {
  Loaded l = load(kBounded);
  ir::Certificate cert;
  cert.kind = ir::Certificate::Kind::CompleteUnrolling;
  cert.bound = 4;
  ModelOutcome built = chcModelFromCertificate(l.sys, l.prog, cert);
  ASSERT_TRUE(built.model) << built.detail;
  EXPECT_TRUE(checkChcModel(l.sys, *built.model, 10).accepted());
  // The least model is exact: P(3) holds, P(4) does not.
  z3::context& ctx = *l.sys.ctx;
  EXPECT_TRUE(smt::implies(ctx.bool_val(true), built.model->apply(0, {ctx.int_val(3)})));
  EXPECT_TRUE(smt::implies(built.model->apply(0, {ctx.int_val(4)}), ctx.bool_val(false)));
  // Unbounded derivations: no fixpoint.
  EXPECT_FALSE(chcModelByIteration(load(kCounter).sys, 8).model);
  // Sixty rounds: the iteration follows the frontier, so it stays fast.
  Loaded longer = load(kLongBounded);
  ModelOutcome sixty = chcModelByIteration(longer.sys, 100, 20);
  ASSERT_TRUE(sixty.model) << sixty.detail;
  EXPECT_TRUE(checkChcModel(longer.sys, *sixty.model, 10).accepted());
}

TEST(ChcDerivations, TracesOfLinearBenchmarksReplayTamperedOnesRejected) {
  int checked = 0;
  for (auto& f : chctest::smallestWithAnswer("LIA-Lin", "unsat", 5)) {
    Loaded l = loadFile(f);
    auto trace = chctest::bmcTrace(l.prog, 12);
    if (!trace) {
      std::cout << "no trace of at most 12 steps: " << f << "\n";
      continue;
    }
    DerivationOutcome d = chcDerivationFromTrace(l.sys, l.prog, *trace, 10);
    ASSERT_TRUE(d.derivation) << f << ": " << d.detail;
    CheckOutcome ok = checkChcDerivation(l.sys, *d.derivation, 10);
    EXPECT_TRUE(ok.accepted()) << f << ": " << ok.detail;
    ++checked;

    chc::ChcDerivation dropped = *d.derivation;
    dropped.steps.erase(dropped.steps.begin());
    EXPECT_FALSE(checkChcDerivation(l.sys, dropped, 10).accepted()) << f;
    // Change the value of the first step's first head argument: the next step no longer matches it.
    chc::ChcDerivation changed = *d.derivation;
    const chc::Clause& first = l.sys.clauses[changed.steps[0].clause];
    if (changed.steps.size() > 1 && first.head && !first.head->args.empty()) {
      for (size_t i = 0; i < first.vars.size(); ++i)
        if (z3::eq(first.vars[i], first.head->args[0])) {
          z3::expr& v = changed.steps[0].values[i];
          v = v.is_bool() ? (!v).simplify() : (v + 1).simplify();
        }
      EXPECT_FALSE(checkChcDerivation(l.sys, changed, 10).accepted()) << f;
    }
  }
  EXPECT_GE(checked, 3);
}

TEST(ChcDerivations, NonLinearTraceFollowsTheCallTree) {
  Loaded l = load(kFib);
  ASSERT_FALSE(l.prog.encoding.linear);
  // fib(4) from fib(3) = fib(2) + fib(1) and fib(2) = fib(1) + fib(0).
  chctest::Tree base{0, {}}, two{1, {base, base}}, three{1, {two, base}}, four{1, {three, two}};
  chctest::Tree query{2, {four}};
  ir::Trace trace = chctest::traceOfTree(l.prog, query);
  DerivationOutcome d = chcDerivationFromTrace(l.sys, l.prog, trace, 10);
  ASSERT_TRUE(d.derivation) << d.detail;
  EXPECT_TRUE(checkChcDerivation(l.sys, *d.derivation, 10).accepted());
  EXPECT_EQ(d.derivation->steps.size(), 10u);

  chc::ChcDerivation swapped = *d.derivation;
  std::swap(swapped.steps.back().premises, swapped.steps[swapped.steps.size() - 2].premises);
  EXPECT_FALSE(checkChcDerivation(l.sys, swapped, 10).accepted());

  // A tree too shallow for fib(4) = 3: the clause instances cannot be satisfied.
  chctest::Tree wrong{2, {chctest::Tree{1, {two, base}}}};
  DerivationOutcome none = chcDerivationFromTrace(l.sys, l.prog, chctest::traceOfTree(l.prog, wrong), 10);
  EXPECT_FALSE(none.derivation);
  // A trace cut short is no derivation.
  ir::Trace cut = trace;
  cut.steps.pop_back();
  EXPECT_FALSE(chcDerivationFromTrace(l.sys, l.prog, cut, 10).derivation);
}

TEST(ChcAnswers, ResultsBecomeAnswersOnlyWithCheckedEvidence) {
  ChcCertifyOptions options;
  options.iterationRounds = 8;
  options.iterationSeconds = 1;
  Loaded counter = load(kCounter);
  ir::Certificate good = chctest::certificateOf(counter.prog, z3ModelOf(counter.sys));
  ChcAnswer sat = certifyChcResult(counter.sys, counter.prog, ir::Result::safe(good), options);
  EXPECT_EQ(sat.status, ChcStatus::Sat) << sat.detail;
  ASSERT_TRUE(sat.model);

  ir::Certificate bad = good;
  for (auto& [loc, inv] : bad.invariants) inv = counter.sys.ctx->bool_val(true);
  ChcAnswer rejected = certifyChcResult(counter.sys, counter.prog, ir::Result::safe(bad), options);
  EXPECT_EQ(rejected.status, ChcStatus::Unknown);

  Loaded fib = load(kFib);
  ir::Certificate empty;
  empty.context = fib.sys.ctx;
  ChcAnswer wrongSafe = certifyChcResult(fib.sys, fib.prog, ir::Result::safe(empty), options);
  EXPECT_EQ(wrongSafe.status, ChcStatus::Unknown) << wrongSafe.detail;

  chctest::Tree base{0, {}}, two{1, {base, base}}, three{1, {two, base}}, four{1, {three, two}};
  ir::Trace trace = chctest::traceOfTree(fib.prog, chctest::Tree{2, {four}});
  ChcAnswer unsat = certifyChcResult(fib.sys, fib.prog, ir::Result::unsafe(trace), options);
  EXPECT_EQ(unsat.status, ChcStatus::Unsat) << unsat.detail;
  ASSERT_TRUE(unsat.derivation);

  ChcAnswer wrongUnsafe = certifyChcResult(counter.sys, counter.prog, ir::Result::unsafe(ir::Trace{}), options);
  EXPECT_EQ(wrongUnsafe.status, ChcStatus::Unknown);

  ChcAnswer unknown = certifyChcResult(fib.sys, fib.prog, ir::Result::unknown(ir::UnknownReason::Timeout, "t"), options);
  EXPECT_EQ(unknown.status, ChcStatus::Unknown);
}

// A bounded-execution certificate's model is the least-fixpoint iteration itself: when that finds no
// fixpoint, the answer is unknown after one iteration, not after the same iteration run again.
TEST(ChcAnswers, ABoundedCertificateIsIteratedOnce) {
  ChcCertifyOptions options;
  options.iterationRounds = 4;
  options.iterationSeconds = 5;
  Loaded counter = load(kCounter);  // counts up by 2 forever: no finite iteration reaches the fixpoint
  ir::Certificate bounded;
  bounded.context = counter.sys.ctx;
  bounded.kind = ir::Certificate::Kind::CompleteUnrolling;
  bounded.bound = 1;
  ChcAnswer a = certifyChcResult(counter.sys, counter.prog, ir::Result::safe(bounded), options);
  EXPECT_EQ(a.status, ChcStatus::Unknown);
  size_t first = a.detail.find("no fixpoint");
  ASSERT_NE(first, std::string::npos) << a.detail;
  EXPECT_EQ(a.detail.find("no fixpoint", first + 1), std::string::npos) << a.detail;
}

TEST(ChcAnswers, EvidenceInAnotherContextIsTranslatedInlinedEvidenceGivesNoModel) {
  ChcCertifyOptions options;
  options.iterationRounds = 8;
  options.iterationSeconds = 1;
  auto other = std::make_shared<z3::context>();  // first: outlives every expression in it
  Loaded counter = load(kCounter);
  ir::Certificate cert = chctest::certificateOf(counter.prog, z3ModelOf(counter.sys));
  cert.context = other;
  for (auto& [loc, inv] : cert.invariants) inv = z3::to_expr(*other, Z3_translate(inv.ctx(), inv, *other));
  ChcAnswer sat = certifyChcResult(counter.sys, counter.prog, ir::Result::safe(cert), options);
  EXPECT_EQ(sat.status, ChcStatus::Sat) << sat.detail;
  EXPECT_EQ(sat.rejection, "");

  // In calling contexts, the invariants describe no predicate: no model from them (and no rejection);
  // the unbounded counter has no finite fixpoint either, so the answer is unknown.
  ir::Certificate inlined = chctest::certificateOf(counter.prog, z3ModelOf(counter.sys));
  inlined.form = ir::Certificate::Form::Inlined;
  for (auto& [loc, inv] : inlined.invariants) inlined.inlined.emplace(ir::ContextLoc{{}, loc}, inv);
  inlined.invariants.clear();
  ChcAnswer unknown = certifyChcResult(counter.sys, counter.prog, ir::Result::safe(inlined), options);
  EXPECT_EQ(unknown.status, ChcStatus::Unknown);
  EXPECT_NE(unknown.detail.find("calling contexts"), std::string::npos) << unknown.detail;
  EXPECT_EQ(unknown.rejection, "");
}

TEST(ChcAnswers, ARefutedCertificateIsReportedEvenWhenTheAnswerStands) {
  // The bounded loop has a least fixpoint of its own, so `sat` stands; but the engine's model (x <= 1,
  // not inductive) was refuted, and the answer says so.
  ChcCertifyOptions options;
  Loaded bounded = load(kBounded);
  ir::Certificate wrong = chctest::certificateOf(bounded.prog, z3ModelOf(bounded.sys));
  for (auto& [loc, inv] : wrong.invariants) inv = bounded.prog.program->var(bounded.prog.encoding.predVars[0][0]).cur <= 1;
  ChcAnswer answer = certifyChcResult(bounded.sys, bounded.prog, ir::Result::safe(wrong), options);
  EXPECT_EQ(answer.status, ChcStatus::Sat) << answer.detail;
  EXPECT_NE(answer.rejection.find("does not hold"), std::string::npos) << answer.rejection;
  // Claimed 2-inductive, it is strengthened to a 1-inductive one first; x <= 1 is not 2-inductive
  // either, so that model is refuted too, and said.
  wrong.k = 2;
  ChcAnswer kInductive = certifyChcResult(bounded.sys, bounded.prog, ir::Result::safe(wrong), options);
  EXPECT_EQ(kInductive.status, ChcStatus::Sat) << kInductive.detail;
  EXPECT_NE(kInductive.rejection.find("does not hold"), std::string::npos) << kInductive.rejection;
}

/// a and b swap each step from a = b = 0; the query asks for a < 0. `a >= 0` is 2-inductive (a's value
/// two steps on is its own) but not inductive (b is unconstrained); the counter is unbounded, so no
/// least fixpoint comes out of the iteration.   (sat)
const char* kSwap = R"(
(set-logic HORN)
(declare-fun P (Int Int Int) Bool)
(assert (forall ((a Int) (b Int) (n Int)) (=> (and (= a 0) (= b 0) (= n 0)) (P a b n))))
(assert (forall ((a Int) (b Int) (n Int)) (=> (P a b n) (P b a (+ n 1)))))
(assert (forall ((a Int) (b Int) (n Int)) (=> (and (P a b n) (< a 0)) false)))
(check-sat)
)";

TEST(ChcAnswers, AKInductiveCertificateIsStrengthenedIntoAModel) {
  ChcCertifyOptions options;
  options.iterationRounds = 8;
  options.iterationSeconds = 5;
  Loaded swap = load(kSwap);
  const ir::Program& p = *swap.prog.program;
  z3::expr a = p.var(swap.prog.encoding.predVars[0][0]).cur;
  ir::Certificate cert;
  cert.context = swap.sys.ctx;
  cert.invariants.emplace(swap.prog.encoding.predLoc[0], a >= 0);
  cert.k = 2;
  ChcAnswer sat = certifyChcResult(swap.sys, swap.prog, ir::Result::safe(cert), options);
  EXPECT_EQ(sat.status, ChcStatus::Sat) << sat.detail;
  EXPECT_EQ(sat.rejection, "");
  ASSERT_TRUE(sat.model);
  // The model says more than the certificate: b >= 0 as well.
  z3::context& ctx = *swap.sys.ctx;
  EXPECT_TRUE(smt::implies(sat.model->apply(0, {ctx.int_val(0), ctx.int_val(-1), ctx.int_val(0)}), ctx.bool_val(false)));

  // As a 1-inductive certificate, `a >= 0` is refuted; nothing else gives a model.
  cert.k = 1;
  ChcAnswer refuted = certifyChcResult(swap.sys, swap.prog, ir::Result::safe(cert), options);
  EXPECT_EQ(refuted.status, ChcStatus::Unknown) << refuted.detail;
  EXPECT_NE(refuted.rejection, "");
}
