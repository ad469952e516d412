// Demo tree for the nvFuser handbook: how many compiler threads to use, and
// what to do when compiling a segment fails. Written for the handbook; not
// nvFuser code.
#include <options.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <stdexcept>
#include <thread>
#include <vector>

namespace nvfuser {

int compileThreads() {
  const char* requested = getNvFuserEnv("NUM_THREADS");
  if (requested == nullptr) {
    return 8;
  }
  const int hw = static_cast<int>(std::thread::hardware_concurrency());
  return std::clamp(std::atoi(requested), 1, std::max(hw, 1));
}

void compileSegments(const std::vector<std::function<void()>>& jobs) {
  if (isOptionDisabled(DisableOption::ParallelCompile) || jobs.size() < 2) {
    for (const auto& job : jobs) {
      job();
    }
    return;
  }
  std::vector<std::thread> workers;
  for (const auto& job : jobs) {
    workers.emplace_back(job);
  }
  for (auto& w : workers) {
    w.join();
  }
}

// Decides whether a failed compilation may fall back to eager execution.
bool mayFallBack() {
  // The older variable still works, next to the option.
  if (getNvFuserEnv("DISABLE_FALLBACK") != nullptr) {
    return false;
  }
  return !isOptionDisabled(DisableOption::Fallback);
}

// Reports segments that failed to compile on the worker threads. To
// compile them one at a time, see
// https://nvfuser-handbook.example/options/disable/parallel_compile/
void reportCompileErrors(const std::vector<std::string>& errors) {
  if (errors.size() > 8) {
    TORCH_WARN_ONCE(
        "Many segments failed; set NVFUSER_NUM_THREADS=1 to compile them ",
        "one at a time.");
  }
  NVF_ERROR(
      errors.empty(),
      "Compiling ",
      errors.size(),
      " segment(s) in parallel failed.\n",
      "Use NVFUSER_DISABLE=parallel_compile to see the first error alone.");
}

} // namespace nvfuser
