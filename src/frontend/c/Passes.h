// The LLVM passes that bring clang's -O0 bitcode into the shape the translator expects: scalars in SSA,
// no switch, reducible loops with one preheader and one latch, one return per function.
#pragma once

#include <llvm/IR/Module.h>

namespace argus::frontend {

void simplifyForTranslation(llvm::Module& module);

}  // namespace argus::frontend
