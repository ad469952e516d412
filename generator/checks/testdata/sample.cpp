// A file written for the tests: every shape the extractor must read.
#include "exceptions.h"
#define NVF_FAKE(cond, ...) NVF_THROW("Expected " #cond, ##__VA_ARGS__)
#define CHECK_POSITIVE(x) NVF_CHECK(x > 0, "value must be positive: ", x)

namespace nvfuser {

// NVF_ERROR(false, "in a comment: not a check");
/* NVF_CHECK(false, "nor in a block comment") */

void plain(int a, int b) {
  NVF_ERROR(a == b, "a and b differ: ", a, " vs ", b);
  NVF_CHECK(
      a  >   0 &&
          /* a comment */ b > 0,
      "both must be "
      "positive, got ",
      a);
  const char* s = "NVF_ERROR(false, \"inside a string\")";
}

template <typename T, typename H = std::hash<T>>
class Holder : public Base {
 public:
  Holder(int x) : Base(x), value_{x}, other_(f(x)) {
    NVF_ERROR_EQ(value_, x, "holder got ", x);
  }
  ~Holder() {
    NVF_ERROR(value_ != 0);
  }
  bool operator==(const Holder& o) const {
    NVF_CHECK_GE(o.value_, 0);
    return value_ == o.value_;
  }
  auto lambda() {
    return [this](int y) mutable -> int {
      NVF_THROW("unreachable in \"lambda\" (", y, ")");
    };
  }

 private:
  int value_;
};

int Holder<int>::count(std::vector<int> v = {}) {
  if (v.empty()) {
    struct Local {
      void visit() {
        TORCH_WARN("local ", R"raw(text with "quotes" and ) parens)raw");
      }
    };
  }
  if (bind((struct sockaddr*)&v) < 0) {
    NVF_ERROR(false, "after a cast");
  }
  return 0;
}

} // namespace nvfuser

void streamed(int v) {
  std::stringstream ss;
  ss << "value " << v << " is not valid.\n";
  ss << "Try again.";
  NVF_ERROR(false, ss.str());
}

void held(bool ok) {
  std::string err_str(
      "Error during replay, "
      "a conflict.");
  NVF_ERROR(ok, err_str);
}
