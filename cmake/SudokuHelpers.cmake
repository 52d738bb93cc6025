# Build options shared by every first-party target (Abseil's split: warnings
# always, -Werror only when SUDOKU_WERROR=ON as in CI).
add_library(sudoku_build_options INTERFACE)
target_compile_features(sudoku_build_options INTERFACE cxx_std_20)
target_compile_options(sudoku_build_options INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Woverloaded-virtual
  -Wmissing-declarations -Wconversion -Wsign-conversion)
# GCC 12 reports false stringop-overread/overflow warnings inside libstdc++'s
# own algorithms (std::equal on vectors) and false -Wrestrict warnings on
# std::string assignment (GCC bug 105651, at -O2 with sanitizers as well as
# at -O3); they are not ours.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  target_compile_options(sudoku_build_options INTERFACE
    -Wno-stringop-overread -Wno-stringop-overflow -Wno-restrict)
endif()
if(SUDOKU_WERROR)
  target_compile_options(sudoku_build_options INTERFACE -Werror)
endif()
if(SUDOKU_POPCNT)
  target_compile_options(sudoku_build_options INTERFACE -mpopcnt)
endif()
target_include_directories(sudoku_build_options INTERFACE ${PROJECT_SOURCE_DIR})

# sudoku_cc_library(NAME name SRCS ... DEPS ...) -> sudoku_<name>, alias sudoku::<name>
function(sudoku_cc_library)
  cmake_parse_arguments(ARG "" "NAME" "SRCS;DEPS" ${ARGN})
  add_library(sudoku_${ARG_NAME} STATIC ${ARG_SRCS})
  target_link_libraries(sudoku_${ARG_NAME} PUBLIC sudoku_build_options ${ARG_DEPS})
  add_library(sudoku::${ARG_NAME} ALIAS sudoku_${ARG_NAME})
endfunction()

# sudoku_cc_test(NAME name SRCS ... DEPS ... [LABELS ...]) -> one gtest binary.
function(sudoku_cc_test)
  cmake_parse_arguments(ARG "" "NAME" "SRCS;DEPS;LABELS" ${ARGN})
  if(NOT SUDOKU_BUILD_TESTS)
    return()
  endif()
  add_executable(sudoku_${ARG_NAME} ${ARG_SRCS})
  target_link_libraries(sudoku_${ARG_NAME} PRIVATE sudoku_build_options
    ${ARG_DEPS} GTest::gtest GTest::gmock sudoku_test_main)
  # Paths reach the tests at run time (tests/testing/paths.h reads
  # sudoku-paths.txt in the build directory), never as compiled-in defines:
  # a fresh clone elsewhere then compiles to the same objects and ccache
  # reuses them.
  if(ARG_LABELS)
    gtest_discover_tests(sudoku_${ARG_NAME} DISCOVERY_TIMEOUT 60
      PROPERTIES LABELS "${ARG_LABELS}")
  else()
    gtest_discover_tests(sudoku_${ARG_NAME} DISCOVERY_TIMEOUT 60)
  endif()
endfunction()

# sudoku_cc_benchmark(NAME name SRCS ... DEPS ...)
function(sudoku_cc_benchmark)
  cmake_parse_arguments(ARG "" "NAME" "SRCS;DEPS" ${ARGN})
  if(NOT SUDOKU_BUILD_BENCHMARKS)
    return()
  endif()
  add_executable(sudoku_${ARG_NAME} ${ARG_SRCS})
  target_link_libraries(sudoku_${ARG_NAME} PRIVATE sudoku_build_options
    ${ARG_DEPS} benchmark::benchmark benchmark::benchmark_main)
  # A smoke run in ctest: every benchmark runs once, briefly, so a benchmark
  # that crashes or can no longer load its inputs fails the suite. It measures
  # nothing; figures come from full runs (docs/PERFORMANCE.md). The inputs are
  # the reference corpora, so it is registered where they exist, and always
  # under CI, where a missing corpus must fail rather than pass unseen.
  if(SUDOKU_BUILD_TESTS AND
     (EXISTS "${SUDOKU_SHARED_DIR}/corpora" OR DEFINED ENV{CI}))
    add_test(NAME sudoku_${ARG_NAME}_smoke
      COMMAND sudoku_${ARG_NAME} --benchmark_min_time=0.01)
    set_tests_properties(sudoku_${ARG_NAME}_smoke PROPERTIES
      LABELS "benchmark;corpus"
      FAIL_REGULAR_EXPRESSION "ERROR OCCURRED")
  endif()
endfunction()

# sudoku_use_allocator(target): links mimalloc into a command-line program
# when SUDOKU_MIMALLOC is on (see the option). The shared library comes
# before libc among the program's libraries, so the dynamic linker binds
# malloc, free and operator new to it for the whole process, the other
# libraries included.
function(sudoku_use_allocator TARGET)
  if(SUDOKU_MIMALLOC)
    target_link_libraries(${TARGET} PRIVATE mimalloc)
  endif()
endfunction()
