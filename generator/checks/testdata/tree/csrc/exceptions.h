// Written for the tests: the checking macros' own file. Its bodies build
// checks; they raise none.
#define STRINGIZE_IMPL(x) #x
#define STRINGIZE(x) STRINGIZE_IMPL(x)
#define NVF_ERROR(cond, ...) \
  if (!(cond)) nvfErrorFail(__func__, __FILE__, __LINE__, #cond, ##__VA_ARGS__)
#define NVF_ERROR_COMPARE(lhs, op, rhs, ...) \
  NVF_ERROR((lhs)op(rhs), "Found ", lhs, " vs ", rhs, ". ", ##__VA_ARGS__)
#define NVF_ERROR_EQ(lhs, rhs, ...) NVF_ERROR_COMPARE(lhs, ==, rhs, ##__VA_ARGS__)
