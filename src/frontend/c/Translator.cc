// Function structure: which values become variables, one location per block, segments and edges.
#include "frontend/c/Translator.h"

#include <llvm/IR/CFG.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IntrinsicInst.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::frontend {

namespace {

bool isRematerialisedPointer(const llvm::Value* value) {
  return value->getType()->isPointerTy() && (llvm::isa<llvm::GetElementPtrInst>(value) || llvm::isa<llvm::BitCastInst>(value));
}

ir::ValueType valueType(const llvm::Type* type, const SourceVariable& source) {
  unsigned bits = type->isIntegerTy() ? type->getIntegerBitWidth() : 0;
  ir::ValueType out{bits > 1 ? bits : 0, source.isSigned, source.cType, type->isPointerTy()};
  if (type->isFloatingPointTy()) {
    out.floating = true;
    if (out.cName.empty()) out.cName = type->isFloatTy() ? "float" : type->isDoubleTy() ? "double" : "long double";
  }
  return out;
}

bool isScalarValue(const llvm::Type* type) {
  return type->isIntegerTy() || type->isPointerTy() || FloatEncoder::formatOf(type).has_value();
}

}  // namespace

std::optional<z3::sort> ModuleContext::scalarSort(const llvm::Type* type) const {
  if (type->isIntegerTy()) return encoder.sortOf(type->getIntegerBitWidth());
  if (type->isPointerTy()) return memory.indexSort();
  if (auto format = FloatEncoder::formatOf(type)) return floats.sortOf(*format);
  return std::nullopt;
}

bool isUserFunction(const ModuleContext& module, const llvm::Function& function) {
  if (function.isDeclaration() || function.isIntrinsic()) return false;
  return classifyFunction(function.getName().str(), module.task.errorFunction, module.task.ilp32).kind ==
         BuiltinKind::None;
}

ir::ProcId declareProcedure(ModuleContext& module, const llvm::Function& function) {
  ir::Program& program = module.program;
  std::string name = function.getName().str();
  ir::ProcId proc = program.addProcedureWithFrame(name, sourceLocOf(function));
  FunctionDebugNames names(function);
  if (function.isVarArg()) module.unsupportedSignature.emplace(&function, "call of variadic function " + name);
  for (const llvm::Argument& argument : function.args()) {
    SourceVariable source = names.lookup(&argument);
    std::string cName = source.known ? source.name : "arg" + std::to_string(argument.getArgNo());
    std::optional<z3::sort> sort = module.scalarSort(argument.getType());
    if (!sort) {
      module.unsupportedSignature.emplace(&function, "call of " + name + " with a non-scalar parameter " + cName);
      continue;
    }
    if (argument.hasByValAttr() || argument.hasInAllocaAttr() || argument.hasPreallocatedAttr()) {
      module.unsupportedSignature.emplace(&function, "call of " + name + " with a struct passed by value (" + cName + ")");
      continue;
    }
    module.parameters[&argument] =
        program.addVariable(proc, ir::VarRole::Param, module.names.unique(name + "::" + cName), *sort,
                            source.known ? source.name : "", valueType(argument.getType(), source));
  }
  llvm::Type* returned = function.getReturnType();
  if (std::optional<z3::sort> sort = module.scalarSort(returned)) {
    SourceVariable source;
    if (const llvm::DISubprogram* sub = function.getSubprogram())
      if (auto types = sub->getType()->getTypeArray(); types.size() > 0) describeType(types[0], source);
    module.results[&function] = program.addVariable(proc, ir::VarRole::Result, module.names.unique(name + "::return"),
                                                    *sort, "", valueType(returned, source));
  } else if (!returned->isVoidTy()) {
    module.unsupportedSignature.emplace(&function, "call of " + name + " returning a non-scalar value");
  }
  module.procs[&function] = proc;
  return proc;
}

FunctionTranslator::FunctionTranslator(ModuleContext& module, const llvm::Function& function, ir::ProcId proc)
    : module_(module), program_(module.program), encoder_(module.encoder), floats_(module.floats), function_(function),
      proc_(proc),
      debugNames_(function) {}

