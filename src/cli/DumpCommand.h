// `argus dump --cfa FILE [--dot]`: the IR the C front end produces for a task, as text or Graphviz.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace argus::cli {

struct DumpRequest {
  std::string input;
  std::vector<std::string> assignments;  // front-end options ("frontend.encoding=bv", ...)
  bool dot = false;
  int verbosity = 0;
};

/// Throws InputError/OptionError for bad input; returns 0.
int runDump(const DumpRequest& request, std::ostream& out);

}  // namespace argus::cli
