// Probes of the engine's per-thread costs (BENCHMARKS.md, "Engine"), each timed in CPU time around
// a launch and its synchronisation, best of REPS launches, 64 blocks x 256 threads:
//   warpsafe build bench/engine_probe.cu -o probe
//   WARPSAFE_WORKERS=1 taskset -c 1 ./probe MODE [N] [REPS]
//   shfl          1000 __shfl_xor_sync per thread: ns per lane-shuffle
//   fma N         N dependent multiply-adds per thread: ns per thread, against the same body
//                 run by a plain C++ loop over the thread indices in this program
//   sync          1000 __syncthreads per thread: ns per thread-barrier
#include <time.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

// CPU time of the whole process (all its threads): on a loaded machine wall time counts other
// processes' turns on the core.
inline double CpuNs() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

constexpr int kBlocks = 64, kThreads = 256, kShuffles = 1000, kSyncs = 1000;

__global__ void Shuffles(int* out) {
  int v = static_cast<int>(threadIdx.x);
  for (int i = 0; i < kShuffles; ++i) v = __shfl_xor_sync(0xffffffffu, v, 1) + 1;
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

__host__ __device__ inline float Body(unsigned t, int n) {
  float x = static_cast<float>(t) * 0.5f;
  for (int i = 0; i < n; ++i) x = x * 1.0001f + 0.5f;
  return x;
}

__global__ void Fma(float* out, int n) {
  const unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  out[g] = Body(g, n);
}

__global__ void Syncs(int* out) {
  int v = 0;
  for (int i = 0; i < kSyncs; ++i) {
    __syncthreads();
    ++v;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

template <class F>
double Best(int reps, F f) {
  double best = 1e30;
  for (int r = 0; r < reps; ++r) {
    const double t0 = CpuNs();
    f();
    const double ns = CpuNs() - t0;
    if (ns < best) best = ns;
  }
  return best;
}

int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "shfl";
  const int reps = argc > 3 ? std::atoi(argv[3]) : 3;
  const int threads = kBlocks * kThreads;
  void* out = nullptr;
  cudaMallocManaged(&out, sizeof(float) * threads);
  if (std::strcmp(mode, "shfl") == 0) {
    const double ns = Best(reps, [&] {
      Shuffles<<<kBlocks, kThreads>>>(static_cast<int*>(out));
      cudaDeviceSynchronize();
    });
    for (int i = 0; i < threads; ++i) {
      if (static_cast<int*>(out)[i] != i % kThreads + kShuffles) return std::printf("wrong result\n"), 1;
    }
    std::printf("warpsafe ns_per_lane_shuffle %.2f\n", ns / (double(threads) * kShuffles));
  } else if (std::strcmp(mode, "fma") == 0) {
    const int n = argc > 2 ? std::atoi(argv[2]) : 16;
    const double ns = Best(reps, [&] {
      Fma<<<kBlocks, kThreads>>>(static_cast<float*>(out), n);
      cudaDeviceSynchronize();
    });
    std::vector<float> plain(threads);
    volatile float sink = 0;
    const double plain_ns = Best(reps * 3, [&] {
      for (int g = 0; g < threads; ++g) plain[g] = Body(static_cast<unsigned>(g), n);
      sink = plain[threads - 1];
    });
    if (std::memcmp(plain.data(), out, sizeof(float) * threads) != 0) return std::printf("wrong result\n"), 1;
    std::printf("fma%d ns_per_thread engine %.2f plain %.2f ratio %.3f\n", n, ns / threads, plain_ns / threads,
                ns / plain_ns);
  } else {
    const double ns = Best(reps, [&] {
      Syncs<<<kBlocks, kThreads>>>(static_cast<int*>(out));
      cudaDeviceSynchronize();
    });
    std::printf("sync ns_per_thread_barrier %.2f\n", ns / (double(threads) * kSyncs));
  }
  cudaFree(out);
  return 0;
}
