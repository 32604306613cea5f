// Memory objects: which globals and allocas are modelled, their cell layout, and their initial values.
#include "frontend/c/Memory.h"

#include <algorithm>
#include <limits>
#include <set>

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/GetElementPtrTypeIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>

#include "frontend/c/FloatEncoding.h"
#include "util/Error.h"

namespace argus::frontend {

std::optional<CellLayout> cellLayout(llvm::Type* type, const llvm::DataLayout& layout) {
  if (auto* integer = llvm::dyn_cast<llvm::IntegerType>(type)) return CellLayout{integer->getBitWidth(), 1};
  // float and double: cells of their own kind; x87's 80-bit format has padding in memory, so no cells.
  if (type->isFloatTy() || type->isDoubleTy()) return CellLayout{static_cast<unsigned>(type->getPrimitiveSizeInBits().getFixedSize()), 1, true};
  if (auto* array = llvm::dyn_cast<llvm::ArrayType>(type)) {
    auto inner = cellLayout(array->getElementType(), layout);
    if (!inner) return std::nullopt;
    return CellLayout{inner->cellBits, inner->cells * array->getNumElements(), inner->floating};
  }
  if (auto* structure = llvm::dyn_cast<llvm::StructType>(type)) {
    if (structure->isOpaque() || structure->getNumElements() == 0) return std::nullopt;
    CellLayout total;
    for (llvm::Type* field : structure->elements()) {
      auto inner = cellLayout(field, layout);
      if (!inner || (total.cellBits != 0 && (inner->cellBits != total.cellBits || inner->floating != total.floating)))
        return std::nullopt;
      total.cellBits = inner->cellBits;
      total.floating = inner->floating;
      total.cells += inner->cells;
    }
    // Padding would put bytes between cells that no cell index reaches.
    uint64_t cellBytes = (total.cellBits + 7) / 8;
    if (layout.getTypeAllocSize(structure) != total.cells * cellBytes) return std::nullopt;
    return total;
  }
  return std::nullopt;
}

std::optional<std::vector<llvm::APInt>> constantCells(const llvm::Constant* constant, unsigned cellBits,
                                                      const llvm::DataLayout& layout) {
  if (llvm::isa<llvm::ConstantAggregateZero>(constant) || llvm::isa<llvm::UndefValue>(constant)) {
    auto shape = cellLayout(constant->getType(), layout);
    if (!shape || shape->cellBits != cellBits) return std::nullopt;
    return std::vector<llvm::APInt>(shape->cells, llvm::APInt(cellBits, 0));
  }
  if (auto* integer = llvm::dyn_cast<llvm::ConstantInt>(constant)) {
    if (integer->getBitWidth() != cellBits) return std::nullopt;
    return std::vector<llvm::APInt>{integer->getValue()};
  }
  if (auto* floating = llvm::dyn_cast<llvm::ConstantFP>(constant)) {
    llvm::APInt bits = floating->getValueAPF().bitcastToAPInt();
    if (bits.getBitWidth() != cellBits) return std::nullopt;
    return std::vector<llvm::APInt>{bits};
  }
  if (auto* data = llvm::dyn_cast<llvm::ConstantDataSequential>(constant)) {
    if (data->getElementType()->isFloatingPointTy()) {
      if (data->getElementType()->getPrimitiveSizeInBits() != cellBits) return std::nullopt;
      std::vector<llvm::APInt> out;
      for (unsigned i = 0; i < data->getNumElements(); ++i) out.push_back(data->getElementAsAPFloat(i).bitcastToAPInt());
      return out;
    }
    if (!data->getElementType()->isIntegerTy(cellBits)) return std::nullopt;
    std::vector<llvm::APInt> out;
    for (unsigned i = 0; i < data->getNumElements(); ++i) out.push_back(llvm::APInt(cellBits, data->getElementAsInteger(i)));
    return out;
  }
  if (llvm::isa<llvm::ConstantArray>(constant) || llvm::isa<llvm::ConstantStruct>(constant)) {
    std::vector<llvm::APInt> out;
    for (const llvm::Use& operand : constant->operands()) {
      auto inner = constantCells(llvm::cast<llvm::Constant>(operand.get()), cellBits, layout);
      if (!inner) return std::nullopt;
      out.insert(out.end(), inner->begin(), inner->end());
    }
    return out;
  }
  return std::nullopt;
}

bool isDirectScalarGlobal(const llvm::GlobalVariable& global) {
  llvm::Type* type = global.getValueType();
  if (!type->isIntegerTy() && !type->isFloatTy() && !type->isDoubleTy()) return false;
  for (const llvm::User* user : global.users()) {
    if (auto* load = llvm::dyn_cast<llvm::LoadInst>(user)) {
      if (load->getType() != type) return false;
    } else if (auto* store = llvm::dyn_cast<llvm::StoreInst>(user)) {
      if (store->getValueOperand() == &global || store->getValueOperand()->getType() != type) return false;
    } else {
      return false;
    }
  }
  return true;
}

const MemoryObject* MemoryModel::add(MemoryObject object) {
  const llvm::Value* base = object.base;
  auto [it, inserted] = objects_.emplace(base, object);
  INVARIANT(inserted, "memory object created twice");
  if (llvm::isa<llvm::GlobalVariable>(base)) globalOrder_.push_back(&it->second);
  return &it->second;
}

const MemoryObject* MemoryModel::object(const llvm::Value* base, ir::ProcId proc, const SourceVariable& source,
                                        std::string& why) {
  if (auto it = objects_.find(base); it != objects_.end()) return &it->second;
  if (auto it = failures_.find(base); it != failures_.end()) {
    why = it->second;
    return nullptr;
  }
  const MemoryObject* made = create(base, proc, source, why);
  if (!made) failures_.emplace(base, why);
  return made;
}

const MemoryObject* MemoryModel::create(const llvm::Value* base, ir::ProcId proc, const SourceVariable& source,
                                        std::string& why) {
  MemoryObject object;
  object.base = base;
  if (auto* global = llvm::dyn_cast<llvm::GlobalVariable>(base)) {
    SourceVariable described = describeGlobal(*global);
    std::string cName = described.known ? described.name : global->getName().str();
    if (!global->hasInitializer()) {
      why = "external global variable " + cName;
      return nullptr;
    }
    auto shape = cellLayout(global->getValueType(), layout_);
    if (!shape || !constantCells(global->getInitializer(), shape->cellBits, layout_)) {
      why = "global variable " + cName + " whose memory is not a sequence of equal integer cells";
      return nullptr;
    }
    object.cellBits = shape->cellBits;
    object.cells = shape->cells;
    object.floating = shape->floating;
    object.scalar = isDirectScalarGlobal(*global);
    ir::ValueType type{object.scalar && shape->cellBits > 1 && !shape->floating ? shape->cellBits : 0, described.isSigned,
                       described.cType};
    type.floating = object.scalar && shape->floating;
    z3::sort sort = object.scalar ? cellSortOf(object) : program_.ctx().array_sort(indexSort(), cellSortOf(object));
    object.var = program_.addGlobal(names_.unique(cName), sort, described.known ? described.name : "", type);
    return add(object);
  }
  if (auto* alloca = llvm::dyn_cast<llvm::AllocaInst>(base)) {
    std::string cName = source.known ? source.name : "mem";
    if (!alloca->isStaticAlloca()) {
      why = "variable-length array " + cName;
      return nullptr;
    }
    auto shape = cellLayout(alloca->getAllocatedType(), layout_);
    if (!shape) {
      why = "local variable " + cName + " whose memory is not a sequence of equal integer cells";
      return nullptr;
    }
    object.cellBits = shape->cellBits;
    object.floating = shape->floating;
    object.cells = shape->cells * llvm::cast<llvm::ConstantInt>(alloca->getArraySize())->getZExtValue();
    z3::sort sort = program_.ctx().array_sort(indexSort(), cellSortOf(object));
    std::string name = names_.unique(program_.proc(proc).name + "::" + cName);
    object.var = program_.addVariable(proc, ir::VarRole::Local, name, sort, source.known ? source.name : "",
                                      ir::ValueType{0, source.isSigned, source.cType});
    return add(object);
  }
  why = "memory that is neither a global nor a local variable";
  return nullptr;
}

namespace {

/// The format of a floating object's cells: float or double (the only floats objects hold).
FloatFormat cellFormat(const MemoryObject& object) {
  return object.cellBits == 32 ? FloatFormat::binary32() : FloatFormat::binary64();
}

}  // namespace

z3::sort MemoryModel::cellSortOf(const MemoryObject& object) const {
  if (!object.floating) return encoder_.sortOf(object.cellBits);
  return FloatEncoder(encoder_).sortOf(cellFormat(object));
}

z3::expr MemoryModel::cellConstant(const MemoryObject& object, const llvm::APInt& cell) const {
  if (!object.floating) return encoder_.constant(cell);
  return FloatEncoder(encoder_).constant(llvm::APFloat(*cellFormat(object).semantics, cell));
}

z3::expr MemoryModel::constantTerm(const MemoryObject& object, const std::vector<llvm::APInt>& cells) const {
  if (object.scalar) return cellConstant(object, cells.at(0));
  z3::context& ctx = program_.ctx();
  z3::expr zero = cellConstant(object, llvm::APInt(object.cellBits, 0));
  z3::expr term = z3::const_array(indexSort(), zero);
  for (size_t i = 0; i < cells.size(); ++i) {
    if (cells[i].isZero()) continue;
    z3::expr index = encoder_.isInt() ? ctx.int_val(static_cast<uint64_t>(i)) : ctx.bv_val(static_cast<uint64_t>(i), pointerBits_);
    term = z3::store(term, index, cellConstant(object, cells[i]));
  }
  return term;
}

z3::expr MemoryModel::initialValue(const MemoryObject& object) const {
  auto* global = llvm::cast<llvm::GlobalVariable>(object.base);
  auto cells = constantCells(global->getInitializer(), object.cellBits, layout_);
  INVARIANT(cells.has_value(), "initializer checked at creation");
  return constantTerm(object, *cells);
}

}  // namespace argus::frontend

