# Driver of packaging.install_and_find_package (tests/packaging/CMakeLists.txt). Everything happens
# in a fresh directory under $TMPDIR (or /tmp), outside the source and build trees, so that any
# path leading back into them can be caught; the directory is removed when the test passes.
cmake_minimum_required(VERSION 3.22)

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (exit ${rc}):\n${out}\n${err}")
  endif()
  set(run_output "${out}${err}" PARENT_SCOPE)
endfunction()

# No installed text may lead back into the trees it came from.
function(expect_no_tree_paths what text)
  foreach(tree "${SOURCE_DIR}" "${BUILD_DIR}")
    string(FIND "${text}" "${tree}" at)
    if(NOT at EQUAL -1)
      message(FATAL_ERROR "${what} names ${tree}:\n${text}")
    endif()
  endforeach()
endfunction()

set(tmp "$ENV{TMPDIR}")
if(NOT tmp)
  set(tmp /tmp)
endif()
string(RANDOM LENGTH 8 ALPHABET abcdefghijklmnopqrstuvwxyz0123456789 suffix)
set(scratch "${tmp}/warpsafe-packaging-${suffix}")
file(REMOVE_RECURSE "${scratch}")
file(MAKE_DIRECTORY "${scratch}")

# Install, then move the tree: whatever it needs must be found relative to where it is now.
run("cmake --install" ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${scratch}/staging")
file(RENAME "${scratch}/staging" "${scratch}/prefix")
set(prefix "${scratch}/prefix")
file(GLOB_RECURSE config_files "${prefix}/*.cmake")
if(NOT config_files)
  message(FATAL_ERROR "no CMake package files installed under ${prefix}")
endif()
foreach(file ${config_files})
  file(READ "${file}" text)
  expect_no_tree_paths("${file}" "${text}")
endforeach()

run("warpsafe --version" "${prefix}/bin/warpsafe" --version)
if(NOT run_output MATCHES "^warpsafe [0-9]+\\.[0-9]+\\.[0-9]+")
  message(FATAL_ERROR "unexpected `warpsafe --version`: ${run_output}")
endif()

# The outside project, copied out of the source tree as a user's would be.
file(COPY "${CONSUMER}/" DESTINATION "${scratch}/consumer")
run("configuring the outside project" ${CMAKE_COMMAND} -S "${scratch}/consumer" -B "${scratch}/consumer-build"
    -G "${GENERATOR}" "-DCMAKE_CXX_COMPILER=${CXX}" "-DCMAKE_PREFIX_PATH=${prefix}"
    -DWARPSAFE_CONSUMER_CHECK=${WITH_CHECK})
run("building the outside project" ${CMAKE_COMMAND} --build "${scratch}/consumer-build")
run("testing the outside project" ${CMAKE_COMMAND} -E chdir "${scratch}/consumer-build"
    ctest --output-on-failure)
message(STATUS "${run_output}")
if(WITH_CHECK AND NOT run_output MATCHES "warp_sums\\.check .*Passed")
  message(FATAL_ERROR "the outside project's `warpsafe check` test did not run")
endif()

# The installed CLI's own `run`: it compiles against the installed engine and headers.
set(ENV{WARPSAFE_CACHE_DIR} "${scratch}/cache")
run("installed warpsafe run" "${prefix}/bin/warpsafe" run "${scratch}/consumer/warp_sums.cu" -v)
if(NOT run_output MATCHES "warp sums: ok \\(16 warps\\)")
  message(FATAL_ERROR "installed `warpsafe run` printed:\n${run_output}")
endif()
string(FIND "${run_output}" "-isystem ${prefix}/include/warpsafe/engine" at)
if(at EQUAL -1)
  message(FATAL_ERROR "installed `warpsafe run` did not compile against the installed engine headers:\n${run_output}")
endif()
expect_no_tree_paths("installed `warpsafe run -v`" "${run_output}")

file(REMOVE_RECURSE "${scratch}")
