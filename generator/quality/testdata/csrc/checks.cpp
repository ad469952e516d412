// Written for the tests: one check per finding of the quality report, and
// checks that must not be reported.
namespace fixture {

void literal(int protocol) {
  NVF_ERROR("Invalid protocol: ", protocol);
  NVF_CHECK(true);
  NVF_ERROR(1, "always");
}

void unreachable(int kind) {
  NVF_ERROR(false, "unknown kind ", kind);
  NVF_THROW("unknown kind, thrown ", kind);
}

void silent(Val* v, int a) {
  NVF_ERROR(v->isConst());
  NVF_ERROR(a == 3);
}

void compare(int64_t size, int64_t rank, Val* tv) {
  NVF_ERROR(size == rank, "sizes differ");
  NVF_CHECK(size < rank, "size ", size, " must be below ", rank);
  NVF_ERROR(tv != nullptr, "no tensor");
  NVF_ERROR_EQ(size, rank, "sizes differ");
}

void first(int x) {
  NVF_ERROR(x > 0, "Tensor op can not be printed: ", x);
}

void second(int y) {
  NVF_ERROR(y > 0, "Tensor op can not be printed: ", y);
}

void same(int z) {
  NVF_CHECK(z > 0, "Only one function says this");
  NVF_CHECK(z < 9, "Only one function says this");
}

void advice(bool ok) {
  NVF_CHECK(ok, "Set NVFUSER_OLD_KNOB=1 to work around it");
  NVF_CHECK(ok, "Try NVFUSER_DISABLE=gone_option or NVFUSER_DISABLE=parallel_compile");
  NVF_CHECK(ok, "Or NVFUSER_DISABLE=unused_knob");
}

} // namespace fixture
