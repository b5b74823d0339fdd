// <cooperative_groups/scan.h>: see warpsafe/engine/cg/scan.h.
#pragma once

#include "cooperative_groups.h"
#include "warpsafe/engine/cg/scan.h"
