// Function names as nvFuser prints them.
namespace fixture {

#define DEFINE_IS_OP(name, kind) \
  bool name(int v) {             \
    return isOp(kind, v);        \
  }

DEFINE_IS_OP(isfinite, 1)
DEFINE_IS_OP(isnan, 2)
#undef DEFINE_IS_OP

namespace {
int overloads(int v) {
  NVF_ERROR(v != 0, "overloads got zero");
  return v;
}
} // namespace

auto table = makeTable([](int row) -> std::array<int, 3> {
  NVF_CHECK(row >= 0, "negative row ", row);
  return {row, row, row};
});

void visit(std::vector<int> rows) {
  auto pick = [&](int i) -> const int& {
    NVF_ERROR_EQ(i, 0, "only the first row");
    return rows[i];
  };
}

struct Bitmap {
  bool operator[](int pos) const {
    NVF_ERROR(pos < 8, "bad index into the bitmap");
    return bits_ & (1 << pos);
  }
  int bits_;
};

void named(const std::string& name = "") {}

const int& field(const std::string& name) {
  NVF_THROW("Field ", name, " not found in the struct");
}

void printed(Fusion* fusion) {
  std::stringstream ss;
  ss << "Fusion before:";
  IrPrinter printer(ss);
  ss << " end of fusion";
  NVF_ERROR(false, ss.str());
}

} // namespace fixture
