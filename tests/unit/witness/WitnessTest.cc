// The witness module: positions in source text, C expressions to and from the int encoding, loop starts
// from the front end, and the witnesses of hand-made evidence validated (or not) by argus itself, in
// format 2.0 (2.1 with function contracts) and in GraphML.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "certify/Blocks.h"
#include "certify/Certify.h"
#include "frontend/c/CFrontend.h"
#include "ir/Definitions.h"
#include "ir/Queries.h"
#include "smt/Terms.h"
#include "testing/TestFolder.h"
#include "util/Error.h"
#include "util/Logger.h"
#include "util/Stats.h"
#include "witness/CExpression.h"
#include "witness/SourceText.h"
#include "witness/Validate.h"
#include "witness/Witness.h"

using namespace argus;
using namespace argus::witness;

namespace {

const char* const kCounter = R"(extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  unsigned int u = __VERIFIER_nondet_uint();
  int i = 0;
  int s = 0;
  if (n > 1000) return 0;
  while (i < n) {
    i++;
    s += 2;
  }
  if (s != 2 * i) reach_error();
  if (u == 4000000000u && n == 7) reach_error();
  return 0;
}
)";

struct Translated {
  argus::testing::TestFolder folder{"argus-witness-test"};
  std::string file;
  std::unique_ptr<ir::Program> program;
};

std::unique_ptr<Translated> translate(const std::string& code) {
  auto t = std::make_unique<Translated>();
  t->file = t->folder.write("task.c", code);
  Logger log(-1);
  Stats stats;
  t->program = frontend::translateC(frontend::plainTask(t->file, "reach_error", false), {}, log, stats);
  return t;
}

ir::LocId loopHeadOnLine(const ir::Program& p, int line) {
  for (const ir::Location& l : p.locs())
    if (l.loopStart.line == line) return l.id;
  return ir::kNone;
}

ir::LocId onlyLoopHead(const ir::Program& p) {
  ir::LocId head = ir::kNone;
  for (const ir::Location& l : p.locs())
    if (l.loopStart.known()) {
      EXPECT_EQ(head, ir::kNone) << "two loop heads";
      head = l.id;
    }
  return head;
}

const ir::Variable& bySourceName(const ir::Program& p, const std::string& name, ir::LocId at) {
  SourceScope scope(p, p.loc(at).proc);
  auto id = scope.variableOf(at, name);
  if (!id) throw std::runtime_error("no variable " + name);
  return p.var(*id);
}

/// toC's text of `formula`, read back by fromC, means `formula` again for all values of `vars` in the
/// signed range of 32 bits (the int encoding keeps every variable there, unsigned ones as their signed
/// reading). Returns the text ("" when toC gave none).
std::string expectRoundTrip(const z3::expr& formula, const std::vector<z3::expr>& vars, const SourceScope& scope,
                            ir::LocId head) {
  auto text = toC(formula, scope, head);
  EXPECT_TRUE(text) << formula;
  if (!text) return "";
  z3::expr back = fromC(*text, scope, head, "test");
  z3::solver solver(formula.ctx());
  for (const z3::expr& v : vars)
    solver.add(v >= formula.ctx().int_val(INT32_MIN) && v <= formula.ctx().int_val(INT32_MAX));
  solver.add(formula != back);
  EXPECT_EQ(solver.check(), z3::unsat) << *text << "\n read back as " << back;
  return *text;
}

/// The names at the head of the loop on line `line` of `main`, whose body is `body` (line 1: its first).
struct LoopScope {
  std::unique_ptr<Translated> translated;
  ir::LocId head = ir::kNone;
  std::unique_ptr<SourceScope> scope;
  std::optional<ir::VarId> variableOf(const std::string& name) const { return scope->variableOf(head, name); }
};
LoopScope scopeAtLoop(const std::string& body, int line) {
  LoopScope out;
  out.translated = translate("extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n"
                             "int main(void) {\n" + body + "}\n");
  const ir::Program& p = *out.translated->program;
  out.head = loopHeadOnLine(p, line + 3);
  if (out.head == ir::kNone) throw std::runtime_error("no loop at line " + std::to_string(line));
  out.scope = std::make_unique<SourceScope>(p, p.loc(out.head).proc);
  return out;
}

}  // namespace

// The C names of IR variables follow the program's debug records: what a C variable holds where a loop
// invariant is written must be the value C has there, or a validator refutes the witness.

