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

bool isSupportedSort(const z3::sort& s) {
  if (s.is_bool() || s.is_int() || s.is_real() || s.is_bv()) return true;
  if (s.is_array()) return isSupportedSort(s.array_domain()) && isSupportedSort(s.array_range());
  return false;
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
