// ir::Program — the one intermediate representation every front end produces and every engine reads.
//
// A program is a set of procedures over explicit global variables. Each procedure is a control-flow
// automaton: locations (with a distinguished entry, exit and error location) joined by edges. An edge
// is either
//   * a Transition: a formula over the current versions (`cur`) of the variables in scope, the next
//     versions (`next`) of the variables it lists in `writes`, and edge-local auxiliary constants
//     (`aux`, existentially quantified, renamed at every instantiation). Every variable not in `writes`
//     keeps its value (the frame is implicit, so formulas stay small); or
//   * a Call: binds the callee's parameters to `args` (terms over the caller's current variables),
//     runs the callee from its entry to its exit, then assigns the callee's results to the caller
//     variables `results`. Globals flow into the callee and back out; the caller's locals are untouched.
//
// Semantics: execution starts at the entry of `mainProc()` with every variable arbitrary (a C front end
// initialises its globals by an explicit first edge). The program is unsafe iff some error location is
// reachable (in any procedure, under any call stack). Locations without outgoing edges (other than
// exit/error) stop the execution (abort, exit, failed assume).
//
// Every variable has three Z3 constants: `cur` ("x"), `next` ("x'") and `old` ("x@entry", the value at
// the entry of its procedure; used by procedure contracts and summaries). Every edge keeps its source
// location and a readable label, every variable its source name, so traces speak the input language.
// Ids are dense indices into program-wide vectors.
#pragma once

#include <z3++.h>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace argus::ir {

using VarId = uint32_t;
using LocId = uint32_t;
using EdgeId = uint32_t;
using ProcId = uint32_t;
constexpr uint32_t kNone = UINT32_MAX;

struct SourceLoc {
  std::string file;
  int line = 0;
  int column = 0;
  bool known() const { return line > 0; }
  /// "file:line" (or "file" / "" when unknown).
  std::string str() const;
};

enum class VarRole { Global, Param, Result, Local };
const char* toString(VarRole r);

/// The source-level type of a value, where the front end knows it. bits == 0: not a machine integer
/// (mathematical Int, Real, Bool, array, ...).
struct ValueType {
  unsigned bits = 0;
  bool isSigned = true;
  std::string cName;  // "int", "unsigned char", "_Bool", ... (may be empty)
  bool pointer = false;  // a C pointer: its value is a byte address (see Origin::addressRanges)
  bool floating = false;  // a C float, double or long double: a term of a floating-point sort (bits == 0)
};

struct Variable {
  VarId id;
  std::string name;        // unique in the program, e.g. "main::i" or "g"
  std::string sourceName;  // what the user wrote ("i"); empty for compiler temporaries
  VarRole role;
  ProcId proc;             // kNone for globals
  z3::expr cur, next, old;
  ValueType type;
  bool isTemporary() const { return sourceName.empty(); }
};

enum class EdgeKind { Transition, Call };

/// A value the environment chooses (a __VERIFIER_nondet_* call, a CHC clause variable): `term` is an
/// aux constant or a `next` constant of the edge whose value in a model is the input.
struct NondetInput {
  z3::expr term;
  std::string function;  // "__VERIFIER_nondet_int", or empty
  ValueType type;
  SourceLoc loc;         // C: where the call stands (its callee name), for witnesses
};

/// C, debug information on an edge, in program order. With a name: from here on the C variable `name`
/// holds the value of IR variable `var` (an llvm.dbg.value record), or of no IR variable (`var` == kNone: a
/// constant, or a value no variable keeps). Without a name: `var` gets a new value here (the next instance
/// of its SSA value), so the C variables bound to it no longer hold it. Witnesses name IR variables by these.
struct NameBinding {
  std::string name;
  VarId var = kNone;
};

