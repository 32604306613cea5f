// Access paths from C pointer variables to the fields of promoted objects (see AccessPaths.h).
#include "frontend/c/AccessPaths.h"

#include <llvm/BinaryFormat/Dwarf.h>

#include <algorithm>
#include <map>
#include <set>

#include "frontend/c/Translator.h"

namespace argus::frontend {

namespace {

/// Paths go through at most this many pointers (`s->s3->tmp.next_state` goes through two).
constexpr int kMaxPointers = 3;
constexpr char kPlaceholderMark = '\x01';

const llvm::DIType* stripped(const llvm::DIType* type) {
  while (const llvm::DIType* base = typedefOrQualifierBase(type)) type = base;
  return type;
}

bool isStructure(const llvm::DIType* type) {
  auto* composite = llvm::dyn_cast_or_null<llvm::DICompositeType>(type);
  return composite && composite->getTag() == llvm::dwarf::DW_TAG_structure_type;
}

const llvm::DIType* pointeeOfType(const llvm::DIType* type) {
  auto* pointer = llvm::dyn_cast_or_null<llvm::DIDerivedType>(stripped(type));
  if (!pointer || pointer->getTag() != llvm::dwarf::DW_TAG_pointer_type) return nullptr;
  return pointer->getBaseType();
}

std::optional<Leaf> elementLeaf(const llvm::DICompositeType& array, uint64_t offsetBits, uint64_t sizeBits) {
  llvm::DINodeArray ranges = array.getElements();
  const llvm::DIType* element = stripped(array.getBaseType());
  if (ranges.size() != 1 || !element || element->getSizeInBits() == 0) return std::nullopt;
  auto* range = llvm::dyn_cast<llvm::DISubrange>(ranges[0]);
  auto* count = range ? range->getCount().dyn_cast<llvm::ConstantInt*>() : nullptr;
  uint64_t index = offsetBits / element->getSizeInBits();
  if (!count || count->isNegative() || index >= count->getZExtValue()) return std::nullopt;
  auto inner = leafAt(element, offsetBits % element->getSizeInBits(), sizeBits);
  if (!inner) return std::nullopt;
  return Leaf{"[" + std::to_string(index) + "]" + inner->path, inner->type};
}

/// The C expression that reads the scalar `bytes` bytes past where `pointer` points, through its pointee
/// type: `p->f`, `p[2]`, `p[1].f`.
std::optional<std::pair<std::string, Leaf>> throughPointer(const std::string& pointer, const llvm::DIType* pointee,
                                                           int64_t bytes, uint64_t sizeBits) {
  pointee = stripped(pointee);
  if (!pointee || bytes < 0 || pointee->getSizeInBits() == 0 || pointee->getSizeInBits() % 8 != 0)
    return std::nullopt;
  uint64_t size = pointee->getSizeInBits() / 8;
  uint64_t index = static_cast<uint64_t>(bytes) / size;
  auto leaf = leafAt(pointee, (static_cast<uint64_t>(bytes) % size) * 8, sizeBits);
  if (!leaf) return std::nullopt;
  if (index == 0 && isStructure(pointee)) return std::make_pair(pointer + "->" + leaf->path.substr(1), *leaf);
  return std::make_pair(pointer + "[" + std::to_string(index) + "]" + leaf->path, *leaf);
}

bool isSignedInteger(const llvm::DIType* type) {
  auto* basic = llvm::dyn_cast_or_null<llvm::DIBasicType>(type);
  return basic && (basic->getEncoding() == llvm::dwarf::DW_ATE_signed ||
                   basic->getEncoding() == llvm::dwarf::DW_ATE_signed_char);
}

/// Which pointers are known to point to an object where they are bound, so that a path through them reads
/// the object rather than dereferencing null: values an allocation returns (the model lets every allocation
/// succeed), addresses of globals, locals and functions, and what is computed or passed on from those alone
/// (casts, offsets, merges, the arguments of every call of a function). A pointer read from a field counts
/// when every store into that field stores such a value and the object comes from malloc (no zeros of
/// calloc or of a global's initialiser); before the first store, C reads it as indeterminate, like the
/// field's variable.
class NonNull {
 public:
  explicit NonNull(const ModuleContext& mc) : mc_(mc) {
    for (auto& [function, proc] : mc.procs)
      for (const llvm::BasicBlock& block : *function)
        for (const llvm::Instruction& instruction : block) {
          if (auto* store = llvm::dyn_cast<llvm::StoreInst>(&instruction);
              store && store->getValueOperand()->getType()->isPointerTy())
            if (auto field = mc.pointsTo.promotedTarget(store->getPointerOperand()))
              stored_[{field->object, field->offset}].push_back(store->getValueOperand());
          if (auto* call = llvm::dyn_cast<llvm::CallInst>(&instruction)) {
            if (const llvm::Function* callee = call->getCalledFunction())
              callers_[callee].push_back(call);
            else
              for (const llvm::Function* candidate : mc.indirectCallCandidates(*call)) callers_[candidate].push_back(call);
          }
        }
  }

