// nvcc's vector_functions.h: the make_int2, make_float4, ... constructors, which the engine defines
// beside the vector types.
#pragma once
#define __VECTOR_FUNCTIONS_H__

#include "vector_types.h"
