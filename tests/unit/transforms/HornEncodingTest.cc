// The CHC view of a program (transforms/HornEncoding) and the checks of ir/Horn: clauses are in normal
// form; Spacer's model of a safe program passes checkModel and weakened models do not; an unsafe program
// has no model; derivations of its bugs replay (checkDerivation) and tampered ones do not; a derivation
// reads back as a trace of the right shape; too many paths from a cut point make a join a cut point.
#include <gtest/gtest.h>

#include <unordered_set>

#include "transforms/HornEncoding.h"
#include "transforms/HornTestSupport.h"

using namespace argus;
using namespace argus::testing;
using namespace argus::testing::hornsupport;
using transforms::HornEncoding;

namespace {

/// Normal form (ir/Horn.h): application args are distinct clause variables, each used once as an
/// argument per clause; predicate params occur in no clause; no variable is shared between clauses.
void expectNormalForm(const System& sys) {
  std::unordered_set<unsigned> params, elsewhere;
  for (auto& p : sys.preds)
    for (auto& f : p.params) EXPECT_TRUE(params.insert(f.id()).second) << p.name << " repeats a param";
  for (size_t i = 0; i < sys.clauses.size(); ++i) {
    const Clause& c = sys.clauses[i];
    std::unordered_set<unsigned> vars, asArg;
    for (auto& v : c.vars) {
      EXPECT_TRUE(vars.insert(v.id()).second) << c.origin;
      EXPECT_FALSE(params.count(v.id())) << c.origin << " uses a predicate param";
      EXPECT_TRUE(elsewhere.insert(v.id()).second) << c.origin << " shares variable " << v;
    }
    for (auto& f : smt::freeConstants(c.constraint)) EXPECT_TRUE(vars.count(f.id())) << c.origin << ": " << f;
    auto checkArgs = [&](PredId pred, const std::vector<z3::expr>& args) {
      ASSERT_EQ(args.size(), sys.preds[pred].arity()) << c.origin;
      for (auto& a : args) {
        EXPECT_TRUE(vars.count(a.id())) << c.origin << ": argument " << a << " is no clause variable";
        EXPECT_TRUE(asArg.insert(a.id()).second) << c.origin << ": argument " << a << " repeated";
      }
    };
    for (auto& app : c.body) checkArgs(app.pred, app.args);
    if (!c.isQuery()) checkArgs(c.head, c.headArgs);
  }
}

}  // namespace

TEST(HornEncoding, ClausesAreInNormalForm) {
  LoopCall lc;
  expectNormalForm(HornEncoding(lc.p).system());
  SumProgram sp(5, [](z3::expr n, z3::expr s) { return s < n; });
  expectNormalForm(HornEncoding(sp.p).system());
  UnsafeCall uc;
  HornEncoding enc(uc.p);
  expectNormalForm(enc.system());
  // No cut point at the call: the path through it has just inc's summary in its body.
  EXPECT_TRUE(enc.system().isLinear());
  EXPECT_EQ(1, std::count_if(enc.system().clauses.begin(), enc.system().clauses.end(),
                             [](const Clause& c) { return c.isQuery(); }));
}

TEST(HornEncoding, SpacerModelOfASafeLoopWithACallChecksAndWeakenedModelsDoNot) {
  LoopCall lc;
  HornEncoding enc(lc.p);
  const System& sys = enc.system();
  auto model = spacerModel(sys);
  ASSERT_TRUE(model);
  EXPECT_EQ("", checkModel(sys, *model, 10000));

  Model weakHead = *model;  // the loop head claims nothing: the exit test can then fail
  weakHead.interp[predNamed(sys, "At_main_head")] = lc.c.bool_val(true);
  EXPECT_NE("", checkModel(sys, weakHead, 10000));

  Model noSum = *model;  // inc never returns: its own clause to the exit fails
  noSum.interp[predNamed(sys, "Sum_inc")] = lc.c.bool_val(false);
  std::string why = checkModel(sys, noSum, 10000);
  EXPECT_NE(why.find("inc: entry -> exit"), std::string::npos) << why;
}

TEST(HornEncoding, RecursiveSafeProgramHasACheckedModel) {
  SumProgram sp(5, [](z3::expr n, z3::expr s) { return s < n; });
  HornEncoding enc(sp.p);
  auto model = spacerModel(enc.system());
  ASSERT_TRUE(model);
  EXPECT_EQ("", checkModel(enc.system(), *model, 10000));
  Model weak = *model;
  weak.interp[predNamed(enc.system(), "Sum_sum")] = sp.c.bool_val(true);  // too weak for main's check
  EXPECT_NE("", checkModel(enc.system(), weak, 10000));
}

