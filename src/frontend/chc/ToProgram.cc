// ChcSystem → ir::Program, linear (one CFA) or non-linear (one procedure per predicate).
#include "frontend/chc/ToProgram.h"

#include <fmt/format.h>

#include <map>
#include <set>

#include "frontend/chc/SmtText.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::chc {
namespace {

class ProgramBuilder {
 public:
  explicit ProgramBuilder(const ChcSystem& sys) : sys_(sys) {
    out_.program = std::make_shared<ir::Program>(sys.ctx);
    out_.program->origin().language = ir::Language::Chc;
    out_.program->origin().file = sys.file;
    size_t n = sys.preds.size();
    out_.encoding.predLoc.assign(n, ir::kNone);
    out_.encoding.predProc.assign(n, ir::kNone);
    out_.encoding.predVars.resize(n);
    out_.encoding.bodyVars.resize(sys.clauses.size());
    out_.encoding.clauseEdge.assign(sys.clauses.size(), ir::kNone);
  }

  ChcProgram build() {
    out_.encoding.linear = sys_.isLinear();
    if (out_.encoding.linear)
      buildLinear();
    else
      buildProcedures();
    out_.encoding.edgeClause.resize(p().numEdges(), ir::kNone);
    for (auto& [edge, clause] : edgeClause_) out_.encoding.edgeClause[edge] = clause;
    p().validate();
    return std::move(out_);
  }

 private:
  ir::Program& p() { return *out_.program; }

  // ---- linear: one CFA ----
  void buildLinear() {
    main_ = p().addProcedureWithFrame("main");
    p().setMain(main_);
    for (auto& pred : sys_.preds) {
      out_.encoding.predLoc[pred.id] = p().addLocation(main_, pred.name, {sys_.file, pred.line, 0});
      for (unsigned i = 0; i < pred.arity(); ++i) out_.encoding.predVars[pred.id].push_back(positional(i, pred.paramSort(i)));
    }
    for (size_t c = 0; c < sys_.clauses.size(); ++c) addLinearClause(static_cast<uint32_t>(c));
  }

  ir::VarId positional(unsigned position, const z3::sort& sort) {
    std::string name = fmt::format("a{}:{}", position, sortTag(sort));
    auto it = positional_.find(name);
    if (it != positional_.end()) return it->second;
    ir::VarId v = p().addVariable(main_, ir::VarRole::Local, name, sort, fmt::format("a{}", position));
    positional_.emplace(name, v);
    allPositional_.push_back(v);
    return v;
  }

  void addLinearClause(uint32_t idx) {
    const Clause& c = sys_.clauses[idx];
    const ir::Procedure& main = p().proc(main_);
    ir::LocId from = c.body.empty() ? main.entry : out_.encoding.predLoc[c.body[0].pred];
    ir::LocId to = c.head ? out_.encoding.predLoc[c.head->pred] : main.error;
    std::vector<std::vector<ir::VarId>> bodyVars;
    for (auto& app : c.body) bodyVars.push_back(out_.encoding.predVars[app.pred]);
    std::vector<ir::VarId> writes = c.head ? allPositional_ : std::vector<ir::VarId>{};
    addClauseEdge(idx, from, to, bodyVars, writes);
  }

  // ---- non-linear: one procedure per predicate ----
  void buildProcedures() {
    std::set<std::string> names;
    for (auto& pred : sys_.preds) {
      std::string name = pred.name;
      while (name == "main" || names.count(name)) name += "'";
      names.insert(name);
      ir::ProcId proc = p().addProcedureWithFrame(name, {sys_.file, pred.line, 0});
      out_.encoding.predProc[pred.id] = proc;
      for (unsigned i = 0; i < pred.arity(); ++i)
        out_.encoding.predVars[pred.id].push_back(p().addVariable(proc, ir::VarRole::Result,
                                                                  name + "::a" + std::to_string(i), pred.paramSort(i),
                                                                  "a" + std::to_string(i)));
    }
    main_ = p().addProcedureWithFrame("main");
    p().setMain(main_);
    for (size_t c = 0; c < sys_.clauses.size(); ++c) addProcedureClause(static_cast<uint32_t>(c));
  }

