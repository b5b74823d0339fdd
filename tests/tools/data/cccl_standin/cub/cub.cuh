// A stand-in for CCCL's layout (not CCCL): an #ifndef-guarded header included twice, the second
// time from inside a false #if, which the compiler's preprocessor (not the front end) must handle.
#ifndef STANDIN_CUB_CUH
#define STANDIN_CUB_CUH
#include "block/block_sum.cuh"
#if 0
#include "block/block_sum.cuh"
#endif
#include <cub/block/block_sum.cuh>
#endif
