// The input file of `argus verify` and `argus dump`: a task .yml (which decides error function and data
// model), or a plain .c/.i file (error function and data model from the options). Anything else is an
// input error naming the file.
#pragma once

#include <string>

#include "frontend/c/CFrontend.h"
#include "util/Logger.h"
#include "util/Options.h"

namespace argus::cli {

/// Throws InputError for a missing or unreadable file, an unknown kind, a .smt2 file (Horn clauses take
/// another path: isClauseFile) and whatever the task parser rejects.
frontend::CTask loadInputTask(const std::string& path, const Options& options, Logger& log);

/// Is `path` a system of Horn clauses (.smt2), which verify reads with the CHC front end? Throws
/// InputError when such a file does not exist or cannot be read.
bool isClauseFile(const std::string& path);

frontend::CFrontendOptions frontendOptions(const Options& options);

}  // namespace argus::cli
