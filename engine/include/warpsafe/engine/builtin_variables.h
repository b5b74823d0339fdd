// threadIdx, blockIdx, blockDim and gridDim as CUDA declares them: variables, not macros, so that
// host and device code may declare their own objects of these names (`dim3 blockDim(16, 16);`),
// which shadow the built-ins exactly as under nvcc. Each is a thread-local object of the engine's
// that the scheduler keeps equal to the running lane's values: threadIdx on every switch to a lane,
// the other three when a worker starts a block (engine/src/sched/builtin_variables.h). Reading one
// is a single load at a fixed offset from the thread pointer; its type is CUDA's, so
// `printf("%u", threadIdx.x)` passes an unsigned int through varargs.
//
// Outside a kernel (host code, or a thread that runs no lane) every component of all four reads
// kBuiltinPoison: CUDA gives host code no such values, and nothing flags a plain load, so the
// value is chosen to be conspicuous instead (far outside any array, negative as an int).
//
// They are const to the program, as in CUDA. The compiler may keep a value read before a
// scheduling point after it: a lane's values never change while it runs, and a block's lanes all
// run on the one worker thread that runs the block.
#pragma once

#include "warpsafe/engine/api.h"  // kBuiltinPoison

extern __thread const uint3 threadIdx __attribute__((tls_model("initial-exec")));
extern __thread const uint3 blockIdx __attribute__((tls_model("initial-exec")));
extern __thread const dim3 blockDim __attribute__((tls_model("initial-exec")));
extern __thread const dim3 gridDim __attribute__((tls_model("initial-exec")));
