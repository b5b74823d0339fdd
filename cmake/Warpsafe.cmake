# Building CUDA sources for the engine from CMake.
#
#   warpsafe_add_executable(<target> <file.cu> [ARCH sm_90] [WRAP_MAIN] [INCLUDE_DIRS <dir>...])
#
# runs the warpsafe front end on <file.cu> at build time (the translated C++ lands in the build
# tree; quoted local headers are inlined with #line markers, so diagnostics name the user's files)
# and compiles it with the host compiler against the engine. WRAP_MAIN gives the program the
# engine's own main, which takes --schedule/--seed/... flags before the program's arguments, as
# `warpsafe build` does; without it (unit tests with gtest_main) options come from WARPSAFE_*
# environment variables only. INCLUDE_DIRS are searched for the .cu file's includes both by the
# front end (so that headers found there are rewritten along with the file, as `warpsafe run -I`
# does) and by the host compiler.

# Link options every translated program needs: device printf and assert are routed to the engine,
# which buffers device output per block and turns a failed device assert into a failed launch;
# exit() and abort() called in a kernel are reported (a kernel cannot call host functions).
set(WARPSAFE_PROGRAM_LINK_OPTIONS
    -Wl,--wrap=printf -Wl,--wrap=puts -Wl,--wrap=putchar -Wl,--wrap=vprintf -Wl,--wrap=__assert_fail
    -Wl,--wrap=exit -Wl,--wrap=abort
    CACHE INTERNAL "")
# Compile options: keep printf a call (no printf->puts rewrite that would bypass the wrap).
# -fstack-clash-protection: a large stack frame probes page by page, so a thread that overflows its
# stack faults on its guard page (reported as a stack overflow) instead of landing in a neighbour's.
# -UNDEBUG: nvcc keeps device asserts unless the user defines NDEBUG; CMake's release types would
# define it for the host compiler.
set(WARPSAFE_PROGRAM_COMPILE_OPTIONS -fno-builtin-printf -fno-builtin-puts -fno-builtin-putchar
    -fstack-clash-protection -UNDEBUG
    CACHE INTERNAL "")

# The CLI these functions run: the `warpsafe` target inside warpsafe's own tree, the installed one
# (warpsafe::warpsafe) in a project that found warpsafe with find_package(warpsafe CONFIG). Sets
# <var> to the target and <var>_DEPENDS to what a custom command should depend on.
function(_warpsafe_cli var)
  if(TARGET warpsafe::warpsafe)
    set(${var} warpsafe::warpsafe PARENT_SCOPE)
    set(${var}_DEPENDS "$<TARGET_FILE:warpsafe::warpsafe>" PARENT_SCOPE)
  elseif(TARGET warpsafe)
    set(${var} warpsafe PARENT_SCOPE)
    set(${var}_DEPENDS warpsafe PARENT_SCOPE)
  else()
    set(${var} "" PARENT_SCOPE)
  endif()
endfunction()

function(warpsafe_add_executable target source)
  cmake_parse_arguments(WS "WRAP_MAIN" "ARCH" "INCLUDE_DIRS" ${ARGN})
  if(NOT WS_ARCH)
    set(WS_ARCH sm_90)
  endif()
  get_filename_component(src "${source}" ABSOLUTE)
  set(out "${CMAKE_CURRENT_BINARY_DIR}/warpsafe_gen/${target}.cpp")
  set(extra)
  if(WS_WRAP_MAIN)
    list(APPEND extra --wrap-main)
  endif()
  set(include_dirs)
  foreach(dir ${WS_INCLUDE_DIRS})
    get_filename_component(dir "${dir}" ABSOLUTE)
    list(APPEND include_dirs "${dir}")
    list(APPEND extra -I "${dir}")
  endforeach()
  _warpsafe_cli(cli)
  if(NOT cli)
    message(FATAL_ERROR "warpsafe_add_executable: no warpsafe (use find_package(warpsafe CONFIG))")
  endif()
  add_custom_command(
    OUTPUT "${out}"
    COMMAND $<TARGET_FILE:${cli}> translate "${src}" -o "${out}" --arch ${WS_ARCH}
            --depfile "${out}.d" ${extra}
    DEPENDS "${src}" ${cli_DEPENDS}
    DEPFILE "${out}.d"
    COMMENT "warpsafe front end: ${source}"
    VERBATIM)
  add_executable(${target} "${out}")
  set_target_properties(${target} PROPERTIES CXX_STANDARD 17 CXX_EXTENSIONS ON)
  # User CUDA code is not ours to lint.
  target_compile_options(${target} PRIVATE -w)
  target_link_libraries(${target} PRIVATE warpsafe::program)
  if(include_dirs)
    target_include_directories(${target} PRIVATE ${include_dirs})
  endif()
