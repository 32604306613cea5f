# argus_module(NAME DIR DEPS dep...): a static library argus_NAME from every *.cc below DIR.
# Sources are globbed (CONFIGURE_DEPENDS) so that adding a file to a module needs no CMake edit.
# The LLVM dependency is spelled "LLVM" and expands to LLVM's include path, definitions and libLLVM.
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
  foreach(dep ${ARG_DEPS})
    if(dep STREQUAL "LLVM")
      target_include_directories(${target} SYSTEM ${scope} ${LLVM_INCLUDE_DIRS})
      target_compile_definitions(${target} ${scope} ${LLVM_DEFINITIONS})
      target_link_libraries(${target} ${scope} LLVM)
    else()
      target_link_libraries(${target} ${scope} ${dep})
    endif()
  endforeach()
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