TEST(HornEncoding, UnsafeProgramHasNoModel) {
  UnsafeCall uc;
  z3::check_result r = z3::unknown;
  EXPECT_FALSE(spacerModel(HornEncoding(uc.p).system(), &r));
  EXPECT_EQ(z3::unsat, r);
  // A recursive bug: sum(n) == n holds for n = 0 and n = 1.
  SumProgram sp(5, [](z3::expr n, z3::expr s) { return s == n; });
  EXPECT_FALSE(spacerModel(HornEncoding(sp.p).system(), &r));
  EXPECT_EQ(z3::unsat, r);
}

TEST(HornEncoding, DerivationsReplayAndReadBackAsTraces) {
  UnsafeCall uc;
  HornEncoding enc(uc.p);
  const System& sys = enc.system();
  uint32_t incExit = clauseOf(sys, "Sum_inc", {});
  uint32_t incError = clauseOf(sys, "Err_inc", {});
  uint32_t mainError = clauseOf(sys, "Err_main", {"Sum_inc"});
  uint32_t callError = clauseOf(sys, "Err_main", {"Err_inc"});
  uint32_t query = clauseOf(sys, "false", {"Err_main"});

  // The error in main: x = 4, inc returns 5.
  auto afterReturn = solveShape(sys, {query, {{mainError, {{incExit, {}}}}}});
  ASSERT_TRUE(afterReturn);
  EXPECT_EQ("", checkDerivation(sys, *afterReturn, 10000));
  std::string why;
  auto t = enc.trace(*afterReturn, &why);
  ASSERT_TRUE(t) << why;
  using K = ir::TraceStep::Kind;
  std::vector<std::pair<K, ir::EdgeId>> expected{{K::Edge, uc.input}, {K::Call, uc.call}, {K::Edge, uc.incOk},
                                                 {K::Edge, uc.incRet}, {K::Return, uc.call}, {K::Edge, uc.toError}};
  ASSERT_EQ(expected.size(), t->steps.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(expected[i].first, t->steps[i].kind) << i;
    EXPECT_EQ(expected[i].second, t->steps[i].edge) << i;
  }

  // The error inside inc: x = 7; no Return.
  auto inCallee = solveShape(sys, {query, {{callError, {{incError, {}}}}}});
  ASSERT_TRUE(inCallee);
  EXPECT_EQ("", checkDerivation(sys, *inCallee, 10000));
  auto t2 = enc.trace(*inCallee, &why);
  ASSERT_TRUE(t2) << why;
  ASSERT_EQ(3u, t2->steps.size());
  EXPECT_EQ(K::Call, t2->steps[1].kind);
  EXPECT_EQ(uc.incBad, t2->steps[2].edge);
}

TEST(HornEncoding, TamperedDerivationsAreRejected) {
  UnsafeCall uc;
  HornEncoding enc(uc.p);
  const System& sys = enc.system();
  uint32_t incExit = clauseOf(sys, "Sum_inc", {});
  uint32_t mainError = clauseOf(sys, "Err_main", {"Sum_inc"});
  uint32_t query = clauseOf(sys, "false", {"Err_main"});
  auto d = solveShape(sys, {query, {{mainError, {{incExit, {}}}}}});
  ASSERT_TRUE(d);
  ASSERT_EQ("", checkDerivation(sys, *d, 0));

  // Every value of every node, changed one at a time: each change breaks a constraint or a link.
  size_t tampered = 0;
  for (size_t n = 0; n < d->nodes.size(); ++n)
    for (size_t v = 0; v < d->nodes[n].values.size(); ++v) {
      Derivation bad = *d;
      z3::expr& val = bad.nodes[n].values[v];
      if (!val.is_int()) continue;
      val = (val + 1000).simplify();
      ++tampered;
      EXPECT_NE("", checkDerivation(sys, bad, 0)) << "node " << n << " value " << v << " ("
                                                  << sys.clauses[d->nodes[n].clause].vars[v] << ")";
    }
  EXPECT_GE(tampered, 3u);
  Derivation misplaced = *d;  // the query's child derives Sum_inc instead of Err_main
  misplaced.nodes.back().children[0] = 0;
  EXPECT_NE("", checkDerivation(sys, misplaced, 0));
  EXPECT_FALSE(enc.trace(misplaced));
  Derivation noQuery = *d;  // the root must be the query
  noQuery.nodes.pop_back();
  EXPECT_NE("", checkDerivation(sys, noQuery, 0));
  EXPECT_FALSE(enc.trace(noQuery));
}

