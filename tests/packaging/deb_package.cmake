# Driver of packaging.deb (tests/packaging/CMakeLists.txt): cpack builds the Debian package into a
# fresh directory under $TMPDIR (or /tmp); its control fields must name what the installed warpsafe
# runs, and its files, unpacked with dpkg-deb (no installation), must run a program: the unpacked
# tree is a relocated install. The directory is removed when the test passes.
cmake_minimum_required(VERSION 3.22)

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (exit ${rc}):\n${out}\n${err}")
  endif()
  set(run_output "${out}${err}" PARENT_SCOPE)
endfunction()

set(tmp "$ENV{TMPDIR}")
if(NOT tmp)
  set(tmp /tmp)
endif()
string(RANDOM LENGTH 8 ALPHABET abcdefghijklmnopqrstuvwxyz0123456789 suffix)
set(scratch "${tmp}/warpsafe-deb-${suffix}")
file(REMOVE_RECURSE "${scratch}")
file(MAKE_DIRECTORY "${scratch}")

run("cpack" ${CPACK} --config "${BUILD_DIR}/CPackConfig.cmake" -G DEB -B "${scratch}/out")
file(GLOB deb "${scratch}/out/warpsafe_*.deb")
list(LENGTH deb count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "expected one warpsafe_*.deb in ${scratch}/out, found: ${deb}")
endif()

run("dpkg-deb --field" dpkg-deb --field "${deb}" Package Depends)
foreach(needed "Package: warpsafe" "g++" "binutils" "libboost-context-dev" "clang-14" "libopenblas-dev" "libfftw3-dev")
  string(FIND "${run_output}" "${needed}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the package's control fields lack '${needed}':\n${run_output}")
  endif()
endforeach()

run("dpkg-deb --extract" dpkg-deb --extract "${deb}" "${scratch}/root")
set(ws "${scratch}/root/usr/bin/warpsafe")
foreach(file "${ws}" "${scratch}/root/usr/lib/cmake/warpsafe/warpsafe-config.cmake"
        "${scratch}/root/usr/include/warpsafe/engine/cuda_runtime.h"
        "${scratch}/root/usr/include/warpsafe/library/warpsafe/warp.cuh")
  if(NOT EXISTS "${file}")
    message(FATAL_ERROR "the package lacks ${file}")
  endif()
endforeach()
run("packaged warpsafe --version" "${ws}" --version)
set(ENV{WARPSAFE_CACHE_DIR} "${scratch}/cache")
run("packaged warpsafe run" "${ws}" run "${PROGRAM}" --schedule random --seed 2)
if(NOT run_output MATCHES "warp sums: ok \\(16 warps\\)")
  message(FATAL_ERROR "packaged `warpsafe run` printed:\n${run_output}")
endif()

file(REMOVE_RECURSE "${scratch}")
