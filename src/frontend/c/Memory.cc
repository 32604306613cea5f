// Memory objects: which globals and allocas are modelled, their cell layout, and their initial values.
#include "frontend/c/Memory.h"

#include "util/Error.h"

namespace argus::frontend {

std::optional<CellLayout> cellLayout(llvm::Type* type, const llvm::DataLayout& layout) {
  if (auto* integer = llvm::dyn_cast<llvm::IntegerType>(type)) return CellLayout{integer->getBitWidth(), 1};
  if (auto* array = llvm::dyn_cast<llvm::ArrayType>(type)) {
    auto inner = cellLayout(array->getElementType(), layout);
    if (!inner) return std::nullopt;
    return CellLayout{inner->cellBits, inner->cells * array->getNumElements()};
  }
  if (auto* structure = llvm::dyn_cast<llvm::StructType>(type)) {
    if (structure->isOpaque() || structure->getNumElements() == 0) return std::nullopt;
    CellLayout total;
    for (llvm::Type* field : structure->elements()) {
      auto inner = cellLayout(field, layout);
      if (!inner || (total.cellBits != 0 && inner->cellBits != total.cellBits)) return std::nullopt;
      total.cellBits = inner->cellBits;
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
  if (auto* data = llvm::dyn_cast<llvm::ConstantDataSequential>(constant)) {
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
  if (!type->isIntegerTy()) return false;
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
    object.scalar = isDirectScalarGlobal(*global);
    ir::ValueType type{object.scalar && shape->cellBits > 1 ? shape->cellBits : 0, described.isSigned, described.cType};
    z3::sort sort = object.scalar ? encoder_.sortOf(shape->cellBits)
                                  : program_.ctx().array_sort(indexSort(), encoder_.sortOf(shape->cellBits));
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
    object.cells = shape->cells * llvm::cast<llvm::ConstantInt>(alloca->getArraySize())->getZExtValue();
    z3::sort sort = program_.ctx().array_sort(indexSort(), encoder_.sortOf(shape->cellBits));
    std::string name = names_.unique(program_.proc(proc).name + "::" + cName);
    object.var = program_.addVariable(proc, ir::VarRole::Local, name, sort, source.known ? source.name : "",
                                      ir::ValueType{0, source.isSigned, source.cType});
    return add(object);
  }
  why = "memory that is neither a global nor a local variable";
  return nullptr;
}

z3::expr MemoryModel::constantTerm(const MemoryObject& object, const std::vector<llvm::APInt>& cells) const {
  if (object.scalar) return encoder_.constant(cells.at(0));
  z3::context& ctx = program_.ctx();
  z3::expr zero = encoder_.constant(llvm::APInt(object.cellBits, 0));
  z3::expr term = z3::const_array(indexSort(), zero);
  for (size_t i = 0; i < cells.size(); ++i) {
    if (cells[i].isZero()) continue;
    z3::expr index = encoder_.isInt() ? ctx.int_val(static_cast<uint64_t>(i)) : ctx.bv_val(static_cast<uint64_t>(i), pointerBits_);
    term = z3::store(term, index, encoder_.constant(cells[i]));
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
