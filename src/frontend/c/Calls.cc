// Calls: user procedures become call edges; SV-COMP builtins (error function, nondet values, assume,
// abort/exit), output functions and harmless intrinsics are translated in place; anything else is
// unsupported.
#include <llvm/IR/Intrinsics.h>

#include <algorithm>

#include "frontend/c/Overflow.h"
#include "frontend/c/Translator.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::frontend {

namespace {

const llvm::Function* calledFunction(const llvm::CallInst& call) {
  return llvm::dyn_cast<llvm::Function>(call.getCalledOperand()->stripPointerCasts());
}

}  // namespace

bool FunctionTranslator::isCallEdge(const llvm::Instruction& instruction) const {
  auto* call = llvm::dyn_cast<llvm::CallInst>(&instruction);
  if (!call) return false;
  const llvm::Function* callee = calledFunction(*call);
  if (!callee) return !call->isInlineAsm();  // through a function pointer
  return module_.procs.count(callee) && !module_.unsupportedSignature.count(callee) &&
         callee->getName() != "main";
}

bool FunctionTranslator::translateCall(Segment& segment, const llvm::CallInst& call) {
  if (call.isInlineAsm()) throw UnsupportedFeature("inline assembly");
  const llvm::Function* callee = calledFunction(call);
  if (!callee) {
    translateIndirectCall(segment, call);
    return true;
  }
  return translateCallOf(segment, call, *callee);
}

bool FunctionTranslator::translateCallOf(Segment& segment, const llvm::CallInst& call, const llvm::Function& function) {
  const llvm::Function* callee = &function;
  bool indirect = calledFunction(call) != callee;
  if (callee->isIntrinsic()) return translateIntrinsic(segment, call, *callee);
  std::string name = callee->getName().str();
  if (module_.task.property == Property::NoOverflow)
    if (std::optional<std::string> kind = overflowCheckKind(name)) {
      translateOverflowCheck(segment, call, *kind);
      return false;
    }
  Builtin builtin = classifyFunction(name, module_.task.errorFunction, module_.task.ilp32);
  z3::expr yes = program_.ctx().bool_val(true);
  switch (builtin.kind) {
    case BuiltinKind::Error:
      // The edge into the error location stands where the error function is called (a witness's target).
      if (ir::SourceLoc at = sourceLocOf(call); at.known()) segment.loc = at;
      flush(segment, program_.proc(proc_).error, yes, {}, "call " + name + "()");
      return false;
    case BuiltinKind::Stop:
      flush(segment, stopLocation(), yes, {}, "call " + name + "()");
      return false;
    case BuiltinKind::Nondet: translateNondet(segment, call, name, builtin); return true;
    case BuiltinKind::Assume: {
      // Its argument is read where the call is; a call through a pointer reads it on the pointer's branch.
      if (indirect) throw UnsupportedFeature("call of " + name + " through a function pointer");
      if (call.arg_size() != 1) throw UnsupportedFeature("__VERIFIER_assume without exactly one argument");
      const llvm::Value* argument = call.getArgOperand(0);
      unsigned bits = bitsOf(argument->getType(), "assumption");
      z3::expr value = term(segment, argument);
      segment.constraints.push_back(bits == 1 ? value : encoder_.toBool(value, bits));
      segment.label.push_back("assume(" + text(argument) + ")");
      return true;
    }
    case BuiltinKind::NoOp:
      if (call.getType()->isIntegerTy()) define(segment, call, freshValue(segment, call.getType()->getIntegerBitWidth(), name));
      return true;
    case BuiltinKind::Ignored: return true;
    case BuiltinKind::Malloc:
    case BuiltinKind::Calloc:
    case BuiltinKind::Free:
      // The points-to analysis knows allocation sites only as direct calls.
      if (indirect) throw UnsupportedFeature("call of " + name + " through a function pointer");
      translateAllocation(segment, call, builtin.kind);
      return true;
    case BuiltinKind::None: break;
  }
  if (name == "main") throw UnsupportedFeature("call of main");
  if (auto operation = memOperation(call)) {
    translateMemOperation(segment, *operation);
    if (call.getType()->isPointerTy()) define(segment, call, pointerTerm(segment, operation->dest), /*labelled=*/false);
    return true;
  }
  if (auto it = module_.unsupportedSignature.find(callee); it != module_.unsupportedSignature.end())
    throw UnsupportedFeature(it->second);
  if (!module_.procs.count(callee)) {
    translateExternalCall(segment, call, *callee);
    return true;
  }
  translateUserCall(segment, call, *callee);
  return true;
}

