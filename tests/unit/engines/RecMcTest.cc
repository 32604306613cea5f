// RecMC on Horn clauses read from SMT-LIB text: safe systems (linear, non-linear, recursive) give a model
// that every clause satisfies, unsafe ones a derivation of false that replays; each setting that turns a
// part of the algorithm off still answers; a tampered model or derivation is rejected by the checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <memory>

#include "engines/recmc/RecMc.h"
#include "frontend/chc/Reader.h"
#include "ir/Horn.h"
#include "smt/Qe.h"
#include "transforms/HornInlining.h"

using namespace argus;
using namespace argus::engines;

namespace {

/// The Horn view of a normalised CHC file (the same normal form; parameters are fresh constants).
ir::horn::System toHorn(const chc::ChcSystem& sys) {
  ir::horn::System out;
  out.ctx = sys.ctx;
  for (auto& p : sys.preds) {
    ir::horn::Predicate hp;
    hp.id = p.id;
    hp.name = p.name;
    for (unsigned i = 0; i < p.arity(); ++i)
      hp.params.push_back(sys.ctx->constant((p.name + "!p" + std::to_string(i)).c_str(), p.paramSort(i)));
    out.preds.push_back(hp);
  }
  for (auto& c : sys.clauses) {
    ir::horn::Clause hc{{}, ir::horn::kFalse, {}, c.constraint, c.vars, "line " + std::to_string(c.line)};
    for (auto& app : c.body) hc.body.push_back({app.pred, app.args});
    if (c.head) {
      hc.head = c.head->pred;
      hc.headArgs = c.head->args;
    }
    out.clauses.push_back(hc);
  }
  return out;
}

struct Outcome {
  Stats stats;
  recmc::Answer answer;
};

/// The Horn view of SMT-LIB text. Answers' terms live in the system's context: every system stays until
/// the end of the tests (never assigned over, which would free the old context before the old terms).
const ir::horn::System& keptHorn(const std::string& text) {
  chc::ChcSystem sys = chc::readChcString(text, "test.smt2");
  static std::deque<std::unique_ptr<ir::horn::System>> keep;
  keep.push_back(std::make_unique<ir::horn::System>(toHorn(sys)));
  return *keep.back();
}

/// recmc on `horn` with the given settings (the rest default).
recmc::Answer solveHorn(const ir::horn::System& horn, const std::map<std::string, std::string>& settings,
                        double timeout, Stats& stats) {
  OptionRegistry registry;
  engines::registerEngineOptions(registry);
  Options options(registry);
  for (auto& [k, v] : settings) options.set(k, v);
  Logger log(0);
  auto token = std::make_shared<ShutdownToken>();
  token->setTimeout(timeout);
  engines::RunContext ctx{options, log, stats, token, ""};
  return recmc::solve(horn, recmc::Settings::from(options), ctx);
}

std::unique_ptr<Outcome> solveText(const std::string& text, const std::map<std::string, std::string>& settings = {},
              double timeout = 20) {
  const ir::horn::System& horn = keptHorn(text);
  auto run = std::make_unique<Outcome>();
  run->answer = solveHorn(horn, settings, timeout, run->stats);
  if (run->answer.model) {
    EXPECT_EQ(ir::horn::checkModel(horn, *run->answer.model, 10000), "");
    // Tampered: every interpretation true fails the query clauses of a safe system.
    ir::horn::Model all = *run->answer.model;
    for (auto& i : all.interp) i = horn.ctx->bool_val(true);
    EXPECT_NE(ir::horn::checkModel(horn, all, 10000), "");
  }
  if (run->answer.derivation) {
    EXPECT_EQ(ir::horn::checkDerivation(horn, *run->answer.derivation, 10000), "");
    ir::horn::Derivation dropped = *run->answer.derivation;
    dropped.nodes.erase(dropped.nodes.begin());
    EXPECT_NE(ir::horn::checkDerivation(horn, dropped, 10000), "");
  }
  return run;
}

/// x := 0; while (*) x += 2; then the query x odd.   (sat)
const char* kEven = R"(
(set-logic HORN)
(declare-fun P (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int) (y Int)) (=> (and (P x) (= y (+ x 2))) (P y))))
(assert (forall ((x Int)) (=> (and (P x) (= (mod x 2) 1)) false)))
(check-sat)
)";

/// Two counters in lock step: the query x != y needs the invariant x = y.   (sat)
const char* kLockStep = R"(
(set-logic HORN)
(declare-fun P (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (P x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int)) (=> (and (P x y) (< x 100) (= x1 (+ x 1)) (= y1 (+ y 1))) (P x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (P x y) (not (= x y))) false)))
(check-sat)
)";

