// Escaping text for XML and HTML (element content and quoted attribute values alike): the HTML report
// and the GraphML witnesses both write text from programs and solvers into markup.
#pragma once

#include <string>

namespace argus {

inline std::string escapeMarkup(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace argus
