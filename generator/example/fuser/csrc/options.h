// Demo tree for the nvFuser handbook: a cut-down options header in the shape
// of nvFuser's csrc/options.h. Written for the handbook; not nvFuser code.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace nvfuser {

//! Things that can be printed while a fusion is compiled and run
//!
//! These can be set through the `NVFUSER_DUMP` environment variable
//!
enum class DebugDumpOption : std::uint8_t {
  FusionIr, //!< Print the fusion right before it is lowered to a kernel
  FusionIrPreseg, //!< Print the fusion once the pre-segmentation passes have
                  //!< run, before it is split into segments
  CudaKernel, //!< Print the CUDA source generated for each kernel
  LaunchParam, //! Print grid, block and shared memory sizes at launch
  PreSegmenterLogging,
  // Chatty; prefer pre_segmenter_logging when only the passes matter.
  FusionSegmenterLog, // Log every merge the segmenter tries and why it
                      // accepted or refused it
  EndOfOption //! Number of options above, not an option itself
};

//! Features that are off unless asked for
//!
//! These can be set through the `NVFUSER_ENABLE` environment variable
//!
enum class EnableOption : std::uint8_t {
  KernelProfile, //! Time regions inside generated kernels
  // TODO(handbook): split into line info and debug info
  KernelLineInfo, //! Keep source line tables in compiled kernels
  //! Let matmul and linear ops join a fusion instead of running in ATen
  FuseMatmul,
  EndOfOption //! Number of options above, not an option itself
};

//! Features that are on unless turned off
//!
//! These can be set through the `NVFUSER_DISABLE` environment variable
//!
enum class DisableOption : std::uint8_t {
  Fallback, //! Raise instead of running the fusion eagerly when compiling fails
  ParallelCompile, //! Compile the segments of a fusion one after another
  MagicZero, //! Leave out the magic-zero term that keeps loops from unrolling
             //! too eagerly
  ExprSimplify, //! Skip the index expression simplifier
  EndOfOption //! Number of options above, not an option itself
};

//! Settings of the fusion profiler. Any of them switches the profiler on.
//!
//! These can be set through the `NVFUSER_PROF` environment variable
//!
enum class ProfilerOption : std::uint8_t {
  Enable, //! Collect a profile without printing it
  Print, //! Collect a profile and print a summary when the fusion finishes
  PrintVerbose, //! Like print, with every column; needs a wide terminal
  EndOfOption //! Number of options above, not an option itself
};

//! Holds the options of one family, with their arguments
template <typename OptionEnum>
class Options {
 public:
  Options() : options_(getOptionsFromEnv()) {}

  bool has(OptionEnum option) const {
    std::lock_guard<std::mutex> lock(mutex_);
    return options_.count(option) > 0;
  }

  static std::unordered_map<OptionEnum, std::vector<std::string>>
  getOptionsFromEnv();

 private:
  std::unordered_map<OptionEnum, std::vector<std::string>> options_;
  mutable std::mutex mutex_;
};

//! Gives access to the options currently in force
template <typename OptionEnum>
class OptionsGuard {
 public:
  static Options<OptionEnum>& getCurOptions();
};

using ProfilerOptionsGuard = OptionsGuard<ProfilerOption>;

bool isDebugDumpEnabled(DebugDumpOption option);
bool isOptionEnabled(EnableOption option);
bool isOptionDisabled(DisableOption option);

//! Reads NVFUSER_<name> from the environment
const char* getNvFuserEnv(const char* name);

} // namespace nvfuser
