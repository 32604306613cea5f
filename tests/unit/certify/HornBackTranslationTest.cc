// Back-translation of the CHC view's answers (transforms/HornEncoding) judged by certify: Spacer's model
// of a safe program becomes a modular certificate that the invariant checker accepts (loops, calls,
// globals, recursion, cut joins), a weakened model's certificate is rejected; a derivation of a bug
// becomes a trace that the trace checker accepts (error after a return, error inside the callee).
#include <gtest/gtest.h>

#include "certify/Certify.h"
#include "transforms/HornEncoding.h"
#include "transforms/HornTestSupport.h"

using namespace argus;
using namespace argus::testing;
using namespace argus::testing::hornsupport;
using transforms::HornEncoding;

namespace {

/// Solves the program's view with Spacer, checks the model, and returns certify's judgement of the
/// certificate of `adjust(model)`.
template <typename Adjust>
certify::CheckOutcome certifyModel(const ir::Program& p, Adjust adjust) {
  HornEncoding enc(p);
  auto model = spacerModel(enc.system());
  if (!model) return certify::CheckOutcome::undecided("spacer found no model");
  EXPECT_EQ("", checkModel(enc.system(), *model, 10000));
  adjust(enc.system(), *model);
  ir::Certificate cert = enc.certificate(*model);
  EXPECT_EQ(&p.ctx(), cert.context.get());
  return certify::checkCertificate(p, cert, {});
}

certify::CheckOutcome certifyModel(const ir::Program& p) {
  return certifyModel(p, [](const System&, Model&) {});
}

}  // namespace

TEST(HornBackTranslation, CertificateOfALoopAroundACallIsAccepted) {
  LoopCall lc;
  auto out = certifyModel(lc.p);
  EXPECT_TRUE(out.accepted()) << out.detail;
}

TEST(HornBackTranslation, CertificateOfAWeakenedModelIsRejected) {
  LoopCall lc;
  auto weakHead = certifyModel(lc.p, [&](const System& sys, Model& m) {
    m.interp[predNamed(sys, "At_main_head")] = lc.c.bool_val(true);
  });
  EXPECT_TRUE(weakHead.refuted()) << weakHead.detail;
  auto noSum = certifyModel(lc.p, [&](const System& sys, Model& m) {
    m.interp[predNamed(sys, "Sum_inc")] = lc.c.bool_val(false);
  });
  EXPECT_TRUE(noSum.refuted()) << noSum.detail;
  auto errEverywhere = certifyModel(lc.p, [&](const System& sys, Model& m) {
    m.interp[predNamed(sys, "Err_main")] = lc.c.bool_val(true);  // main's precondition becomes false
  });
  EXPECT_TRUE(errEverywhere.refuted()) << errEverywhere.detail;
}

TEST(HornBackTranslation, CertificatesOfOtherSafeProgramsAreAccepted) {
  SumProgram recursive(5, [](z3::expr n, z3::expr s) { return s < n; });
  auto out = certifyModel(recursive.p);
  EXPECT_TRUE(out.accepted()) << "recursion: " << out.detail;
  GlobalProgram globals([](z3::expr g) { return g != 2; });
  out = certifyModel(globals.p);
  EXPECT_TRUE(out.accepted()) << "globals: " << out.detail;
  BoundedLoop loop(10);
  out = certifyModel(loop.p);
  EXPECT_TRUE(out.accepted()) << "loop: " << out.detail;
  Diamonds joins(6);
  out = certifyModel(joins.p);
  EXPECT_TRUE(out.accepted()) << "cut joins: " << out.detail;
  CallProgram call([](z3::expr x, z3::expr y) { return y != x + 1; });
  out = certifyModel(call.p);
  EXPECT_TRUE(out.accepted()) << "call: " << out.detail;
}

TEST(HornBackTranslation, TracesOfDerivationsAreAccepted) {
  UnsafeCall uc;
  HornEncoding enc(uc.p);
  const System& sys = enc.system();
  uint32_t query = clauseOf(sys, "false", {"Err_main"});
  uint32_t mainError = clauseOf(sys, "Err_main", {"Sum_inc"});
  uint32_t callError = clauseOf(sys, "Err_main", {"Err_inc"});
  Shape afterReturn{query, {{mainError, {{clauseOf(sys, "Sum_inc", {}), {}}}}}};
  Shape inCallee{query, {{callError, {{clauseOf(sys, "Err_inc", {}), {}}}}}};
  for (const Shape* shape : {&afterReturn, &inCallee}) {
    auto d = solveShape(sys, *shape);
    ASSERT_TRUE(d);
    ASSERT_EQ("", checkDerivation(sys, *d, 10000));
    std::string why;
    auto t = enc.trace(*d, &why);
    ASSERT_TRUE(t) << why;
    auto out = certify::checkTrace(uc.p, *t, {});
    EXPECT_TRUE(out.accepted()) << out.detail;
  }
}

