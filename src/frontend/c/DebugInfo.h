// What clang's debug information says about LLVM values: the C name and C type of SSA values
// (llvm.dbg.value / llvm.dbg.declare), parameters and globals, and source locations of instructions.
#pragma once

#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instruction.h>

#include <set>
#include <string>
#include <unordered_map>

#include "ir/Program.h"

namespace argus::frontend {

struct SourceVariable {
  std::string name;   // as written in C
  std::string cType;  // "int", "unsigned char", "size_t", ...
  bool isSigned = true;
  bool known = false;
};

/// The C variable names of one function's values.
class FunctionDebugNames {
 public:
  explicit FunctionDebugNames(const llvm::Function& function);
  /// The C variable a value holds (first debug record wins), or known == false.
  SourceVariable lookup(const llvm::Value* value) const;
  /// The names of the function's variables (parameters and locals).
  const std::set<std::string>& declared() const { return declared_; }
  /// The names that two distinct variables of the function (in different scopes) carry.
  const std::set<std::string>& declaredTwice() const { return declaredTwice_; }

 private:
  std::unordered_map<const llvm::Value*, SourceVariable> names_;
  std::set<std::string> declared_, declaredTwice_;
};

SourceVariable describeVariable(const llvm::DIVariable* variable);
SourceVariable describeGlobal(const llvm::GlobalVariable& global);
/// The C type name and signedness of a DWARF type (typedefs and qualifiers looked through).
void describeType(const llvm::DIType* type, SourceVariable& out);
/// The type a typedef or a qualifier (const, volatile, restrict) stands for; null for any other type.
const llvm::DIType* typedefOrQualifierBase(const llvm::DIType* type);

/// file:line:column of an instruction, if it has a debug location.
ir::SourceLoc sourceLocOf(const llvm::Instruction& instruction);
ir::SourceLoc sourceLocOf(const llvm::Function& function);

}  // namespace argus::frontend
