// A while node whose body never sets its handle to zero: on a GPU it loops forever; the engine
// reports a hang at the node's line once the body has run for --hang-seconds (GRAPH-COND-6).
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 --hang-seconds 1 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: no progress (hang)
// CHECK-NEXT:   in graph launch, while node
// CHECK-NEXT:   at [[FILE]]:[[@LINE+26]]: the while node made here has not ended
// CHECK-NEXT:   its body has run {{[1-9][0-9]*}} times in 1 s (--hang-seconds) and its handle is still non-zero (1): {{.*}} GRAPH-COND-6)
// CHECK-NEXT:   replay: {{.*}}
// CHECK-NOT:  {{.}}

#include <cstdio>

// Meant to count down and stop the loop at zero, but it sets the handle to 1 every time.
__global__ void Step(int* counter, cudaGraphConditionalHandle h) {
  --*counter;
  cudaGraphSetConditional(h, 1);
}

int main() {
  int* counter;
  cudaMallocManaged(&counter, sizeof(int));
  *counter = 10;
  cudaGraph_t g;
  cudaGraphCreate(&g, 0);
  cudaGraphConditionalHandle h;
  cudaGraphConditionalHandleCreate(&h, g, 1, cudaGraphCondAssignDefault);
  cudaGraphNodeParams c = {cudaGraphNodeTypeConditional};
  c.conditional.handle = h;
  c.conditional.type = cudaGraphCondTypeWhile;
  c.conditional.size = 1;
  cudaGraphNode_t loop;
  cudaGraphAddNode(&loop, g, nullptr, nullptr, 0, &c);
  cudaGraphNodeParams k = {cudaGraphNodeTypeKernel};
  void* args[] = {&counter, &h};
  k.kernel.func = (void*)Step;
  k.kernel.gridDim = dim3(1);
  k.kernel.blockDim = dim3(1);
  k.kernel.kernelParams = args;
  cudaGraphNode_t step;
  cudaGraphAddNode(&step, c.conditional.phGraph_out[0], nullptr, nullptr, 0, &k);
  cudaGraphExec_t e;
  cudaGraphInstantiate(&e, g, 0);
  cudaGraphLaunch(e, 0);
  cudaDeviceSynchronize();
  std::printf("the loop ended\n");
  return 0;
}