void FunctionTranslator::translateExternalCall(Segment& segment, const llvm::CallInst& call, const llvm::Function& callee) {
  std::string name = callee.getName().str();
  if (translateFloatFunction(segment, call, name)) return;
  // What it may do to memory is not modelled: only a function that can take no memory in and give none
  // back (isExternalFunction) is translated.
  bool external = isExternalFunction(callee, module_.task.errorFunction, module_.task.ilp32);
  if (std::optional<ir::ValueType> result = external ? externalResultType(call) : std::nullopt) {
    Builtin value{BuiltinKind::Nondet, *result, result->cName == "_Bool"};
    translateNondet(segment, call, name, value);
    return;
  }
  throw UnsupportedFeature("call of undefined function " + name +
                           (mayPassMemory(callee) ? " (memory it may change is not modelled)" : ""));
}

void FunctionTranslator::translateNondet(Segment& segment, const llvm::CallInst& call, const std::string& name,
                                         const Builtin& builtin) {
  if (call.getType()->isVoidTy()) return;
  if (builtin.nondetType.floating) {
    // Any value of the format, NaNs and infinities included; the trace records it as a float of the
    // function's type (its bit pattern for the native replay), converted as C converts a returned value.
    FloatFormat returned = formatOf(call.getType(), "nondet value");
    z3::context& ctx = program_.ctx();
    FloatFormat produced = builtin.nondetType.cName == "float" ? FloatFormat::binary32() : FloatFormat::binary64();
    z3::expr input = smt::freshConst(ctx, program_.proc(proc_).name + "::" + name, floats_.sortOf(produced));
    segment.aux.push_back(input);
    segment.inputs.push_back(ir::NondetInput{input, name, builtin.nondetType, sourceLocOf(call)});
    define(segment, call, returned.bits() == produced.bits() ? input : floats_.convert(input, returned));
    if (!debugNames_.lookup(&call).known) segment.label.push_back(name + "()");
    return;
  }
  // A pointer is its address, as an unsigned integer of the pointer's width.
  bool pointer = call.getType()->isPointerTy();
  unsigned bits = pointer ? module_.memory.pointerBits() : bitsOf(call.getType(), "nondet value");
  const ir::ValueType& type = builtin.nondetType;
  z3::context& ctx = program_.ctx();
  bool isInt = encoder_.isInt();
  z3::expr input = smt::freshConst(ctx, program_.proc(proc_).name + "::" + name, isInt ? ctx.int_sort() : ctx.bv_sort(type.bits));
  // The input ranges over the values of the function's C type; its LLVM value is that C value
  // converted to the declared return type.
  z3::expr range = ctx.bool_val(true);
  if (builtin.nondetBool) {
    range = isInt ? (input >= 0 && input <= 1) : z3::ule(input, ctx.bv_val(1, type.bits));
  } else if (isInt) {
    range = type.isSigned ? encoder_.inRange(input, type.bits)
                          : (input >= 0 && input < encoder_.powerOfTwo(type.bits));
  }
  bool fits = builtin.nondetBool ? bits > 1 : (type.isSigned ? bits >= type.bits : bits > type.bits);
  z3::expr value = input;
  if (pointer) {
    // the address as it is (same width, unsigned)
  } else if (bits == 1) {
    value = isInt ? input != 0 : input != ctx.bv_val(0, type.bits);
  } else if (isInt) {
    if (!fits) value = bits == type.bits ? encoder_.signedFromUnsigned(input, bits) : encoder_.wrap(input, bits);
  } else if (bits > type.bits) {
    value = type.isSigned && !builtin.nondetBool ? z3::sext(input, bits - type.bits) : z3::zext(input, bits - type.bits);
  } else if (bits < type.bits) {
    value = input.extract(bits - 1, 0);
  }
  segment.aux.push_back(input);
  if (!smt::isTrue(range)) segment.constraints.push_back(range);
  segment.inputs.push_back(ir::NondetInput{input, name, type, sourceLocOf(call)});
  define(segment, call, value);
  if (!debugNames_.lookup(&call).known) segment.label.push_back(name + "()");
}

