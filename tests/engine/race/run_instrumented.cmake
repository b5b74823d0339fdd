# Builds one program of programs/ the way `warpsafe check` does (front end, then clang++-14 with
# WARPSAFE_CHECK_COMPILE_OPTIONS, linked with the engine) and checks its outcome under several
# schedules, with one worker:
#   NAME_race.cu / NAME_defect.cu: exit 66 and the first report line of its `// expect:` comment
#   (and, if it has a `// report:` comment, a whole report matching that regular expression);
#   NAME_norace.cu: exit 0 and no report (and a line matching each `// listing:` comment).
# Arguments (-D): WS (the warpsafe executable), CXX, FILE, OUT_DIR, and "|"-separated lists
# COMPILE_OPTIONS, INCLUDE_DIRS, LIBRARIES, LINK_OPTIONS.
foreach(v COMPILE_OPTIONS INCLUDE_DIRS LIBRARIES LINK_OPTIONS)
  string(REPLACE "|" ";" ${v} "${${v}}")
endforeach()
get_filename_component(name ${FILE} NAME_WE)
file(MAKE_DIRECTORY ${OUT_DIR})
set(cpp ${OUT_DIR}/${name}.cpp)
set(exe ${OUT_DIR}/${name})

execute_process(COMMAND ${WS} translate ${FILE} -o ${cpp} --arch sm_90 RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "front end failed on ${FILE}:\n${err}")
endif()
set(includes)
foreach(d ${INCLUDE_DIRS})
  list(APPEND includes -isystem ${d})
endforeach()
execute_process(COMMAND ${CXX} -std=gnu++17 -O1 -g -w ${COMPILE_OPTIONS} ${includes} -pthread -o ${exe} ${cpp}
                        ${LIBRARIES} -ldl ${LINK_OPTIONS}
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${CXX} failed on ${cpp}:\n${err}")
endif()

file(READ ${FILE} source)
if(FILE MATCHES "_norace\\.cu$")
  set(runs lockstep:1 random:1 random:2 random:3 random:4 random:5 random:77 random:1234)
else()
  string(REGEX MATCH "// expect: ([^\n]*)" _ "${source}")
  set(expect "${CMAKE_MATCH_1}")
  if(expect STREQUAL "")
    message(FATAL_ERROR "${FILE} has no '// expect:' line")
  endif()
  set(runs lockstep:1 random:1 random:5 random:77)
  # Optional: a regular expression the whole report must match.
  string(REGEX MATCH "// report: ([^\n]*)" _ "${source}")
  set(report "${CMAKE_MATCH_1}")
  string(REPLACE "\\n" "\n" report "${report}")  # the comment spells a newline \n
endif()
# Optional `// env: NAME=VALUE ...`: settings every run gets.
string(REGEX MATCH "// env: ([^\n]*)" _ "${source}")
set(env ${CMAKE_MATCH_1})
separate_arguments(env)
foreach(run ${runs})
  string(REPLACE ":" ";" args ${run})
  list(GET args 0 policy)
  list(GET args 1 seed)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env WARPSAFE_SCHEDULE=${policy} WARPSAFE_SEED=${seed} WARPSAFE_WORKERS=1 ${env}
                          ${exe}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(REGEX MATCH "warpsafe: [^\n]*" first "${err}")
  if(FILE MATCHES "_norace\\.cu$")
    if(NOT rc EQUAL 0 OR NOT first STREQUAL "")
      message(FATAL_ERROR "${policy}/${seed}: expected a clean run, got exit ${rc}\n${out}\n${err}")
    endif()
    # Optional `// listing:` lines: regular expressions of lines the run must print (runtime errors
    # and leaks are listed, not defects).
    string(REGEX MATCHALL "// listing: [^\n]*" listings "${source}")
    foreach(listing ${listings})
      string(REPLACE "// listing: " "" listing "${listing}")
      if(NOT err MATCHES "${listing}")
        message(FATAL_ERROR "${policy}/${seed}: no line matches '${listing}'\n${err}")
      endif()
    endforeach()
  elseif(NOT rc EQUAL 66 OR NOT first STREQUAL "${expect}")
    message(FATAL_ERROR "${policy}/${seed}: expected exit 66 and '${expect}', got exit ${rc} and '${first}'\n${err}")
  elseif(NOT report STREQUAL "" AND NOT err MATCHES "${report}")
    message(FATAL_ERROR "${policy}/${seed}: the report does not match '${report}'\n${err}")
  endif()
endforeach()
