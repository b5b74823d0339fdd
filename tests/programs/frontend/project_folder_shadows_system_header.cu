// A project's folder is searched for the project's own quoted includes only: a system header's quoted
// include (Boost names its platform header "boost/config/platform/linux.hpp") must find the system's
// file even when the project's folder holds a file of that path, as with nvcc. The main file's quoted
// include and a translated host file's are still found beside them.
// RUN: %warpsafe run %S/Inputs/project_shadows_boost/main.cu %S/Inputs/project_shadows_boost/host.cpp 2>&1 | FileCheck %s
// RUN: cd %S/Inputs/project_shadows_boost && %warpsafe run main.cu host.cpp 2>&1 | FileCheck %s
// A host file that defines main is translated and compiled elsewhere: its quoted includes keep working.
// RUN: %warpsafe run %S/Inputs/project_shadows_boost/host_main.cpp %S/Inputs/project_shadows_boost/kernels.cu 2>&1 | FileCheck %s --check-prefix=HOSTMAIN
// CHECK:     out[31] = 73, host half 21
// CHECK-NOT: {{.}}
// HOSTMAIN:     kernel wrote 43
// HOSTMAIN-NOT: {{.}}
