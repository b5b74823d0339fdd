// The order a launched graph runs its nodes in (engine/src/graph/exec.cpp): always one that
// respects every dependency; under lockstep the creation order among ready nodes, under the other
// schedules a seeded choice, so independent nodes run in different orders from launch to launch.
// Run with argument "lockstep" under --schedule lockstep, without it under a random schedule.
// RUN: %warpsafe run %s --schedule lockstep -- lockstep 2>&1 | FileCheck %s --check-prefix=LOCKSTEP
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | FileCheck %s --check-prefix=RANDOM
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s --check-prefix=RANDOM
// LOCKSTEP-NOT: {{.}}
// LOCKSTEP:     node order: ok (1 orders)
// LOCKSTEP-NOT: {{.}}
// RANDOM-NOT:   {{.}}
// RANDOM:       node order: ok ({{[2-9]|[1-3][0-9]|40}} orders)
// RANDOM-NOT:   {{.}}

#include <cstdio>
#include <cstring>
#include <set>
#include <string>

static std::string g_log;
static void Mark(void* letter) { g_log += *static_cast<const char*>(letter); }

int main(int argc, char** argv) {
  const bool lockstep = argc > 1 && std::strcmp(argv[1], "lockstep") == 0;
  static const char letters[] = "abcdz";
  // a, b, c, d independent; z after all four.
  cudaGraph_t g;
  cudaGraphCreate(&g, 0);
  cudaGraphNode_t nodes[4], last;
  for (int i = 0; i < 4; ++i) {
    cudaHostNodeParams p = {Mark, const_cast<char*>(&letters[i])};
    cudaGraphAddHostNode(&nodes[i], g, nullptr, 0, &p);
  }
  cudaHostNodeParams p = {Mark, const_cast<char*>(&letters[4])};
  cudaGraphAddHostNode(&last, g, nodes, 4, &p);
  cudaGraphExec_t exec;
  cudaGraphInstantiate(&exec, g, 0);
  std::set<std::string> orders;
  bool respects = true;
  for (int launch = 0; launch < 40; ++launch) {
    g_log.clear();
    if (cudaGraphLaunch(exec, 0) != cudaSuccess) respects = false;
    respects = respects && g_log.size() == 5 && g_log.back() == 'z';
    orders.insert(g_log);
  }
  const bool ok = respects && (lockstep ? orders.size() == 1 && *orders.begin() == "abcdz" : orders.size() > 1);
  std::printf("node order: %s (%zu orders)\n", ok ? "ok" : "wrong", orders.size());
  return ok ? 0 : 1;
}
