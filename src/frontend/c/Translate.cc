// translateC: clang-14 → bitcode → simplification passes → one ir::Procedure per function reachable
// from main, plus main's first edge that initialises the globals.
#include <llvm/IR/Instructions.h>

#include <algorithm>
#include <deque>
#include <set>
#include <sstream>

#include "frontend/c/CFrontend.h"
#include "frontend/c/Clang.h"
#include "frontend/c/Overflow.h"
#include "frontend/c/Passes.h"
#include "frontend/c/Translator.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::frontend {

namespace {

/// User functions reachable from main through direct calls, main first, and those whose address is
/// taken (the candidates of calls through function pointers).
std::vector<const llvm::Function*> reachableFunctions(const ModuleContext& module, const llvm::Function& main) {
  std::vector<const llvm::Function*> order{&main};
  std::set<const llvm::Function*> seen{&main};
  for (const llvm::Function& function : *main.getParent())
    if (function.hasAddressTaken() && isUserFunction(module, function) && seen.insert(&function).second)
      order.push_back(&function);
  for (size_t next = 0; next < order.size(); ++next)
    for (const llvm::BasicBlock& block : *order[next])
      for (const llvm::Instruction& instruction : block) {
        auto* call = llvm::dyn_cast<llvm::CallInst>(&instruction);
        if (!call) continue;
        auto* callee = llvm::dyn_cast<llvm::Function>(call->getCalledOperand()->stripPointerCasts());
        if (callee && isUserFunction(module, *callee) && seen.insert(callee).second) order.push_back(callee);
      }
  return order;
}

/// main's first edge: every global gets its initial value, and main's integer parameters (argc) any
/// value of their type.
void addInitialisation(ModuleContext& module, ir::ProcId main, ir::LocId to) {
  ir::Program& program = module.program;
  std::vector<z3::expr> parts;
  std::vector<ir::VarId> writes;
  for (const MemoryObject* object : module.memory.globals()) {
    parts.push_back(program.var(object->var).next == module.memory.initialValue(*object));
    writes.push_back(object->var);
  }
  std::string why;
  for (auto& [var, value] : module.memory.regionInitialisation(why)) {
    parts.push_back(program.var(var).next == value);
    writes.push_back(var);
  }
  for (ir::VarId param : program.proc(main).params) {
    const ir::Variable& var = program.var(param);
    if (var.type.bits > 0) parts.push_back(module.encoder.inRange(var.cur, var.type.bits));
  }
  if (!why.empty()) {
    // A global whose initial value the model cannot hold: no execution is analysed.
    std::string message = why + " at " + program.proc(main).loc.str();
    ir::EdgeId edge = program.addTransition(program.proc(main).entry, program.proc(main).error, program.ctx().bool_val(true),
                                            {}, {}, {}, program.proc(main).loc, "unsupported: " + message);
    program.mutableEdge(edge).unsupported = message;
    ++module.unsupportedEdges;
    return;
  }
  program.addTransition(program.proc(main).entry, to, smt::mkAnd(program.ctx(), parts), writes, {}, {},
                        program.proc(main).loc, "initialise globals");
}

/// The number of the file's last line, where a missing definition would go (1 for an empty file).
int lastLine(const std::string& file) {
  std::string text = readTextFile(file);
  int newlines = static_cast<int>(std::count(text.begin(), text.end(), '\n'));
  return std::max(1, newlines + (text.empty() || text.back() == '\n' ? 0 : 1));
}

/// Compiles with clang; its diagnostics go to the log (level 0, so shown by default), and a failure
/// becomes an InputError at the line of clang's first error.
std::unique_ptr<llvm::Module> compile(const CTask& task, llvm::LLVMContext& context, Logger& log) {
  TempDir dir;
  std::string bitcode = dir.file("input.bc"), diagnosticsFile = dir.file("clang.txt");
  std::vector<std::string> flags;
  if (task.property == Property::NoOverflow) flags = overflowCheckFlags();
  ProcessResult result = compileToBitcode(task.file, task.ilp32, /*debugInfo=*/true, bitcode, diagnosticsFile, flags);
  std::string diagnostics = readTextFile(diagnosticsFile);
  std::istringstream lines(diagnostics);
  for (std::string line; std::getline(lines, line);) log.write(0, "clang", line);
  if (!result.started || result.exitCode != 0) {
    ClangError error = firstClangError(diagnostics, task.file);
    std::string why = !result.errorText.empty() ? result.errorText
                      : !error.message.empty() ? "clang: " + error.message
                      : result.signal ? "clang was killed by signal " + std::to_string(result.signal)
                                      : "clang failed with exit code " + std::to_string(result.exitCode);
    throw InputError(task.file, error.line, why);
  }
  return loadBitcode(bitcode, context);
}

void recordStatistics(const ir::Program& program, const ModuleContext& module, Stats& stats) {
  stats.add("frontend.functions", static_cast<int64_t>(program.numProcs()));
  stats.add("frontend.locations", static_cast<int64_t>(program.numLocs()));
  stats.add("frontend.edges", static_cast<int64_t>(program.numEdges()));
  stats.add("frontend.variables", static_cast<int64_t>(program.numVars()));
  stats.add("frontend.unsupported_edges", module.unsupportedEdges);
  stats.add("frontend.promoted_objects", static_cast<int64_t>(module.pointsTo.promotedObjects()));
  stats.add("frontend.bytes_objects", static_cast<int64_t>(module.pointsTo.bytesObjects()));
  stats.add("frontend.memory_partitions", static_cast<int64_t>(module.memory.usedPartitions()));
  stats.add("frontend.access_paths", module.accessPaths);
}

}  // namespace

