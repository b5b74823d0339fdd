# Runs one example extracted from docs/library.md (tests/docs/CMakeLists.txt) with `warpsafe run`,
# first under the default random schedule, then under lockstep (a cached rebuild); the test fails
# if either run exits non-zero, which includes a defect report (exit 66).
set(ENV{WARPSAFE_CACHE_DIR} "${CACHE}")
foreach(schedule "--seed;1" "--schedule;lockstep")
  execute_process(COMMAND "${WS}" run "${SOURCE}" ${schedule}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "warpsafe run ${SOURCE} ${schedule}: exit ${rc}\n${out}${err}")
  endif()
  message(STATUS "warpsafe run ${schedule}: ${out}")
endforeach()
