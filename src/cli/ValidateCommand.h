// `argus validate TASK --witness FILE`: argus as the validator of an SV-COMP witness 2.0 for a C task
// (see witness/Validate.h). Prints one line, "confirmed", "rejected" or "unconfirmed" with the reason.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace argus::cli {

struct ValidateRequest {
  std::string input;                     // .c, .i or .yml
  std::string witnessFile;
  std::vector<std::string> assignments;  // front-end options (--set, --data-model, ...)
  double timeoutSeconds = 120;
  int verbosity = 0;
};

/// Exit code 0 confirmed, 10 rejected, 20 unconfirmed; throws InputError/OptionError for bad input.
int runValidate(const ValidateRequest& request, std::ostream& out);

}  // namespace argus::cli