/// x counts to 5; the query asks for x = 5.   (unsat, derivation of depth 6)
const char* kCountToFive = R"(
(set-logic HORN)
(declare-fun P (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int) (y Int)) (=> (and (P x) (< x 5) (= y (+ x 1))) (P y))))
(assert (forall ((x Int)) (=> (and (P x) (= x 5)) false)))
(check-sat)
)";

/// McCarthy's 91 function as a recursive summary: f(n) = 91 for n <= 100.   (sat: no result below 91)
const char* kMc91 = R"(
(set-logic HORN)
(declare-fun f (Int Int) Bool)
(assert (forall ((n Int) (r Int)) (=> (and (> n 100) (= r (- n 10))) (f n r))))
(assert (forall ((n Int) (t Int) (r Int)) (=> (and (<= n 100) (f (+ n 11) t) (f t r)) (f n r))))
(assert (forall ((n Int) (r Int)) (=> (and (f n r) (<= n 101) (not (= r 91))) false)))
(check-sat)
)";

/// Fibonacci as non-linear clauses; fib(5) = 5 is derivable.   (unsat)
const char* kFib = R"(
(set-logic HORN)
(declare-fun fib (Int Int) Bool)
(assert (forall ((n Int)) (=> (and (>= n 0) (<= n 1)) (fib n n))))
(assert (forall ((n Int) (a Int) (b Int)) (=> (and (> n 1) (fib (- n 1) a) (fib (- n 2) b)) (fib n (+ a b)))))
(assert (forall ((r Int)) (=> (and (fib 5 r) (= r 5)) false)))
(check-sat)
)";

/// Fibonacci is never negative.   (sat, needs a summary fact r >= 0 over a non-linear clause)
const char* kFibNonNegative = R"(
(set-logic HORN)
(declare-fun fib (Int Int) Bool)
(assert (forall ((n Int)) (=> (and (>= n 0) (<= n 1)) (fib n n))))
(assert (forall ((n Int) (a Int) (b Int)) (=> (and (> n 1) (fib (- n 1) a) (fib (- n 2) b)) (fib n (+ a b)))))
(assert (forall ((n Int) (r Int)) (=> (and (fib n r) (< r 0)) false)))
(check-sat)
)";

/// i counts up while k counts down from n, without end; the query needs i + k = n, a relation of three
/// arguments.   (sat)
const char* kSumStaysConstant = R"(
(set-logic HORN)
(declare-fun P (Int Int Int Bool) Bool)
(assert (forall ((i Int) (k Int) (n Int) (b Bool)) (=> (and (= i 0) (= k n) b) (P i k n b))))
(assert (forall ((i Int) (k Int) (n Int) (b Bool) (i1 Int) (k1 Int))
  (=> (and (P i k n b) (= i1 (+ i 1)) (= k1 (- k 1))) (P i1 k1 n b))))
(assert (forall ((i Int) (k Int) (n Int) (b Bool)) (=> (and (P i k n b) (or (not b) (not (= (+ i k) n)))) false)))
(check-sat)
)";

void expectSafe(const std::unique_ptr<Outcome>& o) {
  const Outcome& r = *o;
  EXPECT_EQ(r.answer.kind, recmc::Answer::Kind::Safe) << r.answer.detail;
  EXPECT_TRUE(r.answer.model.has_value());
}
void expectUnsafe(const std::unique_ptr<Outcome>& o) {
  const Outcome& r = *o;
  EXPECT_EQ(r.answer.kind, recmc::Answer::Kind::Unsafe) << r.answer.detail;
  EXPECT_TRUE(r.answer.derivation.has_value());
}

}  // namespace

TEST(RecMc, ProvesALinearLoopSafe) {
  expectSafe(solveText(kEven));
  expectSafe(solveText(kLockStep));
}

/// Over the reals: a tank fills by a rate r with 1/4 < r <= 3/4 per step (written as SMT-LIB writes
/// rationals) while a drain takes half of what came in, so the level l is half of the inflow f. With the
/// query `bad` over f and l.
std::string realTank(const std::string& bad) {
  return R"((set-logic HORN)
(declare-fun T (Real Real) Bool)
(assert (forall ((f Real) (l Real)) (=> (and (= f 0.0) (= l 0.0)) (T f l))))
(assert (forall ((f Real) (l Real) (r Real) (f1 Real) (l1 Real))
  (=> (and (T f l) (> r (/ 1.0 4.0)) (<= r (/ 3.0 4.0)) (= f1 (+ f r)) (= l1 (+ l (* (/ 1.0 2.0) r)))) (T f1 l1))))
(assert (forall ((f Real) (l Real)) (=> (and (T f l) )" + bad + R"() false)))
(check-sat)
)";
}

