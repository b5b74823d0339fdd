// Test helper: rewrites a .cu snippet with the front end's RewriteCuda and prefixes the stub
// engine instead of <cuda_runtime.h>, so the rewritten code can be compiled into a unit test.
//   warpsafe_rewrite_snippet IN.cu OUT.cpp
#include <fstream>
#include <iostream>
#include <sstream>

#include "frontend/include_inliner.h"
#include "frontend/translate.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: warpsafe_rewrite_snippet IN.cu OUT.cpp\n";
    return 64;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  std::ofstream out(argv[2], std::ios::binary);
  out << "#include \"stub_engine.h\"\n#line 1 \"" << warpsafe::frontend::EscapePath(argv[1]) << "\"\n"
      << warpsafe::frontend::RewriteCuda(s.str(), false, /*register_kernels=*/true);
  return out ? 0 : 1;
}