TEST(SourceScope, AVariableGivenAConstantIsNoLongerNamedByItsEarlierValue) {
  // Straight on, and in a branch whose block holds only the record of `x = 0` (x is not read again): the
  // front end's CFG cleanup bypasses that block, and what its record said must not be lost with it.
  for (const char* assignment : {"x = 0;", "if (__VERIFIER_nondet_int()) { x = 0; }"}) {
    LoopScope at = scopeAtLoop(fmt::format(R"(  int x = __VERIFIER_nondet_int();
  int y = x;
  {}
  int s = 0;
  while (s < y) s++;
  if (s < y) reach_error();
  return 0;
)", assignment), 5);
    EXPECT_FALSE(at.variableOf("x")) << assignment << ": C's x is not (only) the input y holds";
    auto y = at.variableOf("y");
    ASSERT_TRUE(y) << assignment;
    EXPECT_EQ(at.scope->nameOf(at.head, *y), "y");
    EXPECT_TRUE(at.variableOf("s"));
  }
}

TEST(SourceScope, ACopyNamesTheValueUnderTheNameOfTheCopy) {
  LoopScope at = scopeAtLoop(R"(  int i = 0;
  while (__VERIFIER_nondet_int()) i++;
  int n = i;
  int j = 0;
  while (j < n) { i--; j++; }
  if (i != 0 && n > 0 && j != n) reach_error();
  return 0;
)", 5);
  auto n = at.variableOf("n"), i = at.variableOf("i");
  ASSERT_TRUE(n) << "n holds the value i had after the first loop";
  ASSERT_TRUE(i);
  EXPECT_NE(*n, *i) << "i changes in the loop, n does not";
  EXPECT_EQ(at.scope->nameOf(at.head, *n), "n");
}

TEST(SourceScope, ACopyLosesTheNameWhenTheValueItCopiedIsReplaced) {
  LoopScope at = scopeAtLoop(R"(  int i = 0;
  int t = -1;
  while (__VERIFIER_nondet_int()) { t = i; i = i + 1; }
  while (__VERIFIER_nondet_int()) { }
  if (i < 0) reach_error();
  return 0;
)", 4);
  auto t = at.variableOf("t"), i = at.variableOf("i");
  ASSERT_TRUE(i);
  EXPECT_TRUE(!t || *t != *i) << "after the first loop t is i - 1 (or -1), not i";
}

TEST(SourceScope, AParameterKeepsItsNameWhereTheFunctionDoesNotChangeIt) {
  auto t = translate(R"(extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int count(int n, int m) {
  int i = 0;
  m = 0;
  while (i < n) i++;
  return i + m;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n >= 0 && count(n, 1) != n) reach_error();
  return 0;
}
)");
  const ir::Program& p = *t->program;
  ir::LocId head = loopHeadOnLine(p, 6);
  ASSERT_NE(head, ir::kNone);
  SourceScope scope(p, p.loc(head).proc);
  auto n = scope.variableOf(head, "n");
  ASSERT_TRUE(n);
  EXPECT_EQ(p.var(*n).role, ir::VarRole::Param);
  EXPECT_FALSE(scope.variableOf(head, "m")) << "m is 0 there, not the argument";
}

TEST(SourceScope, ANameDeclaredInTwoScopesIsNeverUsed) {
  LoopScope at = scopeAtLoop(R"(  int x = __VERIFIER_nondet_int();
  int s = 0;
  if (x > 0) { int x = 5; s = x; }
  while (s < x) s++;
  if (s < x) reach_error();
  return 0;
)", 4);
  EXPECT_FALSE(at.variableOf("x"));
  EXPECT_TRUE(at.variableOf("s"));
}

TEST(SourceText, FindsTheClosingParenthesisOfACall) {
  SourceText text(std::vector<std::string>{"  int x = __VERIFIER_nondet_int();", "  f (g(1),", "     2) + 1;"});
  auto end = text.closingParenthesis(1, 11);
  ASSERT_TRUE(end);
  EXPECT_EQ(*end, std::make_pair(1, 33));
  end = text.closingParenthesis(2, 3);
  ASSERT_TRUE(end);
  EXPECT_EQ(*end, std::make_pair(3, 7));
  EXPECT_FALSE(text.closingParenthesis(1, 7)) << "'x = ...' is no call";
  EXPECT_FALSE(text.closingParenthesis(9, 1));
}

TEST(LoopStart, TheFrontEndMarksTheLoopStatement) {
  auto t = translate(kCounter);
  ir::LocId head = onlyLoopHead(*t->program);
  ASSERT_NE(head, ir::kNone);
  const ir::SourceLoc& start = t->program->loc(head).loopStart;
  EXPECT_EQ(start.line, 10);
  EXPECT_EQ(start.column, 3);  // the `while` keyword
  EXPECT_TRUE(sameFile(start.file, t->file));
}

TEST(CExpression, RoundTripsLinearFormulasOverSourceVariables) {
  auto t = translate(kCounter);
  const ir::Program& p = *t->program;
  ir::LocId head = onlyLoopHead(p);
  SourceScope scope(p, p.loc(head).proc);
  z3::expr i = bySourceName(p, "i", head).cur, s = bySourceName(p, "s", head).cur, n = bySourceName(p, "n", head).cur;
  z3::expr u = bySourceName(p, "u", head).cur;
  z3::expr formula = s == 2 * i && (i <= n || n < 0) && !(i < -3) && u <= 5;
  std::string text = expectRoundTrip(formula, {i, s, n, u}, scope, head);
  EXPECT_NE(text.find("(long long)i"), std::string::npos) << text;
  // div and mod by a positive literal: C rounds towards zero, SMT-LIB rounds down, so the text must mean
  // the formula for negative values too.
  expectRoundTrip(z3::mod(i, 2) == 0 && i / 3 <= n && z3::mod(n - i, 7) != 3, {i, n}, scope, head);
  // And the reader's C meaning of / and %: -7 / 2 is -3 and -7 % 2 is -1.
  z3::solver c(p.ctx());
  c.add(i == -7);
  c.add(!fromC("(long long)i / 2LL == -3LL && (long long)i % 2LL == -1LL", scope, head, "test"));
  EXPECT_EQ(c.check(), z3::unsat);
}