TEST(HornEncoding, ManyPathsMakeAJoinACutPoint) {
  Diamonds dm(6);  // 128 paths from the entry to exit or error without extra cut points
  HornEncoding enc(dm.p);
  const System& sys = enc.system();
  size_t fromEntry = 0, atPreds = 0;
  for (auto& c : sys.clauses) fromEntry += c.origin.rfind("main: entry ->", 0) == 0;
  for (auto& p : sys.preds) atPreds += p.name.rfind("At_", 0) == 0;
  EXPECT_LE(fromEntry, 32u);
  EXPECT_GE(atPreds, 1u);
  EXPECT_LT(sys.clauses.size(), 64u);
  auto model = spacerModel(sys);
  ASSERT_TRUE(model);
  EXPECT_EQ("", checkModel(sys, *model, 10000));
}

TEST(HornEncoding, APathThroughTwoCallsIsOneClauseAndReadsBackWithBothCalls) {
  // inc(a): error if a == 7, else return a + 1. main: x := nondet; y := inc(x); z := inc(y); error if
  // z == 10 (x = 7 fails in the first call, x = 6 in the second, x = 8 after both returned).
  Fixture fx;
  ir::ProcId inc = fx.p.addProcedureWithFrame("inc");
  ir::VarId a = fx.local(inc, "a", ir::VarRole::Param), r = fx.local(inc, "r", ir::VarRole::Result);
  ir::LocId mid = fx.loc("mid", inc);
  fx.assume(fx.p.proc(inc).entry, fx.p.proc(inc).error, fx.cur(a) == 7);
  ir::EdgeId incOk = fx.assume(fx.p.proc(inc).entry, mid, fx.cur(a) != 7);
  ir::EdgeId incRet = fx.assign(mid, fx.p.proc(inc).exit, r, fx.cur(a) + 1);
  ir::VarId x = fx.local("x"), y = fx.local("y"), z = fx.local("z");
  ir::LocId l1 = fx.loc("l1"), l2 = fx.loc("l2"), l3 = fx.loc("l3");
  ir::EdgeId input = fx.nondet(fx.entry, l1, x);
  ir::EdgeId first = fx.p.addCall(l1, l2, inc, {fx.cur(x)}, {y});
  ir::EdgeId second = fx.p.addCall(l2, l3, inc, {fx.cur(y)}, {z});
  ir::EdgeId toError = fx.assume(l3, fx.error, fx.cur(z) == 10);
  fx.assume(l3, fx.exit, fx.cur(z) != 10);

  HornEncoding enc(fx.p);
  const System& sys = enc.system();
  expectNormalForm(sys);
  EXPECT_FALSE(sys.isLinear());
  uint32_t incExit = clauseOf(sys, "Sum_inc", {});
  uint32_t mainError = clauseOf(sys, "Err_main", {"Sum_inc", "Sum_inc"});
  clauseOf(sys, "Err_main", {"Sum_inc", "Err_inc"});  // the second call fails (y = 7)
  clauseOf(sys, "Err_main", {"Err_inc"});             // the first call fails (x = 7)
  uint32_t query = clauseOf(sys, "false", {"Err_main"});
  auto d = solveShape(sys, {query, {{mainError, {{incExit, {}}, {incExit, {}}}}}});
  ASSERT_TRUE(d);
  EXPECT_EQ("", checkDerivation(sys, *d, 10000));
  std::string why;
  auto t = enc.trace(*d, &why);
  ASSERT_TRUE(t) << why;
  using K = ir::TraceStep::Kind;
  std::vector<std::pair<K, ir::EdgeId>> expected{
      {K::Edge, input}, {K::Call, first},  {K::Edge, incOk}, {K::Edge, incRet}, {K::Return, first},
      {K::Call, second}, {K::Edge, incOk}, {K::Edge, incRet}, {K::Return, second}, {K::Edge, toError}};
  ASSERT_EQ(expected.size(), t->steps.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(expected[i].first, t->steps[i].kind) << i;
    EXPECT_EQ(expected[i].second, t->steps[i].edge) << i;
  }
}