z3::expr FunctionTranslator::callArgument(Segment& segment, const llvm::Value* argument) {
  // Arguments are read at the location of the call edge, after the preceding segment was flushed, so
  // they can only be variables and constants; anything else (an address computed in the segment, an
  // undefined value) gets a helper variable that the preceding segment assigns.
  if (auto* constant = llvm::dyn_cast<llvm::ConstantInt>(argument)) return encoder_.constant(constant->getValue());
  if (auto it = variables_.find(argument); it != variables_.end()) return program_.var(it->second).cur;
  if (auto it = module_.parameters.find(argument); it != module_.parameters.end()) return program_.var(it->second).cur;
  const llvm::Type* type = argument->getType();
  bool pointer = type->isPointerTy();
  unsigned bits = pointer ? 0 : bitsOf(type, "argument");
  z3::expr value = term(segment, argument);
  if (value.is_numeral()) return value;
  std::string name = module_.names.unique(program_.proc(proc_).name + (llvm::isa<llvm::UndefValue>(argument) ? "::_undef" : "::_arg"));
  z3::sort sort = pointer ? module_.memory.indexSort() : encoder_.sortOf(bits);
  ir::VarId helper = program_.addVariable(proc_, ir::VarRole::Local, name, sort, "",
                                          ir::ValueType{bits > 1 ? bits : 0, true, "", pointer});
  segment.assigned.insert_or_assign(helper, value);
  return program_.var(helper).cur;
}

std::vector<z3::expr> FunctionTranslator::callArguments(Segment& segment, const llvm::CallInst& call, std::string& text) {
  std::vector<z3::expr> args;
  for (unsigned i = 0; i < call.arg_size(); ++i) {
    args.push_back(callArgument(segment, call.getArgOperand(i)));
    text += (i ? ", " : "") + this->text(call.getArgOperand(i));
  }
  return args;
}

void FunctionTranslator::translateUserCall(Segment& segment, const llvm::CallInst& call, const llvm::Function& callee) {
  if (call.getFunctionType() != callee.getFunctionType())
    throw UnsupportedFeature("call of " + callee.getName().str() + " whose type differs from its definition");
  std::string argsText;
  std::vector<z3::expr> args = callArguments(segment, call, argsText);
  std::string name = callee.getName().str();
  ir::LocId from = flushToNewLocation(segment, "before " + name);
  std::vector<ir::VarId> results;
  std::string label = "call " + name + "(" + argsText + ")";
  if (module_.results.count(&callee)) {
    ir::VarId result = variables_.at(&call);
    results.push_back(result);
    label = variableText(result) + " = " + name + "(" + argsText + ")";
  }
  ir::SourceLoc loc = sourceLocOf(call);
  ir::LocId after = program_.addLocation(proc_, "after " + name, loc);
  ir::EdgeId edge = program_.addCall(from, after, module_.procs.at(&callee), args, results, loc, label);
  std::vector<ir::NameBinding>& names = program_.mutableEdge(edge).names;
  names = std::move(segment.names);  // records of an empty segment before the call
  for (ir::VarId result : results) names.push_back({"", result});
  startSegment(segment, after);
}

std::optional<BuiltinKind> ModuleContext::allocationKind(const llvm::CallInst& call) const {
  auto* callee = llvm::dyn_cast<llvm::Function>(call.getCalledOperand()->stripPointerCasts());
  if (!callee) return std::nullopt;
  BuiltinKind kind = classifyFunction(callee->getName().str(), task.errorFunction, task.ilp32).kind;
  if (kind != BuiltinKind::Malloc && kind != BuiltinKind::Calloc) return std::nullopt;
  return kind;
}

std::vector<const llvm::Function*> ModuleContext::indirectCallCandidates(const llvm::CallInst& call) const {
  std::vector<const llvm::Function*> candidates;
  for (const auto& [function, proc] : procs)
    if (function->hasAddressTaken() && function->getFunctionType() == call.getFunctionType() &&
        !unsupportedSignature.count(function) && function->getName() != "main")
      candidates.push_back(function);
  std::sort(candidates.begin(), candidates.end(),
            [&](const llvm::Function* a, const llvm::Function* b) { return procs.at(a) < procs.at(b); });
  return candidates;
}

std::vector<const llvm::Function*> ModuleContext::undefinedCallCandidates(const llvm::CallInst& call) const {
  std::vector<const llvm::Function*> candidates;
  for (const llvm::Function& function : *call.getModule())
    if (function.isDeclaration() && !function.isIntrinsic() && function.hasAddressTaken() &&
        function.getFunctionType() == call.getFunctionType())
      candidates.push_back(&function);
  return candidates;
}