void FunctionTranslator::translate(ir::LocId entryLoc) {
  std::vector<std::string>& ambiguous = program_.mutableProc(proc_).ambiguousNames;
  ambiguous.assign(debugNames_.declaredTwice().begin(), debugNames_.declaredTwice().end());
  for (const llvm::GlobalVariable& global : function_.getParent()->globals())
    if (std::string name = describeGlobal(global).name;
        debugNames_.declared().count(name) && !debugNames_.declaredTwice().count(name))
      ambiguous.push_back(name);
  numberSegments();
  decideVariables();
  createLocations(entryLoc);
  for (const llvm::BasicBlock& block : function_) translateBlock(block);
}

// ---------------------------------------------------------------- variables

void FunctionTranslator::numberSegments() {
  // A call of a user procedure starts a new segment: its arguments are read at the location before
  // the call edge, so anything they need from the preceding straight-line code must be a variable.
  unsigned segment = 0;
  for (const llvm::BasicBlock& block : function_) {
    ++segment;
    for (const llvm::Instruction& instruction : block) {
      if (isCallEdge(instruction)) ++segment;
      segmentOf_[&instruction] = segment;
    }
  }
}

void FunctionTranslator::markUse(const llvm::Value* value, unsigned useSegment) {
  auto* instruction = llvm::dyn_cast<llvm::Instruction>(value);
  if (!instruction) return;
  // Address computations are recomputed where they are used, so their operands are what must reach.
  if (isRematerialisedPointer(instruction)) {
    for (const llvm::Use& operand : instruction->operands()) markUse(operand.get(), useSegment);
    return;
  }
  // The address of an object of its own is not a value: it is resolved where it is dereferenced.
  if (auto* alloca = llvm::dyn_cast<llvm::AllocaInst>(instruction); alloca && !module_.memory.inRegions(alloca)) return;
  const llvm::Type* type = instruction->getType();
  if (isScalarValue(type) && segmentOf_.at(instruction) != useSegment)
    needsVariable_.insert(instruction);
}

void FunctionTranslator::decideVariables() {
  for (const llvm::BasicBlock& block : function_)
    for (const llvm::Instruction& instruction : block) {
      if (auto* phi = llvm::dyn_cast<llvm::PHINode>(&instruction)) {
        if (isScalarValue(phi->getType())) needsVariable_.insert(phi);
        for (unsigned i = 0; i < phi->getNumIncomingValues(); ++i)
          markUse(phi->getIncomingValue(i), segmentOf_.at(phi->getIncomingBlock(i)->getTerminator()));
        continue;
      }
      if (isRematerialisedPointer(&instruction)) continue;
      if (isCallEdge(instruction) && isScalarValue(instruction.getType()))
        needsVariable_.insert(&instruction);
      for (const llvm::Use& operand : instruction.operands()) markUse(operand.get(), segmentOf_.at(&instruction));
    }
  // A temporary that outlives its segment (`_t1 = (flag == 1)`, tested again after a loop) means something
  // in C only through the C variable it was computed from. When that variable's value lives in no IR
  // variable of its own (it is used nowhere else), it gets one, written beside the temporary, so that an
  // invariant over the temporary can be said in C (ir/Definitions.h: `_t1 = (flag == 1)` holds).
  std::vector<const llvm::Instruction*> sources;
  for (const llvm::Value* kept : needsVariable_) {
    auto* temporary = llvm::dyn_cast<llvm::Instruction>(kept);
    if (!temporary || llvm::isa<llvm::PHINode>(temporary) || debugNames_.lookup(temporary).known) continue;
    for (const llvm::Use& operand : temporary->operands()) {
      auto* source = llvm::dyn_cast<llvm::Instruction>(operand.get());
      if (source && !llvm::isa<llvm::PHINode>(source) && !needsVariable_.count(source) &&
          source->getType()->isIntegerTy() && debugNames_.lookup(source).known &&
          segmentOf_.at(source) == segmentOf_.at(temporary))
        sources.push_back(source);
    }
  }
  needsVariable_.insert(sources.begin(), sources.end());
  // Create them in program order so that names and ids read naturally.
  for (const llvm::BasicBlock& block : function_)
    for (const llvm::Instruction& instruction : block)
      if (needsVariable_.count(&instruction)) variables_[&instruction] = makeVariable(&instruction, ir::VarRole::Local, "");
}

