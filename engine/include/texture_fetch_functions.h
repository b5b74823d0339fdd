// CUDA's texture_fetch_functions.h: the engine has texture objects only (no texture references),
// whose fetches are in texture_indirect_functions.h.
#pragma once
#define __TEXTURE_FETCH_FUNCTIONS_H__

#include "texture_indirect_functions.h"
