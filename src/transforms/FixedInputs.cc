// Nondet inputs fixed to a witness's values (see FixedInputs.h).
#include "transforms/FixedInputs.h"

#include <cstdlib>

#include "smt/Floats.h"
#include "smt/Terms.h"
#include "util/Error.h"

namespace argus::transforms {
namespace {

bool isCNondet(const ir::NondetInput& input) { return input.function.rfind("__VERIFIER_nondet_", 0) == 0; }

/// The value as the input term's sort holds it: an integer, the same modulo 2^n (C's conversion to an
/// unsigned type), or a truth value.
z3::expr valueFor(const ir::NondetInput& input, const std::string& value) {
  z3::context& ctx = input.term.ctx();
  if (smt::isFloat(input.term)) {
    // A C floating literal, inf or nan (what witnesses give); a float's literal is exact as a double.
    char* end = nullptr;
    double number = std::strtod(value.c_str(), &end);
    if (end == value.c_str() || *end != 0) throw UnsupportedError("'" + value + "' is no floating-point value");
    return z3::expr(ctx, Z3_mk_fpa_numeral_double(ctx, number, input.term.get_sort()));
  }
  z3::expr number = ctx.int_val(value.c_str());
  if (input.term.is_int()) return number;
  if (input.term.is_bv()) return z3::int2bv(input.term.get_sort().bv_size(), number).simplify();
  if (input.term.is_bool()) return ctx.bool_val(value != "0");
  throw UnsupportedError("a nondet input of sort " + input.term.get_sort().to_string() + " cannot be fixed");
}

}  // namespace

ir::Program withFixedInputs(const ir::Program& program, const std::vector<std::string>& values) {
  ir::Program fixed = program;
  z3::context& ctx = fixed.ctx();
  ir::VarId counter = fixed.addGlobal("witness::inputs_consumed", ctx.int_sort());
  const ir::Variable& index = fixed.var(counter);
  z3::expr cur = index.cur, next = index.next;
  int total = static_cast<int>(values.size());
  for (ir::EdgeId e = 0; e < fixed.numEdges(); ++e) {
    ir::Edge& edge = fixed.mutableEdge(e);
    if (edge.isCall()) continue;
    std::vector<z3::expr> constraints{edge.formula};
    int consumed = 0;
    for (const ir::NondetInput& input : edge.inputs) {
      if (!isCNondet(input)) continue;
      if (input.type.pointer)
        throw UnsupportedError(
            "a nondet pointer's value names an address of the native run, not of argus's memory model");
      // The input at position cur + consumed takes that position's value.
      std::vector<z3::expr> choices;
      for (int i = 0; i < total; ++i)
        choices.push_back(cur + consumed == i && input.term == valueFor(input, values[static_cast<size_t>(i)]));
      constraints.push_back(smt::mkOr(ctx, choices));
      ++consumed;
    }
    if (consumed == 0) continue;
    constraints.push_back(next == cur + consumed);
    edge.formula = smt::mkAnd(ctx, constraints);
    edge.writes.push_back(counter);
  }
  // The count starts at 0 before main's first step; a new entry location does that.
  ir::ProcId main = fixed.mainProc();
  ir::LocId oldEntry = fixed.proc(main).entry;
  ir::LocId entry = fixed.addLocation(main, "witness::start", fixed.loc(oldEntry).loc);
  fixed.addTransition(entry, oldEntry, next == 0, {counter}, {}, {}, fixed.loc(oldEntry).loc, "inputs_consumed = 0");
  fixed.mutableProc(main).entry = entry;
  return fixed;
}

}  // namespace argus::transforms
