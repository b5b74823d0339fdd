// Peer devices with the engine's one device (engine/src/runtime/peer.cpp, docs/semantics/peer.md).
#include <gtest/gtest.h>

#include <cstring>

#include "cuda_runtime.h"
#include "runtime_fixture.h"

namespace warpsafe::engine::runtime {
namespace {

class PeerTest : public RuntimeTest {};

TEST_F(PeerTest, NoLinkBetweenDevicesIsDescribed) {  // RT-PEER-1
  for (int src = -1; src <= 1; ++src) {
    for (int dst = -1; dst <= 1; ++dst) {
      int value = 77;
      EXPECT_EQ(cudaDeviceGetP2PAttribute(&value, cudaDevP2PAttrAccessSupported, src, dst), cudaErrorInvalidDevice)
          << src << " -> " << dst;
      EXPECT_EQ(value, 77);
      EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidDevice);
    }
  }
}

TEST_F(PeerTest, APeerCopyOnTheOneDeviceIsADeviceCopy) {  // RT-PEER-2
  int* a = nullptr;
  int* b = nullptr;
  ASSERT_EQ(cudaMalloc(&a, 64 * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&b, 64 * sizeof(int)), cudaSuccess);
  int host[64];
  for (int i = 0; i < 64; ++i) host[i] = i * 3 + 1;
  ASSERT_EQ(cudaMemcpy(a, host, sizeof host, cudaMemcpyHostToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemcpyPeer(b, 0, a, 0, 32 * sizeof(int)), cudaSuccess);
  cudaStream_t s = nullptr;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  EXPECT_EQ(cudaMemcpyPeerAsync(b + 32, 0, a + 32, 0, 32 * sizeof(int), s), cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(s), cudaSuccess);
  int back[64] = {};
  ASSERT_EQ(cudaMemcpy(back, b, sizeof back, cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(std::memcmp(back, host, sizeof host), 0);
  // Device 1 does not exist: nothing is copied.
  ASSERT_EQ(cudaMemset(b, 0, sizeof host), cudaSuccess);
  EXPECT_EQ(cudaMemcpyPeer(b, 1, a, 0, sizeof host), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaMemcpyPeerAsync(b, 0, a, 1, sizeof host, s), cudaErrorInvalidDevice);
  ASSERT_EQ(cudaMemcpy(back, b, sizeof back, cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(back[5], 0);
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
  EXPECT_EQ(cudaFree(a), cudaSuccess);
  EXPECT_EQ(cudaFree(b), cudaSuccess);
  cudaGetLastError();
}

TEST_F(PeerTest, APoolIsReadAndWrittenByItsDeviceOnly) {  // RT-PEER-3
  cudaMemPool_t pool = nullptr;
  ASSERT_EQ(cudaDeviceGetDefaultMemPool(&pool, 0), cudaSuccess);
  cudaMemAccessDesc own{};
  own.location.type = cudaMemLocationTypeDevice;
  own.location.id = 0;
  own.flags = cudaMemAccessFlagsProtReadWrite;
  EXPECT_EQ(cudaMemPoolSetAccess(pool, &own, 1), cudaSuccess);
  cudaMemAccessDesc other = own;
  other.location.id = 1;
  EXPECT_EQ(cudaMemPoolSetAccess(pool, &other, 1), cudaErrorInvalidValue);
  cudaMemAccessDesc drop = own;
  drop.flags = cudaMemAccessFlagsProtNone;
  EXPECT_EQ(cudaMemPoolSetAccess(pool, &drop, 1), cudaErrorInvalidValue);
  cudaMemAccessFlags flags = cudaMemAccessFlagsProtNone;
  cudaMemLocation where = own.location;
  EXPECT_EQ(cudaMemPoolGetAccess(&flags, pool, &where), cudaSuccess);
  EXPECT_EQ(flags, cudaMemAccessFlagsProtReadWrite);
  where.id = 1;
  EXPECT_EQ(cudaMemPoolGetAccess(&flags, pool, &where), cudaErrorInvalidValue);
  cudaGetLastError();
}

}  // namespace
}  // namespace warpsafe::engine::runtime
