// The memory the C front end models: objects (globals and allocas that SROA could not split) whose
// every access is a typed integer load or store at a statically known object. A scalar global that is
// only loaded and stored directly becomes an ordinary ir global; every other object becomes an SMT
// array from cell index (Int, or a pointer-wide bit-vector) to cell value, all cells of one integer
// width. Anything else (mixed cell types, pointers in memory, unknown objects) is not modelled, and the
// translator turns the instruction that needs it into an `unsupported` edge.
#pragma once

#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "frontend/c/DebugInfo.h"
#include "frontend/c/IntEncoding.h"
#include "frontend/c/Names.h"
#include "ir/Program.h"

namespace argus::frontend {

struct MemoryObject {
  const llvm::Value* base = nullptr;  // the AllocaInst or GlobalVariable
  ir::VarId var = ir::kNone;
  bool scalar = false;                // var holds the value itself (a scalar global)
  unsigned cellBits = 0;              // width of one cell
  uint64_t cells = 0;                 // number of cells
  uint64_t cellBytes() const { return (cellBits + 7) / 8; }
};

/// The layout of a memory type as equal integer cells, if it has one.
struct CellLayout {
  unsigned cellBits = 0;
  uint64_t cells = 0;
};
std::optional<CellLayout> cellLayout(llvm::Type* type, const llvm::DataLayout& layout);

/// The cells of a constant initializer (zero, integers, arrays, structs, strings) of width cellBits;
/// nullopt if it contains anything else (pointers, floats, ...).
std::optional<std::vector<llvm::APInt>> constantCells(const llvm::Constant* constant, unsigned cellBits,
                                                      const llvm::DataLayout& layout);

class MemoryModel {
 public:
  MemoryModel(ir::Program& program, const IntEncoder& encoder, const llvm::DataLayout& layout, NameTable& names)
      : program_(program), encoder_(encoder), layout_(layout), names_(names),
        pointerBits_(layout.getPointerSizeInBits()) {}

  /// The object for an alloca (in `proc`, described by `source`) or a global, created on first use;
  /// nullptr with `why` set if the object cannot be modelled.
  const MemoryObject* object(const llvm::Value* base, ir::ProcId proc, const SourceVariable& source,
                             std::string& why);
  /// Every global object created so far, in creation order.
  const std::vector<const MemoryObject*>& globals() const { return globalOrder_; }
  /// The value of a global object at program start (from its initializer; zero by default).
  z3::expr initialValue(const MemoryObject& object) const;
  /// A constant array (or scalar) term holding `cells`.
  z3::expr constantTerm(const MemoryObject& object, const std::vector<llvm::APInt>& cells) const;
  z3::sort indexSort() const { return encoder_.indexSort(pointerBits_); }
  unsigned pointerBits() const { return pointerBits_; }

 private:
  const MemoryObject* create(const llvm::Value* base, ir::ProcId proc, const SourceVariable& source,
                             std::string& why);
  const MemoryObject* add(MemoryObject object);

  ir::Program& program_;
  const IntEncoder& encoder_;
  const llvm::DataLayout& layout_;
  NameTable& names_;
  unsigned pointerBits_;
  std::map<const llvm::Value*, MemoryObject> objects_;
  std::map<const llvm::Value*, std::string> failures_;
  std::vector<const MemoryObject*> globalOrder_;
};

/// True iff every use of the global is a direct integer load or store of its value type.
bool isDirectScalarGlobal(const llvm::GlobalVariable& global);

}  // namespace argus::frontend
