// The operands of a math-library call (cuBLAS, cuFFT, cuSPARSE, cuSOLVER, cuRAND's host API): the
// device memory the library's work reads and writes. The engine's libraries compute on the host, in
// place, but a GPU runs that work as kernels on the call's stream; these checks hold the program to
// what the GPU would see. Internal to the engine.
#pragma once

#include <cstddef>

#include "driver_types.h"

namespace warpsafe::engine::runtime {

enum class OperandUse { kRead, kWrite, kReadWrite };

// One operand of `call` (for example "cuBLAS call cublasSaxpy"): `bytes` bytes from `p`, used as
// `use` by work issued to `stream`. Memory the device cannot address (a host pointer, or a range
// past the end of its allocation) is reported as an illegal address naming the call and the
// operand, as the GPU faults inside the library's kernel; the process ends with the defect exit
// status. Under `warpsafe check` the use is also an access of device memory: checked against
// kernels of other streams that nothing ordered with it, and a read of bytes nothing wrote is
// reported as uninitialized (engine/src/race, MEM-5). Called before the library touches memory.
void LibraryOperand(const char* call, const char* operand, const void* p, std::size_t bytes, OperandUse use,
                    cudaStream_t stream);

}  // namespace warpsafe::engine::runtime
