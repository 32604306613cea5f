// `argus chc` as a function: the CHC-COMP output (first line, --model with every predicate, derivations),
// exit codes, evidence rejected into `unknown`, and input errors on stderr with ';'.
#include <gtest/gtest.h>

#include <sstream>

#include "ChcOracle.h"
#include "ChcTestUtil.h"
#include "cli/ChcCommands.h"
#include "frontend/chc/Reader.h"
#include "testing/TestFolder.h"

using namespace argus;

namespace {

const char* kSafe = R"((set-logic HORN)
(declare-fun P (Int) Bool)
(declare-fun |Unused pred| (Int Bool) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int) (y Int)) (=> (and (P x) (= y (+ x 2))) (P y))))
(assert (forall ((x Int)) (=> (and (P x) (= (mod x 2) 1)) false)))
(check-sat)
)";

const char* kUnsafe = R"((set-logic HORN)
(declare-fun P (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int) (y Int)) (=> (and (P x) (= y (+ x 3))) (P y))))
(assert (forall ((x Int)) (=> (and (P x) (= x 6)) false)))
(check-sat)
)";

struct CommandRun {
  int code;
  std::string out, err;
};

/// Runs the command with an oracle for an engine: Z3's model as certificate, or a BMC trace.
CommandRun runCommand(const std::string& file, bool model, bool lie = false, int verbosity = 0) {
  cli::ChcCommandOptions o;
  o.file = file;
  o.verbosity = verbosity;
  o.printModel = model;
  o.checkTimeout = 10;
  o.solve = [&](const ir::Program& program, engines::RunContext&) {
    // The oracle reads the clauses again into the program's context: the same construction gives the
    // same ids and variables, so its evidence speaks about the command's program.
    chc::ChcSystem sys = chc::readChcFile(file, program.sharedCtx());
    chc::ChcProgram cp = chc::toProgram(sys);
    if (auto m = chctest::z3Model(sys, 5000)) {
      ir::Certificate cert = chctest::certificateOf(cp, *m);
      if (lie)
        for (auto& [loc, inv] : cert.invariants) inv = sys.ctx->bool_val(true);
      return ir::Result::safe(std::move(cert));
    }
    auto trace = chctest::bmcTrace(cp, 10);
    return trace ? ir::Result::unsafe(*trace) : ir::Result::unknown(ir::UnknownReason::Incomplete, "oracle");
  };
  std::ostringstream out, err;
  int code = cli::runChcCommand(o, out, err);
  return {code, out.str(), err.str()};
}

}  // namespace

/// Each test's clause files live in a folder of its own, removed after the test.
class ChcCommand : public ::testing::Test {
 protected:
  std::string write(const std::string& text) {
    return folder_.write("clauses-" + std::to_string(written_++) + ".smt2", text);
  }

 private:
  argus::testing::TestFolder folder_;
  int written_ = 0;
};