  /// The local of `proc` that receives argument `i` of the clause's `j`-th body application.
  ir::VarId bodyLocal(ir::ProcId proc, size_t j, unsigned i, const z3::sort& sort) {
    std::string name = p().proc(proc).name + "::b" + std::to_string(j) + "." + std::to_string(i) + ":" + sortTag(sort);
    auto it = positional_.find(name);
    if (it != positional_.end()) return it->second;
    ir::VarId v = p().addVariable(proc, ir::VarRole::Local, name, sort);
    positional_.emplace(name, v);
    return v;
  }

  void addProcedureClause(uint32_t idx) {
    const Clause& c = sys_.clauses[idx];
    ir::ProcId proc = c.head ? out_.encoding.predProc[c.head->pred] : main_;
    ir::LocId at = p().proc(proc).entry;
    std::vector<std::vector<ir::VarId>> bodyVars;
    for (size_t j = 0; j < c.body.size(); ++j) {
      const Predicate& callee = sys_.preds[c.body[j].pred];
      std::vector<ir::VarId> results;
      for (unsigned i = 0; i < callee.arity(); ++i) results.push_back(bodyLocal(proc, j, i, callee.paramSort(i)));
      ir::LocId next = p().addLocation(proc, "c" + std::to_string(idx) + "." + std::to_string(j + 1), where(c));
      ir::EdgeId e = p().addCall(at, next, out_.encoding.predProc[callee.id], {}, results, where(c),
                                 "clause " + std::to_string(idx) + ": call " + callee.name);
      edgeClause_[e] = idx;
      bodyVars.push_back(std::move(results));
      at = next;
    }
    ir::LocId to = c.head ? p().proc(proc).exit : p().proc(proc).error;
    std::vector<ir::VarId> writes = c.head ? out_.encoding.predVars[c.head->pred] : std::vector<ir::VarId>{};
    addClauseEdge(idx, at, to, bodyVars, writes);
  }

  // ---- shared ----
  ir::SourceLoc where(const Clause& c) const { return {sys_.file, c.line, 0}; }

  /// The edge that checks the clause's constraint: body arguments read from `bodyVars`, head arguments
  /// written to the head predicate's variables, every other clause variable an aux constant.
  void addClauseEdge(uint32_t idx, ir::LocId from, ir::LocId to, const std::vector<std::vector<ir::VarId>>& bodyVars,
                     std::vector<ir::VarId> writes) {
    const Clause& c = sys_.clauses[idx];
    std::vector<z3::expr> argConsts, replacements;
    for (size_t j = 0; j < c.body.size(); ++j)
      for (size_t i = 0; i < c.body[j].args.size(); ++i) {
        argConsts.push_back(c.body[j].args[i]);
        replacements.push_back(p().var(bodyVars[j][i]).cur);
      }
    if (c.head)
      for (size_t i = 0; i < c.head->args.size(); ++i) {
        argConsts.push_back(c.head->args[i]);
        replacements.push_back(p().var(out_.encoding.predVars[c.head->pred][i]).next);
      }
    std::vector<z3::expr> aux;
    std::vector<ir::NondetInput> inputs;
    for (auto& v : c.vars) {
      bool isArg = false;
      for (auto& a : argConsts) isArg = isArg || z3::eq(a, v);
      if (isArg) continue;
      aux.push_back(v);
      inputs.push_back(ir::NondetInput{v, "", {}});
    }
    z3::expr formula = smt::substitute(c.constraint, argConsts, replacements);
    ir::EdgeId e = p().addTransition(from, to, formula, std::move(writes), std::move(aux), std::move(inputs), where(c),
                                     label(idx));
    edgeClause_[e] = idx;
    out_.encoding.clauseEdge[idx] = e;
    out_.encoding.bodyVars[idx] = bodyVars;
  }

  std::string label(uint32_t idx) const {
    const Clause& c = sys_.clauses[idx];
    std::string body;
    for (auto& app : c.body) body += (body.empty() ? "" : ", ") + sys_.preds[app.pred].name;
    return "clause " + std::to_string(idx) + " (line " + std::to_string(c.line) + "): " +
           (body.empty() ? "true" : body) + " -> " + (c.head ? sys_.preds[c.head->pred].name : "false");
  }

  const ChcSystem& sys_;
  ChcProgram out_;
  ir::ProcId main_ = ir::kNone;
  std::map<std::string, ir::VarId> positional_;
  std::vector<ir::VarId> allPositional_;
  std::map<ir::EdgeId, uint32_t> edgeClause_;
};

}  // namespace

ChcProgram toProgram(const ChcSystem& system) { return ProgramBuilder(system).build(); }

}  // namespace argus::chc