endfunction()

# Registering `warpsafe check` of a .cu file as a CTest test:
#
#   warpsafe_add_check_test(NAME <test> SOURCE <file.cu> [SCHEDULES n] [POLICY random|pct|runahead|all]
#                           [SEED s] [ARCH sm_XY] [TIME_BUDGET seconds] [DEFINES NAME[=VALUE]...]
#                           [INCLUDE_DIRS dir...] [ARGS <program args>...]
#                           [EXPECT_DEFECT "<first report line>"])
#
# Without EXPECT_DEFECT the test passes when the check finds nothing (exit 0). With it, the test
# passes only when the check exits 66 and the report's first line is exactly the one given (a
# test of a known bug, or of the checker itself). The warpsafe used is the `warpsafe` target when
# the project builds it (or the installed one that find_package(warpsafe) found), else
# WARPSAFE_EXECUTABLE, else `warpsafe` from PATH.
function(warpsafe_add_check_test)
  cmake_parse_arguments(WS "" "NAME;SOURCE;SCHEDULES;POLICY;SEED;ARCH;TIME_BUDGET;EXPECT_DEFECT"
                        "DEFINES;INCLUDE_DIRS;ARGS" ${ARGN})
  if(NOT WS_NAME OR NOT WS_SOURCE)
    message(FATAL_ERROR "warpsafe_add_check_test: NAME and SOURCE are required")
  endif()
  get_filename_component(src "${WS_SOURCE}" ABSOLUTE)
  _warpsafe_cli(cli)
  if(cli)
    set(exe "$<TARGET_FILE:${cli}>")
  elseif(WARPSAFE_EXECUTABLE)
    set(exe "${WARPSAFE_EXECUTABLE}")
  else()
    find_program(WARPSAFE_EXECUTABLE warpsafe REQUIRED)
    set(exe "${WARPSAFE_EXECUTABLE}")
  endif()
  set(check_args)
  foreach(opt SCHEDULES POLICY SEED ARCH TIME_BUDGET)
    if(DEFINED WS_${opt})
      string(TOLOWER "${opt}" flag)
      string(REPLACE "_" "-" flag "${flag}")
      list(APPEND check_args --${flag} "${WS_${opt}}")
    endif()
  endforeach()
  foreach(define ${WS_DEFINES})
    list(APPEND check_args -D "${define}")
  endforeach()
  foreach(dir ${WS_INCLUDE_DIRS})
    get_filename_component(dir "${dir}" ABSOLUTE)
    list(APPEND check_args -I "${dir}")
  endforeach()
  if(WS_ARGS)
    list(APPEND check_args -- ${WS_ARGS})
  endif()
  # The driver script runs the check and judges exit status and first line (a plain add_test
  # could check one or the other, not both). Written once per build tree.
  set(driver "${CMAKE_BINARY_DIR}/warpsafe_check_test.cmake")
  get_property(written GLOBAL PROPERTY WARPSAFE_CHECK_DRIVER_WRITTEN)
  if(NOT written)
    file(WRITE "${driver}" [=[
# Generated by warpsafe_add_check_test (cmake/Warpsafe.cmake): runs `warpsafe check` and judges it.
string(ASCII 31 separator)
string(REPLACE "${separator}" ";" args "${ARGS}")
execute_process(COMMAND "${WS}" check "${SOURCE}" ${args}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REGEX MATCH "warpsafe: [^\n]*" first "${err}")
if(EXPECT STREQUAL "")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "expected no defect (exit 0), got exit ${rc}\n${out}${err}")
  endif()
elseif(NOT rc EQUAL 66 OR NOT first STREQUAL EXPECT)
  message(FATAL_ERROR "expected exit 66 and '${EXPECT}', got exit ${rc} and '${first}'\n${out}${err}")
endif()
message(STATUS "${err}")
]=])
    set_property(GLOBAL PROPERTY WARPSAFE_CHECK_DRIVER_WRITTEN TRUE)
  endif()
  # Arguments travel as one -D value, separated by the ASCII unit separator (CTest would split
  # a ';' list into separate words).
  string(ASCII 31 separator)
  string(REPLACE ";" "${separator}" packed "${check_args}")
  add_test(NAME ${WS_NAME}
           COMMAND ${CMAKE_COMMAND} "-DWS=${exe}" "-DSOURCE=${src}" "-DARGS=${packed}"
                   "-DEXPECT=${WS_EXPECT_DEFECT}" -P "${driver}")
  set_tests_properties(${WS_NAME} PROPERTIES LABELS warpsafe-check)
endfunction()
