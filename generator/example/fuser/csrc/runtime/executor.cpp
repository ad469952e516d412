// Demo tree for the nvFuser handbook: a sketch of kernel compilation and
// launch that consults the dump, enable and profiler options. Written for
// the handbook; not nvFuser code.
#include <options.h>

#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

namespace nvfuser {

struct LaunchParams {
  int grid = 1;
  int block = 128;
  int smem = 0;
};

std::vector<std::string> compileFlags() {
  std::vector<std::string> flags = {"--std=c++17"};
  // The ptxas optimisation level can be pinned for debugging.
  if (const char* level = getNvFuserEnv("JIT_OPT_LEVEL")) {
    const int opt = std::atoi(level);
    if (opt >= 0 && opt <= 4) {
      flags.push_back("-Xptxas=-O" + std::to_string(opt));
    } else {
      TORCH_WARN_ONCE("JIT_OPT_LEVEL takes 0 to 4, not ", opt, "; ignored");
    }
  }
  if (isOptionEnabled(EnableOption::KernelLineInfo)) {
    flags.emplace_back("-lineinfo");
  }
  if (isOptionEnabled(EnableOption::KernelProfile)) {
    flags.emplace_back("-DNVFUSER_DEMO_PROFILE_REGIONS");
  }
  return flags;
}

void compileKernel(const std::string& source) {
  if (isDebugDumpEnabled(DebugDumpOption::CudaKernel)) {
    std::cout << "// generated kernel\n" << source << std::endl;
  }
  const auto flags = compileFlags();
  (void)flags; // handed to NVRTC in the real thing
}

void launchKernel(const LaunchParams& params) {
  if (isDebugDumpEnabled(DebugDumpOption::LaunchParam)) {
    std::cout << "grid " << params.grid << " block " << params.block
              << " smem " << params.smem << std::endl;
  }
  auto& prof = ProfilerOptionsGuard::getCurOptions();
  const bool profiling = prof.has(ProfilerOption::Enable) ||
      prof.has(ProfilerOption::Print) ||
      prof.has(ProfilerOption::PrintVerbose);
  if (profiling && prof.has(ProfilerOption::PrintVerbose)) {
    std::cout << "profile: all columns" << std::endl;
  }
}

} // namespace nvfuser
