# `warpsafe check --trace` in a real browser: writes the page of a finding, renders it with headless
# Chromium to a PNG and dumps the DOM Chromium built from it, then checks the texts the picture
# must show. Skipped (exit 77, SKIP_RETURN_CODE) when no Chromium is installed.
#   -DWS=<warpsafe> -DSOURCE=<file.cu> -DARGS=<check args, |-separated> -DOUT=<dir>
#   -DEXPECT=<texts the page must show, |-separated>
find_program(browser NAMES chromium chromium-browser google-chrome)
if(NOT browser)
  message(STATUS "SKIP: no chromium on PATH (apt-get install chromium) to render the --trace page")
  cmake_language(EXIT 77)
endif()
file(MAKE_DIRECTORY "${OUT}")
get_filename_component(stem "${SOURCE}" NAME_WE)
set(page "${OUT}/${stem}.html")
set(png "${OUT}/${stem}.png")
file(REMOVE "${page}" "${png}")
string(REPLACE "|" ";" args "${ARGS}")
execute_process(COMMAND "${WS}" check "${SOURCE}" ${args} --trace "${page}"
                RESULT_VARIABLE rc ERROR_VARIABLE report)
if(NOT rc EQUAL 66)
  message(FATAL_ERROR "expected a finding (exit 66), got ${rc}\n${report}")
endif()
if(NOT report MATCHES "\n  timeline, the last [0-9]+ steps")
  message(FATAL_ERROR "the text report has no timeline:\n${report}")
endif()
file(READ "${page}" html)
# Self-contained: no script, nothing loaded from elsewhere (the one URL is SVG's namespace).
string(REPLACE "http://www.w3.org/2000/svg" "" html_without_namespace "${html}")
if(html MATCHES "<script" OR html_without_namespace MATCHES "https?:" OR html MATCHES " src=")
  message(FATAL_ERROR "${page} is not self-contained")
endif()
set(flags --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --user-data-dir=${OUT}/profile-${stem})
execute_process(COMMAND "${browser}" ${flags} --window-size=1500,1000 --screenshot=${png} "file://${page}"
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET TIMEOUT 120)
file(SIZE "${png}" png_size)
file(READ "${png}" signature LIMIT 8 HEX)
# A blank 1500x1000 page compresses to a few KB; the timeline, text and colours make far more.
if(NOT signature STREQUAL "89504e470d0a1a0a" OR png_size LESS 40000)
  message(FATAL_ERROR "the screenshot ${png} is missing or blank (${png_size} bytes)")
endif()
execute_process(COMMAND "${browser}" ${flags} --dump-dom "file://${page}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE dom ERROR_QUIET TIMEOUT 120)
if(NOT dom MATCHES "<svg" OR NOT dom MATCHES "<rect")
  message(FATAL_ERROR "Chromium built no SVG timeline from ${page}")
endif()
string(REPLACE "|" ";" expected "${EXPECT}")
foreach(text IN LISTS expected)
  string(FIND "${dom}" "${text}" at)
  if(at LESS 0)
    message(FATAL_ERROR "the rendered page does not show '${text}' (${page}, ${png})")
  endif()
endforeach()
message(STATUS "rendered ${page} to ${png} (${png_size} bytes)")
