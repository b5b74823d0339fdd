// warpsafe/engine/parameter_layout.h: the message of a launch whose parameters the two passes lay
// out differently. It is not a defect report of the program's execution (no thread has run, and
// nothing would replay it): the program cannot be compiled into what CUDA runs, so it ends with the
// compile error's status, naming the launch's line, the parameter and both layouts.

#include <string>

#include "report/report.h"
#include "report/user_frames.h"
#include "sched/progress.h"
#include "warpsafe/engine/parameter_layout.h"

namespace warpsafe::engine {
namespace {

std::string Layout(std::uint32_t size, std::uint32_t align) {
  return std::to_string(size) + (size == 1 ? " byte" : " bytes") + " aligned to " + std::to_string(align);
}

}  // namespace

void ReportParameterLayoutMismatch(const LaunchSpec& spec, const ParameterLayoutHead& head,
                                   const ParameterLayoutEntry& host) {
  std::string kernel = spec.kernel_name != nullptr ? spec.kernel_name : "a kernel";
  // A library's launch (Thrust's, CUB's) is named at the user's call that led to it, the library's
  // line kept as a note.
  Site site = spec.site;
  if (!IsUserFile(site.file) && CallerSite(&site)) kernel += " (in " + FormatSite(spec.site) + ")";
  const std::string text =
      "warpsafe: " + FormatSite(site) + ": the launch of " + kernel + " passes argument " +
      std::to_string(head.first_mismatch) + " of " + std::to_string(head.count) + " as " +
      Layout(host.size, host.align) + " (host code), but the kernel's device code reads it as " +
      Layout(head.device_size, head.device_align) + "\n" +
      "  the argument's type is laid out differently with and without __CUDA_ARCH__ (a member declared,\n"
      "  or a lambda capture used, only on one side); CUDA requires a kernel's parameter types to be\n"
      "  the same in host and device code\n";
  ProgressErase();
  WriteAndExit(text, kExitCompileError);
}

}  // namespace warpsafe::engine
