// <cuda_occupancy.h>, the occupancy calculator that takes the device and the kernel as plain
// structures, must give the runtime's answers (OCC-1 .. OCC-3 in docs/semantics/occupancy.md): for
// every block size and several dynamic shared memory sizes, with and without a kernel's opt-in,
// cudaOccMaxActiveBlocksPerMultiprocessor against cudaOccupancyMaxActiveBlocksPerMultiprocessor,
// cudaOccAvailableDynamicSMemPerBlock against cudaOccupancyAvailableDynamicSMemPerBlock, and the
// suggested block size against cudaOccupancyMaxPotentialBlockSize, on each emulated architecture.
// RUN: %warpsafe run %s --arch sm_70 2>&1 | FileCheck %s --check-prefix=SM70 --implicit-check-not=warpsafe
// RUN: %warpsafe run %s --arch sm_75 2>&1 | FileCheck %s --check-prefix=SM75 --implicit-check-not=warpsafe
// RUN: %warpsafe run %s --arch sm_86 2>&1 | FileCheck %s --check-prefix=SM86 --implicit-check-not=warpsafe
// RUN: %warpsafe run %s --arch sm_90 2>&1 | FileCheck %s --check-prefix=SM90 --implicit-check-not=warpsafe
// SM70:      compute 7.0: {{[0-9]+}} comparisons, 0 disagree
// SM70-NEXT: 256 threads: 8 blocks (limit 0x3); 1024 threads and 40 KB: 2 blocks (limit 0x7)
// SM70-NEXT: suggested 1024 threads on {{[0-9]+}} blocks
// SM70-NEXT: inputs: 1 1 2
// SM70-NOT:  {{.}}
// SM75:      compute 7.5: {{[0-9]+}} comparisons, 0 disagree
// SM75-NEXT: 256 threads: 4 blocks (limit 0x1); 1024 threads and 40 KB: 1 blocks (limit 0x5)
// SM75-NEXT: suggested 1024 threads on {{[0-9]+}} blocks
// SM75-NEXT: inputs: 1 1 2
// SM75-NOT:  {{.}}
// SM86:      compute 8.6: {{[0-9]+}} comparisons, 0 disagree
// SM86-NEXT: 256 threads: 6 blocks (limit 0x1); 1024 threads and 40 KB: 1 blocks (limit 0x1)
// SM86-NEXT: suggested 768 threads on {{[0-9]+}} blocks
// SM86-NEXT: inputs: 1 1 2
// SM86-NOT:  {{.}}
// SM90:      compute 9.0: {{[0-9]+}} comparisons, 0 disagree
// SM90-NEXT: 256 threads: 8 blocks (limit 0x3); 1024 threads and 40 KB: 2 blocks (limit 0x3)
// SM90-NEXT: suggested 1024 threads on {{[0-9]+}} blocks
// SM90-NEXT: inputs: 1 1 2
// SM90-NOT:  {{.}}

#include <cstdio>
#include <cuda_occupancy.h>

__global__ void Work(float* out) {
  extern __shared__ float scratch[];
  scratch[threadIdx.x] = threadIdx.x;
  out[threadIdx.x] = scratch[threadIdx.x];
}

namespace {

int comparisons = 0, disagreements = 0;

void Compare(const char* what, long long occ, long long runtime, int block, size_t smem) {
  ++comparisons;
  if (occ != runtime) {
    ++disagreements;
    if (disagreements <= 5) {
      std::printf("%s: %lld from cuda_occupancy.h, %lld from the runtime (%d threads, %zu bytes)\n", what, occ,
                  runtime, block, smem);
    }
  }
}

// Every block size and a spread of dynamic shared memory sizes, with the kernel's attributes as
// they are now.
void CompareAll(const cudaDeviceProp& prop) {
  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, Work);
  const cudaOccDeviceProp occ_prop = prop;
  const cudaOccFuncAttributes occ_attr = attr;
  const cudaOccDeviceState state;
  const size_t smems[] = {0, 1, 1000, 16 * 1024, 48 * 1024, 60 * 1024, 100 * 1024, 200 * 1024};
  for (int block = 1; block <= prop.maxThreadsPerBlock + 32; block += (block < 64 ? 1 : 17)) {
    for (size_t smem : smems) {
      cudaOccResult r;
      int runtime = -1;
      if (cudaOccMaxActiveBlocksPerMultiprocessor(&r, &occ_prop, &occ_attr, &state, block, smem) != CUDA_OCC_SUCCESS)
        r.activeBlocksPerMultiprocessor = -2;
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&runtime, Work, block, smem);
      Compare("blocks per SM", r.activeBlocksPerMultiprocessor, runtime, block, smem);
    }
    for (int blocks : {1, 2, 3, 8}) {
      size_t occ = 1, runtime = 2;
      cudaOccAvailableDynamicSMemPerBlock(&occ, &occ_prop, &occ_attr, &state, blocks, block);
      cudaOccupancyAvailableDynamicSMemPerBlock(&runtime, Work, blocks, block);
      Compare("available dynamic shared memory", static_cast<long long>(occ), static_cast<long long>(runtime),
              block, static_cast<size_t>(blocks));
    }
  }
}

}  // namespace

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  CompareAll(prop);
  // The kernel's opt-in above 48 KB changes both answers alike.
  cudaFuncSetAttribute(Work, cudaFuncAttributeMaxDynamicSharedMemorySize, prop.sharedMemPerBlockOptin);
  CompareAll(prop);
  std::printf("compute %d.%d: %d comparisons, %d disagree\n", prop.major, prop.minor, comparisons, disagreements);

  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, Work);
  const cudaOccDeviceProp occ_prop = prop;
  const cudaOccFuncAttributes occ_attr = attr;
  const cudaOccDeviceState state;
  cudaOccResult small, big;
  cudaOccMaxActiveBlocksPerMultiprocessor(&small, &occ_prop, &occ_attr, &state, 256, 0);
  cudaOccMaxActiveBlocksPerMultiprocessor(&big, &occ_prop, &occ_attr, &state, 1024, 40 * 1024);
  std::printf("256 threads: %d blocks (limit 0x%x); 1024 threads and 40 KB: %d blocks (limit 0x%x)\n",
              small.activeBlocksPerMultiprocessor, small.limitingFactors, big.activeBlocksPerMultiprocessor,
              big.limitingFactors);

  int grid = 0, block = 0, runtime_grid = -1, runtime_block = -1;
  cudaOccMaxPotentialOccupancyBlockSize(&grid, &block, &occ_prop, &occ_attr, &state, 0);
  cudaOccupancyMaxPotentialBlockSize(&runtime_grid, &runtime_block, Work, 0);
  if (grid != runtime_grid || block != runtime_block) {
    std::printf("suggested %d x %d, the runtime %d x %d\n", grid, block, runtime_grid, runtime_block);
  }
  std::printf("suggested %d threads on %d blocks\n", block, grid);

  // Bad inputs: a null result, a block of no threads, a device the engine does not emulate.
  cudaOccDeviceProp unknown = occ_prop;
  unknown.computeMajor = 5;
  unknown.computeMinor = 2;
  std::printf("inputs: %d %d %d\n", cudaOccMaxActiveBlocksPerMultiprocessor(nullptr, &occ_prop, &occ_attr, &state, 32, 0),
              cudaOccMaxActiveBlocksPerMultiprocessor(&small, &occ_prop, &occ_attr, &state, 0, 0),
              cudaOccMaxActiveBlocksPerMultiprocessor(&small, &unknown, &occ_attr, &state, 32, 0));
  return disagreements == 0 ? 0 : 1;
}
