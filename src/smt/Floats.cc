// Bit patterns and C texts of floating-point numerals (see Floats.h).
#include "smt/Floats.h"

#include <cmath>
#include <cstdio>
#include <cstring>

#include "smt/TermWalk.h"

namespace argus::smt {

bool isFloat(const z3::expr& e) { return e.get_sort().sort_kind() == Z3_FLOATING_POINT_SORT; }

bool mentionsFloatingPoint(const z3::expr& e) {
  return anySubterm(e, [](const z3::expr& t) {
    z3::sort sort = t.get_sort();
    return sort.sort_kind() == Z3_FLOATING_POINT_SORT || sort.sort_kind() == Z3_ROUNDING_MODE_SORT ||
           (sort.is_array() && sort.array_range().sort_kind() == Z3_FLOATING_POINT_SORT);
  });
}

bool isFloatNumeral(const z3::expr& e) {
  if (!isFloat(e)) return false;
  z3::context& ctx = e.ctx();
  return e.is_numeral() || Z3_fpa_is_numeral_nan(ctx, e) || Z3_fpa_is_numeral_inf(ctx, e) ||
         Z3_fpa_is_numeral_zero(ctx, e) || Z3_fpa_is_numeral_normal(ctx, e) || Z3_fpa_is_numeral_subnormal(ctx, e);
}

std::optional<uint64_t> floatBits(const z3::expr& value) {
  if (!isFloat(value)) return std::nullopt;
  z3::context& ctx = value.ctx();
  unsigned exponentBits = Z3_fpa_get_ebits(ctx, value.get_sort());
  unsigned significandBits = Z3_fpa_get_sbits(ctx, value.get_sort());
  if (exponentBits + significandBits > 64) return std::nullopt;
  if (Z3_fpa_is_numeral_nan(ctx, value)) {
    // fp.to_ieee_bv leaves NaN unspecified; any NaN is one value to a C program that does not look at its bits.
    return ((uint64_t{1} << exponentBits) - 1) << (significandBits - 1) | uint64_t{1} << (significandBits - 2);
  }
  z3::expr bits = z3::expr(ctx, Z3_mk_fpa_to_ieee_bv(ctx, value)).simplify();
  uint64_t out = 0;
  if (!bits.is_numeral() || !bits.is_numeral_u64(out)) return std::nullopt;
  return out;
}

namespace {

std::optional<double> asDouble(const z3::expr& value) {
  auto bits = floatBits(value);
  if (!bits) return std::nullopt;
  unsigned width = Z3_fpa_get_ebits(value.ctx(), value.get_sort()) + Z3_fpa_get_sbits(value.ctx(), value.get_sort());
  if (width == 32) {
    float f;
    uint32_t narrow = static_cast<uint32_t>(*bits);
    std::memcpy(&f, &narrow, sizeof f);
    return static_cast<double>(f);
  }
  if (width == 64) {
    double d;
    std::memcpy(&d, &*bits, sizeof d);
    return d;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> floatLiteral(const z3::expr& value) {
  std::optional<double> d = asDouble(value);
  if (!d) return std::nullopt;
  if (std::isnan(*d)) return std::string("NAN");
  if (std::isinf(*d)) return std::string(*d < 0 ? "-INFINITY" : "INFINITY");
  char text[64];
  std::snprintf(text, sizeof text, "%a", *d);  // exact: a float widened to double keeps its value
  return std::string(text);
}

std::string floatDisplay(const z3::expr& value) {
  std::optional<double> d = asDouble(value);
  if (!d) return value.to_string();
  if (std::isnan(*d)) return "nan";
  if (std::isinf(*d)) return *d < 0 ? "-inf" : "inf";
  bool single = Z3_fpa_get_sbits(value.ctx(), value.get_sort()) == 24;
  char text[64];
  std::snprintf(text, sizeof text, single ? "%.9g" : "%.17g", *d);
  return text;
}

}  // namespace argus::smt