std::unique_ptr<ir::Program> translateC(const CTask& task, const CFrontendOptions& options, Logger& log, Stats& stats) {
  ScopedTimer timer(stats, "frontend.time");
  if (!isCheckedProperty(task.property))
    throw UnsupportedError(std::string("property ") + propertyName(task.property) + " not supported yet");
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = compile(task, context, log);
  if (task.property == Property::NoOverflow) stats.add("frontend.overflow_checks", prepareOverflowChecks(*module));
  simplifyForTranslation(*module);

  auto program = std::make_unique<ir::Program>(std::make_shared<z3::context>());
  ir::Origin& origin = program->origin();
  origin.language = ir::Language::C;
  origin.file = task.file;
  origin.errorFunction = task.errorFunction;
  origin.property = propertyName(task.property);
  origin.ilp32 = task.ilp32;
  origin.encoding = options.encoding;

  ModuleContext mc(task, *program, options.encoding, module->getDataLayout());
  const llvm::Function* main = module->getFunction("main");
  if (!main || main->isDeclaration())
    throw InputError(task.file, lastLine(task.file), "the program has no main function");
  std::vector<const llvm::Function*> functions = reachableFunctions(mc, *main);
  for (const llvm::Function* function : functions) declareProcedure(mc, *function);
  mc.pointsTo = PointsTo(
      functions, *main, mc.memory,
      [&](const llvm::CallInst& call) { return mc.allocationKind(call).has_value(); },
      [&](const llvm::CallInst& call) { return mc.indirectCallCandidates(call); });
  mc.memory.setPromoted([&mc](const llvm::Value* object) { return mc.pointsTo.isPromoted(object); });
  mc.memory.setBytes([&mc](const llvm::Value* object) { return mc.pointsTo.inBytes(object); });
  mc.memory.setPartitions([&mc](const llvm::Value* object) { return mc.pointsTo.partitionOfObject(object); });

  ir::ProcId mainProc = mc.procs.at(main);
  ir::LocId mainStart = program->addLocation(mainProc, "start", sourceLocOf(*main));
  for (const llvm::Function* function : functions) {
    ir::ProcId proc = mc.procs.at(function);
    FunctionTranslator(mc, *function, proc).translate(proc == mainProc ? mainStart : program->proc(proc).entry);
  }
  addInitialisation(mc, mainProc, mainStart);
  mc.accessPaths = static_cast<int64_t>(nameAccessPaths(mc));
  program->setMain(mainProc);
  for (auto& [edge, pending] : mc.allocations)
    for (const PendingAllocation& block : pending)
      origin.allocations[edge].push_back({block.fromMalloc, block.bytes, mc.memory.promotedFieldsOf(block.site)});

  recordStatistics(*program, mc, stats);
  log.log(1, "frontend", "{}: {} procedures, {} locations, {} edges ({} unsupported), {} variables", task.file,
          program->numProcs(), program->numLocs(), program->numEdges(), mc.unsupportedEdges, program->numVars());
  for (const ir::Edge& edge : program->edges())
    if (!edge.unsupported.empty()) log.log(2, "frontend", "unsupported: {}", edge.unsupported);
  if (log.enabled(2))
    for (auto& [partition, objects] : mc.pointsTo.partitionMembers()) {
      if (!mc.memory.hasRegions(partition)) continue;
      std::string names;
      for (const llvm::Value* object : objects) names += (names.empty() ? "" : ", ") + mc.memory.objectName(object);
      log.log(2, "frontend", "memory partition {}: {}", partition ? mc.memory.objectName(partition) : "(unknown memory)", names);
    }
  return program;
}

}  // namespace argus::frontend
