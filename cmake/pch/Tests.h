// The precompiled header of the unit tests (tests/CMakeLists.txt): the libraries' header and GoogleTest,
// which every test file includes.
#pragma once

#include "Common.h"

#include <gtest/gtest.h>
