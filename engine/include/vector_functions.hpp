// nvcc's vector_functions.hpp (the definitions behind vector_functions.h).
#pragma once
#define __VECTOR_FUNCTIONS_HPP__

#include "vector_functions.h"
