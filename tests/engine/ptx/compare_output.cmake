# Runs PROGRAM under SCHEDULE/SEED and checks that its standard output equals EXPECTED without the
# lines that start with '#' (the recording's header).
execute_process(COMMAND ${PROGRAM} --schedule ${SCHEDULE} --seed ${SEED}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(STRINGS ${EXPECTED} lines)
set(expected "")
foreach(line IN LISTS lines)
  if(NOT line MATCHES "^#")
    string(APPEND expected "${line}\n")
  endif()
endforeach()
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} exited with ${rc}\n${out}\n${err}")
endif()
if(NOT out STREQUAL expected)
  message(FATAL_ERROR "output differs from ${EXPECTED}\n--- engine:\n${out}\n--- GPU:\n${expected}")
endif()
