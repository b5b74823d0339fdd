// CUDA's surface_functions.h: the engine has surface objects only (no surface references), whose
// reads and writes are in surface_indirect_functions.h.
#pragma once
#define __SURFACE_FUNCTIONS_H__

#include "surface_indirect_functions.h"
