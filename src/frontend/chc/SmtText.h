// SMT-LIB spelling shared by the CHC reader and writers: symbol quoting, the sorts argus accepts in Horn
// clauses, and short sort tags for generated variable names.
#pragma once

#include <z3++.h>

#include <string>
#include <vector>

namespace argus::chc {

/// `name` as an SMT-LIB symbol: unchanged if it is a legal simple symbol and no reserved word, else
/// |name|. A quoted symbol may not contain '|' or '\', so those become '_' (callers keep names unique).
std::string quoteSymbol(const std::string& name);

/// Bool, Int, Real, bit-vectors, arrays over these, and datatypes whose fields are of these: the sorts the
/// engines solve (Z3 decides datatypes; which engines answer on them is the portfolio's business).
bool isSupportedSort(const z3::sort& s);

/// "" for a supported sort; otherwise what argus reads but does not solve, named for the CHC-COMP answer's
/// comment: "uninterpreted sorts (declare-sort)", "the sort String" (also when reached through an array
/// sort or a datatype's field).
std::string unsolvedSortReason(const z3::sort& s);

/// The declare-sort and declare-datatypes commands (ending in newlines) that the uninterpreted and datatype
/// sorts among `sorts` need, also those reached through array sorts and constructor fields: what a writer
/// puts before the declare-funs so that Z3 reads its output again. "" when there are none.
std::string sortDeclarations(const std::vector<z3::sort>& sorts);

/// The sort in SMT-LIB syntax ("Int", "(_ BitVec 8)", "(Array Int Bool)").
std::string sortText(const z3::sort& s);

/// A short tag usable inside a name: "Int", "BV8", "Array_Int_Bool".
std::string sortTag(const z3::sort& s);

/// A Z3 term printed as SMT-LIB 2 text.
std::string termText(const z3::expr& e);

}  // namespace argus::chc
