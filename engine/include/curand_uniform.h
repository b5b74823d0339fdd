// One of cuRAND's device headers, which the engine provides together: see curand_kernel.h.
#pragma once

#include "curand_kernel.h"