// What the writer spells out for C (an unsigned variable's value as the encoding keeps it, SMT-LIB's
// rounding of div and mod) is read back as the term it came from, not as case splits a solver must undo:
// a contract of unsigned arithmetic read back with them was beyond the solver (sum_non_eq-2).
TEST(CExpression, ReadsTheWritersShapesBackAsTheTermsTheyCameFrom) {
  auto t = translate(kCounter);
  const ir::Program& p = *t->program;
  ir::LocId head = onlyLoopHead(p);
  SourceScope scope(p, p.loc(head).proc);
  z3::expr i = bySourceName(p, "i", head).cur, u = bySourceName(p, "u", head).cur;
  z3::expr formula = z3::mod(u + i, p.ctx().int_val(int64_t{4294967296})) <= u && (u - z3::mod(u, 7)) / 7 >= i;
  auto text = toC(formula, scope, head);
  ASSERT_TRUE(text) << formula;
  z3::expr back = fromC(*text, scope, head, "test");
  bool split = false;
  smt::forEachSubterm(back, [&](const z3::expr& e) { split |= e.is_app() && e.decl().decl_kind() == Z3_OP_ITE; });
  EXPECT_FALSE(split) << *text << "\n read back as " << back;
  z3::solver solver(p.ctx());
  solver.add(back != formula);
  EXPECT_EQ(solver.check(), z3::unsat) << *text << "\n read back as " << back;
  // The same shapes written by hand over other terms keep their C meaning.
  z3::solver c(p.ctx());
  c.add(i == -7);
  c.add(!fromC("((((long long)i % 2LL) + 3LL) % 2LL) == 0LL", scope, head, "test"));
  EXPECT_EQ(c.check(), z3::unsat);
}

TEST(CExpression, LeavesOutWhatCCannotSay) {
  auto t = translate(kCounter);
  const ir::Program& p = *t->program;
  ir::LocId head = onlyLoopHead(p);
  SourceScope scope(p, p.loc(head).proc);
  z3::context& ctx = p.ctx();
  z3::expr i = bySourceName(p, "i", head).cur;
  z3::expr stray = ctx.int_const("stray");
  EXPECT_FALSE(toC(i == stray, scope, head)) << "a constant that is no variable in scope";
  EXPECT_FALSE(toC(i / bySourceName(p, "s", head).cur == 1, scope, head)) << "division by a variable";
  EXPECT_FALSE(toC(z3::rem(i, 2) == 1, scope, head)) << "rem";
  EXPECT_FALSE(toC(i * i * i * i * i == 1, scope, head)) << "might overflow long long";
  // The implied part keeps the conjuncts C can say.
  std::string implied = impliedC(i >= 0 && i == stray && i <= 1000, scope, head);
  EXPECT_EQ(implied.find("stray"), std::string::npos);
  z3::expr back = fromC(implied, scope, head, "test");
  z3::solver solver(p.ctx());
  solver.add(back != (i >= 0 && i <= 1000));
  EXPECT_EQ(solver.check(), z3::unsat) << implied;
  EXPECT_EQ(impliedC(i == stray, scope, head), "");
}

TEST(CExpression, ConstantsThatAreNoCVariableAreProjectedAway) {
  auto t = translate(kCounter);
  const ir::Program& p = *t->program;
  ir::LocId head = onlyLoopHead(p);
  SourceScope scope(p, p.loc(head).proc);
  z3::context& ctx = p.ctx();
  z3::expr i = bySourceName(p, "i", head).cur, s = bySourceName(p, "s", head).cur;
  z3::expr before = ctx.int_const("value_before_the_loop");  // like an SSA copy that is no longer current
  z3::expr visible = visiblePart(i == before - s && before >= 2, scope, head);
  z3::solver solver(ctx);
  solver.add(visible != (i + s >= 2));
  EXPECT_EQ(solver.check(), z3::unsat) << visible;
  std::string c = impliedC(visible, scope, head);
  EXPECT_NE(c.find("(long long)s"), std::string::npos) << "dropping conjuncts would have kept nothing: " << c;
}

TEST(CExpression, ReaderRejectsWhatItDoesNotKnow) {
  auto t = translate(kCounter);
  const ir::Program& p = *t->program;
  ir::LocId head = onlyLoopHead(p);
  SourceScope scope(p, p.loc(head).proc);
  EXPECT_THROW(fromC("nosuch > 0", scope, head, "w"), InputError);
  EXPECT_THROW(fromC("i >> 2", scope, head, "w"), InputError);
  EXPECT_THROW(fromC("(i > 0", scope, head, "w"), InputError);
  EXPECT_THROW(fromC("i % n == 0", scope, head, "w"), InputError) << "divisor no literal";
  EXPECT_THROW(fromC("i / (-2LL) == 0", scope, head, "w"), InputError) << "divisor not positive";
  EXPECT_NO_THROW(fromC("(long long)i - 1LL >= (-1LL) && !(i == 3) ? 1 : 0", scope, head, "w"));
}