  bool value(const llvm::Value* pointer, int depth = 0) {
    if (depth > kDepth) return false;
    pointer = pointer->stripPointerCasts();
    if (llvm::isa<llvm::GlobalValue>(pointer) || llvm::isa<llvm::AllocaInst>(pointer)) return true;
    if (auto* call = llvm::dyn_cast<llvm::CallInst>(pointer)) return mc_.allocationKind(*call).has_value();
    if (auto* gep = llvm::dyn_cast<llvm::GEPOperator>(pointer)) return value(gep->getPointerOperand(), depth + 1);
    if (auto* phi = llvm::dyn_cast<llvm::PHINode>(pointer))
      return std::all_of(phi->incoming_values().begin(), phi->incoming_values().end(),
                         [&](const llvm::Use& in) { return in.get() == phi || value(in.get(), depth + 1); });
    if (auto* select = llvm::dyn_cast<llvm::SelectInst>(pointer))
      return value(select->getTrueValue(), depth + 1) && value(select->getFalseValue(), depth + 1);
    if (auto* argument = llvm::dyn_cast<llvm::Argument>(pointer)) return passed(*argument, depth);
    if (auto* load = llvm::dyn_cast<llvm::LoadInst>(pointer))
      if (auto cell = mc_.pointsTo.promotedTarget(load->getPointerOperand()))
        return field(cell->object, cell->offset, depth);
    return false;
  }

  /// Every store into the field stores a pointer known not to be null, and the object starts without any.
  bool field(const llvm::Value* object, int64_t offset, int depth = 0) {
    auto* call = llvm::dyn_cast<llvm::CallInst>(object);
    if (!call || mc_.allocationKind(*call) != BuiltinKind::Malloc) return false;
    auto it = stored_.find({object, offset});
    return it != stored_.end() && std::all_of(it->second.begin(), it->second.end(),
                                              [&](const llvm::Value* v) { return value(v, depth + 1); });
  }

 private:
  static constexpr int kDepth = 8;

  /// Every call that may reach the argument's function (directly, or through a pointer that may point to
  /// it) passes a pointer known not to be null there.
  bool passed(const llvm::Argument& argument, int depth) {
    auto it = callers_.find(argument.getParent());
    if (it == callers_.end()) return false;
    return std::all_of(it->second.begin(), it->second.end(), [&](const llvm::CallInst* call) {
      return argument.getArgNo() < call->arg_size() && value(call->getArgOperand(argument.getArgNo()), depth + 1);
    });
  }