// ---------------------------------------------------------------- region memory

namespace argus::frontend {

namespace {

bool isScalarMemoryType(const llvm::Type* type) { return type->isIntegerTy() || type->isPointerTy(); }

}  // namespace

bool typeLeaves(llvm::Type* type, uint64_t offset, const llvm::DataLayout& layout, std::vector<MemoryLeaf>& out) {
  if (out.size() > kMaxMemoryLeaves) return false;
  if (isScalarMemoryType(type)) {
    out.push_back(MemoryLeaf{offset, type, nullptr});
    return true;
  }
  if (auto* array = llvm::dyn_cast<llvm::ArrayType>(type)) {
    uint64_t step = layout.getTypeAllocSize(array->getElementType());
    if (array->getNumElements() > kMaxMemoryLeaves) return false;
    for (uint64_t i = 0; i < array->getNumElements(); ++i)
      if (!typeLeaves(array->getElementType(), offset + i * step, layout, out)) return false;
    return true;
  }
  if (auto* structure = llvm::dyn_cast<llvm::StructType>(type)) {
    if (structure->isOpaque()) return false;
    const llvm::StructLayout* fields = layout.getStructLayout(structure);
    for (unsigned i = 0; i < structure->getNumElements(); ++i)
      if (!typeLeaves(structure->getElementType(i), offset + fields->getElementOffset(i), layout, out)) return false;
    return true;
  }
  return false;
}

bool constantLeaves(const llvm::Constant* constant, uint64_t offset, const llvm::DataLayout& layout,
                    std::vector<MemoryLeaf>& out) {
  if (out.size() > kMaxMemoryLeaves) return false;
  llvm::Type* type = constant->getType();
  if (llvm::isa<llvm::UndefValue>(constant)) return true;  // poison and undef: arbitrary
  if (isScalarMemoryType(type)) {
    out.push_back(MemoryLeaf{offset, type, constant});
    return true;
  }
  if (llvm::isa<llvm::ConstantAggregateZero>(constant)) {
    std::vector<MemoryLeaf> leaves;
    if (!typeLeaves(type, offset, layout, leaves)) return false;
    for (MemoryLeaf& leaf : leaves) leaf.value = llvm::Constant::getNullValue(leaf.type);
    out.insert(out.end(), leaves.begin(), leaves.end());
    return out.size() <= kMaxMemoryLeaves;
  }
  if (auto* data = llvm::dyn_cast<llvm::ConstantDataSequential>(constant)) {
    if (!data->getElementType()->isIntegerTy()) return false;
    uint64_t step = layout.getTypeAllocSize(data->getElementType());
    for (unsigned i = 0; i < data->getNumElements(); ++i)
      if (!constantLeaves(data->getElementAsConstant(i), offset + i * step, layout, out)) return false;
    return true;
  }
  if (auto* structure = llvm::dyn_cast<llvm::ConstantStruct>(constant)) {
    const llvm::StructLayout* fields = layout.getStructLayout(structure->getType());
    for (unsigned i = 0; i < structure->getNumOperands(); ++i)
      if (!constantLeaves(structure->getOperand(i), offset + fields->getElementOffset(i), layout, out)) return false;
    return true;
  }
  if (auto* array = llvm::dyn_cast<llvm::ConstantArray>(constant)) {
    uint64_t step = layout.getTypeAllocSize(array->getType()->getElementType());
    for (unsigned i = 0; i < array->getNumOperands(); ++i)
      if (!constantLeaves(array->getOperand(i), offset + i * step, layout, out)) return false;
    return true;
  }
  return false;
}

llvm::Type* allocationShape(const llvm::CallInst& call, std::string& why) {
  llvm::Type* shape = nullptr;
  for (const llvm::User* user : call.users())
    if (auto* cast = llvm::dyn_cast<llvm::BitCastInst>(user)) {
      llvm::Type* type = cast->getDestTy()->getPointerElementType();
      if (shape && shape != type) {
        why = "allocation of memory used as two different types";
        return nullptr;
      }
      shape = type;
    }
  return shape ? shape : call.getType()->getPointerElementType();
}

std::optional<std::vector<MemoryLeaf>> allocationLeaves(const llvm::CallInst& call, const llvm::DataLayout& layout,
                                                        std::string& why) {
  uint64_t bytes = 1;
  for (const llvm::Value* argument : call.args()) {
    auto* constant = llvm::dyn_cast<llvm::ConstantInt>(argument);
    if (!constant) {
      why = "allocation of a size that is not a constant";
      return std::nullopt;
    }
    bytes *= constant->getZExtValue();
  }
  llvm::Type* shape = allocationShape(call, why);
  if (!shape) return std::nullopt;
  std::vector<MemoryLeaf> leaves;
  switch (repeatedLeaves(shape, bytes, layout, leaves)) {
    case LeavesFailure::None: return leaves;
    case LeavesFailure::Size: why = "allocation of memory whose type is not known"; break;
    case LeavesFailure::Content: why = "allocation of memory that is not made of integers and pointers"; break;
  }
  return std::nullopt;
}

LeavesFailure repeatedLeaves(llvm::Type* shape, uint64_t bytes, const llvm::DataLayout& layout,
                             std::vector<MemoryLeaf>& out) {
  uint64_t shapeBytes = shape->isSized() ? layout.getTypeAllocSize(shape).getFixedSize() : 0;
  if (shapeBytes == 0 || bytes % shapeBytes != 0 || bytes / shapeBytes > kMaxMemoryLeaves) return LeavesFailure::Size;
  for (uint64_t i = 0; i < bytes / shapeBytes; ++i)
    if (!typeLeaves(shape, i * shapeBytes, layout, out)) return LeavesFailure::Content;
  return LeavesFailure::None;
}

z3::expr addressSum(const z3::expr& a, const z3::expr& b) {
  int64_t x = 0, y = 0;
  bool constantA = a.is_numeral_i64(x), constantB = b.is_numeral_i64(y);
  if (constantA && x == 0) return b;
  if (constantB && y == 0) return a;
  if (constantA && constantB)
    return a.is_int() ? a.ctx().int_val(x + y)
                      : a.ctx().bv_val(static_cast<uint64_t>(x) + static_cast<uint64_t>(y), a.get_sort().bv_size());
  return a + b;
}

GepParts splitGep(const llvm::GEPOperator& gep, const llvm::DataLayout& layout) {
  GepParts parts;
  llvm::Type* outer = nullptr;  // the type the current index selects in; none for the first index
  for (auto step = llvm::gep_type_begin(gep); step != llvm::gep_type_end(gep); outer = step.getIndexedType(), ++step) {
    const llvm::Value* operand = step.getOperand();
    if (llvm::StructType* structure = step.getStructTypeOrNull()) {
      unsigned field = static_cast<unsigned>(llvm::cast<llvm::ConstantInt>(operand)->getZExtValue());
      parts.constantBytes += static_cast<int64_t>(layout.getStructLayout(structure)->getElementOffset(field));
      continue;
    }
    int64_t elementBytes = static_cast<int64_t>(layout.getTypeAllocSize(step.getIndexedType()));
    if (auto* constant = llvm::dyn_cast<llvm::ConstantInt>(operand)) {
      parts.constantBytes += constant->getSExtValue() * elementBytes;
      continue;
    }
    auto* array = outer ? llvm::dyn_cast<llvm::ArrayType>(outer) : nullptr;
    parts.scaled.push_back({operand, elementBytes, array ? static_cast<int64_t>(array->getNumElements()) : 0});
  }
  return parts;
}

namespace {

/// The value of a constant length: an integer, or the offset of a field from a null pointer converted to
/// an integer (and maybe extended or truncated).
std::optional<uint64_t> constantLength(const llvm::Value* length, const llvm::DataLayout& layout) {
  if (auto* integer = llvm::dyn_cast<llvm::ConstantInt>(length)) return integer->getZExtValue();
  auto* expression = llvm::dyn_cast<llvm::ConstantExpr>(length);
  if (!expression) return std::nullopt;
  switch (expression->getOpcode()) {
    case llvm::Instruction::ZExt:
    case llvm::Instruction::SExt:
    case llvm::Instruction::Trunc: {
      auto inner = constantLength(expression->getOperand(0), layout);
      unsigned bits = expression->getType()->getIntegerBitWidth();
      if (!inner || bits > 64) return std::nullopt;
      return bits == 64 ? *inner : *inner & ((uint64_t{1} << bits) - 1);
    }
    case llvm::Instruction::PtrToInt: {
      const llvm::Value* pointer = expression->getOperand(0);
      llvm::APInt offset(layout.getIndexTypeSizeInBits(pointer->getType()), 0);
      const llvm::Value* base = pointer->stripAndAccumulateConstantOffsets(layout, offset, /*AllowNonInbounds=*/true);
      if (!llvm::isa<llvm::ConstantPointerNull>(base) || offset.isNegative()) return std::nullopt;
      return offset.getZExtValue();
    }
    default: return std::nullopt;
  }
}

}  // namespace

std::optional<MemOperation> memOperation(const llvm::CallInst& call) {
  std::optional<MemOperation> op;
  if (auto* intrinsic = llvm::dyn_cast<llvm::MemIntrinsic>(&call)) {
    op = MemOperation{intrinsic->getRawDest(), nullptr, intrinsic->getLength(), nullptr, &call};
    if (auto* transfer = llvm::dyn_cast<llvm::MemTransferInst>(intrinsic)) op->source = transfer->getRawSource();
    if (auto* set = llvm::dyn_cast<llvm::MemSetInst>(intrinsic)) op->byte = set->getValue();
  } else {
    auto* callee = llvm::dyn_cast<llvm::Function>(call.getCalledOperand()->stripPointerCasts());
    if (!callee || !callee->isDeclaration() || call.arg_size() != 3) return std::nullopt;
    llvm::StringRef name = callee->getName();
    if (name == "memcpy" || name == "memmove")
      op = MemOperation{call.getArgOperand(0), call.getArgOperand(1), call.getArgOperand(2), nullptr, &call};
    else if (name == "memset")
      op = MemOperation{call.getArgOperand(0), nullptr, call.getArgOperand(2), call.getArgOperand(1), &call};
    else
      return std::nullopt;
  }
  op->bytes = constantLength(op->length, call.getModule()->getDataLayout());
  return op;
}

llvm::Type* memoryTypeAt(const llvm::Value* pointer, const llvm::DataLayout& layout,
                         const std::function<bool(const llvm::CallInst&)>& isAllocation) {
  // The type the program gave the pointer last before it became a char pointer for the call
  // (`memset(counters, 0, sizeof *counters)` with counters a `DISK_PERFORMANCE *` made from a void
  // pointer): the effective type the program writes.
  const llvm::Value* base = pointer;
  for (;;) {
    llvm::Type* type = base->getType()->getPointerElementType();
    if (!type->isIntegerTy(8)) return type;
    auto* cast = llvm::dyn_cast<llvm::BitCastOperator>(base);
    if (!cast) break;
    base = cast->getOperand(0);
  }
  base = base->stripPointerCasts();
  llvm::Type* type = base->getType()->getPointerElementType();
  if (!type->isIntegerTy(8)) return type;
  // A char or void pointer says nothing of the memory it points into. An allocation is typed by what its
  // result is cast to; an object of chars only is bytes wherever the pointer points into it.
  const llvm::Value* object = llvm::getUnderlyingObject(pointer);
  llvm::Type* objectType = nullptr;
  if (auto* allocation = llvm::dyn_cast<llvm::CallInst>(object); allocation && isAllocation(*allocation)) {
    std::string why;
    objectType = allocationShape(*allocation, why);
    if (objectType && (object == base || objectType->isIntegerTy(8))) return objectType;
    return nullptr;
  }
  if (auto* local = llvm::dyn_cast<llvm::AllocaInst>(object)) objectType = local->getAllocatedType();
  if (auto* global = llvm::dyn_cast<llvm::GlobalVariable>(object)) objectType = global->getValueType();
  if (!objectType || !objectType->isSized()) return nullptr;
  std::vector<MemoryLeaf> leaves;
  if (!typeLeaves(objectType, 0, layout, leaves)) return nullptr;
  for (const MemoryLeaf& leaf : leaves)
    if (!leaf.type->isIntegerTy(8)) return nullptr;
  return type;
}

llvm::Type* memOperationShape(const MemOperation& operation, const llvm::DataLayout& layout,
                              const std::function<bool(const llvm::CallInst&)>& isAllocation) {
  // A copy gives the bytes it writes the effective type of the object it copies from (C11 6.5p6), so
  // the source's type decides where it is known and not chars (a struct copied into a `ULONG DumpData[]`
  // log entry keeps its pointers pointers); a memset, or a copy from chars, takes the destination's.
  if (operation.source) {
    llvm::Type* source = memoryTypeAt(operation.source, layout, isAllocation);
    if (source && !source->isIntegerTy(8)) return source;
  }
  return memoryTypeAt(operation.dest, layout, isAllocation);
}

bool addressEscapes(const llvm::Value* pointer) {
  for (const llvm::User* user : pointer->users()) {
    if (llvm::isa<llvm::LoadInst>(user)) continue;
    if (auto* store = llvm::dyn_cast<llvm::StoreInst>(user)) {
      if (store->getValueOperand() == pointer) return true;
      continue;
    }
    if (auto* gep = llvm::dyn_cast<llvm::GEPOperator>(user)) {
      if (gep->getPointerOperand() != pointer || addressEscapes(gep)) return true;
      continue;
    }
    if (llvm::isa<llvm::BitCastOperator>(user)) {
      if (addressEscapes(user)) return true;
      continue;
    }
    if (auto* intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(user)) {
      switch (intrinsic->getIntrinsicID()) {
        case llvm::Intrinsic::memset:
        case llvm::Intrinsic::memcpy:
        case llvm::Intrinsic::memmove:
        case llvm::Intrinsic::lifetime_start:
        case llvm::Intrinsic::lifetime_end:
        case llvm::Intrinsic::dbg_declare:
        case llvm::Intrinsic::dbg_value: continue;
        default: return true;
      }
    }
    return true;
  }
  return false;
}

namespace {

/// The cell layout of the object a memcpy's other pointer points to at its start, if it is a global or a
/// local of equal integer cells.
std::optional<CellLayout> objectCellsAt(const llvm::Value* pointer, const llvm::DataLayout& layout) {
  const llvm::Value* base = pointer->stripPointerCasts();
  if (auto* global = llvm::dyn_cast<llvm::GlobalVariable>(base)) return cellLayout(global->getValueType(), layout);
  if (auto* alloca = llvm::dyn_cast<llvm::AllocaInst>(base); alloca && !alloca->isArrayAllocation())
    return cellLayout(alloca->getAllocatedType(), layout);
  return std::nullopt;
}

bool accessedAsCellsFrom(const llvm::Value* pointer, const CellLayout& shape, uint64_t bytes, bool atStart,
                         const llvm::DataLayout& layout) {
  unsigned cellBits = shape.cellBits;
  uint64_t cellBytes = (cellBits + 7) / 8;
  auto isCell = [&](const llvm::Type* type) {
    if (shape.floating) return (type->isFloatTy() || type->isDoubleTy()) && type->getPrimitiveSizeInBits() == cellBits;
    return type->isIntegerTy(cellBits);
  };
  for (const llvm::User* user : pointer->users()) {
    if (auto* load = llvm::dyn_cast<llvm::LoadInst>(user)) {
      if (!isCell(load->getType())) return false;
    } else if (auto* store = llvm::dyn_cast<llvm::StoreInst>(user)) {
      if (!isCell(store->getValueOperand()->getType())) return false;
    } else if (auto* gep = llvm::dyn_cast<llvm::GEPOperator>(user)) {
      GepParts parts = splitGep(*gep, layout);
      if (parts.constantBytes % static_cast<int64_t>(cellBytes) != 0) return false;
      for (const ScaledIndex& index : parts.scaled)
        if (index.elementBytes % static_cast<int64_t>(cellBytes) != 0) return false;
      bool stays = atStart && parts.constantBytes == 0 && parts.scaled.empty();
      if (!accessedAsCellsFrom(gep, shape, bytes, stays, layout)) return false;
    } else if (llvm::isa<llvm::BitCastOperator>(user)) {
      if (!accessedAsCellsFrom(user, shape, bytes, atStart, layout)) return false;
    } else if (auto* call = llvm::dyn_cast<llvm::CallInst>(user)) {
      auto operation = memOperation(*call);
      if (!operation) continue;  // lifetime markers and debug records (addressEscapes checked the rest)
      if (!atStart || operation->bytes != bytes) return false;
      if (!operation->source) {
        if (!llvm::isa<llvm::ConstantInt>(operation->byte)) return false;
        continue;
      }
      // The other object has the same cells; a constant source may be longer (SROA copies only the
      // prefix of `char s[] = "abc"` it did not split off).
      const llvm::Value* other = operation->dest == pointer ? operation->source : operation->dest;
      auto* constant = llvm::dyn_cast<llvm::GlobalVariable>(other->stripPointerCasts());
      bool constantSource = other == operation->source && constant && constant->isConstant();
      auto cells = objectCellsAt(other, layout);
      if (!cells || cells->cellBits != cellBits || cells->floating != shape.floating) return false;
      if (constantSource ? cells->cells * cellBytes < bytes : cells->cells * cellBytes != bytes) return false;
    }
  }
  return true;
}

}  // namespace

bool accessedAsCells(const llvm::Value* pointer, const CellLayout& cells, uint64_t bytes, const llvm::DataLayout& layout) {
  return accessedAsCellsFrom(pointer, cells, bytes, true, layout);
}

std::optional<std::vector<MemoryLeaf>> memOperationLeaves(const MemOperation& operation, const llvm::DataLayout& layout,
                                                          const std::function<bool(const llvm::CallInst&)>& isAllocation) {
  if (!operation.bytes) return std::nullopt;
  llvm::Type* shape = memOperationShape(operation, layout, isAllocation);
  if (!shape || !shape->isSized()) return std::nullopt;
  // Whole copies of the shape, then the leaves of a prefix of it (`memcpy(next, sp, offsetof(T, f))`
  // copies a stack location up to a field), unless a leaf straddles the end.
  uint64_t bytes = *operation.bytes, shapeBytes = layout.getTypeAllocSize(shape).getFixedSize();
  if (shapeBytes == 0) return std::nullopt;
  std::vector<MemoryLeaf> leaves, prefix;
  uint64_t whole = bytes / shapeBytes * shapeBytes;
  if (repeatedLeaves(shape, whole, layout, leaves) != LeavesFailure::None) return std::nullopt;
  if (bytes > whole) {
    if (!typeLeaves(shape, whole, layout, prefix)) return std::nullopt;
    for (const MemoryLeaf& leaf : prefix) {
      uint64_t end = leaf.offset + layout.getTypeStoreSize(leaf.type).getFixedSize();
      if (end <= bytes) leaves.push_back(leaf);
      else if (leaf.offset < bytes) return std::nullopt;
    }
  }
  bool characters = std::all_of(leaves.begin(), leaves.end(), [](const MemoryLeaf& leaf) { return leaf.type->isIntegerTy(8); });
  if (characters) return std::nullopt;
  if (!operation.source) {
    // A memset puts its byte into every byte: an integer leaf gets the byte repeated, a pointer only
    // the null pointer.
    auto* byte = llvm::dyn_cast<llvm::ConstantInt>(operation.byte);
    bool pointers = std::any_of(leaves.begin(), leaves.end(), [](const MemoryLeaf& leaf) { return leaf.type->isPointerTy(); });
    bool widths = std::all_of(leaves.begin(), leaves.end(), [](const MemoryLeaf& leaf) {
      return leaf.type->isPointerTy() || leaf.type->getIntegerBitWidth() % 8 == 0;
    });
    if (!byte || (pointers && !byte->isZero()) || (!byte->isZero() && !widths)) return std::nullopt;
  }
  return leaves;
}

bool MemoryModel::inRegions(const llvm::Value* base) {
  if (auto it = inRegions_.find(base); it != inRegions_.end()) return it->second;
  bool regions = addressEscapes(base);
  if (auto* global = llvm::dyn_cast<llvm::GlobalVariable>(base)) {
    auto shape = cellLayout(global->getValueType(), layout_);
    regions = regions || !global->hasInitializer() || !shape ||
              !constantCells(global->getInitializer(), shape->cellBits, layout_);
  } else if (auto* alloca = llvm::dyn_cast<llvm::AllocaInst>(base)) {
    regions = regions || !alloca->isStaticAlloca() || !cellLayout(alloca->getAllocatedType(), layout_);
  }
  // An object accessed other than as its cells (a char pointer over an int, a union's other member, a
  // memset of part of it) is bytes in region memory, which models that.
  if (!regions) {
    llvm::Type* type = llvm::isa<llvm::GlobalVariable>(base) ? llvm::cast<llvm::GlobalVariable>(base)->getValueType()
                                                            : llvm::cast<llvm::AllocaInst>(base)->getAllocatedType();
    auto shape = cellLayout(type, layout_);
    regions = !accessedAsCells(base, *shape, layout_.getTypeAllocSize(type).getFixedSize(), layout_);
  }
  inRegions_.emplace(base, regions);
  return regions;
}

z3::sort MemoryModel::cellSort(const llvm::Type* type) const {
  return type->isPointerTy() ? indexSort() : encoder_.sortOf(type->getIntegerBitWidth());
}

ir::VarId MemoryModel::region(const llvm::Type* type, const llvm::Value* partition) {
  INVARIANT(isScalarMemoryType(type), "region of a non-scalar type");
  return regionOf(partition, type->isPointerTy(), type->isPointerTy() ? 0 : type->getIntegerBitWidth());
}

ir::VarId MemoryModel::byteRegion(const llvm::Value* partition) { return regionOf(partition, false, 8); }

ir::VarId MemoryModel::regionOf(const llvm::Value* partition, bool pointer, unsigned bits) {
  std::tuple<const llvm::Value*, bool, unsigned> key{partition, pointer, bits};
  if (auto it = regions_.find(key); it != regions_.end()) return it->second;
  // Unknown memory's partition keeps the plain names; the others are named by their first object.
  std::string name = (pointer ? "__mem_ptr" : "__mem_i" + std::to_string(bits)) + (partition ? "." + objectName(partition) : "");
  z3::sort cells = pointer ? indexSort() : encoder_.sortOf(bits);
  ir::VarId var = program_.addGlobal(names_.unique(name), program_.ctx().array_sort(indexSort(), cells));
  regions_.emplace(key, var);
  program_.origin().regions.push_back({var, pointer ? pointerBits_ : bits, pointer});
  return var;
}

size_t MemoryModel::usedPartitions() const {
  std::set<const llvm::Value*> used;
  for (auto& [key, var] : regions_) used.insert(std::get<0>(key));
  return used.size();
}

bool MemoryModel::hasRegions(const llvm::Value* partition) const {
  return std::any_of(regions_.begin(), regions_.end(), [&](const auto& region) { return std::get<0>(region.first) == partition; });
}

std::vector<z3::expr> MemoryModel::toBytes(const z3::expr& value, const llvm::Type* type) const {
  // int encoding: an integer holds its signed reading, a pointer its (non-negative) address; byte k is
  // the value shifted right by 8k bits and wrapped into i8 (floor division and mod by constants, linear).
  // Numerals are split here, so that initialisers and calloc's zeros stay numerals.
  unsigned bits = type->isPointerTy() ? pointerBits_ : type->getIntegerBitWidth();
  INVARIANT(bits % 8 == 0, "bytes of a scalar of whole bytes");
  std::vector<z3::expr> out;
  std::optional<llvm::APInt> constant;
  if (value.is_numeral()) {
    // Z3 prints numerals in decimal; APInt reads them exactly at any width (negative int readings too).
    std::string digits = value.get_decimal_string(0);
    constant = llvm::APInt(2 * bits + 8, digits, 10).trunc(bits);
  }
  for (unsigned k = 0; k < bits / 8; ++k) {
    if (constant) {
      out.push_back(encoder_.constant(constant->extractBits(8, 8 * k)));
    } else if (encoder_.isInt()) {
      z3::expr shifted = k == 0 ? value : value / encoder_.powerOfTwo(8 * k);
      out.push_back(encoder_.wrap(shifted, 8));
    } else {
      out.push_back(value.extract(8 * k + 7, 8 * k));
    }
  }
  return out;
}

z3::expr MemoryModel::fromBytes(const std::vector<z3::expr>& bytes, const llvm::Type* type) const {
  // int encoding: the lower bytes count by their unsigned reading, the highest by its signed reading
  // for an integer (so the sum is the signed reading) and by its unsigned one for a pointer.
  bool pointer = type->isPointerTy();
  z3::context& ctx = program_.ctx();
  if (!encoder_.isInt()) {
    z3::expr value = bytes.back();
    for (size_t k = bytes.size() - 1; k-- > 0;) value = z3::concat(value, bytes[k]);
    return value;
  }
  z3::expr sum = ctx.int_val(0);
  for (size_t k = 0; k < bytes.size(); ++k) {
    bool top = k + 1 == bytes.size();
    z3::expr byte = top && !pointer ? bytes[k] : encoder_.unsignedReading(bytes[k], 8);
    z3::expr weighted = k == 0 ? byte : byte * encoder_.powerOfTwo(8 * static_cast<unsigned>(k));
    sum = k == 0 ? weighted : sum + weighted;
  }
  return sum;
}

ir::VarId MemoryModel::heapTop() {
  if (heapTop_ == ir::kNone) {
    heapTop_ = program_.addGlobal(names_.unique("__heap_top"), indexSort(), "", ir::ValueType{0, false, "", true});
    program_.origin().heapTop = program_.var(heapTop_).name;
  }
  return heapTop_;
}

z3::expr MemoryModel::address(uint64_t value) const {
  return encoder_.isInt() ? program_.ctx().int_val(value) : program_.ctx().bv_val(value, pointerBits_);
}

z3::expr MemoryModel::offsetAddress(const z3::expr& base, int64_t bytes) const {
  return addressSum(base, encoder_.isInt() ? program_.ctx().int_val(bytes)
                                           : program_.ctx().bv_val(static_cast<uint64_t>(bytes), pointerBits_));
}

z3::expr MemoryModel::globalAddress(const llvm::GlobalVariable& global) {
  if (auto it = staticAddresses_.find(&global); it != staticAddresses_.end()) return address(it->second);
  uint64_t at = nextStaticAddress_;
  uint64_t size = global.getValueType()->isSized() ? layout_.getTypeAllocSize(global.getValueType()).getFixedSize() : 0;
  // A gap after every object keeps one-past-the-end pointers distinct from the next object.
  nextStaticAddress_ += (size + 16 + 15) / 16 * 16;
  staticAddresses_.emplace(&global, at);
  regionGlobals_.push_back(&global);
  return address(at);
}

z3::expr MemoryModel::functionAddress(const llvm::Function& function) {
  if (auto it = staticAddresses_.find(&function); it != staticAddresses_.end()) return address(it->second);
  uint64_t at = nextStaticAddress_;
  nextStaticAddress_ += 16;
  staticAddresses_.emplace(&function, at);
  return address(at);
}

std::optional<z3::expr> MemoryModel::constantPointer(const llvm::Constant* constant, std::string& why) {
  if (llvm::isa<llvm::ConstantPointerNull>(constant)) return address(0);
  if (auto* function = llvm::dyn_cast<llvm::Function>(constant)) return functionAddress(*function);
  if (auto* global = llvm::dyn_cast<llvm::GlobalVariable>(constant)) {
    if (!inRegions(global)) {
      why = "address of global variable " + global->getName().str();
      return std::nullopt;
    }
    return globalAddress(*global);
  }
  if (auto* cast = llvm::dyn_cast<llvm::BitCastOperator>(constant))
    return constantPointer(llvm::cast<llvm::Constant>(cast->getOperand(0)), why);
  if (auto* gep = llvm::dyn_cast<llvm::GEPOperator>(constant)) {
    llvm::APInt offset(layout_.getIndexTypeSizeInBits(gep->getType()), 0);
    if (!gep->accumulateConstantOffset(layout_, offset)) {
      why = "constant address expression";
      return std::nullopt;
    }
    auto base = constantPointer(llvm::cast<llvm::Constant>(gep->getPointerOperand()), why);
    if (!base) return std::nullopt;
    return offsetAddress(*base, offset.getSExtValue());
  }
  if (auto* expression = llvm::dyn_cast<llvm::ConstantExpr>(constant);
      expression && expression->getOpcode() == llvm::Instruction::IntToPtr) {
    if (auto* integer = llvm::dyn_cast<llvm::ConstantInt>(expression->getOperand(0)))
      return address(integer->getValue().zextOrTrunc(pointerBits_).getZExtValue());
  }
  why = "constant pointer expression";
  return std::nullopt;
}

ir::VarId MemoryModel::promotedField(const llvm::Value* object, int64_t offset, const llvm::Type* type) {
  if (auto it = promotedFields_.find({object, offset}); it != promotedFields_.end()) return it->second;
  std::string name = objectName(object) + "." + std::to_string(offset);
  ir::ValueType valueType{type->isIntegerTy() && type->getIntegerBitWidth() > 1 ? type->getIntegerBitWidth() : 0, true, "",
                          type->isPointerTy()};
  ir::VarId var = program_.addGlobal(names_.unique(name), cellSort(type), "", valueType);
  promotedFields_.emplace(std::make_pair(object, offset), var);
  return var;
}

std::string MemoryModel::objectName(const llvm::Value* object) const {
  if (auto* global = llvm::dyn_cast<llvm::GlobalVariable>(object)) {
    SourceVariable described = describeGlobal(*global);
    return described.known ? described.name : global->getName().str();
  }
  if (auto* instruction = llvm::dyn_cast<llvm::Instruction>(object)) {
    SourceVariable source = FunctionDebugNames(*instruction->getFunction()).lookup(instruction);
    ir::SourceLoc loc = sourceLocOf(*instruction);
    return llvm::isa<llvm::AllocaInst>(instruction) && source.known ? source.name
           : "heap@" + std::to_string(loc.known() ? loc.line : 0);
  }
  return object->getName().str();
}

std::vector<std::pair<uint64_t, ir::VarId>> MemoryModel::promotedFieldsOf(const llvm::Value* object) const {
  std::vector<std::pair<uint64_t, ir::VarId>> fields;
  for (auto it = promotedFields_.lower_bound({object, std::numeric_limits<int64_t>::min()}); it != promotedFields_.end() && it->first.first == object; ++it)
    if (it->first.second >= 0) fields.emplace_back(static_cast<uint64_t>(it->first.second), it->second);
  return fields;
}

std::vector<std::pair<ir::VarId, z3::expr>> MemoryModel::regionInitialisation(std::string& why) {
  std::map<ir::VarId, z3::expr> contents;
  auto current = [&](ir::VarId var) {
    if (auto it = contents.find(var); it != contents.end()) return it->second;
    return program_.var(var).cur;
  };
  // Initialisers may take addresses of globals not laid out yet; those join the list as it is walked.
  for (size_t i = 0; i < regionGlobals_.size(); ++i) {
    const llvm::GlobalVariable& global = *regionGlobals_[i];
    if (!global.hasInitializer()) continue;  // external: arbitrary contents
    std::vector<MemoryLeaf> leaves;
    if (!constantLeaves(global.getInitializer(), 0, layout_, leaves)) {
      why = "initialiser of global variable " + global.getName().str();
      return {};
    }
    z3::expr base = globalAddress(global);
    for (const MemoryLeaf& leaf : leaves) {
      z3::expr value = program_.ctx().bool_val(true);
      if (leaf.type->isPointerTy()) {
        auto pointer = constantPointer(leaf.value, why);
        if (!pointer) return {};
        value = *pointer;
      } else if (auto* integer = llvm::dyn_cast<llvm::ConstantInt>(leaf.value)) {
        value = encoder_.constant(integer->getValue());
      } else {
        why = "initialiser of global variable " + global.getName().str();
        return {};
      }
      if (isPromoted(&global)) {
        // A field that no access reads or writes (all functions are translated by now) gets no variable:
        // its initial value cannot matter, and a struct of hundreds of fields of which the program uses
        // one (CIL's drivers' KUSER_SHARED_DATA) would put hundreds of variables into every frame.
        auto field = promotedFields_.find({&global, static_cast<int64_t>(leaf.offset)});
        if (field != promotedFields_.end()) contents.insert_or_assign(field->second, value);
        continue;
      }
      if (inBytes(&global) && !leaf.type->isIntegerTy(8)) {
        if (!leaf.type->isPointerTy() && leaf.type->getIntegerBitWidth() % 8 != 0) {
          why = "initialiser of global variable " + global.getName().str() + " in memory accessed as bytes";
          return {};
        }
        ir::VarId bytes = byteRegion(partitionOfObject(&global));
        std::vector<z3::expr> parts = toBytes(value, leaf.type);
        for (size_t k = 0; k < parts.size(); ++k)
          contents.insert_or_assign(bytes, z3::store(current(bytes), offsetAddress(base, static_cast<int64_t>(leaf.offset + k)), parts[k]));
        continue;
      }
      ir::VarId var = region(leaf.type, partitionOfObject(&global));
      z3::expr at = offsetAddress(base, static_cast<int64_t>(leaf.offset));
      contents.insert_or_assign(var, z3::store(current(var), at, value));
    }
  }
  // Names of the objects at fixed addresses, for the pointer values in traces.
  std::vector<ir::AddressRange>& ranges = program_.origin().addressRanges;
  for (auto& [object, start] : staticAddresses_) {
    if (auto* function = llvm::dyn_cast<llvm::Function>(object)) {
      ranges.push_back({start, 1, function->getName().str()});
    } else if (auto* global = llvm::dyn_cast<llvm::GlobalVariable>(object)) {
      SourceVariable described = describeGlobal(*global);
      uint64_t size = global->getValueType()->isSized() ? layout_.getTypeAllocSize(global->getValueType()).getFixedSize() : 0;
      ranges.push_back({start, size, described.known ? described.name : global->getName().str()});
    }
  }
  std::sort(ranges.begin(), ranges.end(), [](const ir::AddressRange& a, const ir::AddressRange& b) { return a.start < b.start; });
  std::vector<std::pair<ir::VarId, z3::expr>> out(contents.begin(), contents.end());
  // Any use of region memory (and its assumptions) shows in the program as the bump pointer.
  if (heapTop_ != ir::kNone || !regions_.empty() || !promotedFields_.empty() || !staticAddresses_.empty())
    out.emplace_back(heapTop(), address(nextStaticAddress_ + 4096));
  return out;
}

}  // namespace argus::frontend
