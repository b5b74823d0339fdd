// Fails only when lane 3 is the first of lanes 0-7 to take a ticket: never under lockstep (lane 0
// runs first), about one random schedule in eight. A finding that a plain `warpsafe check` makes
// at a later schedule, for the tests of --shard and --jobs.
#include <stdio.h>

__global__ void TakeTickets(int* order, int* next) {
  if (threadIdx.x < 8) order[atomicAdd(next, 1)] = threadIdx.x;
}

int main() {
  int* order = nullptr;
  int* next = nullptr;
  cudaMallocManaged(&order, 8 * sizeof(int));
  cudaMallocManaged(&next, sizeof(int));
  *next = 0;
  TakeTickets<<<1, 32>>>(order, next);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  if (order[0] == 3) {
    printf("rare_order: lane 3 took the first ticket\n");
    return 1;
  }
  return 0;
}
