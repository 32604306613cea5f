// Tables of the functions the C front end treats specially.
#include "frontend/c/Builtins.h"

#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>

#include <algorithm>
#include <array>
#include <map>

namespace argus::frontend {

std::optional<ir::ValueType> nondetType(const std::string& suffix, bool ilp32) {
  if (suffix == "float" || suffix == "double") {
    ir::ValueType floating{0, true, suffix};
    floating.floating = true;
    return floating;
  }
  unsigned longBits = ilp32 ? 32 : 64;
  struct Entry {
    unsigned bits;  // 0: long-sized
    bool isSigned;
    const char* cName;
  };
  static const std::map<std::string, Entry> table = {
      {"bool", {8, false, "_Bool"}},        {"_Bool", {8, false, "_Bool"}},
      {"char", {8, true, "char"}},          {"schar", {8, true, "signed char"}},
      {"uchar", {8, false, "unsigned char"}}, {"short", {16, true, "short"}},
      {"ushort", {16, false, "unsigned short"}}, {"int", {32, true, "int"}},
      {"uint", {32, false, "unsigned int"}}, {"unsigned", {32, false, "unsigned int"}},
      {"long", {0, true, "long"}},          {"ulong", {0, false, "unsigned long"}},
      {"longlong", {64, true, "long long"}}, {"ulonglong", {64, false, "unsigned long long"}},
      {"size_t", {0, false, "size_t"}},     {"ssize_t", {0, true, "ssize_t"}},
      {"u8", {8, false, "u8"}},             {"u16", {16, false, "u16"}},
      {"u32", {32, false, "u32"}},          {"u64", {64, false, "u64"}},
      {"s8", {8, true, "s8"}},              {"s16", {16, true, "s16"}},
      {"s32", {32, true, "s32"}},           {"s64", {64, true, "s64"}},
      {"loff_t", {64, true, "loff_t"}},     {"sector_t", {0, false, "sector_t"}},
      {"int128", {128, true, "__int128"}},  {"uint128", {128, false, "unsigned __int128"}},
      // An arbitrary address: a pointer made from an integer (it may point into exposed objects only).
      {"pointer", {0, false, "void *"}},
  };
  auto it = table.find(suffix);
  if (it == table.end()) return std::nullopt;
  const Entry& e = it->second;
  return ir::ValueType{e.bits == 0 ? longBits : e.bits, e.isSigned, e.cName};
}

Builtin classifyFunction(const std::string& name, const std::string& errorFunction, bool ilp32) {
  Builtin b;
  if (name == errorFunction) {
    b.kind = BuiltinKind::Error;
    return b;
  }
  static const std::string nondetPrefix = "__VERIFIER_nondet_";
  if (name.rfind(nondetPrefix, 0) == 0) {
    std::string suffix = name.substr(nondetPrefix.size());
    if (auto type = nondetType(suffix, ilp32)) {
      b.kind = BuiltinKind::Nondet;
      b.nondetType = *type;
      b.nondetBool = suffix == "bool" || suffix == "_Bool";
    }
    return b;  // nondet long double, ...: unknown, hence unsupported
  }
  if (name == "__VERIFIER_assume") {
    b.kind = BuiltinKind::Assume;
    return b;
  }
  static const std::array<const char*, 7> stops = {"abort", "exit", "_exit", "_Exit", "__assert_fail",
                                                   "llvm.trap", "__builtin_trap"};
  for (const char* s : stops)
    if (name == s) b.kind = BuiltinKind::Stop;
  static const std::array<const char*, 9> outputs = {"printf", "puts", "putchar", "fprintf", "fputs",
                                                     "fputc", "putc", "fflush", "perror"};
  for (const char* s : outputs)
    if (name == s) b.kind = BuiltinKind::NoOp;
  if (name == "malloc" || name == "alloca" || name == "__builtin_alloca") b.kind = BuiltinKind::Malloc;
  if (name == "calloc") b.kind = BuiltinKind::Calloc;
  if (name == "free") b.kind = BuiltinKind::Free;
  if (name.rfind("llvm.dbg.", 0) == 0 || name.rfind("llvm.lifetime.", 0) == 0 || name == "llvm.donothing" ||
      name.rfind("llvm.experimental.noalias.scope.decl", 0) == 0)
    b.kind = BuiltinKind::Ignored;
  return b;
}

bool mayPassMemory(const llvm::Function& function) {
  const llvm::FunctionType* type = function.getFunctionType();
  return type->isVarArg() || type->getReturnType()->isPointerTy() ||
         std::any_of(type->param_begin(), type->param_end(), [](llvm::Type* t) { return t->isPointerTy(); });
}

bool isExternalFunction(const llvm::Function& function, const std::string& errorFunction, bool ilp32) {
  std::string name = function.getName().str();
  return function.isDeclaration() && !function.isIntrinsic() && !mayPassMemory(function) &&
         classifyFunction(name, errorFunction, ilp32).kind == BuiltinKind::None && name != "memset" &&
         name != "memcpy" && name != "memmove";
}

std::optional<ir::ValueType> externalResultType(const llvm::CallInst& call) {
  const llvm::Type* result = call.getType();
  if (result->isVoidTy()) return ir::ValueType{0, true, "void"};
  if (!result->isIntegerTy()) return std::nullopt;
  unsigned bits = result->getIntegerBitWidth();
  if (bits == 1) return ir::ValueType{8, false, "_Bool"};
  // The declaration's extension attribute tells an unsigned char or short result; wider ones are read as
  // signed, as the int encoding reads every value.
  bool isSigned = !call.hasRetAttr(llvm::Attribute::ZExt);
  std::string name = bits == 8 ? "char" : bits == 16 ? "short" : bits == 32 ? "int" : bits == 64 ? "long long" : "";
  if (name.empty()) return std::nullopt;
  return ir::ValueType{bits, isSigned, isSigned ? (bits == 8 ? "signed char" : name) : "unsigned " + name};
}

}  // namespace argus::frontend
