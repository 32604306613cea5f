// Unique variable names for the program the C front end builds ("main::x", "main::x.1", "g").
#pragma once

#include <map>
#include <set>
#include <string>

namespace argus::frontend {

class NameTable {
 public:
  /// `wanted` if no variable has that name yet, else the first free one of wanted.1, wanted.2, ...
  std::string unique(const std::string& wanted) {
    if (taken_.insert(wanted).second) return wanted;
    unsigned& suffix = nextSuffix_[wanted];
    while (true) {
      std::string candidate = wanted + "." + std::to_string(++suffix);
      if (taken_.insert(candidate).second) return candidate;
    }
  }

 private:
  std::set<std::string> taken_;
  std::map<std::string, unsigned> nextSuffix_;
};

}  // namespace argus::frontend
