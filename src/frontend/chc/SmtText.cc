// SMT-LIB symbol quoting and sort classification.
#include "frontend/chc/SmtText.h"

#include <cctype>
#include <set>

namespace argus::chc {
namespace {

bool isSymbolChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || std::string("~!@$%^&*_-+=<>.?/").find(c) != std::string::npos;
}

bool isReserved(const std::string& s) {
  static const std::set<std::string> reserved = {
      "_", "!", "as", "let", "exists", "forall", "match", "par", "BINARY", "DECIMAL", "HEXADECIMAL", "NUMERAL",
      "STRING", "true", "false", "not", "and", "or", "=>", "ite", "distinct", "assert", "check-sat"};
  return reserved.count(s) > 0;
}

}  // namespace

std::string quoteSymbol(const std::string& name) {
  bool simple = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0])) && !isReserved(name);
  for (char c : name) simple = simple && isSymbolChar(c);
  if (simple) return name;
  std::string inner;
  for (char c : name) inner += (c == '|' || c == '\\') ? '_' : c;
  return "|" + inner + "|";
}

namespace {

/// What makes `s` unsolved ("" if nothing): the sort itself, or the first unsolved sort inside an array
/// sort or a datatype's constructor fields. A recursive or mutually recursive datatype is met again while its
/// own fields are looked at; there it adds nothing (the answer is that of its other fields).
std::string unsolvedReason(const z3::sort& s, std::set<unsigned>& datatypesSeen) {
  if (s.is_bool() || s.is_int() || s.is_real() || s.is_bv()) return "";
  if (s.is_array()) {
    std::string inner = unsolvedReason(s.array_domain(), datatypesSeen);
    return inner.empty() ? unsolvedReason(s.array_range(), datatypesSeen) : inner;
  }
  switch (s.sort_kind()) {
    case Z3_DATATYPE_SORT: {
      if (!datatypesSeen.insert(Z3_get_sort_id(s.ctx(), s)).second) return "";
      unsigned constructors = Z3_get_datatype_sort_num_constructors(s.ctx(), s);
      for (unsigned i = 0; i < constructors; ++i) {
        z3::func_decl c(s.ctx(), Z3_get_datatype_sort_constructor(s.ctx(), s, i));
        for (unsigned j = 0; j < c.arity(); ++j)
          if (std::string inner = unsolvedReason(c.domain(j), datatypesSeen); !inner.empty()) return inner;
      }
      return "";
    }
    // The construct, not the sort: one note however many sorts a file declares.
    case Z3_UNINTERPRETED_SORT: return "uninterpreted sorts (declare-sort)";
    default: return "the sort " + sortText(s);
  }
}

}  // namespace

bool isSupportedSort(const z3::sort& s) { return unsolvedSortReason(s).empty(); }

std::string unsolvedSortReason(const z3::sort& s) {
  std::set<unsigned> datatypesSeen;
  return unsolvedReason(s, datatypesSeen);
}

namespace {

/// Collects the uninterpreted and datatype sorts `s` mentions, each once, datatypes with their fields' sorts.
void collectDeclaredSorts(const z3::sort& s, std::set<unsigned>& seen, std::vector<z3::sort>& uninterpreted,
                          std::vector<z3::sort>& datatypes) {
  if (s.is_array()) {
    collectDeclaredSorts(s.array_domain(), seen, uninterpreted, datatypes);
    collectDeclaredSorts(s.array_range(), seen, uninterpreted, datatypes);
    return;
  }
  Z3_sort_kind kind = s.sort_kind();
  if (kind != Z3_DATATYPE_SORT && kind != Z3_UNINTERPRETED_SORT) return;
  if (!seen.insert(s.id()).second) return;
  if (kind == Z3_UNINTERPRETED_SORT) {
    uninterpreted.push_back(s);
    return;
  }
  datatypes.push_back(s);
  z3::context& ctx = s.ctx();
  unsigned constructors = Z3_get_datatype_sort_num_constructors(ctx, s);
  for (unsigned i = 0; i < constructors; ++i) {
    z3::func_decl c(ctx, Z3_get_datatype_sort_constructor(ctx, s, i));
    for (unsigned j = 0; j < c.arity(); ++j) collectDeclaredSorts(c.domain(j), seen, uninterpreted, datatypes);
  }
}

}  // namespace

std::string sortDeclarations(const std::vector<z3::sort>& sorts) {
  std::set<unsigned> seen;
  std::vector<z3::sort> uninterpreted, datatypes;
  for (const z3::sort& s : sorts) collectDeclaredSorts(s, seen, uninterpreted, datatypes);
  std::string out;
  for (const z3::sort& u : uninterpreted) out += "(declare-sort " + quoteSymbol(u.name().str()) + " 0)\n";
  if (datatypes.empty()) return out;
  // One group: SMT-LIB lets the datatypes of a group refer to each other in any order, so neither mutual
  // recursion nor the order of first use matters.
  std::string names, bodies;
  for (const z3::sort& d : datatypes) {
    z3::context& ctx = d.ctx();
    names += "(" + quoteSymbol(d.name().str()) + " 0)";
    bodies += " (";
    unsigned constructors = Z3_get_datatype_sort_num_constructors(ctx, d);
    for (unsigned i = 0; i < constructors; ++i) {
      z3::func_decl c(ctx, Z3_get_datatype_sort_constructor(ctx, d, i));
      bodies += (i ? " (" : "(") + quoteSymbol(c.name().str());
      for (unsigned j = 0; j < c.arity(); ++j) {
        z3::func_decl field(ctx, Z3_get_datatype_sort_constructor_accessor(ctx, d, i, j));
        bodies += " (" + quoteSymbol(field.name().str()) + " " + sortText(c.domain(j)) + ")";
      }
      bodies += ")";
    }
    bodies += ")";
  }
  return out + "(declare-datatypes (" + names + ") (" + bodies.substr(1) + "))\n";
}

std::string sortText(const z3::sort& s) { return s.to_string(); }

std::string sortTag(const z3::sort& s) {
  if (s.is_bv()) return "BV" + std::to_string(s.bv_size());
  if (s.is_array()) return "Array_" + sortTag(s.array_domain()) + "_" + sortTag(s.array_range());
  std::string out;
  for (char c : s.to_string()) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return out;
}

std::string termText(const z3::expr& e) { return e.to_string(); }

}  // namespace argus::chc
