// C access paths for the fields of promoted objects (PointsTo): `s->state`, `s->s3->tmp.next_state`.
// A promoted object's fields are IR variables of their own with no C name, so a witness could not speak
// of them. Where a C pointer variable points to a promoted object alone, each field of the object it
// reaches through its pointee's debug type is named by an access path from that variable: the front end
// binds the path like a variable (ir::NameBinding) wherever it binds the pointer, and unbinds it where the
// pointer gets a value that points elsewhere. Fields that hold pointers to promoted objects extend the paths
// (a few levels deep). Only pointers known to point to an object there are followed (allocations, addresses,
// and what is passed on from those alone), so that no path dereferences null where a witness reads it. Only
// signed integer fields are named, since the int encoding keeps every field as its signed reading.
#pragma once

#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Value.h>

#include <optional>
#include <string>
#include <vector>

#include "ir/Program.h"

namespace argus::frontend {

struct ModuleContext;

/// A binding of a C pointer variable, whose access paths are named once every field variable exists.
struct PointerBinding {
  ir::ProcId proc;
  std::string name;              // the C pointer variable
  const llvm::Value* value;      // the pointer it holds from here on
  const llvm::DIType* pointee;   // what it points to, as declared
};

/// The placeholder binding that stands, in an edge's names, where the access paths of `mc`'s pointer binding
/// `index` go; nameAccessPaths replaces it.
ir::NameBinding accessPathPlaceholder(size_t index);

/// The pointee type of a C variable of pointer type (typedefs and qualifiers looked through), if it is one.
const llvm::DIType* pointeeOf(const llvm::DIVariable& variable);

/// Replaces every placeholder in the program's edges by the bindings of its access paths to the promoted
/// fields the pointer reaches, and the other paths of the same pointer name in the procedure by none.
/// Returns how many access paths (per procedure) name a field somewhere.
size_t nameAccessPaths(ModuleContext& mc);

/// The C member and index path (".a.b[2]") within `type` to the scalar at `offsetBits` that is
/// `sizeBits` wide, and the scalar's type; none inside unions, bit-fields and types without layout.
struct Leaf {
  std::string path;
  const llvm::DIType* type;  // a basic or a pointer type
};
std::optional<Leaf> leafAt(const llvm::DIType* type, uint64_t offsetBits, uint64_t sizeBits);

}  // namespace argus::frontend
