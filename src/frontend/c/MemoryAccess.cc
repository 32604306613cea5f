// Loads, stores and memset/memcpy on modelled memory objects, and the resolution of a pointer to its
// object and cell index. A pointer whose object is not statically known makes the access unsupported.
#include <llvm/IR/GetElementPtrTypeIterator.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>

#include "frontend/c/Translator.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::frontend {

namespace {

std::string unknownPointerFeature(const llvm::Value* pointer) {
  if (llvm::isa<llvm::ConstantPointerNull>(pointer)) return "access through a null pointer";
  if (llvm::isa<llvm::Argument>(pointer)) return "pointer parameter";
  if (llvm::isa<llvm::PHINode>(pointer) || llvm::isa<llvm::SelectInst>(pointer))
    return "pointer whose object is not statically known";
  if (llvm::isa<llvm::LoadInst>(pointer)) return "pointer loaded from memory";
  if (llvm::isa<llvm::CallInst>(pointer)) return "pointer returned by a call";
  if (llvm::isa<llvm::IntToPtrInst>(pointer)) return "integer-to-pointer conversion";
  if (llvm::isa<llvm::Function>(pointer)) return "function pointer";
  return "pointer whose object is not statically known";
}

}  // namespace

Address FunctionTranslator::resolve(Segment& segment, const llvm::Value* pointer) {
  z3::context& ctx = program_.ctx();
  const MemoryModel& memory = module_.memory;
  if (llvm::isa<llvm::GlobalVariable>(pointer) || llvm::isa<llvm::AllocaInst>(pointer)) {
    std::string why;
    const MemoryObject* object = module_.memory.object(pointer, proc_, debugNames_.lookup(pointer), why);
    if (!object) throw UnsupportedFeature(why);
    z3::expr zero = encoder_.isInt() ? ctx.int_val(0) : ctx.bv_val(0, memory.pointerBits());
    return Address{object, zero};
  }
  if (auto* cast = llvm::dyn_cast<llvm::BitCastOperator>(pointer)) return resolve(segment, cast->getOperand(0));
  auto* gep = llvm::dyn_cast<llvm::GEPOperator>(pointer);
  if (!gep) throw UnsupportedFeature(unknownPointerFeature(pointer));

  Address base = resolve(segment, gep->getPointerOperand());
  const llvm::DataLayout& layout = function_.getParent()->getDataLayout();
  uint64_t cellBytes = base.object->cellBytes();
  int64_t constantBytes = 0;
  z3::expr index = base.index;
  for (auto step = llvm::gep_type_begin(gep); step != llvm::gep_type_end(gep); ++step) {
    const llvm::Value* operand = step.getOperand();
    if (llvm::StructType* structure = step.getStructTypeOrNull()) {
      unsigned field = static_cast<unsigned>(llvm::cast<llvm::ConstantInt>(operand)->getZExtValue());
      constantBytes += static_cast<int64_t>(layout.getStructLayout(structure)->getElementOffset(field));
      continue;
    }
    int64_t elementBytes = static_cast<int64_t>(layout.getTypeAllocSize(step.getIndexedType()));
    if (auto* constant = llvm::dyn_cast<llvm::ConstantInt>(operand)) {
      constantBytes += constant->getSExtValue() * elementBytes;
      continue;
    }
    if (elementBytes % static_cast<int64_t>(cellBytes) != 0)
      throw UnsupportedFeature("pointer arithmetic that does not step by whole cells");
    int64_t stride = elementBytes / static_cast<int64_t>(cellBytes);
    unsigned bits = bitsOf(operand->getType(), "array index");
    z3::expr value = term(segment, operand);
    if (encoder_.isInt()) {
      index = index + value * ctx.int_val(stride);
    } else {
      unsigned pointerBits = memory.pointerBits();
      z3::expr wide = bits == pointerBits ? value
                      : bits < pointerBits ? (bits == 1 ? encoder_.sext(value, 1, pointerBits) : z3::sext(value, pointerBits - bits))
                                           : value.extract(pointerBits - 1, 0);
      index = index + wide * ctx.bv_val(stride, pointerBits);
    }
  }
  if (constantBytes % static_cast<int64_t>(cellBytes) != 0)
    throw UnsupportedFeature("access that does not start at a cell boundary");
  int64_t cells = constantBytes / static_cast<int64_t>(cellBytes);
  if (cells != 0) index = index + (encoder_.isInt() ? ctx.int_val(cells) : ctx.bv_val(cells, memory.pointerBits()));
  return Address{base.object, index.simplify()};
}

z3::expr FunctionTranslator::memoryContents(Segment& segment, const MemoryObject& object) {
  if (auto it = segment.assigned.find(object.var); it != segment.assigned.end()) return it->second;
  return program_.var(object.var).cur;
}

