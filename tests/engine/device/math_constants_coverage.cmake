# Fails when a CUDART_* macro defined in math_constants.h is not named in math_constants_test.cpp,
# so that every constant the header defines is checked by an independent computation.
# Arguments (-D): HEADER, TEST_SOURCE.
file(STRINGS ${HEADER} defines REGEX "^#define CUDART_[A-Z0-9_]+")
file(READ ${TEST_SOURCE} test_source)
set(count 0)
set(missing)
foreach(line ${defines})
  string(REGEX MATCH "CUDART_[A-Z0-9_]+" name "${line}")
  math(EXPR count "${count} + 1")
  string(REGEX REPLACE "_(HI|LO)(_F)?$" "" stem "${name}")
  # A HI/LO pair is checked through EXPECT_SPLIT(stem, ...) or EXPECT_SPLIT_F(stem, ...).
  if(NOT test_source MATCHES "[^A-Z0-9_]${name}[^A-Z0-9_]" AND NOT test_source MATCHES "EXPECT_SPLIT(_F)?\\(${stem},")
    list(APPEND missing ${name})
  endif()
endforeach()
if(count LESS 90)
  message(FATAL_ERROR "found only ${count} CUDART_ macros in ${HEADER}")
endif()
if(missing)
  message(FATAL_ERROR "not checked by ${TEST_SOURCE}: ${missing}")
endif()
message(STATUS "all ${count} CUDART_ macros are checked")