TEST_F(ChcCommand, SatWithAModelOfEveryPredicate) {
  CommandRun r = runCommand(write(kSafe), true);
  EXPECT_EQ(r.code, 0) << r.err;
  ASSERT_EQ(r.out.rfind("sat\n(model", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("(define-fun P ((x0 Int)) Bool"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(define-fun |Unused pred| ((x0 Int) (x1 Bool)) Bool"), std::string::npos) << r.out;
  // The model is SMT-LIB that Z3 reads.
  std::string defs = r.out.substr(r.out.find("(model") + 6);
  defs = defs.substr(0, defs.rfind(')'));
  z3::context ctx;
  EXPECT_NO_THROW(ctx.parse_string((defs + "(assert (P 2))").c_str())) << defs;
  EXPECT_TRUE(r.err.empty() || r.err[0] == ';') << r.err;
}

TEST_F(ChcCommand, UnsatWithADerivationAndOnlyTheVerdictWithoutModel) {
  std::string file = write(kUnsafe);
  CommandRun r = runCommand(file, true);
  EXPECT_EQ(r.code, 10) << r.err;
  ASSERT_EQ(r.out.rfind("unsat\n(derivation", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("(head false)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(head (P 6))"), std::string::npos) << r.out;
  CommandRun plain = runCommand(file, false);
  EXPECT_EQ(plain.out, "unsat\n");
}

TEST_F(ChcCommand, VerboseRunsExplainOnStderrOnly) {
  CommandRun r = runCommand(write(kSafe), false, false, 1);
  EXPECT_EQ(r.out, "sat\n");
  EXPECT_NE(r.err.find("; all 3 clauses hold in the model\n"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("; chc.clauses: 3\n"), std::string::npos) << r.err;
  std::istringstream lines(r.err);
  for (std::string line; std::getline(lines, line);) EXPECT_EQ(line.rfind(";", 0), 0u) << line;
}

TEST_F(ChcCommand, RejectedEvidenceGivesUnknown) {
  CommandRun r = runCommand(write(kSafe), true, /*lie=*/true);
  EXPECT_EQ(r.code, 20);
  EXPECT_EQ(r.out, "unknown\n");
  EXPECT_EQ(r.err.rfind("; ", 0), 0u) << r.err;
}

// A system over a sort no engine solves (here a datatype with a field of an uninterpreted sort) is read and
// answered `unknown` with a comment naming the construct; no engine runs. Over a datatype of solved fields the
// engine runs.
TEST_F(ChcCommand, UnsolvedSortsAreUnknownWithTheConstructNamed) {
  const std::string clauses = R"(
(declare-fun even (Nat) Bool)
(assert (even Z))
(assert (forall ((n Nat)) (=> (even n) (even (S (S n))))))
(assert (=> (even (S Z)) false))
(check-sat)
)";
  for (bool unsolved : {true, false}) {
    std::string header = unsolved ? "(set-logic HORN)\n(declare-sort U 0)\n"
                                     "(declare-datatypes ((Nat 0)) (((Z) (S (pred Nat)) (W (u U)))))\n"
                                   : "(set-logic HORN)\n(declare-datatypes ((Nat 0)) (((Z) (S (pred Nat)))))\n";
    cli::ChcCommandOptions o;
    o.file = write(header + clauses);
    bool ran = false;
    o.solve = [&](const ir::Program&, engines::RunContext&) {
      ran = true;
      return ir::Result::unknown(ir::UnknownReason::Incomplete, "test");
    };
    std::ostringstream out, err;
    EXPECT_EQ(cli::runChcCommand(o, out, err), 20);
    EXPECT_EQ(ran, !unsolved);
    EXPECT_EQ(out.str(), "unknown\n");
    if (unsolved) EXPECT_EQ(err.str(), "; argus does not solve uninterpreted sorts (declare-sort)\n");
  }
}

// The interpolating engines cannot interpolate over datatypes: their unknown says so, naming the sort.
TEST_F(ChcCommand, InterpolatingEnginesNameTheSortTheyCannotInterpolateOver) {
  std::string file = write(R"((set-logic HORN)
(declare-datatypes ((Lst 0)) (((nil) (cons (hd Int) (tl Lst)))))
(declare-fun inv (Lst Int) Bool)
(assert (forall ((l Lst) (n Int)) (=> (and (= l nil) (= n 0)) (inv l n))))
(assert (forall ((l Lst) (n Int)) (=> (inv l n) (inv (cons n l) (+ n 1)))))
(assert (forall ((l Lst) (n Int) (x Int) (r Lst)) (=> (and (inv l n) (= l (cons x r)) (= x 5)) false)))
(check-sat)
)");
  for (const char* engine : {"predabs", "impact"}) {
    cli::ChcCommandOptions o;
    o.file = file;
    o.engine = engine;
    o.timeoutSeconds = 20;
    std::ostringstream out, err;
    EXPECT_EQ(cli::runChcCommand(o, out, err), 20) << engine;
    EXPECT_EQ(out.str(), "unknown\n") << engine;
    EXPECT_NE(err.str().find("no interpolants for an infeasible path (unsupported: sort Lst)"), std::string::npos)
        << engine << ": " << err.str();
  }
}

TEST_F(ChcCommand, InputErrorsGoToStderr) {
  CommandRun r = runCommand("/nonexistent/file.smt2", false);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "; error: /nonexistent/file.smt2: cannot open the file\n");
  CommandRun bad = runCommand(write("(set-logic HORN)\n(declare-fun P (Int) Bool)\n(assert (P 1))\n"), false);
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find(":3: missing (check-sat)"), std::string::npos) << bad.err;

  cli::ChcCommandOptions o;
  o.file = write(kSafe);
  o.engine = "no-such-engine";
  std::ostringstream out, err;
  EXPECT_EQ(cli::runChcCommand(o, out, err), 2);
  EXPECT_NE(err.str().find("unknown engine"), std::string::npos);
}
