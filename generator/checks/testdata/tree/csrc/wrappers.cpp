// Wrapper macros used where they raise.
#include "lower.h"
#include "safe_call.h"

namespace fixture {

#define GROUPED_CHECK(on_failure, condition, ...) \
  do {                                            \
    if (on_failure) {                             \
      NVF_CHECK(condition, ##__VA_ARGS__);        \
    } else if (!(condition)) {                    \
      return false;                               \
    }                                             \
  } while (0)

bool grouped(int a, int b, bool error) {
  GROUPED_CHECK(error, a == b, "grouped sizes differ: ", a, " and ", b);
  GROUPED_CHECK(
      error,
      a  >  0);
  return true;
}

int launch(int program) {
  FIXTURE_SAFE_CALL(compileProgram(&program, "kernel.cu"));
  return program;
}

void lowerIt(int extent) {
  FIXTURE_VALIDATE(extent % 8 == 0, "extent must divide by 8, got ", extent);
}

#define DEFINE_ACCESSOR(type, field)       \
  type& field##Ref() {                     \
    NVF_ERROR(has##type(), "no " #field); \
    return *field##_;                      \
  }

class Holder {
 public:
  DEFINE_ACCESSOR(Graph, graph)
};

} // namespace fixture
