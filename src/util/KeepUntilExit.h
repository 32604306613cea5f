// Objects that are never destroyed, on purpose: a structure that holds millions of Z3 terms (the context
// of a device driver's program, recmc's clauses of it) takes Z3 seconds to release term by term, while
// the operating system frees the memory of an ending process at once. What is kept stays reachable, so
// LeakSanitizer does not report it.
#pragma once

#include <memory>

namespace argus {

/// Keeps `object` alive until the process ends. Thread-safe.
void keepUntilExit(std::shared_ptr<const void> object);

}  // namespace argus
