// The bounded path explorer and C snippet helpers used by the front-end tests.
#include "PathExplorer.h"

#include <fstream>

#include "ir/Instantiate.h"
#include "smt/Solver.h"
#include "smt/Terms.h"
#include "util/Logger.h"
#include "util/Stats.h"

namespace argus::testing {

const char* const kPrelude =
    "extern void reach_error(void);\n"
    "extern void abort(void);\n"
    "extern void __VERIFIER_assume(int);\n"
    "extern int __VERIFIER_nondet_int(void);\n"
    "extern unsigned int __VERIFIER_nondet_uint(void);\n"
    "extern char __VERIFIER_nondet_char(void);\n"
    "extern unsigned char __VERIFIER_nondet_uchar(void);\n"
    "extern short __VERIFIER_nondet_short(void);\n"
    "extern long __VERIFIER_nondet_long(void);\n"
    "extern _Bool __VERIFIER_nondet_bool(void);\n";

namespace {

struct Frame {
  ir::LocId loc;
  ir::State state;
  ir::EdgeId callEdge;  // the call that created this frame (kNone for main)
};

struct InputRecord {
  z3::expr term;
  std::string function;
  bool isSigned;
};

class Explorer {
 public:
  Explorer(const ir::Program& p, unsigned maxEdges) : p_(p), inst_(p), solver_(p.ctx()), maxEdges_(maxEdges) {}

  Exploration run() {
    ir::ProcId main = p_.mainProc();
    std::vector<Frame> frames{Frame{p_.proc(main).entry, ir::freshState(p_, p_.scope(main)), ir::kNone}};
    search(frames, 0);
    return result_;
  }

 private:
  bool feasible() { return solver_.check() == smt::SatResult::Sat; }

  void recordWitness() {
    result_.errorReachable = true;
    for (auto& in : inputs_) {
      z3::expr value = solver_.eval(in.term);
      result_.inputs.emplace_back(in.function, smt::numeralText(value, in.isSigned));
    }
  }

  /// True when the search can stop (an error path was found).
  bool search(std::vector<Frame>& frames, unsigned depth) {
    Frame& top = frames.back();
    const ir::Location& loc = p_.loc(top.loc);
    const ir::Procedure& proc = p_.proc(loc.proc);
    if (top.loc == proc.exit && frames.size() > 1) return returnFrom(frames, depth);
    if (depth == maxEdges_) {
      if (!loc.out.empty()) result_.complete = false;
      return false;
    }
    for (ir::EdgeId id : loc.out) {
      const ir::Edge& edge = p_.edge(id);
      if (edge.isCall()) {
        if (call(frames, edge, depth)) return true;
        continue;
      }
      ir::EdgeInstance step = inst_.transition(id, frames.back().state);
      solver_.push();
      solver_.add(step.formula);
      size_t inputsBefore = inputs_.size();
      for (size_t i = 0; i < step.inputTerms.size(); ++i)
        inputs_.push_back({step.inputTerms[i], edge.inputs[i].function, edge.inputs[i].type.isSigned});
      bool stop = false;
      if (feasible()) {
        if (p_.isErrorLoc(edge.to) && !edge.unsupported.empty()) {
          result_.unsupportedReached = true;
          result_.unsupported = edge.unsupported;
        } else if (p_.isErrorLoc(edge.to)) {
          recordWitness();
          stop = true;
        } else {
          Frame saved = frames.back();
          frames.back().loc = edge.to;
          frames.back().state = step.post;
          stop = search(frames, depth + 1);
          frames.back() = saved;
        }
      }
      inputs_.erase(inputs_.begin() + static_cast<std::ptrdiff_t>(inputsBefore), inputs_.end());
      solver_.pop();
      if (stop) return true;
    }
    return false;
  }

  bool call(std::vector<Frame>& frames, const ir::Edge& edge, unsigned depth) {
    const ir::Procedure& callee = p_.proc(edge.callee);
    std::vector<z3::expr> args = inst_.callArgs(edge.id, frames.back().state);
    ir::State entry = ir::freshState(p_, p_.scope(edge.callee));
    for (ir::VarId g : p_.globals()) entry[g] = frames.back().state[g];
    for (size_t i = 0; i < args.size(); ++i) entry[callee.params[i]] = args[i];
    frames.push_back(Frame{callee.entry, entry, edge.id});
    bool stop = search(frames, depth + 1);
    frames.pop_back();
    return stop;
  }

  bool returnFrom(std::vector<Frame>& frames, unsigned depth) {
    Frame callee = frames.back();
    const ir::Edge& callEdge = p_.edge(callee.callEdge);
    const ir::Procedure& proc = p_.proc(callEdge.callee);
    frames.pop_back();
    Frame saved = frames.back();
    for (ir::VarId g : p_.globals()) frames.back().state[g] = callee.state[g];
    for (size_t i = 0; i < callEdge.results.size(); ++i)
      frames.back().state[callEdge.results[i]] = callee.state[proc.results[i]];
    frames.back().loc = callEdge.to;
    bool stop = search(frames, depth);
    frames.back() = saved;
    frames.push_back(callee);
    return stop;
  }

  const ir::Program& p_;
  ir::Instantiator inst_;
  smt::Solver solver_;
  unsigned maxEdges_;
  std::vector<InputRecord> inputs_;
  Exploration result_;
};

}  // namespace

Exploration explore(const ir::Program& program, unsigned maxEdges) { return Explorer(program, maxEdges).run(); }

CSnippet::CSnippet(const std::string& code, const std::string& name) : path_(dir_.file(name)) {
  std::ofstream(path_) << code;
}

frontend::CTask CSnippet::task(bool ilp32, const std::string& errorFunction) const {
  return frontend::plainTask(path_, errorFunction, ilp32);
}

std::unique_ptr<ir::Program> CSnippet::translate(ir::Encoding encoding, bool ilp32) const {
  Logger log;
  Stats stats;
  frontend::CFrontendOptions options;
  options.encoding = encoding;
  auto program = frontend::translateC(task(ilp32), options, log, stats);
  program->validate();
  return program;
}

}  // namespace argus::testing