TEST(CorrectnessWitness, InvariantsAtLoopHeadsAreWrittenAndValidated) {
  auto t = translate(kCounter);
  const ir::Program& p = *t->program;
  ir::LocId head = onlyLoopHead(p);
  z3::expr i = bySourceName(p, "i", head).cur, s = bySourceName(p, "s", head).cur, n = bySourceName(p, "n", head).cur;
  // Safe for the first error only: a witness of the program without the second one is what we test, so
  // check the invariant's validity directly rather than a verdict.
  ir::Certificate certificate;
  certificate.context = p.sharedCtx();
  certificate.invariants.emplace(head, s == 2 * i && n <= 1000);
  certificate.checked = true;
  WitnessText witness = writeWitness(p, ir::Result::safe(certificate), {"test", ""});
  ASSERT_TRUE(witness.yaml) << witness.whyNot;
  YAML::Node root = YAML::Load(*witness.yaml);
  ASSERT_TRUE(root.IsSequence());
  EXPECT_EQ(root[0]["entry_type"].as<std::string>(), "invariant_set");
  EXPECT_EQ(root[0]["metadata"]["task"]["input_file_hashes"][t->file].as<std::string>(), sha256OfFile(t->file));
  YAML::Node invariant = root[0]["content"][0]["invariant"];
  EXPECT_EQ(invariant["type"].as<std::string>(), "loop_invariant");
  EXPECT_EQ(invariant["location"]["line"].as<int>(), 10);
  EXPECT_EQ(invariant["location"]["function"].as<std::string>(), "main");
  // The program still has its second error, so the invariants cannot be a proof: unconfirmed, not
  // confirmed. The same invariants with the second error gone are confirmed.
  std::string path = t->folder.write("witness.yml", *witness.yaml);
  ValidationOutcome outcome = validateWitness(p, path, {});
  EXPECT_EQ(outcome.validity, Validity::Unconfirmed) << outcome.detail;

  std::string safeCode = kCounter;
  safeCode.replace(safeCode.find("  if (u == 4000000000u"), std::string("  if (u == 4000000000u && n == 7) reach_error();\n").size(), "");
  auto safe = translate(safeCode);
  ir::LocId safeHead = onlyLoopHead(*safe->program);
  ir::Certificate proof;
  proof.context = safe->program->sharedCtx();
  proof.invariants.emplace(safeHead, bySourceName(*safe->program, "s", safeHead).cur ==
                                         2 * bySourceName(*safe->program, "i", safeHead).cur);
  proof.checked = true;
  witness = writeWitness(*safe->program, ir::Result::safe(proof), {"test", ""});
  ASSERT_TRUE(witness.yaml) << witness.whyNot;
  path = safe->folder.write("witness.yml", *witness.yaml);
  outcome = validateWitness(*safe->program, path, {});
  EXPECT_EQ(outcome.validity, Validity::Confirmed) << outcome.detail;

  // A witness of another file is rejected by its hash.
  outcome = validateWitness(p, path, {});
  EXPECT_EQ(outcome.validity, Validity::Rejected) << outcome.detail;
}

namespace {

/// `invariants` and `contracts` as a checked certificate of `p` (the test fails when certify does not accept it).
ir::Certificate acceptedCertificate(const ir::Program& p, const std::map<ir::LocId, z3::expr>& invariants,
                                    const std::map<ir::ProcId, ir::Contract>& contracts = {}) {
  ir::Certificate certificate;
  certificate.context = p.sharedCtx();
  for (auto& [loc, formula] : invariants) certificate.invariants.emplace(loc, formula);
  for (auto& [proc, contract] : contracts) certificate.contracts.emplace(proc, contract);
  certify::CertifyOptions options;
  options.nativeReplay = false;
  certify::CheckOutcome checked = certify::checkCertificate(p, certificate, options);
  EXPECT_TRUE(checked.accepted()) << checked.detail;
  certificate.checked = true;
  return certificate;
}

/// The witness `writeWitness` gives for `certificate`, and what validating it says.
ValidationOutcome writtenAndValidated(const Translated& t, const ir::Certificate& certificate, std::string& yaml) {
  WitnessText witness = writeWitness(*t.program, ir::Result::safe(certificate), {"test", ""});
  EXPECT_TRUE(witness.yaml) << witness.whyNot;
  yaml = witness.yaml.value_or("");
  return validateWitness(*t.program, t.folder.write("witness.yml", yaml), {});
}

/// The witness's first invariant, read back at `head`, means `expected`.
void expectFirstInvariantMeans(const ir::Program& p, const std::string& yaml, ir::LocId head, const z3::expr& expected) {
  YAML::Node invariant = YAML::Load(yaml)[0]["content"][0]["invariant"];
  ASSERT_TRUE(invariant.IsMap()) << yaml;
  z3::expr readBack = fromC(invariant["value"].as<std::string>(), SourceScope(p, p.loc(head).proc), head, "test");
  z3::solver solver(p.ctx());
  solver.add(readBack != expected);
  EXPECT_EQ(solver.check(), z3::unsat) << invariant["value"].as<std::string>();
}

}  // namespace

// LLVM computes `n + 1` once, before the loop, into a temporary the loop compares with: an invariant over
// the temporary is written through its definition, and the validator knows the definition too.
TEST(CorrectnessWitness, ATemporaryIsWrittenAsWhatItStandsFor) {
  auto t = translate(R"(extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n >= 1000) return 0;
  int last = n + 1 - 1;
  for (int i = 0; i <= last; i++) {
    if (!(i < n + 1)) reach_error();
  }
  return 0;
}
)");
  const ir::Program& p = *t->program;
  ir::LocId head = onlyLoopHead(p);
  ir::AvailableDefinitions definitions(p);
  std::optional<ir::VarId> bound;
  for (const ir::Variable& v : p.vars())
    if (v.isTemporary() && v.proc == p.loc(head).proc && !definitions.defining(head, {v.cur}).empty()) bound = v.id;
  ASSERT_TRUE(bound) << "the front end kept n + 1 in no temporary: the program no longer tests the mechanism";
  z3::expr n = bySourceName(p, "n", head).cur;
  std::string yaml;
  // Projecting the temporary out without its definition leaves `true` here; through it, i <= n + 1.
  z3::expr i = bySourceName(p, "i", head).cur, temporary = p.var(*bound).cur;
  ir::Certificate certificate = acceptedCertificate(p, {{head, i <= temporary && temporary >= n + 1}});
  ValidationOutcome outcome = writtenAndValidated(*t, certificate, yaml);
  EXPECT_EQ(outcome.validity, Validity::Confirmed) << outcome.detail << "\n" << yaml;
  expectFirstInvariantMeans(p, yaml, head, i <= n + 1);
}

