# Building CUDA sources for the engine from CMake.
#
#   warpsafe_add_executable(<target> <source>... [ARCH sm_90] [WRAP_MAIN] [INCLUDE_DIRS <dir>...])
#
# builds a program from .cu files (and host .cpp files) as nvcc's compilation model does
# (docs/architecture.md, "Two passes"): the warpsafe front end translates each .cu file at build
# time (the translated C++ lands in the build tree; quoted local headers are inlined with #line
# markers, so diagnostics name the user's files), the host compiler compiles it twice, as device
# code (__CUDA_ARCH__ from ARCH) and as host code (two OBJECT libraries, <target>.device and
# <target>.host, which take the target's compile options, definitions and include directories),
# `warpsafe join-passes` joins the two objects of every file, and the target links them with the
# .cpp files and the engine. WRAP_MAIN gives the program the engine's own main (in the file that
# defines main), which takes --schedule/--seed/... flags before the program's arguments, as
# `warpsafe build` does; without it (unit tests with gtest_main) options come from WARPSAFE_*
# environment variables only, and a main the file defines stays the program's entry (renamed and
# called by a main the front end appends, so that the device pass need not compile it). INCLUDE_DIRS are searched for the sources' includes both by the
# front end (so that headers found there are rewritten along with the file, as `warpsafe run -I`
# does) and by the host compiler. CCCL (CUB, Thrust, libcu++) is taken as `warpsafe run` takes it:
# from an INCLUDE_DIRS directory that holds it, else a toolkit's, else Debian's, through the shadow
# tree of its rewritten headers (the front end writes each file's options for it; a directory that
# holds CCCL is then left off the compiler's path).

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
# -D_GLIBCXX_USE_TBB_PAR_BACKEND=0: libstdc++'s parallel algorithms (<execution>) run on TBB
# whenever TBB's headers are installed, and then need libtbb at link time, which no CUDA link line
# names; the serial backend is a valid way to run every policy, on any machine
# (docs/semantics/stdlib.md, STDLIB-1).
set(WARPSAFE_PROGRAM_COMPILE_OPTIONS -fno-builtin-printf -fno-builtin-puts -fno-builtin-putchar
    -fstack-clash-protection -UNDEBUG -D_GLIBCXX_USE_TBB_PAR_BACKEND=0
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

# The compiler's standard include directories less those that hold CUDA toolkit headers (the
# policy of tools/warpsafe/cli/include_policy.h): an installed toolkit must never decide what a
# program builds against. As options (-nostdinc, then -isystem DIR in the compiler's order), since
# CMake drops implicit directories given as include directories.
function(_warpsafe_standard_include_options out)
  execute_process(COMMAND ${CMAKE_CXX_COMPILER} -xc++ -E -v -
                  INPUT_FILE /dev/null OUTPUT_QUIET ERROR_VARIABLE verbose RESULT_VARIABLE rc)
  set(options)
  if(rc EQUAL 0 AND verbose MATCHES "#include <...> search starts here:\n(.*)\nEnd of search list")
    string(REPLACE "\n" ";" lines "${CMAKE_MATCH_1}")
    list(APPEND options -nostdinc)
    foreach(line ${lines})
      string(STRIP "${line}" dir)
      get_filename_component(dir "${dir}" ABSOLUTE)
      if(NOT EXISTS "${dir}/cuda_runtime_api.h" AND NOT EXISTS "${dir}/crt/host_config.h")
        list(APPEND options "SHELL:-isystem ${dir}")
      endif()
    endforeach()
  endif()
  set(${out} "${options}" PARENT_SCOPE)
endfunction()

function(warpsafe_add_executable target)
  cmake_parse_arguments(WS "WRAP_MAIN" "ARCH" "INCLUDE_DIRS" ${ARGN})
  if(NOT WS_ARCH)
    set(WS_ARCH sm_90)
  endif()
  string(REGEX REPLACE "^sm_([0-9]+)$" "\\10" cuda_arch "${WS_ARCH}")
  _warpsafe_cli(cli)
  if(NOT cli)
    message(FATAL_ERROR "warpsafe_add_executable: no warpsafe (use find_package(warpsafe CONFIG))")
  endif()
  set(exe "$<TARGET_FILE:${cli}>")
  # Computed once per configure, for the compiler of this project.
  if(NOT DEFINED WARPSAFE_PROGRAM_INCLUDE_OPTIONS)
    _warpsafe_standard_include_options(_ws_standard_includes)
    set(WARPSAFE_PROGRAM_INCLUDE_OPTIONS "${_ws_standard_includes}" CACHE INTERNAL "")
  endif()
  set(extra)
  if(WS_WRAP_MAIN)
    list(APPEND extra --wrap-main)
  endif()
  set(include_dirs)
  foreach(dir ${WS_INCLUDE_DIRS})
    get_filename_component(dir "${dir}" ABSOLUTE)
    list(APPEND extra -I "${dir}")
    # CCCL's own headers must not come before its rewritten ones (tools/warpsafe/cli/cccl.h).
    if(NOT EXISTS "${dir}/cub/cub.cuh" AND NOT EXISTS "${dir}/thrust/version.h"
       AND NOT EXISTS "${dir}/cuda/std/version" AND NOT EXISTS "${dir}/cccl/cub/cub.cuh")
      list(APPEND include_dirs "${dir}")
    endif()
  endforeach()
  set(gen "${CMAKE_CURRENT_BINARY_DIR}/warpsafe_gen/${target}")
  set(cuda_outs)
  set(host_sources)
  set(quote_dirs)
  set(n 0)
  foreach(source ${WS_UNPARSED_ARGUMENTS})
    get_filename_component(src "${source}" ABSOLUTE)
    get_filename_component(name "${source}" NAME_WE)
    get_filename_component(ext "${source}" EXT)
    if(NOT ext MATCHES "^\\.(cpp|cc|cxx|C|c\\+\\+)$")
      set(out "${gen}/${n}_${name}.cpp")
      list(APPEND cuda_outs "${out}")
    elseif(WS_WRAP_MAIN)
      # A host file may define main: translated only to give it the engine's main.
      set(out "${gen}/${n}_${name}.host.cpp")
      list(APPEND host_sources "${out}")
      get_filename_component(dir "${src}" DIRECTORY)
      list(APPEND quote_dirs "SHELL:-iquote ${dir}")
    else()
      list(APPEND host_sources "${src}")
      math(EXPR n "${n} + 1")
      continue()
    endif()
    if(out IN_LIST cuda_outs)
      # The options the passes need besides the file (CCCL's shadow tree), written by the front end.
      set(options_file "${out}.options")
      set(translate_outputs "${out}" "${options_file}")
      set(translate_extra --options-file "${options_file}")
      set_source_files_properties("${out}" PROPERTIES COMPILE_OPTIONS "@${options_file}"
                                  OBJECT_DEPENDS "${options_file}")
    else()
      set(translate_outputs "${out}")
      set(translate_extra)
    endif()
    add_custom_command(
      OUTPUT ${translate_outputs}
      COMMAND ${exe} translate "${src}" -o "${out}" --arch ${WS_ARCH} --depfile "${out}.d" ${extra}
              ${translate_extra}
      DEPENDS "${src}" ${cli_DEPENDS}
      DEPFILE "${out}.d"
      COMMENT "warpsafe front end: ${source}"
      VERBATIM)
    math(EXPR n "${n} + 1")
  endforeach()

  set(joined)
  if(cuda_outs)
    # nvcc's two passes over every translated file; each takes the final target's options.
    foreach(pass device host)
      add_library(${target}.${pass} OBJECT ${cuda_outs})
      set_target_properties(${target}.${pass} PROPERTIES CXX_STANDARD 17 CXX_EXTENSIONS ON)
      target_compile_options(${target}.${pass} PRIVATE -w $<TARGET_PROPERTY:${target},COMPILE_OPTIONS>)
      target_compile_definitions(${target}.${pass} PRIVATE $<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>)
      target_include_directories(${target}.${pass} PRIVATE $<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>)
      target_link_libraries(${target}.${pass} PRIVATE warpsafe::program)
      # A function that runs off its end without a return value is reported
      # (docs/semantics/missing_return.md).
      target_compile_options(${target}.${pass} PRIVATE -fsanitize=return)
    endforeach()
    target_compile_definitions(${target}.device PRIVATE __WARPSAFE_DEVICE_PASS__=1 __CUDA_ARCH__=${cuda_arch})
    # Device code's shifts by a count outside the width and float-to-integer conversions out of
    # range are reported (docs/semantics/shift.md, docs/semantics/float_conversion.md).
    target_compile_options(${target}.device PRIVATE -fsanitize=shift-exponent -fsanitize=float-cast-overflow)
    # A file that preprocesses the same with and without __CUDA_ARCH__ needs one compile: the
    # launcher writes an empty device object instead (tools/warpsafe/cli/pass_equivalence.h). Only
    # for a single .cu file: with several, one file's device code may call another's device
    # functions, and every file then needs its device pass.
    list(LENGTH cuda_outs cuda_count)
    if(cuda_count EQUAL 1)
      # (An empty CMAKE_CXX_COMPILER_LAUNCHER must not become an empty word of the command.)
      set(launcher "${exe}" device-pass --)
      if(CMAKE_CXX_COMPILER_LAUNCHER)
        list(APPEND launcher ${CMAKE_CXX_COMPILER_LAUNCHER})
      endif()
      set_target_properties(${target}.device PROPERTIES CXX_COMPILER_LAUNCHER "${launcher}")
      add_dependencies(${target}.device ${cli})
      # The host pass makes the same decision: without a device pass its object is the program, and
      # its kernels are compiled as code that runs (__WARPSAFE_ONE_PASS__, as the CLI's one-compile
      # programs: under clang, not optnone).
      set(host_launcher "${exe}" host-pass --arch ${WS_ARCH} --)
      if(CMAKE_CXX_COMPILER_LAUNCHER)
        list(APPEND host_launcher ${CMAKE_CXX_COMPILER_LAUNCHER})
      endif()
      set_target_properties(${target}.host PROPERTIES CXX_COMPILER_LAUNCHER "${host_launcher}")
      add_dependencies(${target}.host ${cli})
    endif()
    target_compile_definitions(${target}.host PRIVATE __WARPSAFE_HOST_PASS__=1)
    # One section per function: the join redirects references to internal kernel instantiations
    # (tools/warpsafe/cli/internal_kernels.h).
    target_compile_options(${target}.host PRIVATE -ffunction-sections)
    set(join_dir "${gen}/joined")
    set(device_joined)
    set(host_joined)
    list(LENGTH cuda_outs count)
    math(EXPR last "${count} - 1")
    foreach(i RANGE ${last})
      list(APPEND device_joined "${join_dir}/device-${i}.o")
      list(APPEND host_joined "${join_dir}/host-${i}.o")
    endforeach()
    add_custom_command(
      OUTPUT ${device_joined} ${host_joined}
      COMMAND ${exe} join-passes -o "${join_dir}" --device $<TARGET_OBJECTS:${target}.device>
              --host $<TARGET_OBJECTS:${target}.host>
      DEPENDS ${target}.device ${target}.host $<TARGET_OBJECTS:${target}.device> $<TARGET_OBJECTS:${target}.host> ${cli_DEPENDS}
      COMMENT "warpsafe: joining the device and host passes of ${target}"
      COMMAND_EXPAND_LISTS VERBATIM)
    # Device objects first: their definitions of shared template instantiations are the ones kept.
    set(joined ${device_joined} ${host_joined})
    set_source_files_properties(${joined} PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
  endif()
  add_executable(${target} ${joined} ${host_sources})
  set_target_properties(${target} PROPERTIES CXX_STANDARD 17 CXX_EXTENSIONS ON LINKER_LANGUAGE CXX)
  # User CUDA code is not ours to lint.
  target_compile_options(${target} PRIVATE -w ${quote_dirs} ${WARPSAFE_PROGRAM_INCLUDE_OPTIONS})
  target_compile_definitions(${target} PRIVATE __WARPSAFE_ARCH__=${cuda_arch})
  target_link_libraries(${target} PRIVATE warpsafe::program)
  if(include_dirs)
    target_include_directories(${target} PRIVATE ${include_dirs})
  endif()
endfunction()

# Registering `warpsafe check` of a .cu file as a CTest test:
#
#   warpsafe_add_check_test(NAME <test> SOURCE <file.cu>... [SCHEDULES n] [POLICY random|pct|runahead|all]
#                           [SEED s] [ARCH sm_XY] [TIME_BUDGET seconds] [DEFINES NAME[=VALUE]...]
#                           [INCLUDE_DIRS dir...] [ARGS <program args>...] [JOBS n] [SHARDS n]
#                           [TRACE <out.html>] [EXPECT_DEFECT "<first report line>"])
#
# SHARDS n registers n tests, <test>.shard<i>of<n>, the i-th running `--shard i/n`: together they
# explore exactly the schedules the one test would (a CTest run with -j spreads them; a CI matrix
# can run one each with -R). It cannot be combined with EXPECT_DEFECT (only the shard holding the
# bug's schedule finds it). JOBS n is `--jobs n` (default: the cores); TRACE writes the page of a
# finding (`--trace`; with SHARDS, <out>.shard<i>of<n>.html).
#
# Without EXPECT_DEFECT the test passes when the check finds nothing (exit 0). With it, the test
# passes only when the check exits 66 and the report's first line is exactly the one given (a
# test of a known bug, or of the checker itself). The warpsafe used is the `warpsafe` target when
# the project builds it (or the installed one that find_package(warpsafe) found), else
# WARPSAFE_EXECUTABLE, else `warpsafe` from PATH.
function(warpsafe_add_check_test)
  cmake_parse_arguments(WS "" "NAME;SCHEDULES;POLICY;SEED;ARCH;TIME_BUDGET;EXPECT_DEFECT;JOBS;SHARDS;TRACE"
                        "SOURCE;SOURCES;DEFINES;INCLUDE_DIRS;ARGS" ${ARGN})
  list(APPEND WS_SOURCE ${WS_SOURCES})
  if(NOT WS_NAME OR NOT WS_SOURCE)
    message(FATAL_ERROR "warpsafe_add_check_test: NAME and SOURCE (or SOURCES) are required")
  endif()
  set(src)
  foreach(source ${WS_SOURCE})
    get_filename_component(source "${source}" ABSOLUTE)
    list(APPEND src "${source}")
  endforeach()
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
  if(WS_SHARDS AND DEFINED WS_EXPECT_DEFECT)
    message(FATAL_ERROR "warpsafe_add_check_test: SHARDS cannot be combined with EXPECT_DEFECT")
  endif()
  foreach(opt SCHEDULES POLICY SEED ARCH TIME_BUDGET JOBS)
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
string(REPLACE "${separator}" ";" sources "${SOURCE}")
execute_process(COMMAND "${WS}" check ${sources} ${args}
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
  string(REPLACE ";" "${separator}" src "${src}")
  if(NOT WS_SHARDS)
    if(WS_TRACE)
      list(PREPEND check_args --trace "${WS_TRACE}")
    endif()
    string(REPLACE ";" "${separator}" packed "${check_args}")
    add_test(NAME ${WS_NAME}
             COMMAND ${CMAKE_COMMAND} "-DWS=${exe}" "-DSOURCE=${src}" "-DARGS=${packed}"
                     "-DEXPECT=${WS_EXPECT_DEFECT}" -P "${driver}")
    set_tests_properties(${WS_NAME} PROPERTIES LABELS warpsafe-check)
    return()
  endif()
  foreach(i RANGE 1 ${WS_SHARDS})
    set(shard_args --shard "${i}/${WS_SHARDS}")
    if(WS_TRACE)
      list(APPEND shard_args --trace "${WS_TRACE}.shard${i}of${WS_SHARDS}.html")
    endif()
    string(REPLACE ";" "${separator}" packed "${shard_args};${check_args}")
    add_test(NAME ${WS_NAME}.shard${i}of${WS_SHARDS}
             COMMAND ${CMAKE_COMMAND} "-DWS=${exe}" "-DSOURCE=${src}" "-DARGS=${packed}" "-DEXPECT=" -P "${driver}")
    set_tests_properties(${WS_NAME}.shard${i}of${WS_SHARDS} PROPERTIES LABELS warpsafe-check)
  endforeach()
endfunction()
