# Runs `warpsafe run FILE ARGS...` (or COMMAND instead of run: check) and checks its exit status
# (EXPECT_RC) and that its output, stdout and stderr together, matches the regular expression EXPECT.
#   cmake -DWS=<warpsafe> -DFILE=<prog.cu> -DEXPECT_RC=<n> -DEXPECT=<regex> [-DARGS=a;b] [-DCOMMAND=check]
#         -P run_expect.cmake
if(NOT COMMAND)
  set(COMMAND run)
endif()
execute_process(COMMAND ${WS} ${COMMAND} ${FILE} ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL EXPECT_RC)
  message(FATAL_ERROR "expected exit ${EXPECT_RC}, got ${rc}\n${out}\n${err}")
endif()
if(NOT "${out}${err}" MATCHES "${EXPECT}")
  message(FATAL_ERROR "the output does not match '${EXPECT}'\n${out}\n${err}")
endif()
