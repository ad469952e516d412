// Demo tree for the nvFuser handbook: the option tables, in the shapes
// nvFuser's csrc/options.cpp uses. Written for the handbook; not nvFuser code.
#include <options.h>

#include <cstdlib>
#include <stdexcept>
#include <string>

namespace nvfuser {

const char* getNvFuserEnv(const char* name) {
  const std::string full = std::string("NVFUSER_") + name;
  return std::getenv(full.c_str());
}

namespace {

// Splits the comma-separated value of NVFUSER_<env> into options, each with
// an optional "(arg,arg)" list, and rejects names the table does not know.
template <typename OptionEnum>
std::unordered_map<OptionEnum, std::vector<std::string>> parseEnvOptions(
    const char* env,
    const std::unordered_map<std::string, OptionEnum>& known) {
  std::unordered_map<OptionEnum, std::vector<std::string>> chosen;
  const char* value = getNvFuserEnv(env);
  if (value == nullptr) {
    return chosen;
  }
  std::string rest(value);
  while (!rest.empty()) {
    const size_t cut = rest.find_first_of(",(");
    const std::string name = rest.substr(0, cut);
    auto it = known.find(name);
    if (it == known.end()) {
      throw std::invalid_argument("unknown option '" + name + "' in " + env);
    }
    std::vector<std::string> args;
    size_t next = cut;
    if (cut != std::string::npos && rest[cut] == '(') {
      const size_t close = rest.find(')', cut);
      if (close == std::string::npos) {
        throw std::invalid_argument("missing ')' in " + std::string(env));
      }
      std::string list = rest.substr(cut + 1, close - cut - 1);
      for (size_t comma; (comma = list.find(',')) != std::string::npos;) {
        args.push_back(list.substr(0, comma));
        list.erase(0, comma + 1);
      }
      args.push_back(list);
      next = close + 1;
    }
    chosen[it->second] = args;
    rest = next < rest.size() ? rest.substr(next + 1) : "";
  }
  return chosen;
}

} // namespace

// Dump options: the table lives in the function that parses it.
template <>
std::unordered_map<DebugDumpOption, std::vector<std::string>> Options<
    DebugDumpOption>::getOptionsFromEnv() {
  const std::unordered_map<std::string, DebugDumpOption> available_options = {
      {"fusion_ir", DebugDumpOption::FusionIr},
      {"fusion_ir_preseg", DebugDumpOption::FusionIrPreseg},
      {"cuda_kernel", DebugDumpOption::CudaKernel},
      {"launch_param", DebugDumpOption::LaunchParam},
      {"pre_segmenter_logging", DebugDumpOption::PreSegmenterLogging},
      {"segmenter_logging", DebugDumpOption::FusionSegmenterLog}};

  return parseEnvOptions("DUMP", available_options);
}

// Enable and disable options: the tables sit in getters so that other code
// can turn a name into an enumerator too.
const std::unordered_map<std::string, EnableOption>& getEnableOptions() {
  static const std::unordered_map<std::string, EnableOption> available_options =
      {
          {"kernel_profile", EnableOption::KernelProfile},
          {"kernel_lineinfo", EnableOption::KernelLineInfo},
          {"fuse_matmul", EnableOption::FuseMatmul},
      };
  return available_options;
}

template <>
std::unordered_map<EnableOption, std::vector<std::string>> Options<
    EnableOption>::getOptionsFromEnv() {
  const auto& available_options = getEnableOptions();
  return parseEnvOptions("ENABLE", available_options);
}

const std::unordered_map<std::string, DisableOption>& getDisableOptions() {
  static const std::unordered_map<std::string, DisableOption>
      available_options = {
          {"fallback", DisableOption::Fallback},
          {"parallel_compile",
           DisableOption::ParallelCompile},
          {"magic_zero", DisableOption::MagicZero},
          {"expr_simplify", DisableOption::ExprSimplify}};
  return available_options;
}

template <>
std::unordered_map<DisableOption, std::vector<std::string>> Options<
    DisableOption>::getOptionsFromEnv() {
  const auto& available_options = getDisableOptions();
  return parseEnvOptions("DISABLE", available_options);
}

template <>
std::unordered_map<ProfilerOption, std::vector<std::string>> Options<
    ProfilerOption>::getOptionsFromEnv() {
  const std::unordered_map<std::string, ProfilerOption> available_options = {
      {"enable", ProfilerOption::Enable},
      {"print", ProfilerOption::Print},
      {"print.verbose", ProfilerOption::PrintVerbose},
  };
  return parseEnvOptions("PROF", available_options);
}

template <typename OptionEnum>
Options<OptionEnum>& OptionsGuard<OptionEnum>::getCurOptions() {
  static Options<OptionEnum> current;
  return current;
}

bool isDebugDumpEnabled(DebugDumpOption option) {
  return OptionsGuard<DebugDumpOption>::getCurOptions().has(option);
}

bool isOptionEnabled(EnableOption option) {
  return OptionsGuard<EnableOption>::getCurOptions().has(option);
}

bool isOptionDisabled(DisableOption option) {
  return OptionsGuard<DisableOption>::getCurOptions().has(option);
}

} // namespace nvfuser
