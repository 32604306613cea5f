// Helpers shared by the certify checks: solver configuration, C value texts, readable program places.
#include <fmt/format.h>

#include "certify/Checks.h"
#include "smt/Floats.h"
#include "smt/Terms.h"

namespace argus::certify {

smt::SolverConfig checkConfig(const CertifyOptions& options, const std::string& name) {
  smt::SolverConfig c;
  c.name = name;
  c.queryTimeoutSeconds = options.checkTimeout;
  c.dumpDir = options.dumpDir;
  return c;
}

std::string cValueText(const z3::expr& value, const ir::ValueType& type) {
  if (value.is_bool()) return value.is_true() ? "1" : "0";
  // A float as its IEEE bit pattern (the replay harness reads it so, bit-exactly).
  if (smt::isFloat(value))
    if (std::optional<uint64_t> bits = smt::floatBits(value)) return std::to_string(*bits);
  if (type.bits == 0 || !value.is_numeral()) return smt::numeralText(value);
  if (value.is_bv()) return smt::numeralText(value, type.isSigned);
  // Int encoding: the value is the signed reading; int2bv recovers the bit pattern of the C type.
  z3::expr bits = z3::int2bv(type.bits, value).simplify();
  return smt::numeralText(bits, type.isSigned);
}

std::string describeLocation(const ir::Program& p, ir::LocId l) {
  const ir::Location& loc = p.loc(l);
  std::string name = p.proc(loc.proc).name + "::" + loc.name;
  return loc.loc.known() ? fmt::format("{} ({})", name, loc.loc.str()) : name;
}

std::string describeEdge(const ir::Program& p, ir::EdgeId id) {
  const ir::Edge& e = p.edge(id);
  std::string text = fmt::format("edge {} '{}'", id, e.label);
  return e.loc.known() ? fmt::format("{} ({})", text, e.loc.str()) : text;
}

}  // namespace argus::certify