// `flag` is read once, into the comparison `flag == 1` that LLVM keeps in a temporary for the test after the
// loop. The front end keeps flag's value in a variable too, so the invariant the proof needs, which speaks of
// the temporary, is written over `flag` (hola/44's shape).
TEST(CorrectnessWitness, AComparisonKeptInATemporaryIsWrittenOverTheVariableItTests) {
  auto t = translate(R"(extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int k = __VERIFIER_nondet_int();
  int flag = __VERIFIER_nondet_int();
  int n = 2;
  if (flag == 1) n = 1;
  int i = 0, j = 0;
  while (i <= k) {
    i++;
    j = j + n;
  }
  if (flag == 1 && j != i) reach_error();
  return 0;
}
)");
  const ir::Program& p = *t->program;
  ir::LocId head = onlyLoopHead(p);
  ASSERT_NE(head, ir::kNone);
  ASSERT_TRUE(SourceScope(p, p.loc(head).proc).variableOf(head, "flag")) << "flag has no variable at the loop";
  ir::AvailableDefinitions definitions(p);
  std::optional<z3::expr> test;
  for (const ir::Variable& v : p.vars())
    if (v.isTemporary() && v.proc == p.loc(head).proc && v.cur.is_bool() &&
        !definitions.defining(head, {v.cur}).empty())
      test = v.cur;
  ASSERT_TRUE(test) << "the front end keeps `flag == 1` in no temporary: the program no longer tests the mechanism";
  z3::expr i = bySourceName(p, "i", head).cur, j = bySourceName(p, "j", head).cur, n = bySourceName(p, "n", head).cur;
  std::string yaml;
  ValidationOutcome outcome =
      writtenAndValidated(*t, acceptedCertificate(p, {{head, z3::implies(*test, j == i && n == 1)}}), yaml);
  EXPECT_EQ(outcome.validity, Validity::Confirmed) << outcome.detail << "\n" << yaml;
  EXPECT_NE(yaml.find("flag"), std::string::npos) << yaml;
}

// LLVM computes `2 * i` once, for j's first value and for the test in the loop: a copy of j that is no
// longer j's value at the loop head. An invariant over that copy is written through its definition
// (loop-invgen/nested6's shape, where the proof needs it; here 2-induction would do without).
TEST(CorrectnessWitness, AnEarlierValueOfAVariableIsWrittenAsWhatItWasComputedFrom) {
  auto t = translate(R"(extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = __VERIFIER_nondet_int();
  if (n >= 1000 || i < 0 || i >= 1000) return 0;
  for (int j = 2 * i; j < n; j++) {
    if (j < 2 * i) reach_error();
  }
  return 0;
}
)");
  const ir::Program& p = *t->program;
  ir::LocId head = onlyLoopHead(p);
  ASSERT_NE(head, ir::kNone);
  z3::expr j = bySourceName(p, "j", head).cur;
  std::optional<z3::expr> first;
  for (const ir::Variable& v : p.vars())
    if (v.sourceName == "j" && !z3::eq(v.cur, j)) first = v.cur;
  ASSERT_TRUE(first) << "the front end keeps j's first value in no copy: the program no longer tests the mechanism";
  std::string yaml;
  ValidationOutcome outcome = writtenAndValidated(*t, acceptedCertificate(p, {{head, j >= *first}}), yaml);
  EXPECT_EQ(outcome.validity, Validity::Confirmed) << outcome.detail << "\n" << yaml;
  // Projecting the copy out without its definition leaves nothing to write; through it, j >= 2 * i.
  expectFirstInvariantMeans(p, yaml, head, j >= 2 * bySourceName(p, "i", head).cur);
}

// A cycle made only of goto has no loop statement: its invariant is said at the label the backward goto
// jumps to (the label's line and column), and read back there.
TEST(CorrectnessWitness, ACycleOfGotoIsNamedByItsLabel) {
  auto t = translate(R"(extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = -50;
  int y = __VERIFIER_nondet_int();
  if (y <= -1000 || y >= 1000000) return 0;
 AGAIN:
  if (x < 0) {
    x = x + y;
    y = y + 1;
    goto AGAIN;
  }
  if (y <= 0) reach_error();
  return 0;
}
)");
  const ir::Program& p = *t->program;
  ir::LocId head = onlyLoopHead(p);
  ASSERT_NE(head, ir::kNone) << "the cycle of goto got no loop head";
  EXPECT_EQ(p.loc(head).loopStart.line, 7);
  EXPECT_EQ(p.loc(head).loopStart.column, 2);  // the label
  z3::expr x = bySourceName(p, "x", head).cur, y = bySourceName(p, "y", head).cur;
  // Only this invariant proves the program: `true` at the label, which the validator assumes where a
  // witness is silent, does not.
  std::string yaml;
  ValidationOutcome outcome = writtenAndValidated(*t, acceptedCertificate(p, {{head, x <= -50 || x <= y - 2}}), yaml);
  EXPECT_EQ(outcome.validity, Validity::Confirmed) << outcome.detail << "\n" << yaml;
  YAML::Node location = YAML::Load(yaml)[0]["content"][0]["invariant"]["location"];
  ASSERT_TRUE(location.IsMap()) << yaml;
  EXPECT_EQ(location["line"].as<int>(), 7);
  EXPECT_EQ(location["column"].as<int>(), 2);
}

