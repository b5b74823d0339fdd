// What the translation unit declares as `__global__`, so that a launch can take the kernel's
// address for LaunchSpec::kernel_key. Taking the address must never turn a valid program into one
// that does not compile, so the index only answers "yes" when `&name` is unambiguous.
#pragma once

#include <map>
#include <set>
#include <string>

#include "tokenizer.h"

namespace warpsafe::frontend {

class KernelIndex {
 public:
  // Scans every `__global__` outside directives.
  static KernelIndex Build(const TokenStream& ts);

  // `&name` names exactly one non-template kernel: declared only as non-template kernels, all with
  // the same parameter types (a declaration and its definition), and never as a template.
  bool IsUniqueNonTemplate(const std::string& name) const;
  // `&name<args...>` with `explicit_args` explicit template arguments needs no deduction from the
  // call arguments, as far as the TU's declarations of that template show (unknown names: true).
  bool ExplicitArgsSuffice(const std::string& name, int explicit_args) const;

 private:
  std::map<std::string, std::set<std::string>> plain_;  // name -> normalized parameter lists
  std::map<std::string, int> template_required_;       // name -> most template params without default
  std::set<std::string> template_with_pack_;
  std::set<std::string> templates_;
};

}  // namespace warpsafe::frontend