TEST(HornBackTranslation, TraceThroughARecursiveBugIsAccepted) {
  // sum(n) == n for n = 1: main's error after sum(1) = 1 + sum(0) returns.
  SumProgram sp(5, [](z3::expr n, z3::expr s) { return s == n && n > 0; });
  HornEncoding enc(sp.p);
  const System& sys = enc.system();
  uint32_t base = clauseOf(sys, "Sum_sum", {}, "entry -> exit");
  uint32_t recurse = clauseOf(sys, "Sum_sum", {"Sum_sum"});
  uint32_t mainError = clauseOf(sys, "Err_main", {"Sum_sum"});
  uint32_t query = clauseOf(sys, "false", {"Err_main"});
  auto d = solveShape(sys, {query, {{mainError, {{recurse, {{base, {}}}}}}}});
  ASSERT_TRUE(d);
  ASSERT_EQ("", checkDerivation(sys, *d, 10000));
  std::string why;
  auto t = enc.trace(*d, &why);
  ASSERT_TRUE(t) << why;
  auto out = certify::checkTrace(sp.p, *t, {});
  EXPECT_TRUE(out.accepted()) << out.detail;
}

TEST(HornBackTranslation, CalleeErrorsAreExcludedByThePrecondition) {
  // f(a) { i := 0; while (i < 3) { if (a == 7) error; i := i + 1 } }; main: x := nondet; if (x != 7) f(x).
  // f's loop invariant need not exclude a = 7: the certificate's ¬Err_f(old) conjunct does.
  Fixture fx;
  ir::ProcId f = fx.p.addProcedureWithFrame("f");
  ir::VarId a = fx.local(f, "a", ir::VarRole::Param), i = fx.local(f, "i");
  ir::LocId head = fx.loc("head", f), body = fx.loc("body", f), step = fx.loc("step", f);
  fx.assign(fx.p.proc(f).entry, head, i, fx.num(0));
  fx.branch(head, fx.cur(i) < 3, body, fx.p.proc(f).exit);
  fx.branch(body, fx.cur(a) == 7, fx.p.proc(f).error, step);
  fx.assign(step, head, i, fx.cur(i) + 1);
  ir::VarId x = fx.local("x");
  ir::LocId l1 = fx.loc("l1"), l2 = fx.loc("l2");
  fx.nondet(fx.entry, l1, x);
  fx.assume(l1, l2, fx.cur(x) != 7);
  fx.p.addCall(l2, fx.exit, f, {fx.cur(x)}, {});
  auto out = certifyModel(fx.p);
  EXPECT_TRUE(out.accepted()) << out.detail;
}

TEST(HornBackTranslation, IrreducibleLoopThroughTheEntryIsCut) {
  // entry -> A (x >= 0) or B (x >= 1); A <-> B (x := x + 1, an irreducible loop); B -> entry when x > 100
  // (x := x - 100); A -> error if x `bad`; B -> exit.  The entry is re-entered: it gets its own At.
  auto build = [](Fixture& fx, auto bad) {
    ir::VarId x = fx.local("x");
    ir::LocId A = fx.loc("A"), B = fx.loc("B");
    fx.assume(fx.entry, A, fx.cur(x) >= 0);
    fx.assume(fx.entry, B, fx.cur(x) >= 1);
    fx.assign(A, B, x, fx.cur(x) + 1);
    fx.assign(B, A, x, fx.cur(x) + 1);
    ir::addAssign(fx.p, B, fx.entry, {{x, fx.cur(x) - 100}});
    fx.p.mutableEdge(fx.p.loc(B).out.back()).formula =
        fx.p.edge(fx.p.loc(B).out.back()).formula && fx.cur(x) > 100;
    fx.assume(A, fx.error, bad(fx.cur(x)));
    fx.assume(B, fx.exit, fx.c.bool_val(true));
  };
  Fixture safe;
  build(safe, [](z3::expr x) { return x < 0; });
  auto out = certifyModel(safe.p);
  EXPECT_TRUE(out.accepted()) << out.detail;
  HornEncoding enc(safe.p);
  const auto& preds = enc.system().preds;
  EXPECT_EQ(1, std::count_if(preds.begin(), preds.end(),
                             [](const Predicate& p) { return p.name.rfind("At_main_entry", 0) == 0; }));
  Fixture unsafe;
  build(unsafe, [](z3::expr x) { return x == 150; });
  z3::check_result r = z3::unknown;
  EXPECT_FALSE(spacerModel(HornEncoding(unsafe.p).system(), &r));
  EXPECT_EQ(z3::unsat, r);
}
