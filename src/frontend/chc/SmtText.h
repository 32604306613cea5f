// SMT-LIB spelling shared by the CHC reader and writers: symbol quoting, the sorts argus accepts in Horn
// clauses, and short sort tags for generated variable names.
#pragma once

#include <z3++.h>

#include <string>

namespace argus::chc {

/// `name` as an SMT-LIB symbol: unchanged if it is a legal simple symbol and no reserved word, else
/// |name|. A quoted symbol may not contain '|' or '\', so those become '_' (callers keep names unique).
std::string quoteSymbol(const std::string& name);

/// Bool, Int, Real, bit-vectors, and arrays over these.
bool isSupportedSort(const z3::sort& s);

/// The sort in SMT-LIB syntax ("Int", "(_ BitVec 8)", "(Array Int Bool)").
std::string sortText(const z3::sort& s);

/// A short tag usable inside a name: "Int", "BV8", "Array_Int_Bool".
std::string sortTag(const z3::sort& s);

/// A Z3 term printed as SMT-LIB 2 text.
std::string termText(const z3::expr& e);

}  // namespace argus::chc
