// Value and variable-name formatting shared by the trace text and the JSON report.
#include "report/ValueText.h"

#include "smt/Floats.h"
#include "smt/Terms.h"

namespace argus::report {
namespace {

/// The unsigned reading of a signed-reading integer text of `bits` bits ("-1", 8 → "255").
std::string unsignedReading(const z3::expr& value, unsigned bits) {
  z3::context& ctx = value.ctx();
  z3::expr asInt = value;
  if (value.is_int()) {
    z3::expr modulus = ctx.int_val(1) * z3::pw(ctx.int_val(2), ctx.int_val(static_cast<int>(bits)));
    asInt = z3::ite(value < 0, value + modulus, value).simplify();
  }
  return asInt.is_numeral() ? asInt.get_decimal_string(0) : value.to_string();
}

}  // namespace

std::string valueText(const z3::expr& value, const ir::ValueType& type) {
  if (value.is_bool()) {
    if (!value.is_true() && !value.is_false()) return value.to_string();
    if (type.cName.empty() && type.bits == 0) return value.is_true() ? "true" : "false";
    return value.is_true() ? "1" : "0";
  }
  if (smt::isFloat(value)) return smt::floatDisplay(value);
  if (!value.is_numeral()) return value.to_string();
  if (value.is_int() && type.bits > 0 && !type.isSigned) return unsignedReading(value, type.bits);
  return smt::numeralText(value, value.is_bv() && type.isSigned && type.bits > 0);
}

std::string displayName(const ir::Variable& var) { return var.isTemporary() ? var.name : var.sourceName; }

}  // namespace argus::report
