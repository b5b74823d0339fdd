// <cooperative_groups/memcpy_async.h>: see warpsafe/engine/cg/memcpy_async.h.
#pragma once

#include "cooperative_groups.h"
#include "warpsafe/engine/cg/memcpy_async.h"