// A cycle of goto that the witness says nothing at (its invariant is `true`, which C need not say): the
// validator cuts it with `true`.
TEST(CorrectnessWitness, ACycleOfGotoNeedsNoInvariantInTheWitness) {
  auto t = translate(R"(extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int i = 0;
  while (__VERIFIER_nondet_int() && i < 10) i++;
  if (i >= 20) {
  STUCK:
    goto STUCK;
  }
  if (i > 10) reach_error();
  return 0;
}
)");
  const ir::Program& p = *t->program;
  ir::LocId head = loopHeadOnLine(p, 5);
  ASSERT_NE(head, ir::kNone);
  z3::expr i = bySourceName(p, "i", head).cur;
  std::map<ir::LocId, z3::expr> invariants{{head, i >= 0 && i <= 10}};
  ir::Certificate named;
  named.invariants.emplace(head, p.ctx().bool_val(true));  // only where the cut points are matters here
  std::vector<bool> isCut = certify::cutPointsOf(p, named);
  std::vector<ir::LocId> gotoHeads = ir::uncutCycleHeads(p, p.loc(head).proc, isCut);
  ASSERT_EQ(gotoHeads.size(), 1u) << "the front end kept no cycle for the goto: the program tests nothing";
  invariants.emplace(gotoHeads[0], p.ctx().bool_val(true));
  std::string yaml;
  ValidationOutcome outcome = writtenAndValidated(*t, acceptedCertificate(p, invariants), yaml);
  EXPECT_EQ(outcome.validity, Validity::Confirmed) << outcome.detail << "\n" << yaml;
}

TEST(GraphMlWitness, AForeignViolationWitnessIsReadByKeyNamesAndReplayed) {
  auto t = translate(kCounter);
  const ir::Program& p = *t->program;
  // Keys with ids other than their names, as other producers write them; the values of n and u in the
  // order of the nondet calls, on a path from the entry node to the violation node.
  auto witnessWith = [&](const std::string& u, const std::string& extraEdge) {
    return R"(<?xml version="1.0" encoding="UTF-8"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
 <key id="d0" for="graph" attr.name="witness-type"/>
 <key id="d1" for="graph" attr.name="programhash"/>
 <key id="d2" for="graph" attr.name="specification"/>
 <key id="d3" for="graph" attr.name="architecture"/>
 <key id="d4" for="node" attr.name="entry"/>
 <key id="d5" for="node" attr.name="violation"/>
 <key id="d6" for="edge" attr.name="assumption"/>
 <key id="d7" for="edge" attr.name="assumption.resultfunction"/>
 <key id="d8" for="edge" attr.name="startline"/>
 <graph edgedefault="directed">
  <data key="d0">violation_witness</data>
  <data key="d1">)" + sha256OfFile(t->file) + R"(</data>
  <data key="d2">CHECK( init(main()), LTL(G ! call(reach_error())) )</data>
  <data key="d3">64bit</data>
  <node id="A"><data key="d4">true</data></node>
  <node id="B"/>
  <node id="C"/>
  <node id="E"><data key="d5">true</data></node>
  <edge source="A" target="B"><data key="d8">5</data><data key="d6">\result == 7;</data><data key="d7">__VERIFIER_nondet_int</data></edge>
  <edge source="B" target="C"><data key="d8">6</data><data key="d6">\result == )" + u + R"(;</data><data key="d7">__VERIFIER_nondet_uint</data></edge>
  <edge source="C" target="E"><data key="d8">17</data></edge>)" + extraEdge + R"(
 </graph>
</graphml>
)";
  };
  std::string reaching = t->folder.write("reaching.graphml", witnessWith("4000000000", ""));
  ValidationOutcome outcome = validateWitness(p, reaching, {});
  EXPECT_EQ(outcome.validity, Validity::Confirmed) << outcome.detail;
  EXPECT_EQ(outcome.kind, "violation");
  std::string missing = t->folder.write("missing.graphml", witnessWith("4000000001", ""));
  EXPECT_EQ(validateWitness(p, missing, {}).validity, Validity::Rejected);
  // A witness that branches is not one path: argus does not follow it.
  std::string branching =
      t->folder.write("branching.graphml", witnessWith("4000000000", "\n  <edge source=\"A\" target=\"E\"/>"));
  EXPECT_EQ(validateWitness(p, branching, {}).validity, Validity::Unconfirmed);
  // Not well-formed XML names the file.
  std::string broken = t->folder.write("broken.graphml", "<graphml><graph>\n</graphml>\n");
  EXPECT_THROW(validateWitness(p, broken, {}), InputError);
}