z3::expr FunctionTranslator::inBounds(const Address& address) {
  z3::context& ctx = program_.ctx();
  uint64_t cells = address.object->cells;
  if (encoder_.isInt()) return address.index >= 0 && address.index < ctx.int_val(cells);
  return z3::ult(address.index, ctx.bv_val(cells, module_.memory.pointerBits()));
}

/// Shared by loads and stores: the address, checked to hold cells of the accessed width. Accesses out
/// of the object's bounds are undefined behaviour and cut off like signed overflow.
static void checkCellWidth(const Address& address, unsigned bits) {
  if (bits != address.object->cellBits)
    throw UnsupportedFeature("access of " + std::to_string(bits) + " bits to memory of " +
                             std::to_string(address.object->cellBits) + "-bit cells");
}

void FunctionTranslator::translateLoad(Segment& segment, const llvm::LoadInst& load) {
  if (load.getType()->isPointerTy()) throw UnsupportedFeature("pointer loaded from memory");
  unsigned bits = bitsOf(load.getType(), "load");
  Address address = resolve(segment, load.getPointerOperand());
  checkCellWidth(address, bits);
  z3::expr contents = memoryContents(segment, *address.object);
  if (address.object->scalar) return define(segment, load, contents);
  z3::expr bounds = inBounds(address).simplify();
  if (!smt::isTrue(bounds)) segment.constraints.push_back(bounds);
  define(segment, load, z3::select(contents, address.index));
}

void FunctionTranslator::translateStore(Segment& segment, const llvm::StoreInst& store) {
  const llvm::Value* value = store.getValueOperand();
  if (value->getType()->isPointerTy()) throw UnsupportedFeature("pointer stored in memory");
  unsigned bits = bitsOf(value->getType(), "store");
  Address address = resolve(segment, store.getPointerOperand());
  checkCellWidth(address, bits);
  z3::expr stored = term(segment, value);
  segment.label.push_back(text(store.getPointerOperand()) + " = " + text(value));
  if (address.object->scalar) {
    segment.assigned.insert_or_assign(address.object->var, stored);
    return;
  }
  z3::expr bounds = inBounds(address).simplify();
  if (!smt::isTrue(bounds)) segment.constraints.push_back(bounds);
  z3::expr contents = memoryContents(segment, *address.object);
  segment.assigned.insert_or_assign(address.object->var, z3::store(contents, address.index, stored));
}

void FunctionTranslator::translateMemIntrinsic(Segment& segment, const llvm::MemIntrinsic& call) {
  // Only whole-object operations: `int a[N] = {0}` (memset) and initialisation from a constant or from
  // another object of the same shape (memcpy/memmove).
  auto* length = llvm::dyn_cast<llvm::ConstantInt>(call.getLength());
  Address target = resolve(segment, call.getRawDest());
  const MemoryObject& object = *target.object;
  int64_t startsAt = 1;
  bool whole = length && target.index.is_numeral_i64(startsAt) && startsAt == 0 && !object.scalar &&
               length->getZExtValue() == object.cells * object.cellBytes();
  if (!whole) throw UnsupportedFeature("memset/memcpy of part of an object");
  z3::expr contents = program_.ctx().bool_val(true);
  if (auto* set = llvm::dyn_cast<llvm::MemSetInst>(&call)) {
    auto* byte = llvm::dyn_cast<llvm::ConstantInt>(set->getValue());
    if (!byte || !(byte->isZero() || object.cellBits == 8)) throw UnsupportedFeature("memset with a non-zero pattern");
    std::vector<llvm::APInt> cells(object.cells, llvm::APInt(object.cellBits, byte->getZExtValue()));
    contents = module_.memory.constantTerm(object, cells);
  } else {
    const llvm::Value* source = llvm::cast<llvm::MemTransferInst>(call).getRawSource()->stripPointerCasts();
    auto* constant = llvm::dyn_cast<llvm::GlobalVariable>(source);
    const llvm::DataLayout& layout = function_.getParent()->getDataLayout();
    if (constant && constant->isConstant() && constant->hasInitializer()) {
      auto cells = constantCells(constant->getInitializer(), object.cellBits, layout);
      if (!cells || cells->size() != object.cells) throw UnsupportedFeature("memcpy from a constant of another shape");
      contents = module_.memory.constantTerm(object, *cells);
    } else {
      Address from = resolve(segment, source);
      int64_t fromStart = 1;
      if (from.object->scalar || from.object->cellBits != object.cellBits || from.object->cells != object.cells ||
          !from.index.is_numeral_i64(fromStart) || fromStart != 0)
        throw UnsupportedFeature("memcpy between objects of different shapes");
      contents = memoryContents(segment, *from.object);
    }
  }
  segment.label.push_back(text(call.getRawDest()) + " = {...}");
  segment.assigned.insert_or_assign(object.var, contents);
}

}  // namespace argus::frontend