ir::VarId FunctionTranslator::makeVariable(const llvm::Value* value, ir::VarRole role, const std::string& fallback) {
  SourceVariable source = value ? debugNames_.lookup(value) : SourceVariable{};
  std::string base = source.known ? source.name : (fallback.empty() ? "_t" + std::to_string(++temporaries_) : fallback);
  std::string name = module_.names.unique(program_.proc(proc_).name + "::" + base);
  const llvm::Type* type = value ? value->getType() : nullptr;
  std::optional<z3::sort> sort = type ? module_.scalarSort(type) : std::nullopt;
  INVARIANT(sort.has_value(), "variable for a non-scalar value");
  return program_.addVariable(proc_, role, name, *sort,
                              source.known ? source.name : "", valueType(type, source));
}

// ---------------------------------------------------------------- locations and edges

void FunctionTranslator::createLocations(ir::LocId entryLoc) {
  unsigned index = 0;
  for (const llvm::BasicBlock& block : function_) {
    ++index;
    if (&block == &function_.getEntryBlock()) {
      blockLocs_[&block] = entryLoc;
      continue;
    }
    ir::SourceLoc loc;
    for (const llvm::Instruction& instruction : block)
      if ((loc = sourceLocOf(instruction)).known()) break;
    std::string name = "bb" + std::to_string(index) + (loc.known() ? ":" + std::to_string(loc.line) : "");
    blockLocs_[&block] = program_.addLocation(proc_, name, loc);
  }
  markLoopStarts();
}

void FunctionTranslator::markLoopStarts() {
  // clang puts the source range of every loop statement (with -g) on the back edges' branches as
  // llvm.loop metadata: the first DILocation is where the statement starts. The loop's head is the
  // successor of such a branch that dominates it. LoopSimplify may split one statement's loop into
  // nested loops that share the metadata; the statement's head, where its condition is evaluated, is
  // then the innermost of their heads, the one all the others dominate.
  llvm::DominatorTree dominators(const_cast<llvm::Function&>(function_));
  std::map<std::tuple<std::string, unsigned, unsigned>, std::vector<const llvm::BasicBlock*>> headsByStart;
  for (const llvm::BasicBlock& block : function_) {
    const llvm::Instruction* branch = block.getTerminator();
    const llvm::MDNode* loop = branch ? branch->getMetadata(llvm::LLVMContext::MD_loop) : nullptr;
    if (!loop) continue;
    const llvm::DILocation* start = nullptr;
    for (unsigned i = 1; i < loop->getNumOperands() && !start; ++i)
      start = llvm::dyn_cast_or_null<llvm::DILocation>(loop->getOperand(i).get());
    if (!start || start->getLine() == 0) continue;
    auto& heads = headsByStart[{start->getFilename().str(), start->getLine(), start->getColumn()}];
    for (const llvm::BasicBlock* successor : llvm::successors(&block))
      if (blockLocs_.count(successor) && dominators.dominates(successor, &block) &&
          std::find(heads.begin(), heads.end(), successor) == heads.end())
        heads.push_back(successor);
  }
  std::set<const llvm::BasicBlock*> statementHeads;
  for (auto& [start, heads] : headsByStart)
    for (const llvm::BasicBlock* head : heads) {
      statementHeads.insert(head);
      bool innermost = std::all_of(heads.begin(), heads.end(),
                                   [&](const llvm::BasicBlock* other) { return dominators.dominates(other, head); });
      if (!innermost) continue;
      auto& [file, line, column] = start;
      program_.setLoopStart(blockLocs_.at(head), ir::SourceLoc{file, static_cast<int>(line), static_cast<int>(column)});
    }
  // A cycle made only of goto has no loop statement and no llvm.loop metadata. Its head is the block of
  // the label the backward goto jumps to, and clang keeps the label there as an llvm.dbg.label record whose
  // location is the label's position: that is where a witness says the cycle's invariant.
  for (const llvm::BasicBlock& block : function_) {
    if (!blockLocs_.count(&block) || statementHeads.count(&block)) continue;
    bool head = std::any_of(llvm::pred_begin(&block), llvm::pred_end(&block),
                            [&](const llvm::BasicBlock* from) { return dominators.dominates(&block, from); });
    if (!head) continue;
    for (const llvm::Instruction& instruction : block) {
      auto* label = llvm::dyn_cast<llvm::DbgLabelInst>(&instruction);
      const llvm::DILocation* at = label ? label->getDebugLoc().get() : nullptr;
      if (!at || at->getLine() == 0) continue;
      program_.setLoopStart(blockLocs_.at(&block), ir::SourceLoc{at->getFilename().str(),
                                                                 static_cast<int>(at->getLine()),
                                                                 static_cast<int>(at->getColumn())});
      break;
    }
  }
}

