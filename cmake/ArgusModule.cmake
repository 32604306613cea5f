# argus_module(NAME DIR DEPS dep...): a static library argus_NAME from every *.cc below DIR.
# Sources are globbed (CONFIGURE_DEPENDS) so that adding a file to a module needs no CMake edit.
# The LLVM dependency is spelled "LLVM" and expands to LLVM's include path and libLLVM (its definitions
# are every target's, see CMakeLists.txt).
#
# Precompiled headers (ARGUS_PCH): the standard and third-party headers that most files include, directly
# or through src/util, src/smt and src/ir; parsing them once per build instead of once per file is what the
# precompiled header saves. Only headers that change with the system's packages belong here, never
# argus's own (an edit to one would rebuild everything). The first module built precompiles the common
# list and every other module reuses it (every target is compiled with the same flags, which reuse needs);
# the modules that include LLVM share one with the LLVM IR headers added, the unit tests one with GoogleTest.
# The headers are named as <...>, so that the generated cmake_pch.hxx names no folder of this clone and
# ccache reuses the precompiled header in another clone.
option(ARGUS_PCH "Precompile the heavy standard and third-party headers" ON)
set(ARGUS_PCH_COMMON <z3++.h> <fmt/format.h> <algorithm> <atomic> <chrono> <cstdint> <filesystem> <fstream>
    <functional> <iostream> <map> <memory> <mutex> <optional> <set> <sstream> <string> <unordered_map>
    <unordered_set> <variant> <vector>)
set(ARGUS_PCH_LLVM ${ARGUS_PCH_COMMON} <llvm/IR/Constants.h> <llvm/IR/Instructions.h> <llvm/IR/IntrinsicInst.h>
    <llvm/IR/Module.h> <llvm/IR/Operator.h>)
set(ARGUS_PCH_TESTS ${ARGUS_PCH_COMMON} <gtest/gtest.h>)

# argus_precompiled_header(TARGET KIND): TARGET precompiles the list ARGUS_PCH_<KIND>, or reuses the one
# of the first target that asked for that KIND.
function(argus_precompiled_header target kind)
  if(NOT ARGUS_PCH)
    return()
  endif()
  get_property(owner GLOBAL PROPERTY ARGUS_PCH_OWNER_${kind})
  if(owner)
    target_precompile_headers(${target} REUSE_FROM ${owner})
  else()
    target_precompile_headers(${target} PRIVATE ${ARGUS_PCH_${kind}})
    set_property(GLOBAL PROPERTY ARGUS_PCH_OWNER_${kind} ${target})
  endif()
endfunction()

function(argus_module name dir)
  cmake_parse_arguments(ARG "" "" "DEPS" ${ARGN})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/${dir}/*.cc")
  set(target argus_${name})
  if(sources)
    add_library(${target} STATIC ${sources})
    set(scope PUBLIC)
  else()
    add_library(${target} INTERFACE)
    set(scope INTERFACE)
  endif()
  target_include_directories(${target} ${scope} ${CMAKE_SOURCE_DIR}/src)
  set(pch COMMON)
  foreach(dep ${ARG_DEPS})
    if(dep STREQUAL "LLVM")
      target_include_directories(${target} SYSTEM ${scope} ${LLVM_INCLUDE_DIRS})
      target_link_libraries(${target} ${scope} LLVM)
      set(pch LLVM)
    else()
      target_link_libraries(${target} ${scope} ${dep})
    endif()
  endforeach()
  if(sources)
    argus_precompiled_header(${target} ${pch})
  endif()
endfunction()

# argus_unit_tests(MODULE): one gtest executable unit_MODULE from tests/unit/MODULE/*.cc, linked with
# argus_MODULE and whatever else that module's tests list in EXTRA.
function(argus_unit_tests module)
  cmake_parse_arguments(ARG "" "" "EXTRA" ${ARGN})
  file(GLOB sources CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/tests/unit/${module}/*.cc")
  if(NOT sources)
    return()
  endif()
  add_executable(unit_${module} ${sources})
  target_link_libraries(unit_${module} PRIVATE argus_${module} ${ARG_EXTRA} GTest::gtest GTest::gtest_main)
  # testing/Paths.h (ARGUS_SOURCE_DIR, ARGUS_SHARED_DIR, ARGUS_BINARY_DIR) is written by tests/CMakeLists.txt.
  target_include_directories(unit_${module} PRIVATE ${CMAKE_SOURCE_DIR}/tests/unit ${CMAKE_BINARY_DIR}/tests/generated)
  if(ARGUS_SANITIZE)
    # The test programs' own code (GoogleTest's macros, fixtures) runs once per test: at -O0 they compile in
    # about a third of -O1's time, and the libraries under test keep the build's -O1. Every unit test
    # target gets the same flag, so that they still share one precompiled header.
    target_compile_options(unit_${module} PRIVATE -O0)
  endif()
  argus_precompiled_header(unit_${module} TESTS)
  set(properties LABELS unit)
  if(ARGUS_SANITIZE)
    # Leaks inside Z3 itself (tests/lsan-suppressions.txt says which and why) are not argus's.
    list(APPEND properties ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/lsan-suppressions.txt")
  endif()
  gtest_discover_tests(unit_${module} TEST_PREFIX "unit.${module}." DISCOVERY_TIMEOUT 60
                       PROPERTIES ${properties})
endfunction()
