# argus_module(NAME DIR DEPS dep...): a static library argus_NAME from every *.cc below DIR.
# Sources are globbed (CONFIGURE_DEPENDS) so that adding a file to a module needs no CMake edit.
# The LLVM dependency is spelled "LLVM" and expands to LLVM's include path and libLLVM (its definitions
# are every target's, see CMakeLists.txt).
#
# Precompiled headers (ARGUS_PCH): the first module built precompiles cmake/pch/Common.h and every other
# module reuses it (every target is compiled with the same flags, which reuse needs); the modules that
# include LLVM precompile cmake/pch/Llvm.h of their own. The unit tests do the same with cmake/pch/Tests.h.
option(ARGUS_PCH "Precompile the heavy standard and third-party headers" ON)

# argus_precompiled_header(TARGET HEADER): TARGET precompiles HEADER, or reuses the precompiled HEADER of
# the first target that asked for it.
function(argus_precompiled_header target header)
  if(NOT ARGUS_PCH)
    return()
  endif()
  get_property(owner GLOBAL PROPERTY ARGUS_PCH_OWNER_${header})
  if(owner)
    target_precompile_headers(${target} REUSE_FROM ${owner})
  else()
    target_precompile_headers(${target} PRIVATE ${CMAKE_SOURCE_DIR}/cmake/pch/${header})
    set_property(GLOBAL PROPERTY ARGUS_PCH_OWNER_${header} ${target})
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
  set(header Common.h)
  foreach(dep ${ARG_DEPS})
    if(dep STREQUAL "LLVM")
      target_include_directories(${target} SYSTEM ${scope} ${LLVM_INCLUDE_DIRS})
      target_link_libraries(${target} ${scope} LLVM)
      set(header Llvm.h)
    else()
      target_link_libraries(${target} ${scope} ${dep})
    endif()
  endforeach()
  if(sources)
    argus_precompiled_header(${target} ${header})
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
  target_include_directories(unit_${module} PRIVATE ${CMAKE_SOURCE_DIR}/tests/unit)
  argus_precompiled_header(unit_${module} Tests.h)
  target_compile_definitions(unit_${module} PRIVATE
    ARGUS_SOURCE_DIR="${CMAKE_SOURCE_DIR}" ARGUS_SHARED_DIR="${ARGUS_SHARED_DIR}"
    ARGUS_BINARY_DIR="${CMAKE_BINARY_DIR}")
  set(properties LABELS unit)
  if(ARGUS_SANITIZE)
    # Leaks inside Z3 itself (tests/lsan-suppressions.txt says which and why) are not argus's.
    list(APPEND properties ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/lsan-suppressions.txt")
  endif()
  gtest_discover_tests(unit_${module} TEST_PREFIX "unit.${module}." DISCOVERY_TIMEOUT 60
                       PROPERTIES ${properties})
endfunction()
