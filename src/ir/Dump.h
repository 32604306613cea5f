// Human-readable views of an ir::Program (`argus dump --cfa`): plain text listing every procedure with
// its variables (role, source name, type), locations, and edges (label, source location, written
// variables, nondet inputs, formula), or Graphviz with one cluster per procedure.
#pragma once

#include <string>

#include "ir/Program.h"

namespace argus::ir {

std::string dumpText(const Program& program);
std::string dumpDot(const Program& program);

/// Text for a double-quoted Graphviz label: quotes and backslashes escaped, line breaks left-aligned.
std::string dotEscape(const std::string& text);
/// `text` on one line, cut to `max` characters ("..." at the end).
std::string shortened(std::string text, size_t max);

}  // namespace argus::ir