// A recursive program is proved by procedure contracts (recmc's certificates): the witness says them as
// format 2.1's function contracts, `\old(n)` for the parameter's value at entry and `\result` for the value
// returned, and the validator checks them in certify's modular form.
TEST(CorrectnessWitness, AContractOfARecursiveFunctionIsWrittenAndValidated) {
  auto t = translate(R"(extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int sum(int n) {
  if (n <= 0) return 0;
  return n + sum(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 1000) return 0;
  if (sum(n) < n) reach_error();
  return 0;
}
)");
  const ir::Program& p = *t->program;
  ir::ProcId sum = p.findProc("sum");
  ASSERT_NE(sum, ir::kNone);
  ASSERT_EQ(p.proc(sum).params.size(), 1u);
  ASSERT_EQ(p.proc(sum).results.size(), 1u);
  z3::expr n = p.var(p.proc(sum).params[0]).old, result = p.var(p.proc(sum).results[0]).cur;
  ir::Certificate proof =
      acceptedCertificate(p, {}, {{sum, ir::Contract{p.ctx().bool_val(true), result >= 0 && (n <= 0 || result >= n)}}});
  std::string yaml;
  ValidationOutcome outcome = writtenAndValidated(*t, proof, yaml);
  EXPECT_EQ(outcome.validity, Validity::Confirmed) << outcome.detail << "\n" << yaml;
  YAML::Node root = YAML::Load(yaml);
  EXPECT_EQ(root[0]["metadata"]["format_version"].as<std::string>(), "2.1");
  YAML::Node contract = root[0]["content"][0]["invariant"];
  ASSERT_TRUE(contract.IsMap()) << yaml;
  EXPECT_EQ(contract["type"].as<std::string>(), "function_contract");
  EXPECT_EQ(contract["location"]["function"].as<std::string>(), "sum");
  EXPECT_EQ(contract["location"]["line"].as<int>(), 3);
  EXPECT_EQ(contract["format"].as<std::string>(), "ext_c_expression");  // int values: no sum overflows long long
  std::string ensures = contract["ensures"].as<std::string>();
  EXPECT_NE(ensures.find("\\result"), std::string::npos) << ensures;
  EXPECT_NE(ensures.find("\\old(n)"), std::string::npos) << ensures;

  // What the witness says must be what the certificate said: read back, the same relation.
  z3::expr readBack = fromC(ensures, ensuresNames(SourceScope(p, sum)), "test");
  z3::solver solver(p.ctx());
  solver.add(n >= INT32_MIN && n <= INT32_MAX && result >= INT32_MIN && result <= INT32_MAX);
  solver.add(readBack != (result >= 0 && (n <= 0 || result >= n)));
  EXPECT_EQ(solver.check(), z3::unsat) << ensures;

  // A contract that the body does not keep (sum(0) is 0) is no proof: not confirmed, and the program's
  // unbounded recursion leaves no other way to confirm it.
  contract["ensures"] = "\\result >= 1";
  YAML::Emitter wrong;
  wrong << root;
  ValidationOptions quick;
  quick.budget = 5;
  outcome = validateWitness(p, t->folder.write("wrong.yml", wrong.c_str()), quick);
  EXPECT_EQ(outcome.validity, Validity::Unconfirmed) << outcome.detail << "\n" << wrong.c_str();

  // A contract that says nothing is not written, and the witness stays in format 2.0.
  ir::Certificate none;  // not a proof: it is only written, never checked
  none.context = p.sharedCtx();
  none.contracts.emplace(sum, ir::Contract{p.ctx().bool_val(true), p.ctx().bool_val(true)});
  none.checked = true;
  WitnessText empty = writeWitness(p, ir::Result::safe(none), {"test", ""});
  ASSERT_TRUE(empty.yaml) << empty.whyNot;
  root = YAML::Load(*empty.yaml);
  EXPECT_EQ(root[0]["metadata"]["format_version"].as<std::string>(), "2.0");
  EXPECT_EQ(root[0]["content"].size(), 0u) << *empty.yaml;
}

// Recursive addition over long long (recursive/Addition03-1's shape): the contract `\result == \old(m) +
// \old(n)` holds, but C would compute the sum of two long long values in long long, where it can overflow.
// The writer then says it in ACSL's arithmetic (unbounded integers, format acsl_expression) rather than
// not at all, and the validator reads it and confirms the proof.
TEST(CorrectnessWitness, AContractWhoseSumCouldOverflowInCIsWrittenInAcsl) {
  auto t = translate(R"(extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
long long add(long long m, long long n) {
  if (n == 0) return m;
  if (n > 0) return add(m + 1, n - 1);
  return add(m - 1, n + 1);
}
int main(void) {
  int m = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  if (add(m, n) != (long long)m + n) reach_error();
  return 0;
}
)");
  const ir::Program& p = *t->program;
  ir::ProcId add = p.findProc("add");
  ASSERT_NE(add, ir::kNone);
  ASSERT_EQ(p.proc(add).params.size(), 2u);
  ASSERT_EQ(p.proc(add).results.size(), 1u);
  z3::expr m = p.var(p.proc(add).params[0]).old, n = p.var(p.proc(add).params[1]).old;
  z3::expr result = p.var(p.proc(add).results[0]).cur;
  ir::Certificate proof = acceptedCertificate(p, {}, {{add, ir::Contract{p.ctx().bool_val(true), result == m + n}}});

  // C's arithmetic cannot say it: the writer bounds every sum by the operands' types.
  SourceScope scope(p, add);
  EXPECT_FALSE(toC(result == m + n, ensuresNames(scope)));

  std::string yaml;
  ValidationOutcome outcome = writtenAndValidated(*t, proof, yaml);
  EXPECT_EQ(outcome.validity, Validity::Confirmed) << outcome.detail << "\n" << yaml;
  YAML::Node root = YAML::Load(yaml);
  YAML::Node contract = root[0]["content"][0]["invariant"];
  ASSERT_TRUE(contract.IsMap()) << yaml;
  EXPECT_EQ(contract["type"].as<std::string>(), "function_contract");
  EXPECT_EQ(contract["format"].as<std::string>(), "acsl_expression");
  std::string ensures = contract["ensures"].as<std::string>();
  z3::expr readBack = fromC(ensures, ensuresNames(scope), "test");
  z3::solver solver(p.ctx());
  solver.add(readBack != (result == m + n));
  EXPECT_EQ(solver.check(), z3::unsat) << ensures;

  // A loop invariant in ACSL is not read (argus writes loop invariants in C): such a witness is unconfirmed.
  YAML::Node loopInvariant = YAML::Clone(contract);
  loopInvariant["type"] = "loop_invariant";
  loopInvariant["value"] = "1";
  loopInvariant.remove("ensures");
  root[0]["content"].push_back(YAML::Node(YAML::NodeType::Map));
  root[0]["content"][1]["invariant"] = loopInvariant;
  YAML::Emitter mixed;
  mixed << root;
  outcome = validateWitness(p, t->folder.write("mixed.yml", mixed.c_str()), {});
  EXPECT_EQ(outcome.validity, Validity::Unconfirmed) << outcome.detail;
  EXPECT_NE(outcome.detail.find("acsl_expression"), std::string::npos) << outcome.detail;
}