void FunctionTranslator::startSegment(Segment& segment, ir::LocId from) {
  segment = Segment{};
  segment.from = from;
}

void FunctionTranslator::translateBlock(const llvm::BasicBlock& block) {
  Segment segment;
  startSegment(segment, blockLocs_.at(&block));
  for (const llvm::Instruction& instruction : block) {
    if (auto* record = llvm::dyn_cast<llvm::DbgValueInst>(&instruction)) recordName(segment, *record);
    if (llvm::isa<llvm::PHINode>(instruction) || llvm::isa<llvm::DbgInfoIntrinsic>(instruction)) continue;
    if (!segment.loc.known()) segment.loc = sourceLocOf(instruction);
    try {
      if (instruction.isTerminator()) {
        translateTerminator(segment, instruction);
        return;
      }
      if (!translateInstruction(segment, instruction)) return;
    } catch (const UnsupportedFeature& feature) {
      emitUnsupported(segment, feature.what(), instruction);
      return;
    }
  }
  UNREACHABLE("basic block without terminator in " + function_.getName().str());
}

namespace {
/// The value a debug record gives its whole variable, if it gives one (not a part, not a computation).
const llvm::Value* wholeValue(const llvm::DbgValueInst& record) {
  bool whole = !record.getExpression() || record.getExpression()->getNumElements() == 0;
  return whole && record.getNumVariableLocationOps() == 1 ? record.getVariableLocationOp(0) : nullptr;
}
}  // namespace

std::optional<ir::NameBinding> FunctionTranslator::bindingOf(const llvm::DbgValueInst& record) const {
  SourceVariable source = describeVariable(record.getVariable());
  // A record of code inlined from another function names that function's variables.
  if (!source.known || (record.getDebugLoc() && record.getDebugLoc().getInlinedAt())) return std::nullopt;
  ir::NameBinding binding{source.name, ir::kNone};
  const llvm::Value* value = wholeValue(record);
  std::optional<ir::VarId> holder;
  if (auto it = variables_.find(value); value && it != variables_.end()) holder = it->second;
  if (auto it = module_.parameters.find(value); value && it != module_.parameters.end()) holder = it->second;
  // The same bits read with another signedness (`unsigned u = i;`) are another C value: no binding.
  if (holder && (program_.var(*holder).type.isSigned == source.isSigned || program_.var(*holder).type.bits == 1))
    binding.var = *holder;
  return binding;
}

bool FunctionTranslator::appendBindings(std::vector<ir::NameBinding>& names, const llvm::DbgValueInst& record) {
  auto binding = bindingOf(record);
  if (!binding) return false;
  names.push_back(*binding);
  if (const llvm::DIType* pointee = pointeeOf(*record.getVariable())) {
    names.push_back(accessPathPlaceholder(module_.pointerBindings.size()));
    module_.pointerBindings.push_back({proc_, binding->name, wholeValue(record), pointee});
  }
  return true;
}

void FunctionTranslator::recordName(Segment& segment, const llvm::DbgValueInst& record) {
  appendBindings(segment.names, record);
}