  const ModuleContext& mc_;
  std::map<std::pair<const llvm::Value*, int64_t>, std::vector<const llvm::Value*>> stored_;
  std::map<const llvm::Function*, std::vector<const llvm::CallInst*>> callers_;
};

/// The access paths from `prefix` (a pointer expression to `target`, declared to point to `pointee`) to
/// the fields of the promoted object it points to, and on through the pointers those fields hold.
void collectPaths(const ModuleContext& mc, NonNull& nonNull, const std::string& prefix, const llvm::DIType* pointee,
                  PointsTo::Field target, int depth, std::set<const llvm::Value*>& visiting,
                  std::vector<ir::NameBinding>& out) {
  if (depth > kMaxPointers || !visiting.insert(target.object).second) return;
  for (auto [offset, var] : mc.memory.promotedFieldsOf(target.object)) {
    const ir::Variable& field = mc.program.var(var);
    uint64_t bits = field.type.pointer ? mc.memory.pointerBits() : field.type.bits;
    if (bits == 0) continue;
    auto named = throughPointer(prefix, pointee, static_cast<int64_t>(offset) - target.offset, bits);
    if (!named) continue;
    auto& [path, leaf] = *named;
    if (field.type.pointer) {
      const llvm::DIType* next = pointeeOfType(leaf.type);
      auto held = mc.pointsTo.promotedContent(target.object, static_cast<int64_t>(offset));
      if (next && held && nonNull.field(target.object, static_cast<int64_t>(offset)))
        collectPaths(mc, nonNull, path, next, *held, depth + 1, visiting, out);
      continue;
    }
    if (isSignedInteger(leaf.type) && field.type.isSigned && leaf.type->getSizeInBits() == bits)
      out.push_back({path, var});
  }
  visiting.erase(target.object);
}

bool isPlaceholder(const ir::NameBinding& binding) {
  return !binding.name.empty() && binding.name[0] == kPlaceholderMark;
}

}  // namespace

std::optional<Leaf> leafAt(const llvm::DIType* type, uint64_t offsetBits, uint64_t sizeBits) {
  type = stripped(type);
  if (!type) return std::nullopt;
  if (auto* composite = llvm::dyn_cast<llvm::DICompositeType>(type)) {
    if (composite->getTag() == llvm::dwarf::DW_TAG_array_type) return elementLeaf(*composite, offsetBits, sizeBits);
    if (composite->getTag() != llvm::dwarf::DW_TAG_structure_type) return std::nullopt;  // unions, enums
    for (const llvm::DINode* element : composite->getElements()) {
      auto* member = llvm::dyn_cast<llvm::DIDerivedType>(element);
      if (!member || member->getTag() != llvm::dwarf::DW_TAG_member) continue;
      uint64_t start = member->getOffsetInBits();
      if (offsetBits < start || offsetBits >= start + member->getSizeInBits()) continue;
      if (member->isBitField() || member->getName().empty()) return std::nullopt;
      auto inner = leafAt(member->getBaseType(), offsetBits - start, sizeBits);
      if (!inner) return std::nullopt;
      return Leaf{"." + member->getName().str() + inner->path, inner->type};
    }
    return std::nullopt;
  }
  if (offsetBits != 0 || type->getSizeInBits() != sizeBits) return std::nullopt;
  if (llvm::isa<llvm::DIBasicType>(type) || pointeeOfType(type)) return Leaf{"", type};
  return std::nullopt;
}

ir::NameBinding accessPathPlaceholder(size_t index) {
  return ir::NameBinding{std::string(1, kPlaceholderMark) + std::to_string(index), ir::kNone};
}

const llvm::DIType* pointeeOf(const llvm::DIVariable& variable) { return pointeeOfType(variable.getType()); }

size_t nameAccessPaths(ModuleContext& mc) {
  std::vector<std::vector<ir::NameBinding>> paths(mc.pointerBindings.size());
  std::map<std::pair<ir::ProcId, std::string>, std::set<std::string>> pathsOfPointer;
  NonNull nonNull(mc);
  for (size_t i = 0; i < mc.pointerBindings.size(); ++i) {
    const PointerBinding& pointer = mc.pointerBindings[i];
    auto target = pointer.value ? mc.pointsTo.promotedTarget(pointer.value) : std::nullopt;
    std::set<const llvm::Value*> visiting;
    if (target && nonNull.value(pointer.value))
      collectPaths(mc, nonNull, pointer.name, pointer.pointee, *target, 1, visiting, paths[i]);
    for (const ir::NameBinding& path : paths[i]) pathsOfPointer[{pointer.proc, pointer.name}].insert(path.name);
  }
  for (ir::EdgeId e = 0; e < mc.program.numEdges(); ++e) {
    std::vector<ir::NameBinding>& names = mc.program.mutableEdge(e).names;
    if (std::none_of(names.begin(), names.end(), isPlaceholder)) continue;
    std::vector<ir::NameBinding> replaced;
    for (const ir::NameBinding& binding : names) {
      if (!isPlaceholder(binding)) {
        replaced.push_back(binding);
        continue;
      }
      size_t index = std::stoul(binding.name.substr(1));
      const PointerBinding& pointer = mc.pointerBindings.at(index);
      std::set<std::string> bound;
      for (const ir::NameBinding& path : paths[index]) {
        replaced.push_back(path);
        bound.insert(path.name);
      }
      // The pointer points elsewhere from here on: its other paths name nothing.
      for (const std::string& other : pathsOfPointer[{pointer.proc, pointer.name}])
        if (!bound.count(other)) replaced.push_back({other, ir::kNone});
    }
    names = std::move(replaced);
  }
  size_t named = 0;
  for (auto& [pointer, paths] : pathsOfPointer) named += paths.size();
  return named;
}

}  // namespace argus::frontend
