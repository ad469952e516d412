// A function whose check prints its parameter pack, and a macro handing
// its arguments to it with the place it was used.
struct Lowering {
  template <typename... Args>
  void validate(bool condition, Args... args) {
    std::string message = to_str(args...);
    NVF_ERROR(condition, message);
  }
};

#define FIXTURE_VALIDATE(cond, ...) \
  current()->validate(              \
      cond, "Checked at " STRINGIZE(__FILE__) ":" STRINGIZE(__LINE__) " ", __VA_ARGS__);
