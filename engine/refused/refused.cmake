# The refused headers: every line of engine/refused/headers.txt becomes, at configure time, a header
# of that name under WARPSAFE_REFUSED_INCLUDE_DIR whose only content is a compile error naming it.
# That directory goes on a program's include path right after engine/include, as a system
# directory: the engine's own headers win, a user's -I directories win, and the machine's system
# directories (where a CUDA toolkit may be installed) are never reached for a listed name.

set(WARPSAFE_REFUSED_INCLUDE_DIR ${PROJECT_BINARY_DIR}/engine/refused_include
    CACHE INTERNAL "Headers that stop a program's compile with a message naming the unsupported header")

set(_ws_refused_list ${CMAKE_CURRENT_LIST_DIR}/headers.txt)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_ws_refused_list})
file(STRINGS ${_ws_refused_list} _ws_refused_lines)
set(_ws_refused_written)
foreach(_ws_line IN LISTS _ws_refused_lines)
  if(_ws_line MATCHES "^[ \t]*(#|$)")
    continue()
  endif()
  if(NOT _ws_line MATCHES "^([^ \t]+)[ \t]+(.+[^ \t])[ \t]*$")
    message(FATAL_ERROR "${_ws_refused_list}: expected '<header> <what it is>', got '${_ws_line}'")
  endif()
  set(_ws_header ${CMAKE_MATCH_1})
  set(_ws_what ${CMAKE_MATCH_2})
  # #error reports the header; the include of a name that cannot exist then ends the compile
  # there (a missing include is fatal), instead of a cascade of errors about the names the
  # refused header would have declared.
  file(CONFIGURE OUTPUT ${WARPSAFE_REFUSED_INCLUDE_DIR}/${_ws_header} CONTENT
"// Generated from engine/refused/headers.txt (engine/refused/refused.cmake): not provided by the engine.
#error \"warpsafe: <${_ws_header}> (${_ws_what}) is not supported by the engine\"
#include \"warpsafe: compilation stopped at the unsupported header above\"
" @ONLY)
  list(APPEND _ws_refused_written ${WARPSAFE_REFUSED_INCLUDE_DIR}/${_ws_header})
endforeach()

# A line removed from the list takes its header with it.
file(GLOB_RECURSE _ws_refused_existing LIST_DIRECTORIES false ${WARPSAFE_REFUSED_INCLUDE_DIR}/*)
foreach(_ws_file IN LISTS _ws_refused_existing)
  if(NOT _ws_file IN_LIST _ws_refused_written)
    file(REMOVE ${_ws_file})
  endif()
endforeach()