// Linear real arithmetic end to end: the answers are checked (solveText), and every projection is our own
// Loos–Weispfenning one — none falls back to Z3's, also with the coefficients written as divisions.
TEST(RecMc, RealArithmeticWithOwnProjection) {
  auto safe = solveText(realTank("(or (< l 0.0) (> l f))"));  // needs l = 1/2·f and f >= 0
  expectSafe(safe);
  auto bug = solveText(realTank("(> l (/ 1.0 2.0))"));  // two steps reach it, one does not
  expectUnsafe(bug);
  for (auto* r : {&safe, &bug}) {
    EXPECT_GT((*r)->stats.getInt("mbp.own"), 0);
    EXPECT_EQ((*r)->stats.getInt("mbp.z3_fallbacks"), 0);
  }
}

TEST(RecMc, FindsADeepDerivation) {
  auto r = solveText(kCountToFive);
  expectUnsafe(r);
  ASSERT_TRUE(r->answer.derivation.has_value());
  EXPECT_GE(r->answer.derivation->nodes.size(), 7u);  // six steps of P and the query
  EXPECT_GE(r->stats.getInt("recmc.bound"), 5);
}

TEST(RecMc, ProvesARecursiveSummary) {
  auto r = solveText(kMc91, {}, 60);
  expectSafe(r);
  EXPECT_GT(r->stats.getInt("recmc.summary_facts"), 0);
}

TEST(RecMc, NonLinearClauses) {
  auto bug = solveText(kFib);
  expectUnsafe(bug);
  expectSafe(solveText(kFibNonNegative));
}

TEST(RecMc, EveryOptionalPartCanBeTurnedOff) {
  for (const char* key : {"recmc.drop_literals", "recmc.relative_induction", "recmc.reuse_reach_facts", "recmc.seeds",
                          "recmc.weaken_equalities"}) {
    SCOPED_TRACE(key);
    expectSafe(solveText(kLockStep, {{key, "false"}}));
    expectUnsafe(solveText(kCountToFive, {{key, "false"}}));
  }
}

TEST(RecMc, SeedsFromSampledFactsProveARelationAtTheFirstBound) {
  // The affine hull of the samples has i + k - n = 0 and b = 1; Houdini keeps both; the query is blocked
  // by them at once. (The model is checked clause by clause in solveText.)
  // (A generous budget: a loaded machine must not make this test about time.)
  auto seeded = solveText(kSumStaysConstant, {{"recmc.seed_seconds", "60"}});
  expectSafe(seeded);
  EXPECT_GE(seeded->stats.getInt("recmc.seeds"), 2);
  EXPECT_LE(seeded->stats.getInt("recmc.bound"), 1);
  // Without them the relation has to be found from blocked cubes, which takes more bounds.
  auto unseeded = solveText(kSumStaysConstant, {{"recmc.seeds", "false"}});
  expectSafe(unseeded);
  EXPECT_EQ(unseeded->stats.getInt("recmc.seeds"), 0);
  EXPECT_GT(unseeded->stats.getInt("recmc.bound"), seeded->stats.getInt("recmc.bound"));
}

/// A step function (one clause, not recursive) used by a loop, Lustre style: inc(x, y) is y = x + 2.
const std::string kStepFunctionLoop = R"(
(set-logic HORN)
(declare-fun inc (Int Int) Bool)
(declare-fun P (Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (= y (+ x 2)) (inc x y))))
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int) (y Int)) (=> (and (P x) (inc x y)) (P y))))
)";
/// The query x odd: never.   (sat)
const std::string kStepFunction =
    kStepFunctionLoop + "(assert (forall ((x Int)) (=> (and (P x) (= (mod x 2) 1)) false)))\n(check-sat)\n";
/// The query x = 6: derivable through the step function.   (unsat)
const std::string kStepFunctionBug = kStepFunctionLoop + "(assert (forall ((x Int)) (=> (and (P x) (= x 6)) false)))\n(check-sat)\n";

TEST(RecMc, InlinedStepFunctionsComeBackInTheModelAndTheDerivation) {
  for (bool safe : {true, false}) {
    SCOPED_TRACE(safe ? "safe" : "unsafe");
    const ir::horn::System& original = keptHorn(safe ? kStepFunction : kStepFunctionBug);
    transforms::HornInlining inlining(original);
    EXPECT_EQ(inlining.inlinedPredicates(), 1u);
    EXPECT_EQ(inlining.system().clauses.size(), original.clauses.size() - 1);
    for (auto& c : inlining.system().clauses)
      for (auto& a : c.body) EXPECT_NE(original.preds[a.pred].name, "inc");
    Stats stats;
    recmc::Answer answer = solveHorn(inlining.system(), {}, 20, stats);
    if (safe) {
      ASSERT_TRUE(answer.model.has_value()) << answer.detail;
      std::optional<ir::horn::Model> model = inlining.model(*answer.model, 5);
      EXPECT_EQ(ir::horn::checkModel(original, *model, 10000), "");
      // inc gets the image of its clause: exactly y = x + 2.
      z3::context& z = *original.ctx;
      EXPECT_TRUE(z3::eq(original.instantiate(0, model->interp[0], {z.int_val(1), z.int_val(3)}).simplify(), z.bool_val(true)));
      EXPECT_TRUE(z3::eq(original.instantiate(0, model->interp[0], {z.int_val(1), z.int_val(4)}).simplify(), z.bool_val(false)));
    } else {
      ASSERT_TRUE(answer.derivation.has_value()) << answer.detail;
      ir::horn::Derivation d = inlining.derivation(*answer.derivation);
      EXPECT_GT(d.nodes.size(), answer.derivation->nodes.size());  // the inc instances are back
      EXPECT_EQ(ir::horn::checkDerivation(original, d, 10000), "");
    }
  }
}