namespace {

// A state machine over a struct that main allocates and a function walks (the ssh tasks' shape): its fields
// are promoted to variables of their own, which have no C name but their access paths.
const char* const kMachine = R"(extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
extern void *malloc(unsigned long);
struct inner { int pad; int next; };
struct machine { int state; unsigned int count; struct inner *sub; };
int run(struct machine *m) {
  m->state = 1;
  m->count = 0;
  while (__VERIFIER_nondet_int()) {
    if (m->state == 1) { m->state = 2; m->sub->next = 3; }
    else { m->state = 1; m->sub->next = 4; }
    m->count++;
  }
  if (m->state != 1 && m->state != 2) reach_error();
  return 0;
}
int main(void) {
  struct machine *m = malloc(sizeof(struct machine));
  m->sub = malloc(sizeof(struct inner));
  m->sub->pad = 0;
  return run(m);
}
)";

}  // namespace

TEST(CorrectnessWitness, AFieldOfAPromotedObjectIsNamedAndWrittenByItsAccessPathFromAPointer) {
  auto t = translate(kMachine);
  const ir::Program& p = *t->program;
  ir::LocId head = onlyLoopHead(p);
  ASSERT_NE(head, ir::kNone);
  SourceScope scope(p, p.loc(head).proc);
  auto state = scope.variableOf(head, "m->state");
  ASSERT_TRUE(state) << "no variable for m->state at the loop";
  EXPECT_TRUE(p.var(*state).sourceName.empty()) << "a promoted field is expected to have no C name of its own";
  // Through the pointer the struct holds, one level further.
  auto next = scope.variableOf(head, "m->sub->next");
  ASSERT_TRUE(next) << "no variable for m->sub->next at the loop";
  EXPECT_NE(*next, *state);
  // The int encoding keeps a field as its signed reading, so an unsigned field is not named.
  EXPECT_FALSE(scope.variableOf(head, "m->count"));
  EXPECT_EQ(scope.nameOf(head, *state), "m->state");

  // kind's proofs of the ssh tasks speak of such fields: the witness writes them so, and its reader reads
  // them back. Not inductive without the second field: state 2 comes with next 3.
  z3::expr s = p.var(*state).cur, n = p.var(*next).cur;
  z3::expr invariant = (s == 1 || (s == 2 && n == 3)) && (s == 1 || s == 2);
  std::string yaml;
  ValidationOutcome outcome = writtenAndValidated(*t, acceptedCertificate(p, {{head, invariant}}), yaml);
  EXPECT_EQ(outcome.validity, Validity::Confirmed) << outcome.detail << "\n" << yaml;
  EXPECT_NE(yaml.find("m->sub->next"), std::string::npos) << yaml;
  expectFirstInvariantMeans(p, yaml, head, invariant);
}

TEST(SourceScope, AnAccessPathFollowsThePointerWhereItPointsElsewhere) {
  auto scope = scopeAtLoop(R"(  struct cell { int value; };
  struct cell *a = __builtin_malloc(sizeof(struct cell));
  struct cell *b = __builtin_malloc(sizeof(struct cell));
  struct cell *p = a;
  a->value = 0;
  b->value = 5;
  while (__VERIFIER_nondet_int()) a->value++;
  p = b;
  while (__VERIFIER_nondet_int()) b->value--;
  if (p->value > 5) reach_error();
  return 0;
)", 7);
  auto inA = scope.variableOf("a->value");
  ASSERT_TRUE(inA);
  EXPECT_EQ(scope.variableOf("p->value"), inA);
  const ir::Program& p = *scope.translated->program;
  ir::LocId second = loopHeadOnLine(p, 9 + 3);
  ASSERT_NE(second, ir::kNone);
  auto inB = scope.scope->variableOf(second, "b->value");
  ASSERT_TRUE(inB);
  EXPECT_NE(*inB, *inA);
  EXPECT_EQ(scope.scope->variableOf(second, "p->value"), inB);
}

// A pointer that may be null names no field: at a loop head where it is null, `p->value` would dereference
// null in C, while the field's variable has a value.
TEST(SourceScope, APointerThatMayBeNullNamesNoField) {
  auto scope = scopeAtLoop(R"(  struct cell { int value; };
  struct cell *a = __builtin_malloc(sizeof(struct cell));
  struct cell *p = __VERIFIER_nondet_int() ? a : 0;
  a->value = 0;
  while (__VERIFIER_nondet_int()) a->value++;
  if (p && p->value < 0) reach_error();
  return 0;
)", 5);
  EXPECT_TRUE(scope.variableOf("a->value"));
  EXPECT_FALSE(scope.variableOf("p->value"));
}
