// IEEE-754 values of Z3's floating-point sorts as the rest of argus needs them: the bit pattern of a
// numeral (what the native replay feeds and a bit cast reads) and its C text (traces, witnesses).
#pragma once

#include <z3++.h>

#include <cstdint>
#include <optional>
#include <string>

namespace argus::smt {

/// True iff `e` has a floating-point sort.
bool isFloat(const z3::expr& e);
/// True iff a sub-term of `e` has a floating-point sort, a rounding mode, or is an array of floats.
bool mentionsFloatingPoint(const z3::expr& e);
/// True iff `e` is a floating-point value (z3::expr::is_numeral is false for those once simplified).
bool isFloatNumeral(const z3::expr& e);
/// The IEEE interchange bit pattern of a floating-point numeral of at most 64 bits (sign, biased exponent,
/// significand without its hidden bit); a NaN gets the quiet NaN with no payload (0x7fc00000 for float).
/// Nothing for a term that is no numeral or a wider format.
std::optional<uint64_t> floatBits(const z3::expr& value);
/// A floating-point numeral as C text: an exact hexadecimal literal ("0x1.8p+1", "-0x0p+0"), or "NAN",
/// "INFINITY", "-INFINITY"; nothing for a term that is no numeral of binary32 or binary64.
std::optional<std::string> floatLiteral(const z3::expr& value);
/// A floating-point numeral as a short decimal for people ("0.1", "-0", "nan", "inf"); the term's text otherwise.
std::string floatDisplay(const z3::expr& value);

}  // namespace argus::smt
