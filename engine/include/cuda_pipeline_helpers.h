// <cuda_pipeline_helpers.h>: an internal header of the toolkit's pipeline primitives; including it
// gives the primitives (cuda_pipeline_primitives.h).
#pragma once

#include "cuda_pipeline_primitives.h"
