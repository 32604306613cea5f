// Writes SV-COMP witnesses 2.0 (or GraphML 1.0, GraphMl.cc) from certified evidence (see Witness.h).
#include "witness/Witness.h"

#include <fmt/chrono.h>
#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <tuple>
#include <variant>

#include "frontend/c/CompileCache.h"
#include "ir/Definitions.h"
#include "report/ValueText.h"
#include "smt/Floats.h"
#include "util/Error.h"
#include "witness/CExpression.h"
#include "witness/GraphMl.h"
#include "witness/SourceText.h"

namespace argus::witness {
namespace {

std::string newUuid() {
  std::random_device device;
  std::mt19937_64 random((static_cast<uint64_t>(device()) << 32) ^ device());
  uint64_t high = random(), low = random();
  high = (high & ~0xF000ull) | 0x4000ull;                           // version 4
  low = (low & ~(0xC000000000000000ull)) | 0x8000000000000000ull;  // RFC 4122 variant
  return fmt::format("{:08x}-{:04x}-{:04x}-{:04x}-{:012x}", high >> 32, (high >> 16) & 0xFFFF, high & 0xFFFF,
                     low >> 48, low & 0xFFFFFFFFFFFFull);
}

}  // namespace

std::string creationTime() {
  auto now = std::chrono::system_clock::now();
  std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", fmt::gmtime(seconds));
}

namespace {

void emitMetadata(YAML::Emitter& out, const ir::Program& program, const WitnessMetadata& metadata,
                  const char* formatVersion = "2.0") {
  const ir::Origin& origin = program.origin();
  out << YAML::Key << "metadata" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "format_version" << YAML::Value << YAML::DoubleQuoted << formatVersion;
  out << YAML::Key << "uuid" << YAML::Value << YAML::DoubleQuoted << newUuid();
  out << YAML::Key << "creation_time" << YAML::Value << YAML::DoubleQuoted << creationTime();
  out << YAML::Key << "producer" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "name" << YAML::Value << "argus";
  out << YAML::Key << "version" << YAML::Value << YAML::DoubleQuoted << metadata.producerVersion;
  if (!metadata.commandLine.empty())
    out << YAML::Key << "command_line" << YAML::Value << YAML::DoubleQuoted << metadata.commandLine;
  out << YAML::EndMap;
  out << YAML::Key << "task" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "input_files" << YAML::Value << YAML::BeginSeq << YAML::DoubleQuoted << origin.file
      << YAML::EndSeq;
  out << YAML::Key << "input_file_hashes" << YAML::Value << YAML::BeginMap << YAML::Key << YAML::DoubleQuoted
      << origin.file << YAML::Value << YAML::DoubleQuoted << sha256OfFile(origin.file) << YAML::EndMap;
  out << YAML::Key << "specification" << YAML::Value << YAML::DoubleQuoted << specificationOf(program);
  out << YAML::Key << "data_model" << YAML::Value << (origin.ilp32 ? "ILP32" : "LP64");
  out << YAML::Key << "language" << YAML::Value << "C";
  out << YAML::EndMap;
  out << YAML::EndMap;
}

void emitLocation(YAML::Emitter& out, const std::string& file, int line, int column, const std::string& function) {
  out << YAML::Key << "location" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "file_name" << YAML::Value << YAML::DoubleQuoted << file;
  out << YAML::Key << "line" << YAML::Value << line;
  if (column > 0) out << YAML::Key << "column" << YAML::Value << column;
  out << YAML::Key << "function" << YAML::Value << function;
  out << YAML::EndMap;
}

/// The waypoints of a replayed trace: a function_return per nondet value, then the target; or why not.
std::variant<std::vector<Waypoint>, std::string> violationWaypoints(const ir::Program& program, const ir::Trace& trace) {
  if (!trace.replayed) return std::string("the trace was not replayed natively");
  const std::string& file = program.origin().file;
  SourceText source(file);
  std::vector<Waypoint> waypoints;
  for (const ir::TraceStep& step : trace.steps) {
    const ir::Edge& edge = program.edge(step.edge);
    for (size_t i = 0; i < step.inputs.size(); ++i) {
      if (i >= edge.inputs.size()) return std::string("a step consumed more inputs than its edge declares");
      const ir::NondetInput& input = edge.inputs[i];
      if (!input.loc.known() || !sameFile(input.loc.file, file))
        return "the call of " + input.function + " has no position in " + file;
      auto end = source.closingParenthesis(input.loc.line, input.loc.column);
      if (!end) return "cannot find the end of the call at " + input.loc.str();
      std::string constraint = "\\result == " + report::valueText(step.inputs[i], input.type);
      if (input.type.floating) {
        // Exact: a hexadecimal literal; a NaN is the value that differs from itself.
        std::optional<std::string> literal = smt::floatLiteral(step.inputs[i]);
        if (!literal) return "the value of " + input.function + " is no float or double numeral";
        constraint = *literal == "NAN" ? "\\result != \\result" : "\\result == " + *literal;
      }
      waypoints.push_back({"function_return", end->first, end->second, program.proc(edge.proc).name, constraint,
                           input.function});
    }
  }
  if (trace.steps.empty()) return std::string("the trace is empty");
  const ir::Edge& last = program.edge(trace.steps.back().edge);
  if (!program.isErrorLoc(last.to) || !last.loc.known() || !sameFile(last.loc.file, file))
    return "the call of the error function has no position in " + file;
  waypoints.push_back({"target", last.loc.line, last.loc.column, program.proc(last.proc).name, "", ""});
  return waypoints;
}

WitnessText violationWitness(const ir::Program& program, const ir::Trace& trace, const WitnessMetadata& metadata) {
  auto collected = violationWaypoints(program, trace);
  if (auto* why = std::get_if<std::string>(&collected)) return {std::nullopt, *why};
  const auto& waypoints = std::get<std::vector<Waypoint>>(collected);
  if (metadata.format == WitnessFormat::GraphMl) return {graphMlViolation(program, waypoints, metadata), ""};
  const std::string& file = program.origin().file;
  YAML::Emitter out;
  out << YAML::BeginSeq << YAML::BeginMap;
  out << YAML::Key << "entry_type" << YAML::Value << "violation_sequence";
  emitMetadata(out, program, metadata);
  out << YAML::Key << "content" << YAML::Value << YAML::BeginSeq;
  for (const Waypoint& w : waypoints) {
    out << YAML::BeginMap << YAML::Key << "segment" << YAML::Value << YAML::BeginSeq << YAML::BeginMap;
    out << YAML::Key << "waypoint" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "type" << YAML::Value << w.type;
    out << YAML::Key << "action" << YAML::Value << "follow";
    emitLocation(out, file, w.line, w.column, w.function);
    if (!w.constraint.empty()) {
      out << YAML::Key << "constraint" << YAML::Value << YAML::BeginMap;
      out << YAML::Key << "value" << YAML::Value << YAML::DoubleQuoted << w.constraint;
      out << YAML::Key << "format" << YAML::Value << "c_expression";
      out << YAML::EndMap;
    }
    out << YAML::EndMap << YAML::EndMap << YAML::EndSeq << YAML::EndMap;
  }
  out << YAML::EndSeq << YAML::EndMap << YAML::EndSeq;
  return {std::string(out.c_str()) + "\n", ""};
}

/// What the certificate says at each loop head it names, in C.
std::vector<LoopInvariant> loopInvariants(const ir::Program& program, const ir::Certificate& certificate) {
  std::map<ir::ProcId, SourceScope> scopes;
  auto scopeOf = [&](ir::LocId loc) -> const SourceScope& {
    ir::ProcId proc = program.loc(loc).proc;
    return scopes.try_emplace(proc, program, proc).first->second;
  };
  // A temporary, or a copy of a C variable that is not its value at the loop head, is projected out; with
  // its definition beside it (ir/Definitions.h), the projection replaces it by what it stands for instead
  // of losing what it relates.
  ir::AvailableDefinitions definitions(program);
  auto inC = [&](const z3::expr& formula, ir::LocId loc) {
    CNames names = scopeOf(loc).namesAt(loc);
    z3::expr defined = formula;
    for (const z3::expr& definition : definitions.defining(loc, hiddenConstants(formula, names)))
      defined = defined && definition;
    return impliedC(visiblePart(defined, names), names);
  };
  std::vector<LoopInvariant> out;
  if (certificate.form == ir::Certificate::Form::Modular) {
    for (auto& [loc, formula] : certificate.invariants) {
      if (!program.loc(loc).loopStart.known()) continue;
      std::string c = inC(formula, loc);
      if (!c.empty()) out.push_back({loc, c});
    }
    return out;
  }
  // Inlined: the invariant of a loop head holds in every calling context, so it is the disjunction of
  // what each copy says; a copy that says nothing C can express makes the disjunction say nothing.
  std::map<ir::LocId, std::vector<std::string>> copies;
  std::set<ir::LocId> silent;
  for (auto& [at, formula] : certificate.inlined) {
    if (!program.loc(at.loc).loopStart.known()) continue;
    std::string c = inC(formula, at.loc);
    if (c.empty()) silent.insert(at.loc);
    else copies[at.loc].push_back(c);
  }
  for (auto& [loc, parts] : copies) {
    if (silent.count(loc)) continue;
    std::string value;
    for (const std::string& p : parts) value += (value.empty() ? "" : " || ") + (parts.size() > 1 ? "(" + p + ")" : p);
    out.push_back({loc, value});
  }
  return out;
}

/// The contracts of a modular certificate in C, for the functions other than main that have a source
/// position in `file` and whose contract says something C can express.
std::vector<FunctionContract> functionContracts(const ir::Program& program, const ir::Certificate& certificate,
                                                const std::string& file) {
  std::vector<FunctionContract> out;
  if (certificate.form != ir::Certificate::Form::Modular) return out;
  for (auto& [proc, contract] : certificate.contracts) {
    const ir::Procedure& procedure = program.proc(proc);
    if (proc == program.mainProc() || !procedure.loc.known() || !sameFile(procedure.loc.file, file)) continue;
    SourceScope scope(program, proc);
    CNames atEntry = scope.namesAt(procedure.entry), atExit = ensuresNames(scope);
    // Simplified first: an engine's contract may carry double negations and constant parts (`!err(…)`).
    z3::expr pre = visiblePart(contract.pre.simplify(), atEntry), post = visiblePart(contract.post.simplify(), atExit);
    auto clauses = [&](Arithmetic arithmetic) {
      return std::make_pair(impliedC(pre, atEntry, arithmetic), impliedC(post, atExit, arithmetic));
    };
    // In C's arithmetic where that says all of it; a relation such as `\result == \old(m) + \old(n)` over
    // long long parameters, whose sum C could overflow, in ACSL's (the same text over unbounded integers).
    auto [requiresClause, ensuresClause] = clauses(Arithmetic::C);
    const char* format = "ext_c_expression";
    if (auto unbounded = clauses(Arithmetic::Acsl); unbounded != std::make_pair(requiresClause, ensuresClause)) {
      std::tie(requiresClause, ensuresClause) = unbounded;
      format = "acsl_expression";
    }
    if (requiresClause.empty() && ensuresClause.empty()) continue;
    out.push_back({proc, requiresClause.empty() ? "1" : requiresClause, ensuresClause.empty() ? "1" : ensuresClause,
                   format});
  }
  return out;
}

WitnessText correctnessWitness(const ir::Program& program, const ir::Certificate& certificate,
                               const WitnessMetadata& metadata) {
  if (!certificate.checked) return {std::nullopt, "the certificate was not checked"};
  if (program.origin().encoding != ir::Encoding::Int)
    return {std::nullopt, "invariants of the bit-vector encoding are not written as C expressions yet"};
  const std::string& file = program.origin().file;
  std::vector<LoopInvariant> invariants;
  for (LoopInvariant& inv : loopInvariants(program, certificate))
    if (sameFile(program.loc(inv.loc).loopStart.file, file)) invariants.push_back(std::move(inv));
  if (metadata.format == WitnessFormat::GraphMl) return {graphMlCorrectness(program, invariants, metadata), ""};
  std::vector<FunctionContract> contracts = functionContracts(program, certificate, file);
  YAML::Emitter out;
  out << YAML::BeginSeq << YAML::BeginMap;
  out << YAML::Key << "entry_type" << YAML::Value << "invariant_set";
  emitMetadata(out, program, metadata, contracts.empty() ? "2.0" : "2.1");
  out << YAML::Key << "content" << YAML::Value << YAML::BeginSeq;
  for (const FunctionContract& contract : contracts) {
    const ir::Procedure& procedure = program.proc(contract.proc);
    out << YAML::BeginMap << YAML::Key << "invariant" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "type" << YAML::Value << "function_contract";
    emitLocation(out, file, procedure.loc.line, procedure.loc.column, procedure.name);
    out << YAML::Key << "requires" << YAML::Value << YAML::DoubleQuoted << contract.requiresClause;
    out << YAML::Key << "ensures" << YAML::Value << YAML::DoubleQuoted << contract.ensuresClause;
    out << YAML::Key << "format" << YAML::Value << contract.format;
    out << YAML::EndMap << YAML::EndMap;
  }
  for (const LoopInvariant& inv : invariants) {
    const ir::SourceLoc& start = program.loc(inv.loc).loopStart;
    out << YAML::BeginMap << YAML::Key << "invariant" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "type" << YAML::Value << "loop_invariant";
    emitLocation(out, file, start.line, start.column, program.proc(program.loc(inv.loc).proc).name);
    out << YAML::Key << "value" << YAML::Value << YAML::DoubleQuoted << inv.value;
    out << YAML::Key << "format" << YAML::Value << "c_expression";
    out << YAML::EndMap << YAML::EndMap;
  }
  out << YAML::EndSeq << YAML::EndMap << YAML::EndSeq;
  return {std::string(out.c_str()) + "\n", ""};
}

}  // namespace

bool sameFile(const std::string& a, const std::string& b) {
  if (a == b) return true;
  std::error_code error;
  if (std::filesystem::equivalent(a, b, error)) return true;
  // clang may name a file relative to a folder above the one it ran in ("shared/bench/x.c" for
  // "/work/shared/bench/x.c"): a relative name that is a whole-component tail of the other path matches.
  auto tailOf = [](const std::string& tail, const std::string& path) {
    return !tail.empty() && tail.front() != '/' && path.size() > tail.size() &&
           path.compare(path.size() - tail.size(), tail.size(), tail) == 0 && path[path.size() - tail.size() - 1] == '/';
  };
  return tailOf(a, b) || tailOf(b, a);
}

std::string specificationOf(const ir::Program& program) {
  // SV-COMP's property files: the violation witness's target is the failed check (no-overflow) or the call.
  if (program.origin().property == "no-overflow") return "G ! overflow";
  return "G ! call(" + program.origin().errorFunction + "())";
}

std::string sha256OfFile(const std::string& path) {
  std::optional<std::string> hash = frontend::sha256OfFileIfReadable(path);
  if (!hash) throw InputError(path, 0, "cannot read the file");
  return *hash;
}

WitnessText writeWitness(const ir::Program& program, const ir::Result& result, const WitnessMetadata& metadata) {
  if (program.origin().language != ir::Language::C) return {std::nullopt, "witnesses are written for C programs"};
  if (const ir::Trace* trace = result.trace(); trace && result.verdict == ir::Verdict::Unsafe)
    return violationWitness(program, *trace, metadata);
  if (const ir::Certificate* certificate = result.certificate(); certificate && result.verdict == ir::Verdict::Safe)
    return correctnessWitness(program, *certificate, metadata);
  return {std::nullopt, "no verdict to witness"};
}

}  // namespace argus::witness
