// <cuda_pipeline.h>: the pipeline primitives (cuda_pipeline_primitives.h). The experimental C++
// classes of this header (nvcuda::experimental::pipeline) are not provided: cuda::pipeline from
// <cuda/pipeline> is their successor and runs from libcu++'s own headers.
#pragma once

#include "cuda_pipeline_primitives.h"
