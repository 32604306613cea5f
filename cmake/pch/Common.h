// The precompiled header of every argus library and program (cmake/ArgusModule.cmake): the standard and
// third-party headers that most translation units include, directly or through src/util, src/smt and
// src/ir. Parsing them once per build instead of once per file is most of what the precompiled header
// saves. Only headers that change with the system's packages belong here, never argus's own: an edit to
// one of ours would otherwise rebuild everything.
#pragma once

#include <z3++.h>
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <variant>
#include <vector>
