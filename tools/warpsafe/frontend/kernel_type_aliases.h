// Each kernel's function type under a name of its own, so that `&kernel` resolves to the kernel
// however many other functions share its name.
//
// A launch takes the kernel's address (LaunchSpec::kernel_key) and the registration after its
// definition takes it too (kernel_registration.h). `&fill` alone is ambiguous when the name is
// overloaded with functions that are not kernels: `std::fill` in a program with
// `using namespace std`, or a host function of the same name. nvcc resolves the launch as a call
// (the lambda the launch becomes does the same), and the address needs a target type: before each
// unqualified namespace-scope declaration of a kernel that KernelIndex finds unique (one
// non-template kernel of that name) the front end declares, on the same line,
//
//   using warpsafe_kernel_type_fill = void(float* out, int n, float value);
//
// (its parameters as declared, default arguments dropped; a redeclaration names the same type),
// and takes the address as `static_cast<warpsafe_kernel_type_fill*>(&fill)`, qualified as the
// callee is; an unqualified callee declared in a namespace gets the alias by its full name, since
// `using lib::fill;` brings the kernel's name into scope but not its alias's. Where no alias precedes the use (a kernel declared only in a class or a function),
// the address is taken plainly, as before.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "kernel_index.h"
#include "source_edit.h"
#include "tokenizer.h"

namespace warpsafe::frontend {

class KernelTypeAliases {
 public:
  // Scans the unit's kernel declarations; the alias declarations go to `edits`.
  static KernelTypeAliases Build(const TokenStream& ts, const KernelIndex& kernels, std::vector<Edit>* edits);
  // The address of the kernel `callee` (as written, qualification included; its last name `name`)
  // as an expression of function pointer type, for a use at source offset `offset`.
  std::string AddressOf(const std::string& callee, const std::string& name, std::size_t offset) const;

 private:
  struct Declared {
    std::size_t offset;  // of its first alias
    std::string path;    // the enclosing named namespaces, `a::b::`, empty at file scope
  };
  std::map<std::string, Declared> declared_at_;  // by the kernel's name
};

}  // namespace warpsafe::frontend
