// Demo tree for the nvFuser handbook: the steps before and during
// segmentation that print what they do. Written for the handbook; not
// nvFuser code.
#include <options.h>

#include <iostream>
#include <string>

namespace nvfuser {

struct Fusion {
  std::string text;
};

void simplifyIndices(Fusion& fusion) {
  if (isOptionDisabled(DisableOption::ExprSimplify)) {
    return;
  }
  // ... rewrite index expressions; MagicZero guards are added later:
  if (!isOptionDisabled(DisableOption::MagicZero)) {
    fusion.text += "\n// magic zero inserted";
  }
}

void runPreSegmenterPasses(Fusion& fusion) {
  if (isDebugDumpEnabled(DebugDumpOption::PreSegmenterLogging)) {
    std::cout << "pre-segmenter passes starting" << std::endl;
  }
  simplifyIndices(fusion);
}

bool tryMerge(const std::string& a, const std::string& b, bool is_matmul) {
  if (is_matmul && !isOptionEnabled(EnableOption::FuseMatmul)) {
    return false;
  }
  const bool ok = a.size() + b.size() < 1000;
  if (isDebugDumpEnabled(DebugDumpOption::FusionSegmenterLog)) {
    std::cout << "merge " << a << " + " << b << (ok ? ": yes" : ": no")
              << std::endl;
  }
  return ok;
}

void lowerSegment(const Fusion& fusion) {
  if (isDebugDumpEnabled(
          DebugDumpOption::FusionIr)) {
    std::cout << fusion.text << std::endl;
  }
}

} // namespace nvfuser