struct Edge {
  EdgeId id;
  ProcId proc;
  LocId from, to;
  EdgeKind kind = EdgeKind::Transition;
  // Transition
  z3::expr formula;
  std::vector<VarId> writes;
  std::vector<z3::expr> aux;
  std::vector<NondetInput> inputs;
  // Call
  ProcId callee = kNone;
  std::vector<z3::expr> args;
  std::vector<VarId> results;
  // Both
  SourceLoc loc;
  std::string label;
  /// Non-empty: this edge enters the error location only to mark a feature the front end does not
  /// model (names the feature). A trace ending with it proves nothing: the verdict is UNKNOWN.
  std::string unsupported;
  /// C: the debug records and assignments of SSA values on the way, in program order.
  std::vector<NameBinding> names;

  bool isCall() const { return kind == EdgeKind::Call; }
};

struct Location {
  LocId id;
  ProcId proc;
  std::string name;
  SourceLoc loc;
  /// C: the head of a source loop, which starts here (its `while`, `for` or `do` keyword; for a cycle made
  /// only of goto, the label the backward goto jumps to); unknown for every other location. Witnesses name
  /// loops by this position.
  SourceLoc loopStart;
  std::vector<EdgeId> out, in;
};

struct Procedure {
  ProcId id;
  std::string name;
  std::vector<VarId> params, results, locals;
  LocId entry = kNone, exit = kNone, error = kNone;
  std::vector<LocId> locations;
  std::vector<EdgeId> edges;
  SourceLoc loc;
  /// C: names that mean different variables in different parts of the function (declared in two
  /// scopes, or a local that shadows a global): a name alone does not say which, so witnesses never use them.
  std::vector<std::string> ambiguousNames;
};

enum class Language { C, Chc, Other };
enum class Encoding { Int, BitVector };

/// Facts about where a program came from; certify and report use them (native replay needs the file).
/// C: the bytes the front end's allocator leaves between two heap blocks (so that a pointer one past
/// the end of a block never equals the start of the next).
constexpr uint64_t kAllocationGap = 16;

/// C: an object at a fixed address (a global in region memory, a function), for naming pointers.
struct AddressRange {
  uint64_t start = 0;
  uint64_t size = 0;
  std::string name;
};

/// C: a block one edge of the front end's program allocates (an edge may allocate several, in order).
/// The native replay gives the blocks the program's malloc returns the contents a trace read from them.
struct Allocation {
  bool fromMalloc = false;             // a call of malloc (calloc, alloca and locals are not the harness's)
  std::optional<uint64_t> bytes;       // the block's size, when constant
  std::vector<std::pair<uint64_t, VarId>> promotedFields;  // fields held in variables: byte offset, variable
};

/// C: a region array of the memory model, from byte address to the scalars of one type.
struct MemoryRegion {
  VarId array = kNone;
  unsigned bits = 0;     // width of a scalar (a pointer's width for pointers)
  bool pointer = false;  // holds pointers (byte addresses)
};

struct Origin {
  Language language = Language::Other;
  std::string file;           // the C or .smt2 file
  std::string errorFunction;  // C: reach_error or __VERIFIER_error (unreach-call)
  std::string property = "unreach-call";  // C: the SV-COMP property the error location stands for
  bool ilp32 = true;          // C data model: ILP32 (true) or LP64
  Encoding encoding = Encoding::Int;
  std::vector<AddressRange> addressRanges;  // C: objects at fixed addresses
  std::string heapTop;                      // C: the name of the bump pointer of allocations
  std::vector<MemoryRegion> regions;        // C: the region arrays
  bool unknownCallees = false;  // C: some call may go through a pointer to a function outside the program
  // C: the blocks each edge of the front end's program allocates (not kept in step by transforms: for
  // traces over the input program only).
  std::map<EdgeId, std::vector<Allocation>> allocations;
};

class Program {
 public:
  explicit Program(std::shared_ptr<z3::context> ctx);

  z3::context& ctx() const { return *ctx_; }
  const std::shared_ptr<z3::context>& sharedCtx() const { return ctx_; }
  Origin& origin() { return origin_; }
  const Origin& origin() const { return origin_; }

