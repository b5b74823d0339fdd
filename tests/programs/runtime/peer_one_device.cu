// A program written for several GPUs, as multi-GPU code is: it walks the pairs of distinct
// devices and asks about their links, copies between peers with cudaMemcpyPeer(Async), and opens
// the default pool to each peer. With the engine's one device there is no pair to walk, a peer
// copy from device 0 to device 0 is a device copy, and a second device is an error, as on a
// machine with one GPU (docs/semantics/peer.md).
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// CHECK:      devices 1, links described 0
// CHECK-NEXT: link 0 -> 0: invalid device
// CHECK-NEXT: peer copy 0 -> 0: no error, async: no error, 0 -> 1: invalid device
// CHECK-NEXT: pool access for device 0: no error, for device 1: invalid argument
// CHECK-NEXT: sum 2016
// CHECK-NOT:  {{.}}

#include <cstdio>

__global__ void sum(const int* v, int* out) { atomicAdd(out, v[threadIdx.x]); }

int main() {
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess) return 1;
  int links = 0;
  for (int a = 0; a < n; ++a) {
    for (int b = 0; b < n; ++b) {
      if (a == b) continue;
      int rank = 0;
      if (cudaDeviceGetP2PAttribute(&rank, cudaDevP2PAttrPerformanceRank, a, b) == cudaSuccess) ++links;
    }
  }
  std::printf("devices %d, links described %d\n", n, links);
  int access = 0;
  std::printf("link 0 -> 0: %s\n",
              cudaDeviceGetP2PAttribute(&access, cudaDevP2PAttrAccessSupported, 0, 0) == cudaErrorInvalidDevice
                  ? "invalid device" : "described");
  cudaGetLastError();

  int host[64];
  for (int i = 0; i < 64; ++i) host[i] = i;
  int* src = nullptr;
  int* dst = nullptr;
  int* total = nullptr;
  if (cudaMalloc(&src, sizeof host) != cudaSuccess || cudaMalloc(&dst, sizeof host) != cudaSuccess ||
      cudaMalloc(&total, sizeof(int)) != cudaSuccess)
    return 1;
  cudaMemcpy(src, host, sizeof host, cudaMemcpyHostToDevice);
  cudaMemset(total, 0, sizeof(int));
  cudaStream_t s;
  cudaStreamCreate(&s);
  const cudaError_t sync = cudaMemcpyPeer(dst, 0, src, 0, 32 * sizeof(int));
  const cudaError_t async = cudaMemcpyPeerAsync(dst + 32, 0, src + 32, 0, 32 * sizeof(int), s);
  const cudaError_t other = cudaMemcpyPeer(dst, 1, src, 0, sizeof host);
  std::printf("peer copy 0 -> 0: %s, async: %s, 0 -> 1: %s\n", cudaGetErrorString(sync), cudaGetErrorString(async),
              other == cudaErrorInvalidDevice ? "invalid device" : cudaGetErrorString(other));
  cudaGetLastError();

  cudaMemPool_t pool;
  cudaDeviceGetDefaultMemPool(&pool, 0);
  cudaMemAccessDesc desc = {};
  desc.location.type = cudaMemLocationTypeDevice;
  desc.location.id = 0;
  desc.flags = cudaMemAccessFlagsProtReadWrite;
  const cudaError_t own = cudaMemPoolSetAccess(pool, &desc, 1);
  desc.location.id = 1;
  const cudaError_t peer = cudaMemPoolSetAccess(pool, &desc, 1);
  std::printf("pool access for device 0: %s, for device 1: %s\n", cudaGetErrorString(own), cudaGetErrorString(peer));
  cudaGetLastError();

  sum<<<1, 64, 0, s>>>(dst, total);
  int result = 0;
  cudaMemcpy(&result, total, sizeof result, cudaMemcpyDeviceToHost);
  std::printf("sum %d\n", result);
  cudaStreamDestroy(s);
  return 0;
}
