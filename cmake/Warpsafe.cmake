# Building CUDA sources for the engine from CMake.
#
#   warpsafe_add_executable(<target> <file.cu> [ARCH sm_90] [WRAP_MAIN])
#
# runs the warpsafe front end on <file.cu> at build time (the translated C++ lands in the build
# tree; quoted local headers are inlined with #line markers, so diagnostics name the user's files)
# and compiles it with the host compiler against the engine. WRAP_MAIN gives the program the
# engine's own main, which takes --schedule/--seed/... flags before the program's arguments, as
# `warpsafe build` does; without it (unit tests with gtest_main) options come from WARPSAFE_*
# environment variables only.

# Link options every translated program needs: device printf and assert are routed to the engine,
# which buffers device output per block and turns a failed device assert into a failed launch.
set(WARPSAFE_PROGRAM_LINK_OPTIONS
    -Wl,--wrap=printf -Wl,--wrap=puts -Wl,--wrap=putchar -Wl,--wrap=vprintf -Wl,--wrap=__assert_fail
    CACHE INTERNAL "")
# Compile options: keep printf a call (no printf->puts rewrite that would bypass the wrap).
# -fstack-clash-protection: a large stack frame probes page by page, so a thread that overflows its
# stack faults on its guard page (reported as a stack overflow) instead of landing in a neighbour's.
# -UNDEBUG: nvcc keeps device asserts unless the user defines NDEBUG; CMake's release types would
# define it for the host compiler.
set(WARPSAFE_PROGRAM_COMPILE_OPTIONS -fno-builtin-printf -fno-builtin-puts -fno-builtin-putchar
    -fstack-clash-protection -UNDEBUG
    CACHE INTERNAL "")

if(NOT TARGET warpsafe_program)
  add_library(warpsafe_program INTERFACE)
  target_include_directories(warpsafe_program INTERFACE
    ${PROJECT_SOURCE_DIR}/engine/include ${PROJECT_SOURCE_DIR}/include)
  target_compile_options(warpsafe_program INTERFACE ${WARPSAFE_PROGRAM_COMPILE_OPTIONS})
  target_link_libraries(warpsafe_program INTERFACE warpsafe_engine)
endif()

function(warpsafe_add_executable target source)
  cmake_parse_arguments(WS "WRAP_MAIN" "ARCH" "" ${ARGN})
  if(NOT WS_ARCH)
    set(WS_ARCH sm_90)
  endif()
  get_filename_component(src "${source}" ABSOLUTE)
  set(out "${CMAKE_CURRENT_BINARY_DIR}/warpsafe_gen/${target}.cpp")
  set(extra)
  if(WS_WRAP_MAIN)
    list(APPEND extra --wrap-main)
  endif()
  add_custom_command(
    OUTPUT "${out}"
    COMMAND $<TARGET_FILE:warpsafe> translate "${src}" -o "${out}" --arch ${WS_ARCH}
            --depfile "${out}.d" ${extra}
    DEPENDS "${src}" warpsafe
    DEPFILE "${out}.d"
    COMMENT "warpsafe front end: ${source}"
    VERBATIM)
  add_executable(${target} "${out}")
  set_target_properties(${target} PROPERTIES CXX_STANDARD 17 CXX_EXTENSIONS ON)
  # User CUDA code is not ours to lint.
  target_compile_options(${target} PRIVATE -w)
  target_link_libraries(${target} PRIVATE warpsafe_program)
endfunction()
