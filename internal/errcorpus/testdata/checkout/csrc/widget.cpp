// A made-up nvFuser-shaped file for the locator's tests. None of this is
// nvFuser's code; it has the shapes the locator must read.
#include <string>

#define CHECK_WIDGET_CALL(x)                  \
  do {                                        \
    int _r = x;                               \
    NVF_ERROR(_r == 0, "Widget call failed: ", \
              _r);                            \
  } while (false)

namespace nvfuser {

REGISTER_WIDGET_KIND(Round)

// NVF_ERROR(false, "a check in a comment is no check");
/* NVF_CHECK(false, "nor in a block comment"); */

Widget::Widget(int size, Kind kind)
    : size_(size), kind_{kind} {
  NVF_CHECK(size > 0, "Widget size must be positive, got ", size);
}

const char* describe() {
  return R"(NVF_THROW("inside a raw string"))";
}

#if defined(WIDGET_DEBUG)
int64_t Widget::area() const {
#else
int64_t Widget::area() const {
#endif
  NVF_ERROR_EQ(width_, height_, "Only square widgets have an area.");
  return width_ * height_;
}

void spinAll(std::vector<Widget>& ws) {
  std::for_each(ws.begin(), ws.end(), [&](Widget& w) {
    NVF_ERROR(
        w.spinning(),
        "Widget stopped "
        "spinning at speed ",
        w.speed());
  });
}

class Gadget {
 public:
  void handle(Widget* w) final {
    if (w == nullptr) {
      NVF_THROW("Gadget cannot handle a missing widget");
    }
  }
};

void buildReport(Widget& w) {
  std::string msg("Report could not be built for this widget");
  NVF_ERROR(w.ready(), msg);
  NVF_ERROR(w.parts() != nullptr);
}

void legacy(Widget& w) {
  TORCH_INTERNAL_ASSERT(w.ok(), "Legacy widget assert from older builds");
}

template <typename T, std::function<int*(T)> F>
int* pick(T x) {
  NVF_CHECK(x.valid(), "Picked widget must be valid");
  return F(x);
}

std::ostream& operator<<(std::ostream& os, const Widget& w) {
  NVF_ERROR(w.printable(), "Widget cannot be printed");
  return os;
}

Gizmo::Gizmo(Widget* w) : Base(w, {w->id()}) {
  NVF_CHECK(w != nullptr, "Gizmo needs a " "widget");
}

} // namespace nvfuser
