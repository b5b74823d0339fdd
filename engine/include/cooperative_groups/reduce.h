// <cooperative_groups/reduce.h>: see warpsafe/engine/cg/reduce.h.
#pragma once

#include "cooperative_groups.h"
#include "warpsafe/engine/cg/reduce.h"
