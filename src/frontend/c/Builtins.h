// The SV-COMP and C library functions the front end knows by name: the error function, nondet value
// generators (with the C type of their values under a data model), __VERIFIER_assume, functions that
// end the execution, and output functions that are no-ops for reachability.
#pragma once

#include <optional>
#include <string>

#include "ir/Program.h"

namespace llvm {
class CallInst;
class Function;
}  // namespace llvm

namespace argus::frontend {

enum class BuiltinKind {
  None,       // not a builtin: a user function (defined) or an unknown external (unsupported)
  Error,      // the task's error function
  Nondet,     // __VERIFIER_nondet_<T>
  Assume,     // __VERIFIER_assume
  Stop,       // abort, exit, __assert_fail, ...: the execution ends (not an error)
  NoOp,       // printf and friends: no effect on the modelled state; the result is any value
  Ignored,    // llvm.dbg.*, lifetime markers, ...: nothing at all
  Malloc,     // malloc, alloca: a fresh block with arbitrary contents
  Calloc,     // calloc: a fresh block of zeros
  Free,       // free: accepted (blocks are never reused)
};

struct Builtin {
  BuiltinKind kind = BuiltinKind::None;
  ir::ValueType nondetType;  // Nondet: the C type of the value (bits, signedness, C name)
  bool nondetBool = false;   // Nondet: __VERIFIER_nondet_bool/_Bool (values 0 and 1 only)
};

/// What `name` is for a task whose error function is `errorFunction`, under ILP32 or LP64.
Builtin classifyFunction(const std::string& name, const std::string& errorFunction, bool ilp32);

/// The C type of __VERIFIER_nondet_<suffix>, if argus knows it (bits == 0 otherwise).
std::optional<ir::ValueType> nondetType(const std::string& suffix, bool ilp32);

/// An external function: one the program only declares, that is no builtin of the task (classifyFunction
/// gives None), no intrinsic and no memset/memcpy/memmove, and that can pass no memory in or out: no
/// pointer parameter, not variadic, no pointer result. argus models a call of it as one that returns any
/// value of its result type (externalResultType) and leaves the program's memory alone; the native replay
/// defines each such function itself, handing out the trace's values for its results.
bool isExternalFunction(const llvm::Function& function, const std::string& errorFunction, bool ilp32);
/// Whether a call of `function` may pass memory in or out (pointer parameters or result, or variadic).
bool mayPassMemory(const llvm::Function& function);

/// The C type of the result of a call of an external function (for a void result, bits 0); nullopt for
/// a result argus does not model (floating point).
std::optional<ir::ValueType> externalResultType(const llvm::CallInst& call);

}  // namespace argus::frontend
