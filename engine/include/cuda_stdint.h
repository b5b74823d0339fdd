// nvcc's cuda_stdint.h: the fixed-width integer types, which every compiler the engine supports
// has in <stdint.h>.
#pragma once
#define __cuda_stdint_h__

#include <stdint.h>
