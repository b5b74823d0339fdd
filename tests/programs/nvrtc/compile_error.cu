// Source that does not compile: nvrtcCompileProgram returns NVRTC_ERROR_COMPILATION, the log holds
// the compiler's message naming the program by the name it was given, and the program has no
// image (NVRTC-1, NVRTC-2).
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
#include <nvrtc.h>

#include <cstdio>
#include <string>

static const char* kSource =
    "extern \"C\" __global__ void broken(float* out) {\n"
    "  out[threadIdx.x] = undeclared_value;\n"
    "}\n";

int main() {
  nvrtcProgram prog;
  if (nvrtcCreateProgram(&prog, kSource, "kernels/broken.cu", 0, nullptr, nullptr) != NVRTC_SUCCESS) return 1;
  const nvrtcResult r = nvrtcCompileProgram(prog, 0, nullptr);
  std::printf("compile: %s\n", nvrtcGetErrorString(r));
  size_t size = 0;
  nvrtcGetProgramLogSize(prog, &size);
  std::string log(size, '\0');
  nvrtcGetProgramLog(prog, &log[0]);
  std::printf("log ends with NUL: %s\n", log.back() == '\0' ? "yes" : "no");
  std::printf("--- log\n%s--- end\n", log.c_str());
  std::printf("image: %s\n", nvrtcGetErrorString(nvrtcGetPTXSize(prog, &size)));
  nvrtcDestroyProgram(&prog);
  return r == NVRTC_ERROR_COMPILATION ? 0 : 1;
}

// CHECK:      compile: NVRTC_ERROR_COMPILATION
// CHECK-NEXT: log ends with NUL: yes
// CHECK-NEXT: --- log
// CHECK:      kernels/broken.cu:2:{{[0-9]+}}: error: {{.*}}undeclared_value{{.*}}
// CHECK-NOT:  /warpsafe-nvrtc-
// CHECK:      --- end
// CHECK-NEXT: image: NVRTC_ERROR_INVALID_PROGRAM
// CHECK-NOT:  {{.}}