void FunctionTranslator::translateIndirectCall(Segment& segment, const llvm::CallInst& call) {
  std::vector<const llvm::Function*> candidates = module_.indirectCallCandidates(call);
  std::vector<const llvm::Function*> undefined = module_.undefinedCallCandidates(call);
  std::optional<ir::ValueType> unknownResult = externalResultType(call);
  if (candidates.empty() && undefined.empty()) {
    if (!unknownResult)
      throw UnsupportedFeature("call through a function pointer that no function of the program matches");
    translateUnknownCallee(segment, call, *unknownResult);
    return;
  }
  const llvm::Value* pointer = call.getCalledOperand();
  z3::expr target = callArgument(segment, pointer);
  std::string argsText;
  std::vector<z3::expr> args = callArguments(segment, call, argsText);
  std::string pointerText = text(pointer);
  ir::LocId from = flushToNewLocation(segment, "before (*" + pointerText + ")");
  ir::SourceLoc loc = sourceLocOf(call);
  ir::LocId after = program_.addLocation(proc_, "after (*" + pointerText + ")", loc);
  std::vector<ir::VarId> results;
  if (!call.getType()->isVoidTy()) results.push_back(variables_.at(&call));
  std::vector<z3::expr> otherTarget;  // the pointer holds none of the candidates
  // A new location that `from` reaches under `guard`.
  auto guarded = [&](const std::string& name, const z3::expr& guard, const std::string& label) {
    ir::LocId at = program_.addLocation(proc_, name, loc);
    ir::EdgeId choice = program_.addTransition(from, at, guard, {}, {}, {}, loc, label);
    program_.mutableEdge(choice).names = segment.names;  // records of an empty segment before the call
    return at;
  };
  // The branch on which the pointer holds `function`'s address.
  auto branch = [&](const llvm::Function& function) {
    std::string name = function.getName().str();
    z3::expr isFunction = target == module_.memory.functionAddress(function);
    otherTarget.push_back(!isFunction);
    return guarded("call " + name, isFunction, "assume(" + pointerText + " == &" + name + ")");
  };
  for (const llvm::Function* function : candidates) {
    std::string name = function->getName().str();
    ir::LocId at = branch(*function);
    std::string label = (results.empty() ? "call " : variableText(results[0]) + " = ") + name + "(" + argsText + ")";
    ir::EdgeId call = program_.addCall(at, after, module_.procs.at(function), args, results, loc, label);
    for (ir::VarId result : results) program_.mutableEdge(call).names.push_back({"", result});
  }
  // A function that is only declared (an external one, or a builtin such as the error function or a
  // nondet function) is called as a direct call of it would be, on its own branch.
  for (const llvm::Function* function : undefined) {
    Segment called;
    startSegment(called, branch(*function));
    called.loc = loc;
    try {
      if (translateCallOf(called, call, *function)) flush(called, after, program_.ctx().bool_val(true), {}, "");
    } catch (const UnsupportedFeature& feature) {
      emitUnsupported(called, feature.what(), call);
    }
  }
  // Any other target is a function outside the program (a callback the environment installed): an unknown
  // callee, as when no function matches at all. Where its result type allows no such call, that path ends in
  // an unsupported edge to the error location rather than nowhere; where the pointer only ever holds
  // candidates that edge is infeasible, so it is not counted as a feature the front end could not
  // translate (frontend.unsupported_edges).
  z3::expr noCandidate = smt::mkAnd(program_.ctx(), otherTarget);
  if (unknownResult) {
    Segment called;
    startSegment(called, guarded("call of an unknown function", noCandidate,
                                 "assume(" + pointerText + " is no function of the program)"));
    called.loc = loc;
    translateUnknownCallee(called, call, *unknownResult);
    flush(called, after, program_.ctx().bool_val(true), {}, "");
  } else {
    std::string message = "call through " + pointerText + " of a function other than the " +
                          std::to_string(candidates.size() + undefined.size()) + " functions of its type at " +
                          where(call);
    ir::EdgeId other = program_.addTransition(from, program_.proc(proc_).error, noCandidate, {}, {}, {}, loc,
                                              "unsupported: " + message);
    program_.mutableEdge(other).unsupported = message;
  }
  startSegment(segment, after);
}

