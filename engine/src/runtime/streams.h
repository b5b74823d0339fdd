// Stream handles, as the rest of the runtime checks them. Internal to the engine.
#pragma once

#include "driver_types.h"

namespace warpsafe::engine::runtime {

// True for the null stream, cudaStreamLegacy, cudaStreamPerThread and every stream created and
// not yet destroyed. An operation on any other handle fails with cudaErrorInvalidResourceHandle.
bool IsValidStream(cudaStream_t stream);

// True for a live stream created with cudaStreamNonBlocking (it does not synchronize with the
// legacy default stream); false for every other handle.
bool IsNonBlockingStream(cudaStream_t stream);

// Drops what cudaStreamSetAttribute recorded for a stream being destroyed (stream_attributes.cpp).
void ForgetStreamAttributes(cudaStream_t stream);

}  // namespace warpsafe::engine::runtime
