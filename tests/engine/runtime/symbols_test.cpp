// Symbol copies with the template and C forms (symbols.cpp).
#include "cuda_runtime_api.h"
#include "runtime/allocations.h"
#include "runtime_fixture.h"
#include "warpsafe/engine/keywords.h"

__constant__ float g_coefficients[16];
__device__ int g_counter;
__device__ int* g_pointer;

namespace warpsafe::engine::runtime {
namespace {

using SymbolsTest = RuntimeTest;

TEST_F(SymbolsTest, ToAndFromSymbol) {
  float host[16];
  for (int i = 0; i < 16; ++i) host[i] = 0.5f * i;
  ASSERT_EQ(cudaMemcpyToSymbol(g_coefficients, host, sizeof host), cudaSuccess);
  EXPECT_EQ(g_coefficients[15], 7.5f);
  float back[4] = {};
  ASSERT_EQ(cudaMemcpyFromSymbol(back, g_coefficients, sizeof back, 4 * sizeof(float)), cudaSuccess);
  EXPECT_EQ(back[0], 2.0f);
  EXPECT_EQ(back[3], 3.5f);
  const int one = 1;
  ASSERT_EQ(cudaMemcpyToSymbolAsync(g_counter, &one, sizeof one, 0, cudaMemcpyHostToDevice, nullptr), cudaSuccess);
  EXPECT_EQ(g_counter, 1);
  int* p = &g_counter;
  ASSERT_EQ(cudaMemcpyToSymbol(g_pointer, &p, sizeof p), cudaSuccess);  // the symbol is the pointer variable
  EXPECT_EQ(g_pointer, &g_counter);
}

TEST_F(SymbolsTest, OutOfBoundsIsInvalidValue) {
  float host[17] = {};
  EXPECT_EQ(cudaMemcpyToSymbol(g_coefficients, host, sizeof host), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpyToSymbol(g_coefficients, host, 8, 60), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpyFromSymbol(host, g_counter, 8), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpyToSymbol(g_coefficients, host, 4, 60), cudaSuccess);  // the last element exactly
}

TEST_F(SymbolsTest, WrongDirection) {
  int v = 0;
  EXPECT_EQ(cudaMemcpyToSymbol(g_counter, &v, sizeof v, 0, cudaMemcpyDeviceToHost), cudaErrorInvalidMemcpyDirection);
  EXPECT_EQ(cudaMemcpyFromSymbol(&v, g_counter, sizeof v, 0, cudaMemcpyHostToDevice), cudaErrorInvalidMemcpyDirection);
}

TEST_F(SymbolsTest, AddressAndSize) {
  void* address = nullptr;
  ASSERT_EQ(cudaGetSymbolAddress(&address, g_coefficients), cudaSuccess);
  EXPECT_EQ(address, static_cast<void*>(g_coefficients));
  size_t size = 0;
  ASSERT_EQ(cudaGetSymbolSize(&size, g_coefficients), cudaSuccess);
  EXPECT_EQ(size, sizeof g_coefficients);
  // The address is device memory for the copies and for the checker.
  AllocationInfo info;
  ASSERT_TRUE(FindAllocation(static_cast<char*>(address) + 60, &info));
  EXPECT_EQ(info.kind, AllocationKind::kSymbol);
  EXPECT_EQ(info.size, sizeof g_coefficients);
  float host[16] = {};
  EXPECT_EQ(cudaMemcpy(address, host, sizeof host, cudaMemcpyHostToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(address, host, sizeof host + 4, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFree(address), cudaErrorInvalidValue);
}

TEST_F(SymbolsTest, CFormsUseTheRecordedSize) {
  void* address = nullptr;
  ASSERT_EQ(cudaGetSymbolAddress(&address, g_coefficients), cudaSuccess);
  const void* symbol = g_coefficients;
  float host[17] = {};
  EXPECT_EQ(cudaMemcpyToSymbol(symbol, host, 16 * sizeof(float)), cudaSuccess);
  EXPECT_EQ(cudaMemcpyToSymbol(symbol, host, sizeof host), cudaErrorInvalidValue);
  size_t size = 0;
  EXPECT_EQ(cudaGetSymbolSize(&size, symbol), cudaSuccess);
  EXPECT_EQ(size, sizeof g_coefficients);
  int stack = 0;
  EXPECT_EQ(cudaMemcpyToSymbol(static_cast<const void*>(&stack), host, 4), cudaErrorInvalidSymbol);
}

}  // namespace
}  // namespace warpsafe::engine::runtime