  // ---- building ----
  VarId addGlobal(const std::string& name, const z3::sort& sort, const std::string& sourceName = "",
                  ValueType type = {});
  VarId addVariable(ProcId proc, VarRole role, const std::string& name, const z3::sort& sort,
                    const std::string& sourceName = "", ValueType type = {});
  ProcId addProcedure(const std::string& name, SourceLoc loc = {});
  /// Creates entry, exit and error locations of a new procedure as well.
  ProcId addProcedureWithFrame(const std::string& name, SourceLoc loc = {});
  LocId addLocation(ProcId proc, const std::string& name, SourceLoc loc = {});
  EdgeId addTransition(LocId from, LocId to, const z3::expr& formula, std::vector<VarId> writes,
                       std::vector<z3::expr> aux = {}, std::vector<NondetInput> inputs = {},
                       SourceLoc loc = {}, std::string label = "");
  EdgeId addCall(LocId from, LocId to, ProcId callee, std::vector<z3::expr> args,
                 std::vector<VarId> results, SourceLoc loc = {}, std::string label = "");
  void setMain(ProcId p) { main_ = p; }

  /// Deletes the given edges and then every location left without any edge (entry, exit and error
  /// are always kept); renumbers edges and locations densely. Ids held elsewhere become invalid.
  void removeEdges(const std::vector<EdgeId>& edges);

  // ---- access ----
  const Variable& var(VarId v) const { return vars_.at(v); }
  const Location& loc(LocId l) const { return locs_.at(l); }
  void setLoopStart(LocId l, SourceLoc start) { locs_.at(l).loopStart = std::move(start); }
  const Edge& edge(EdgeId e) const { return edges_.at(e); }
  Edge& mutableEdge(EdgeId e) { return edges_.at(e); }
  const Procedure& proc(ProcId p) const { return procs_.at(p); }
  Procedure& mutableProc(ProcId p) { return procs_.at(p); }

  size_t numVars() const { return vars_.size(); }
  size_t numLocs() const { return locs_.size(); }
  size_t numEdges() const { return edges_.size(); }
  size_t numProcs() const { return procs_.size(); }
  const std::vector<Variable>& vars() const { return vars_; }
  const std::vector<Location>& locs() const { return locs_; }
  const std::vector<Edge>& edges() const { return edges_; }
  const std::vector<Procedure>& procs() const { return procs_; }
  const std::vector<VarId>& globals() const { return globals_; }
  ProcId mainProc() const { return main_; }

  ProcId findProc(const std::string& name) const;
  /// Variables visible in a procedure: globals, then params, results and locals.
  std::vector<VarId> scope(ProcId p) const;
  /// Variables a call edge assigns: its results and every global.
  std::vector<VarId> callWrites(const Edge& call) const;
  bool isErrorLoc(LocId l) const { return proc(loc(l).proc).error == l; }

  /// A deep copy whose terms live in `target` (for another thread: Z3 contexts are not thread-safe).
  /// Variable, location, edge and procedure ids are preserved.
  Program translate(std::shared_ptr<z3::context> target) const;

  /// Checks the structural rules above (formulas mention only variables in scope, writes are in
  /// scope, call arity and sorts match, entry/exit/error exist); throws InternalError naming the
  /// first violation. Front ends and transforms call it in debug paths and tests.
  void validate() const;

 private:
  VarId newVariable(ProcId proc, VarRole role, const std::string& name, const z3::sort& sort,
                    const std::string& sourceName, ValueType type);
  EdgeId pushEdge(Edge e);

  std::shared_ptr<z3::context> ctx_;  // first member: destroyed last, after every expression
  Origin origin_;
  std::vector<Variable> vars_;
  std::vector<Location> locs_;
  std::vector<Edge> edges_;
  std::vector<Procedure> procs_;
  std::vector<VarId> globals_;
  ProcId main_ = kNone;
};

}  // namespace argus::ir