void FunctionTranslator::translateUnknownCallee(Segment& segment, const llvm::CallInst& call,
                                                const ir::ValueType& result) {
  // A function that is not part of the program (a driver's callback that the operating system installs,
  // say) behaves as its declared result type allows: an arbitrary result, memory unchanged. The second half
  // is an assumption, stated with the verdict (report/Assumptions.cc); a FALSE through such a call is still
  // confirmed only by the native replay, which calls whatever the pointer holds.
  program_.origin().unknownCallees = true;
  translateNondet(segment, call, "unknown_function", Builtin{BuiltinKind::Nondet, result, result.cName == "_Bool"});
  segment.label.push_back("call (*" + text(call.getCalledOperand()) + ")(...) of a function outside the program");
}

void FunctionTranslator::translateAllocation(Segment& segment, const llvm::CallInst& call, BuiltinKind kind) {
  // Only direct calls come here (translateCallOf).
  std::string name = calledFunction(call)->getName().str();
  if (kind == BuiltinKind::Free) {
    segment.label.push_back("free(" + text(call.getArgOperand(0)) + ")");
    return;
  }
  unsigned arguments = kind == BuiltinKind::Calloc ? 2 : 1;
  if (call.arg_size() != arguments || !call.getType()->isPointerTy())
    throw UnsupportedFeature("call of " + name + " with an unexpected signature");
  z3::expr size = integerToPointer(segment, call.getArgOperand(0));
  if (kind == BuiltinKind::Calloc) size = size * integerToPointer(segment, call.getArgOperand(1));
  std::string sizeText = text(call.getArgOperand(0)) + (kind == BuiltinKind::Calloc ? " * " + text(call.getArgOperand(1)) : "");
  z3::expr block = allocate(segment, size, name + "(" + sizeText + ")", call, name == "malloc");
  define(segment, call, block, /*labelled=*/false);
  if (kind != BuiltinKind::Calloc) return;  // malloc's contents are arbitrary: nothing to store
  // calloc's zeros are stored as the scalars of the type the block is used as (region memory holds
  // scalars, not bytes).
  std::string why;
  auto leaves = allocationLeaves(call, function_.getParent()->getDataLayout(), why);
  if (!leaves) throw UnsupportedFeature("calloc: " + why);
  Address start{nullptr, block, module_.memory.isPromoted(&call) ? &call : nullptr, 0};
  start.bytes = !start.promoted && module_.pointsTo.inBytes(&call);
  start.partition = module_.pointsTo.partitionOfObject(&call);
  storeFilled(segment, start, *leaves, 0);
}

bool FunctionTranslator::translateIntrinsic(Segment& segment, const llvm::CallInst& call, const llvm::Function& callee) {
  using llvm::Intrinsic::ID;
  ID id = callee.getIntrinsicID();
  switch (id) {
    case llvm::Intrinsic::dbg_declare:
    case llvm::Intrinsic::dbg_value:
    case llvm::Intrinsic::dbg_label:
    case llvm::Intrinsic::lifetime_start:
    case llvm::Intrinsic::lifetime_end:
    case llvm::Intrinsic::donothing:
    case llvm::Intrinsic::experimental_noalias_scope_decl: return true;
    case llvm::Intrinsic::memset:
    case llvm::Intrinsic::memcpy:
    case llvm::Intrinsic::memmove: translateMemOperation(segment, *memOperation(call)); return true;
    case llvm::Intrinsic::expect:
      bitsOf(call.getType(), "expect");
      define(segment, call, term(segment, call.getArgOperand(0)));
      return true;
    case llvm::Intrinsic::trap:
      flush(segment, stopLocation(), program_.ctx().bool_val(true), {}, "trap");
      return false;
    case llvm::Intrinsic::smax:
    case llvm::Intrinsic::smin:
    case llvm::Intrinsic::umax:
    case llvm::Intrinsic::umin: {
      unsigned bits = bitsOf(call.getType(), "min/max");
      z3::expr a = term(segment, call.getArgOperand(0)), b = term(segment, call.getArgOperand(1));
      IntPred greater = id == llvm::Intrinsic::smax || id == llvm::Intrinsic::smin ? IntPred::Sgt : IntPred::Ugt;
      bool max = id == llvm::Intrinsic::smax || id == llvm::Intrinsic::umax;
      z3::expr aWins = encoder_.compare(greater, a, b, bits);
      define(segment, call, z3::ite(max ? aWins : !aWins, a, b));
      return true;
    }
    default:
      if (isOverflowIntrinsic(&call)) return true;  // computed at its extractvalues (Overflow.cc)
      if (translateFloatFunction(segment, call, callee.getName().str())) return true;
      throw UnsupportedFeature("call of intrinsic " + callee.getName().str());
  }
}

}  // namespace argus::frontend
