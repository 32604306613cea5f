// The no-overflow property in the C front end. A no-overflow task is compiled with clang's UBSan checks
// for signed overflow and shifts (Clang.h, overflowCheckFlags): clang puts a branch to a call of a
// `__ubsan_handle_*_abort` function before each signed +, -, *, unary minus, ++/--, INT_MIN / -1,
// INT_MIN % -1 and shift whose result C leaves undefined. prepareOverflowChecks replaces those calls
// by calls of functions named for the check, which the translator turns into edges to
// the error location (FunctionTranslator::translateOverflowCheck), so every engine checks the property
// as reachability.
#pragma once

#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <optional>
#include <string>

namespace argus::frontend {

/// The name prefix of the functions whose calls stand for a failed overflow check:
/// `__argus_overflow_add`, `_sub`, `_mul`, `_negate`, `_divrem`, `_shift`.
inline constexpr const char* kOverflowCheckPrefix = "__argus_overflow_";

/// Replaces every call of a UBSan overflow or shift handler by a call of `__argus_overflow_KIND(...)`
/// (variadic: the checked integer operands, for the label; the same source location), and removes the handlers' source and type descriptors, which
/// nothing else uses (the model should not hold them as memory). Returns how many checks there are.
/// Throws UnsupportedError for a handler of another check.
int prepareOverflowChecks(llvm::Module& module);

/// The kind of a check function (`add`, ..., `shift`), or nothing for another name.
std::optional<std::string> overflowCheckKind(const std::string& functionName);

}  // namespace argus::frontend
