// Reading C names, C types and source positions from clang's debug metadata.
#include "frontend/c/DebugInfo.h"

#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/IntrinsicInst.h>

#include <map>

namespace argus::frontend {

void describeType(const llvm::DIType* type, SourceVariable& out) {
  bool named = false;
  while (type) {
    if (!named && !type->getName().empty()) {
      out.cType = type->getName().str();
      named = true;
    }
    if (auto* basic = llvm::dyn_cast<llvm::DIBasicType>(type)) {
      unsigned encoding = basic->getEncoding();
      out.isSigned = !(encoding == llvm::dwarf::DW_ATE_unsigned || encoding == llvm::dwarf::DW_ATE_unsigned_char ||
                       encoding == llvm::dwarf::DW_ATE_boolean);
      return;
    }
    type = typedefOrQualifierBase(type);
  }
}

const llvm::DIType* typedefOrQualifierBase(const llvm::DIType* type) {
  auto* derived = llvm::dyn_cast_or_null<llvm::DIDerivedType>(type);
  if (!derived) return nullptr;
  unsigned tag = derived->getTag();
  if (tag != llvm::dwarf::DW_TAG_typedef && tag != llvm::dwarf::DW_TAG_const_type &&
      tag != llvm::dwarf::DW_TAG_volatile_type && tag != llvm::dwarf::DW_TAG_restrict_type)
    return nullptr;
  return derived->getBaseType();
}

SourceVariable describeVariable(const llvm::DIVariable* variable) {
  SourceVariable out;
  if (!variable) return out;
  out.name = variable->getName().str();
  out.known = !out.name.empty();
  describeType(variable->getType(), out);
  return out;
}

SourceVariable describeGlobal(const llvm::GlobalVariable& global) {
  llvm::SmallVector<llvm::DIGlobalVariableExpression*, 1> records;
  global.getDebugInfo(records);
  if (records.empty()) {
    SourceVariable out;
    out.name = global.getName().str();
    out.known = !out.name.empty();
    return out;
  }
  return describeVariable(records.front()->getVariable());
}

FunctionDebugNames::FunctionDebugNames(const llvm::Function& function) {
  std::map<std::string, const llvm::DILocalVariable*> declared;
  auto declare = [&](const llvm::DILocalVariable* variable) {
    if (!variable || variable->getName().empty()) return;
    auto [it, fresh] = declared.emplace(variable->getName().str(), variable);
    if (!fresh && it->second != variable) declaredTwice_.insert(it->first);
    declared_.insert(it->first);
  };
  for (const llvm::BasicBlock& block : function)
    for (const llvm::Instruction& instruction : block) {
      auto* record = llvm::dyn_cast<llvm::DbgVariableIntrinsic>(&instruction);
      if (record) declare(record->getVariable());
      if (!record || record->getNumVariableLocationOps() != 1) continue;
      const llvm::Value* value = record->getVariableLocationOp(0);
      // Constants are shared by the whole function: a record naming one says nothing about its uses.
      if (!value || llvm::isa<llvm::Constant>(value) || names_.count(value)) continue;
      // A record with a non-trivial expression describes a part or a transformation of the variable.
      if (record->getExpression() && record->getExpression()->getNumElements() > 0) continue;
      names_.emplace(value, describeVariable(record->getVariable()));
    }
  if (const llvm::DISubprogram* program = function.getSubprogram())
    for (const llvm::DINode* node : program->getRetainedNodes()) {
      auto* variable = llvm::dyn_cast<llvm::DILocalVariable>(node);
      declare(variable);
      if (variable && variable->getArg() > 0 && variable->getArg() <= function.arg_size())
        names_.emplace(function.getArg(variable->getArg() - 1), describeVariable(variable));
    }
}

SourceVariable FunctionDebugNames::lookup(const llvm::Value* value) const {
  auto it = names_.find(value);
  return it == names_.end() ? SourceVariable{} : it->second;
}

ir::SourceLoc sourceLocOf(const llvm::Instruction& instruction) {
  const llvm::DebugLoc& loc = instruction.getDebugLoc();
  if (!loc || loc.getLine() == 0) return {};
  auto* scope = llvm::cast<llvm::DIScope>(loc.getScope());
  return ir::SourceLoc{scope->getFilename().str(), static_cast<int>(loc.getLine()), static_cast<int>(loc.getCol())};
}

ir::SourceLoc sourceLocOf(const llvm::Function& function) {
  const llvm::DISubprogram* program = function.getSubprogram();
  if (!program) return {};
  return ir::SourceLoc{program->getFilename().str(), static_cast<int>(program->getLine()), 0};
}

}  // namespace argus::frontend
