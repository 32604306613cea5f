// How report/ writes a value from a model: in the reading of the variable's source type (a C unsigned
// variable held as its signed reading in the int encoding prints as the unsigned number the C program
// sees), so that traces read like the program and replay inputs are plain C literals.
#pragma once

#include <z3++.h>

#include <string>

#include "ir/Program.h"

namespace argus::report {

/// Decimal text of `value` as a value of `type`; Bools print 1/0 for C types and true/false otherwise;
/// non-numerals (arrays, uninterpreted values) print as Z3 writes them.
std::string valueText(const z3::expr& value, const ir::ValueType& type);

/// The name a user knows a variable by: its source name, or the IR name for compiler temporaries.
std::string displayName(const ir::Variable& var);

}  // namespace argus::report