ir::EdgeId FunctionTranslator::flush(Segment& segment, ir::LocId to, const z3::expr& condition,
                                     const std::vector<PhiAssignment>& phis, const std::string& conditionText) {
  z3::context& ctx = program_.ctx();
  std::vector<z3::expr> parts = segment.constraints;
  std::vector<ir::VarId> writes;
  auto assign = [&](ir::VarId var, const z3::expr& value) {
    parts.push_back(program_.var(var).next == value);
    writes.push_back(var);
  };
  for (auto& [value, term] : segment.definitions) assign(variables_.at(value), term);
  for (auto& [var, term] : segment.assigned) assign(var, term);
  std::vector<std::string> label = segment.label;
  for (auto& phi : phis) {
    assign(phi.var, phi.value);
    if (!phi.text.empty()) label.push_back(phi.text);
  }
  if (!smt::isTrue(condition)) parts.push_back(condition);
  if (!conditionText.empty()) label.push_back(conditionText);
  std::string text;
  for (auto& part : label) text += (text.empty() ? "" : "; ") + part;
  ir::EdgeId edge = program_.addTransition(segment.from, to, smt::mkAnd(ctx, parts), writes, segment.aux,
                                           segment.inputs, segment.loc, text.empty() ? "skip" : text);
  if (!segment.allocations.empty()) module_.allocations[edge] = segment.allocations;
  // The records of a merged value stand at the start of its block, but it is assigned on this edge.
  std::vector<ir::NameBinding> names = segment.names;
  for (auto& phi : phis)
    if (phi.phi) names.push_back({"", phi.var});  // all merged values are assigned at once, at the end
  // The records at the start of the block the edge enters, where its merged values stand, bind them.
  std::map<const llvm::Value*, ir::VarId> merged;
  const llvm::BasicBlock* entered = nullptr;
  for (auto& phi : phis)
    if (phi.phi) {
      merged.emplace(phi.phi, phi.var);
      entered = phi.phi->getParent();
    }
  std::set<ir::VarId> recorded;
  if (entered)
    for (const llvm::Instruction& at : *entered) {
      if (llvm::isa<llvm::PHINode>(at)) continue;
      auto* record = llvm::dyn_cast<llvm::DbgValueInst>(&at);
      if (!record) break;
      if (record->getNumVariableLocationOps() != 1) continue;
      auto it = merged.find(record->getVariableLocationOp(0));
      if (it == merged.end()) continue;
      if (appendBindings(names, *record)) recorded.insert(it->second);
    }
  // A merged value LoopSimplify moved into a block of its own left its records behind: it merges the values
  // of the C variable whose name it carries.
  for (auto& phi : phis)
    if (const std::string& own = program_.var(phi.var).sourceName; phi.phi && !recorded.count(phi.var) && !own.empty())
      names.push_back({own, phi.var});
  program_.mutableEdge(edge).names = std::move(names);
  return edge;
}

ir::LocId FunctionTranslator::flushToNewLocation(Segment& segment, const std::string& name) {
  if (segment.empty()) return segment.from;
  ir::LocId next = program_.addLocation(proc_, name, segment.loc);
  flush(segment, next, program_.ctx().bool_val(true), {}, "");
  segment.names.clear();
  return next;
}

void FunctionTranslator::emitUnsupported(Segment& segment, const std::string& feature, const llvm::Instruction& at) {
  std::string message = feature + " at " + where(at);
  ir::EdgeId edge = flush(segment, program_.proc(proc_).error, program_.ctx().bool_val(true), {}, "unsupported: " + message);
  program_.mutableEdge(edge).unsupported = message;
  ++module_.unsupportedEdges;
}

ir::LocId FunctionTranslator::stopLocation() {
  if (stop_ == ir::kNone) stop_ = program_.addLocation(proc_, "stop");
  return stop_;
}

std::string FunctionTranslator::where(const llvm::Instruction& instruction) const {
  ir::SourceLoc loc = sourceLocOf(instruction);
  if (loc.known()) return loc.str();
  ir::SourceLoc functionLoc = sourceLocOf(function_);
  return functionLoc.known() ? functionLoc.str() + " (in " + function_.getName().str() + ")"
                             : "function " + function_.getName().str();
}

}  // namespace argus::frontend