// An inlined predicate whose image keeps an array quantifier after Z3's QE (∃t, j. b = store(t, j, 0) ∧
// t[i] > a[i]) gets that quantified image in the model, which Z3 checks against the original clauses; it
// used to leave the whole answer without a model (unknown).
TEST(RecMc, AnInlinedImageThatKeepsAQuantifierIsStillAModel) {
  const ir::horn::System& original = keptHorn(R"((set-logic HORN)
(declare-fun mk ((Array Int Int) (Array Int Int) Int) Bool)
(declare-fun inv ((Array Int Int) Int) Bool)
(assert (forall ((a (Array Int Int)) (b (Array Int Int)) (t (Array Int Int)) (i Int) (j Int))
  (=> (and (= b (store t j 0)) (> (select t i) (select a i))) (mk a b i))))
(assert (forall ((a (Array Int Int)) (b (Array Int Int)) (i Int)) (=> (and (mk a b i) (>= (select a i) 0)) (inv b i))))
(assert (forall ((b (Array Int Int)) (i Int)) (=> (and (inv b i) (< (select b i) 0)) false)))
(check-sat)
)");
  transforms::HornInlining inlining(original);
  ASSERT_GE(inlining.inlinedPredicates(), 1u);
  Stats stats;
  recmc::Answer answer = solveHorn(inlining.system(), {}, 20, stats);
  ASSERT_TRUE(answer.model.has_value()) << answer.detail;
  ir::horn::Model model = inlining.model(*answer.model, 5);
  EXPECT_TRUE(std::any_of(model.interp.begin(), model.interp.end(), [](const z3::expr& e) { return smt::hasQuantifier(e); }));
  EXPECT_EQ(ir::horn::checkModel(original, model, 10000), "");
  ir::horn::Model tampered = model;  // inv true everywhere: the query clause fails
  tampered.interp[1] = original.ctx->bool_val(true);
  EXPECT_NE(ir::horn::checkModel(original, tampered, 10000), "");
}

TEST(RecMc, AMaximalBoundEndsTheSearch) {
  auto r = solveText(kCountToFive, {{"recmc.max_bound", "2"}});
  EXPECT_EQ(r->answer.kind, recmc::Answer::Kind::Unknown);
  EXPECT_EQ(r->answer.reason, ir::UnknownReason::BoundReached);
}

/// x starts at 0 and counts up; the query asks for x = -5.   (sat: x >= 0, or just x > -5)
const char* kNeverNegativeFive = R"(
(set-logic HORN)
(declare-fun P (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int) (y Int)) (=> (and (P x) (= y (+ x 1))) (P y))))
(assert (forall ((x Int)) (=> (and (P x) (= x (- 5))) false)))
(check-sat)
)";

TEST(RecMc, WeakenedEqualitiesBlockAHalfLineInsteadOfAPoint) {
  // The blocked cube is the point x = -5; dropping literals cannot widen a single literal, so without
  // weakening the first bounds block one point each (-5, then -6 below it, ...) until a projection
  // happens to give an inequality. Weakened to x <= -5, the fact x > -5 is inductive at the first bound.
  // (Seeds off: they would find x >= 0 by themselves.)
  auto weakened = solveText(kNeverNegativeFive, {{"recmc.seeds", "false"}});
  expectSafe(weakened);
  EXPECT_GE(weakened->stats.getInt("recmc.weakened_equalities"), 1);
  EXPECT_LE(weakened->stats.getInt("recmc.bound"), 1);
  auto pointwise = solveText(kNeverNegativeFive, {{"recmc.seeds", "false"}, {"recmc.weaken_equalities", "false"}});
  expectSafe(pointwise);
  EXPECT_GT(pointwise->stats.getInt("recmc.bound"), weakened->stats.getInt("recmc.bound"));
  EXPECT_GT(pointwise->stats.getInt("recmc.summary_facts"), weakened->stats.getInt("recmc.summary_facts"));
}
