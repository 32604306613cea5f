// Validation of witnesses (2.0 YAML or GraphML 1.0) by replay (violation) and by certify (correctness);
// see Validate.h.
#include "witness/Validate.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <regex>
#include <set>

#include "certify/Certify.h"
#include "certify/Blocks.h"
#include "certify/Unfolding.h"
#include "frontend/c/Replay.h"
#include "ir/Definitions.h"
#include "ir/Queries.h"
#include "util/Error.h"
#include "util/Stats.h"
#include "witness/CExpression.h"
#include "witness/GraphMl.h"
#include "witness/Witness.h"

namespace argus::witness {

const char* toString(Validity v) {
  switch (v) {
    case Validity::Confirmed: return "confirmed";
    case Validity::Rejected: return "rejected";
    case Validity::Unconfirmed: return "unconfirmed";
  }
  return "?";
}

namespace {

int lineOf(const YAML::Node& node) { return node.Mark().line >= 0 ? node.Mark().line + 1 : 0; }

std::string scalar(const YAML::Node& node, const std::string& key, const std::string& file) {
  YAML::Node value = node[key];
  if (!value || !value.IsScalar()) throw InputError(file, lineOf(node), "'" + key + "' missing or not a single value");
  return value.as<std::string>();
}

/// The task a witness was written for must be this program's: one of `hashes` is the file's SHA-256, the
/// specification is unreach-call of its error function, the data model (if named) is its own.
std::optional<std::string> taskMismatch(const ir::Program& program, const std::vector<std::string>& hashes,
                                        const std::string& specification,
                                        const std::optional<std::string>& dataModel) {
  std::string hash = sha256OfFile(program.origin().file);
  if (std::find(hashes.begin(), hashes.end(), hash) == hashes.end())
    return "the witness names no input file with the program's SHA-256 " + hash;
  if (program.origin().property == "no-overflow") {
    if (specification.find("overflow") == std::string::npos) return "the witness's specification is not no-overflow";
  } else if (specification.find(program.origin().errorFunction + "()") == std::string::npos) {
    return "the witness's specification is not unreach-call of " + program.origin().errorFunction;
  }
  if (dataModel && *dataModel != (program.origin().ilp32 ? "ILP32" : "LP64"))
    return "the witness is for the data model " + *dataModel;
  return std::nullopt;
}

/// The 2.0 witness's task (its metadata) must be this program's.
std::optional<std::string> taskMismatch(const ir::Program& program, const YAML::Node& metadata, const std::string& file) {
  if (!metadata || !metadata.IsMap()) throw InputError(file, 0, "no metadata");
  if (scalar(metadata, "format_version", file).rfind("2.", 0) != 0)
    throw InputError(file, lineOf(metadata), "format_version is not 2.x");
  YAML::Node task = metadata["task"];
  if (!task || !task.IsMap()) throw InputError(file, lineOf(metadata), "no task in the metadata");
  std::vector<std::string> hashes;
  if (YAML::Node named = task["input_file_hashes"]; named && named.IsMap())
    for (auto entry : named)
      if (entry.second.IsScalar()) hashes.push_back(entry.second.as<std::string>());
  return taskMismatch(program, hashes, scalar(task, "specification", file), scalar(task, "data_model", file));
}

/// The GraphML witness's task must be this program's: hash, property and (when named) architecture.
std::optional<std::string> taskMismatch(const ir::Program& program, const GraphMlWitness& graph) {
  auto value = [&](const char* key) {
    auto it = graph.graphData.find(key);
    return it == graph.graphData.end() ? std::string() : it->second;
  };
  std::optional<std::string> model;
  if (auto architecture = graph.graphData.find("architecture"); architecture != graph.graphData.end())
    model = architecture->second == "32bit" ? "ILP32" : architecture->second == "64bit" ? "LP64" : architecture->second;
  return taskMismatch(program, {value("programhash")}, value("specification"), model);
}

ValidationOutcome checkInvariants(const ir::Program& program, std::map<ir::LocId, z3::expr> invariants,
                                  const std::map<ir::ProcId, ir::Contract>& contracts,
                                  const ValidationOptions& options);

/// The largest unrolling tried for a witness without invariants (a recursive program's unrolling grows
/// exponentially with the bound).
constexpr unsigned kMaxUnrolling = 256;

ValidationOutcome outcome(Validity v, std::string kind, std::string detail) { return {v, std::move(kind), std::move(detail)}; }

/// N of "\result == N" (a C integer constant, optionally with suffixes and a closing ';'), or nothing.
std::optional<std::string> resultValue(const std::string& constraint) {
  static const std::regex kResult(R"(^\s*\\result\s*==\s*(-?[0-9]+)[uUlL]*\s*;?\s*$)");
  // Floats: a decimal or hexadecimal floating literal, (-)INFINITY, and `\result != \result` for a NaN.
  static const std::regex kFloat(
      R"(^\s*\\result\s*==\s*(-?(0[xX][0-9a-fA-F]*\.?[0-9a-fA-F]*[pP][+-]?[0-9]+|[0-9]*\.[0-9]*([eE][+-]?[0-9]+)?|[0-9]+[eE][+-]?[0-9]+))[fFlL]?\s*;?\s*$)");
  static const std::regex kInfinity(R"(^\s*\\result\s*==\s*(-?)INFINITY\s*;?\s*$)");
  static const std::regex kNaN(R"(^\s*\\result\s*!=\s*\\result\s*;?\s*$)");
  std::smatch match;
  if (std::regex_match(constraint, match, kResult)) return match[1].str();
  if (std::regex_match(constraint, match, kFloat)) return match[1].str();
  if (std::regex_match(constraint, match, kInfinity)) return match[1].str() + "inf";
  if (std::regex_match(constraint, kNaN)) return std::string("nan");
  return std::nullopt;
}

/// The program compiled and run natively with `values` for its nondet calls, in order. no-overflow: the
/// fault must be reported at `targetLine` (the target waypoint's line; 0: the witness names none, any line).
ValidationOutcome replayValues(const ir::Program& program, const std::vector<std::string>& values,
                               const ValidationOptions& options, int targetLine = 0) {
  frontend::ReplaySpec spec;
  spec.cFile = program.origin().file;
  spec.errorFunction = program.origin().errorFunction;
  spec.ilp32 = program.origin().ilp32;
  spec.timeoutSeconds = options.replayTimeout;
  spec.checkOverflow = program.origin().property == "no-overflow";
  spec.violationLine = targetLine;
  for (const std::string& v : values) spec.inputs.push_back({"", v});
  frontend::ReplayOutcome run = frontend::replayNatively(spec);
  if (run.reachedError) return outcome(Validity::Confirmed, "violation", run.detail);
  // The replay's malloc returns zeroed blocks, then blocks full of the pattern byte 0xAA; when the
  // program allocates with malloc, its path may depend on what a block holds, which a witness cannot say
  // (format 2.0 has no waypoint for it): runs that miss the error then refute only those contents, not
  // the witness.
  const auto& allocations = program.origin().allocations;
  bool usesMalloc = std::any_of(allocations.begin(), allocations.end(), [](const auto& entry) {
    return std::any_of(entry.second.begin(), entry.second.end(), [](const ir::Allocation& a) { return a.fromMalloc; });
  });
  if (run.contradicted && usesMalloc) {
    ValidationOutcome open = outcome(Validity::Unconfirmed, "violation",
                                     run.detail + "; with zeroed and with 0xAA-filled malloc blocks (the witness "
                                                  "cannot give their contents)");
    open.heapOpenInputs = values;
    return open;
  }
  return outcome(run.contradicted ? Validity::Rejected : Validity::Unconfirmed, "violation", run.detail);
}

ValidationOutcome validateViolation(const ir::Program& program, const YAML::Node& content, const std::string& file,
                                    const ValidationOptions& options) {
  const std::string kind = "violation";
  if (!content || !content.IsSequence()) throw InputError(file, 0, "a violation_sequence needs a content list");
  std::vector<std::string> values;
  bool target = false;
  int targetLine = 0;
  for (const YAML::Node& item : content) {
    YAML::Node segment = item["segment"];
    if (!segment || !segment.IsSequence()) throw InputError(file, lineOf(item), "an item of content without a segment");
    for (const YAML::Node& entry : segment) {
      YAML::Node waypoint = entry["waypoint"];
      if (!waypoint || !waypoint.IsMap()) throw InputError(file, lineOf(entry), "a segment item without a waypoint");
      std::string type = scalar(waypoint, "type", file), action = scalar(waypoint, "action", file);
      if (target) return outcome(Validity::Unconfirmed, kind, "waypoints after the target");
      if (action != "follow")
        return outcome(Validity::Unconfirmed, kind, "argus follows no '" + action + "' waypoints");
      if (type == "target") {
        target = true;
        if (YAML::Node location = waypoint["location"]; location && location.IsMap() && location["line"])
          targetLine = std::atoi(scalar(location, "line", file).c_str());
      } else if (type == "function_return") {
        std::string value = scalar(waypoint["constraint"], "value", file);
        std::optional<std::string> number = resultValue(value);
        if (!number)
          return outcome(Validity::Unconfirmed, kind, "argus reads only '\\result == N' constraints, not '" + value + "'");
        values.push_back(*number);
      } else {
        return outcome(Validity::Unconfirmed, kind, "argus follows no '" + type + "' waypoints");
      }
    }
  }
  if (!target) return outcome(Validity::Rejected, kind, "the witness has no target waypoint");
  return replayValues(program, values, options, targetLine);
}

/// The GraphML violation witness as a path from the entry node: the values of its "\result == N"
/// assumptions in order, up to the violation node.
ValidationOutcome validateViolation(const ir::Program& program, const GraphMlWitness& graph,
                                    const ValidationOptions& options) {
  const std::string kind = "violation";
  std::string at;
  for (auto& [id, node] : graph.nodes)
    if (node.data.count("entry") && node.data.at("entry") == "true") {
      if (!at.empty()) return outcome(Validity::Unconfirmed, kind, "more than one entry node");
      at = id;
    }
  if (at.empty()) return outcome(Validity::Rejected, kind, "the witness has no entry node");
  std::vector<std::string> values;
  std::set<std::string> visited;
  while (true) {
    const auto& node = graph.nodes.at(at).data;
    if (node.count("violation") && node.at("violation") == "true") return replayValues(program, values, options);
    if (!visited.insert(at).second) return outcome(Validity::Unconfirmed, kind, "the witness's path runs in a cycle");
    const GraphMlWitness::Edge* next = nullptr;
    for (const auto& e : graph.edges)
      if (e.source == at) {
        if (next) return outcome(Validity::Unconfirmed, kind, "argus follows only witnesses that are one path");
        next = &e;
      }
    if (!next) return outcome(Validity::Rejected, kind, "the witness's path ends before a violation node");
    if (auto a = next->data.find("assumption"); a != next->data.end()) {
      std::optional<std::string> value = resultValue(a->second);
      if (!value || !next->data.count("assumption.resultfunction"))
        return outcome(Validity::Unconfirmed, kind, "argus reads only '\\result == N;' assumptions of a resultfunction, not '" + a->second + "'");
      values.push_back(*value);
    }
    at = next->target;
  }
}

/// The loop head of `program` whose loop starts at file:line:column in `function` (the first such); without
/// a column, the loop that is the only one starting on that line.
std::optional<ir::LocId> loopHeadAt(const ir::Program& program, const std::string& file, int line,
                                    std::optional<int> column, const std::string& function) {
  std::optional<ir::LocId> found;
  for (const ir::Location& loc : program.locs()) {
    const ir::SourceLoc& start = loc.loopStart;
    if (!start.known() || start.line != line || (column && start.column != *column) || !sameFile(start.file, file) ||
        program.proc(loc.proc).name != function)
      continue;
    if (column) return loc.id;
    if (found) return std::nullopt;
    found = loc.id;
  }
  return found;
}

ValidationOutcome validateCorrectness(const ir::Program& program, const YAML::Node& content, const std::string& file,
                                      const ValidationOptions& options) {
  const std::string kind = "correctness";
  if (!content || !content.IsSequence()) throw InputError(file, 0, "an invariant_set needs a content list");
  std::map<ir::LocId, z3::expr> invariants;
  std::map<ir::ProcId, ir::Contract> contracts;
  std::map<ir::ProcId, SourceScope> scopes;
  for (const YAML::Node& item : content) {
    YAML::Node invariant = item["invariant"];
    if (!invariant || !invariant.IsMap()) throw InputError(file, lineOf(item), "an item of content without an invariant");
    std::string type = scalar(invariant, "type", file);
    if (type != "loop_invariant" && type != "function_contract")
      return outcome(Validity::Unconfirmed, kind, "argus reads no " + type + " entries");
    std::string format = scalar(invariant, "format", file);
    // fromC reads over the mathematical integers, which is ACSL's arithmetic; argus writes a contract as ACSL
    // when C's could overflow (Arithmetic in CExpression.h). Loop invariants are C's.
    bool readable = format == "c_expression" || format == "ext_c_expression" ||
                    (format == "acsl_expression" && type == "function_contract");
    if (!readable)
      return outcome(Validity::Unconfirmed, kind,
                     "a " + type + " in the format " + format + ", which argus does not read");
    YAML::Node where = invariant["location"];
    if (!where || !where.IsMap()) throw InputError(file, lineOf(invariant), "an invariant without a location");
    int line = std::stoi(scalar(where, "line", file));
    int column = where["column"] ? std::stoi(scalar(where, "column", file)) : 0;
    std::string function = where["function"] ? scalar(where, "function", file) : "main";
    if (type == "function_contract") {
      // The contract of the function the location names; requires over its parameters and the globals at
      // entry, ensures also over \old(x) and \result (CExpression.h, ensuresNames).
      ir::ProcId proc = program.findProc(function);
      if (proc == ir::kNone || proc == program.mainProc())
        return outcome(Validity::Unconfirmed, kind, "no function " + function + " that a contract could be of");
      const SourceScope& scope = scopes.try_emplace(proc, program, proc).first->second;
      std::string at = fmt::format("{}:{}", file, lineOf(invariant));
      z3::expr pre = invariant["requires"] ? fromC(scalar(invariant, "requires", file),
                                                   scope.namesAt(program.proc(proc).entry), at)
                                           : program.ctx().bool_val(true);
      z3::expr post = fromC(scalar(invariant, "ensures", file), ensuresNames(scope), at);
      auto [it, fresh] = contracts.try_emplace(proc, ir::Contract{pre, post});
      if (!fresh) it->second = ir::Contract{it->second.pre && pre, it->second.post && post};
      continue;
    }
    auto loc = loopHeadAt(program, program.origin().file, line, column, function);
    if (!loc)
      return outcome(Validity::Unconfirmed, kind,
                     fmt::format("no loop of {} starts at line {}, column {}", function, line, column));
    ir::ProcId proc = program.loc(*loc).proc;
    const SourceScope& scope = scopes.try_emplace(proc, program, proc).first->second;
    z3::expr formula = fromC(scalar(invariant, "value", file), scope, *loc, fmt::format("{}:{}", file, lineOf(invariant)));
    auto [it, fresh] = invariants.try_emplace(*loc, formula);
    if (!fresh) it->second = it->second && formula;
  }
  return checkInvariants(program, std::move(invariants), contracts, options);
}

/// The GraphML correctness witness: each node's invariant at the loop that its incoming edges'
/// `startline` names (the loop starting on that line of the node's `invariant.scope`). Several nodes at
/// one loop are alternatives: their disjunction holds there.
ValidationOutcome validateCorrectness(const ir::Program& program, const GraphMlWitness& graph, const std::string& file,
                                      const ValidationOptions& options) {
  const std::string kind = "correctness";
  std::map<ir::LocId, z3::expr> invariants;
  std::map<ir::ProcId, SourceScope> scopes;
  for (const auto& e : graph.edges) {
    const auto& node = graph.nodes.at(e.target).data;
    auto text = node.find("invariant");
    if (text == node.end()) continue;
    auto line = e.data.find("startline");
    if (line == e.data.end())
      return outcome(Validity::Unconfirmed, kind, "an invariant node entered by an edge without a startline");
    std::string function = node.count("invariant.scope") ? node.at("invariant.scope") : "main";
    int lineNumber = 0;
    try {
      lineNumber = std::stoi(line->second);
    } catch (const std::exception&) {
      throw InputError(file, 0, "startline '" + line->second + "' is not a number");
    }
    auto loc = loopHeadAt(program, program.origin().file, lineNumber, std::nullopt, function);
    if (!loc)
      return outcome(Validity::Unconfirmed, kind,
                     fmt::format("no single loop of {} starts on line {}", function, lineNumber));
    ir::ProcId proc = program.loc(*loc).proc;
    const SourceScope& scope = scopes.try_emplace(proc, program, proc).first->second;
    z3::expr formula = fromC(text->second, scope, *loc, fmt::format("{}: node {}", file, e.target));
    auto [it, fresh] = invariants.try_emplace(*loc, formula);
    if (!fresh) it->second = it->second || formula;
  }
  return checkInvariants(program, std::move(invariants), {}, options);
}

/// The invariants (at loop heads; `true` at the others) and the contracts as a certificate that certify
/// accepts, in one of the forms the header lists.
ValidationOutcome checkInvariants(const ir::Program& program, std::map<ir::LocId, z3::expr> invariants,
                                  const std::map<ir::ProcId, ir::Contract>& contracts,
                                  const ValidationOptions& options) {
  const std::string kind = "correctness";

  certify::CertifyOptions checks;
  checks.checkTimeout = options.checkTimeout;
  checks.nativeReplay = false;
  Stopwatch clock;
  std::string last = "no attempt";
  std::string contractsRefuted;  // why certify did not accept the witness's contracts, if it did not
  auto unconfirmed = [&](std::string detail) {
    if (!contractsRefuted.empty()) detail = "with the function contracts: " + contractsRefuted + "; then " + detail;
    return outcome(Validity::Unconfirmed, kind, detail);
  };
  auto attempt = [&](ir::Certificate certificate) -> std::optional<ValidationOutcome> {
    if (clock.seconds() > options.budget) return unconfirmed("out of time; last: " + last);
    certify::CheckOutcome checked = certify::checkCertificate(program, certificate, checks);
    std::string what;
    switch (certificate.kind) {
      case ir::Certificate::Kind::Invariants: what = fmt::format("{}-inductive", certificate.k); break;
      case ir::Certificate::Kind::BlockBound: what = fmt::format("a block bound of {}", certificate.bound); break;
      case ir::Certificate::Kind::CompleteUnrolling: what = fmt::format("a complete unrolling to {}", certificate.bound); break;
      case ir::Certificate::Kind::InliningTree:
        what = fmt::format("an inlining tree of {} sites", certificate.inlinedSites.size());
        break;
    }
    if (checked.accepted()) return outcome(Validity::Confirmed, kind, "the invariants with " + what + ": " + checked.detail);
    last = what + ": " + checked.detail;
    return std::nullopt;
  };

  // A loop the witness says nothing about has the invariant `true` (a cut point all the same); so has the
  // head of a cycle no loop statement or label makes (LoopSimplify's outer head of a loop), which a witness
  // cannot name.
  for (const ir::Location& loc : program.locs())
    if (loc.loopStart.known()) invariants.try_emplace(loc.id, program.ctx().bool_val(true));
  if (!invariants.empty() || !contracts.empty()) {
    ir::Certificate named;
    for (auto& [loc, formula] : invariants) named.invariants.emplace(loc, formula);
    std::vector<bool> isCut = certify::cutPointsOf(program, named);
    for (const ir::Procedure& proc : program.procs())
      for (ir::LocId head : ir::uncutCycleHeads(program, proc.id, isCut))
        invariants.try_emplace(head, program.ctx().bool_val(true));
    // The program's temporaries and stale copies carry values across the cut points that the C invariants
    // cannot name (a loop bound computed once before the loop): where their definition holds, it joins the
    // invariant.
    ir::AvailableDefinitions definitions(program);
    for (auto& [loc, formula] : invariants)
      for (const z3::expr& definition : definitions.at(loc)) formula = formula && definition;
  }
  if (!contracts.empty()) {
    // The witness's contracts stand for the calls (certify's modular form): what proves a recursive program.
    ir::Certificate modular;
    modular.context = program.sharedCtx();
    modular.form = ir::Certificate::Form::Modular;
    modular.kind = ir::Certificate::Kind::Invariants;
    for (auto& [loc, formula] : invariants) modular.invariants.emplace(loc, formula);
    for (auto& [proc, contract] : contracts) modular.contracts.emplace(proc, contract);
    if (auto done = attempt(std::move(modular))) {
      done->detail += fmt::format(" (with the witness's {} function contracts)", contracts.size());
      return *done;
    }
    contractsRefuted = last;
  }
  if (!invariants.empty()) {
    ir::Certificate base;
    base.context = program.sharedCtx();
    bool calls = false;
    for (const ir::Edge& e : program.edges()) calls |= e.isCall();
    if (calls) {
      // Every activation of a loop carries the loop's invariant: the inlined form on certify's unfolding.
      auto unfolding = certify::unfoldCalls(program);
      if (auto* refused = std::get_if<certify::UnfoldingRefused>(&unfolding))
        return unconfirmed("no unfolding of the calls: " + refused->detail);
      base.form = ir::Certificate::Form::Inlined;
      for (auto& [at, copy] : std::get<certify::Unfolding>(unfolding).copies)
        if (auto it = invariants.find(at.loc); it != invariants.end()) base.inlined.emplace(at, it->second);
    } else {
      base.form = ir::Certificate::Form::Modular;
      for (auto& [loc, formula] : invariants) base.invariants.emplace(loc, formula);
    }
    // k-induction over the loop heads, then (what k-induction's forward condition proves) a bound on the
    // blocks between them.
    for (unsigned k = 1; k <= 32; k *= 2) {
      ir::Certificate certificate = base;
      certificate.kind = ir::Certificate::Kind::Invariants;
      certificate.k = k;
      if (auto done = attempt(std::move(certificate))) return *done;
    }
    for (unsigned bound = 2; bound <= kMaxUnrolling; bound *= 2) {
      ir::Certificate certificate = base;
      certificate.kind = ir::Certificate::Kind::BlockBound;
      certificate.bound = bound;
      if (auto done = attempt(std::move(certificate))) return *done;
    }
    return unconfirmed(fmt::format("the invariants are neither k-inductive for k up to 32 nor bounded within {} "
                                   "blocks; last: {}", kMaxUnrolling, last));
  }
  // No loops: bounded unless recursion is not.
  for (unsigned bound = 1; bound <= kMaxUnrolling; bound *= 2) {
    ir::Certificate certificate;
    certificate.context = program.sharedCtx();
    certificate.kind = ir::Certificate::Kind::CompleteUnrolling;
    certificate.bound = bound;
    if (auto done = attempt(std::move(certificate))) return *done;
  }
  return unconfirmed(fmt::format("no loop statement or label to name, and no complete "
                                 "unrolling up to bound {}; last: {}", kMaxUnrolling, last));
}

/// What both formats do once the witness is read: one for another task is rejected, one for a program
/// not from C unconfirmed; otherwise `validate` decides, its memory and solver failures unconfirmed.
ValidationOutcome validateRead(const ir::Program& program, const std::string& kind,
                               const std::optional<std::string>& mismatch,
                               const std::function<ValidationOutcome()>& validate) {
  if (mismatch) return outcome(Validity::Rejected, kind, *mismatch);
  if (program.origin().language != ir::Language::C)
    return outcome(Validity::Unconfirmed, kind, "witnesses are validated for C programs");
  try {
    return validate();
  } catch (const std::bad_alloc&) {
    return outcome(Validity::Unconfirmed, kind, "out of memory");
  } catch (const z3::exception& e) {
    return outcome(Validity::Unconfirmed, kind, std::string("the solver gave up: ") + e.msg());
  }
}

ValidationOutcome validateGraphMl(const ir::Program& program, const std::string& witnessFile,
                                  const ValidationOptions& options) {
  GraphMlWitness graph = readGraphMl(witnessFile);
  auto type = graph.graphData.find("witness-type");
  if (type == graph.graphData.end()) throw InputError(witnessFile, 0, "the graph has no witness-type");
  std::string kind = type->second == "violation_witness"     ? "violation"
                     : type->second == "correctness_witness" ? "correctness"
                                                             : "";
  if (kind.empty()) throw InputError(witnessFile, 0, "unknown witness-type '" + type->second + "'");
  return validateRead(program, kind, taskMismatch(program, graph), [&] {
    return kind == "violation" ? validateViolation(program, graph, options)
                               : validateCorrectness(program, graph, witnessFile, options);
  });
}

}  // namespace

ValidationOutcome validateWitness(const ir::Program& program, const std::string& witnessFile,
                                  const ValidationOptions& options) {
  if (looksLikeXml(witnessFile)) return validateGraphMl(program, witnessFile, options);
  YAML::Node root;
  try {
    root = YAML::LoadFile(witnessFile);
  } catch (const YAML::BadFile&) {
    throw InputError(witnessFile, 0, "cannot read the witness");
  } catch (const YAML::Exception& e) {
    throw InputError(witnessFile, e.mark.line >= 0 ? e.mark.line + 1 : 0, e.msg);
  }
  if (!root.IsSequence() || root.size() == 0) throw InputError(witnessFile, 0, "a witness is a non-empty list of entries");
  if (root.size() != 1) return outcome(Validity::Unconfirmed, "", "argus reads witnesses with one entry");
  const YAML::Node& entry = root[0];
  std::string type = scalar(entry, "entry_type", witnessFile);
  std::string kind = type == "violation_sequence" ? "violation" : type == "invariant_set" ? "correctness" : "";
  if (kind.empty()) throw InputError(witnessFile, lineOf(entry), "unknown entry_type '" + type + "'");
  return validateRead(program, kind, taskMismatch(program, entry["metadata"], witnessFile), [&] {
    return kind == "violation" ? validateViolation(program, entry["content"], witnessFile, options)
                               : validateCorrectness(program, entry["content"], witnessFile, options);
  });
}

}  // namespace argus::witness
