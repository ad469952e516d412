package csrcscan

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// accepts writes a rule as the tests spell it: "0..4 warning", "1.. user-check",
// "choices a|b throw".
func accepts(a model.Accepts) string {
	r := ""
	if a.Min != nil || a.Max != nil {
		lo, hi := "", ""
		if a.Min != nil {
			lo = fmt.Sprint(*a.Min)
		}
		if a.Max != nil {
			hi = fmt.Sprint(*a.Max)
		}
		r = lo + ".." + hi
	}
	if len(a.Choices) > 0 {
		r = "choices " + strings.Join(a.Choices, "|")
	}
	return r + " " + a.Kind + " @" + fmt.Sprint(a.At.Line) + " " + strings.Join(a.Pieces, "_")
}

// TestReadValue: the range or choices the checks on a read path accept,
// in the shapes nvFuser writes them, and nothing where the code states
// nothing checkable.
func TestReadValue(t *testing.T) {
	for _, tc := range []struct {
		name, src, want, def string
	}{
		{"if-else warns", `void f() {
  const char* s = getNvFuserEnv("A");
  if (s) {
    int v = atoi(s);
    if (v <= 4 && v >= 0) {
      if (v < 4) { TORCH_WARN("low ", v); }
    } else {
      TORCH_WARN_ONCE("range is 0 to 4, got ", v);
    }
  }
}`, "0..4 warning @5 range is 0 to 4, got _", ""},
		{"refused set", `void f() {
  auto s = getNvFuserEnv("A");
  int n = std::stoi(s);
  if (n < 1 || n > 32) {
    NVF_THROW("bad ", n);
  }
}`, "1..32 throw @4 bad _", ""},
		{"check with a run-time bound", `void f() {
  if (auto c = getNvFuserEnv("A")) {
    auto n = std::atoi(c);
    NVF_CHECK(n > 0 && n <= limit, "Invalid: ", n);
  }
}`, "1.. user-check @4 Invalid: _", ""},
		{"literal first", `void f() {
  const char* s = getNvFuserEnv("A");
  long n = atol(s);
  NVF_CHECK(0 <= n && 8 > n, "n");
}`, "0..7 user-check @4 n", ""},
		{"choices", `void f() {
  const char* s = getNvFuserEnv("A");
  if (strcmp(s, "fast") == 0 || std::string(s) == "slow" || s == "auto") {
    go();
  } else {
    NVF_THROW("unknown mode");
  }
}`, "choices fast|slow|auto throw @3 unknown mode", ""},
		{"choices refused", `void f() {
  const char* s = getNvFuserEnv("A");
  if (s != "x" && s != "y") { TORCH_WARN("ignored"); }
}`, "choices x|y warning @3 ignored", ""},
		{"mixed connectives state nothing", `void f() {
  const char* s = getNvFuserEnv("A");
  int v = atoi(s);
  if (v >= 0 && v <= 4 || v == 9) {} else { TORCH_WARN("x"); }
}`, "", ""},
		{"a bound only at run time states nothing", `void f() {
  const char* s = getNvFuserEnv("A");
  int v = atoi(s);
  NVF_CHECK(v <= limit, "x");
}`, "", ""},
		{"no message, no rule", `void f() {
  const char* s = getNvFuserEnv("A");
  int v = atoi(s);
  if (v >= 0) { use(v); }
}`, "", ""},
		{"ternary default", `bool f() {
  const char* e = getNvFuserEnv("A");
  bool off = e ? atoi(e) : false;
  return off;
}`, "", "false"},
		{"unset branch returns a named literal", `int f() {
  const char* s = getNvFuserEnv("A");
  if (s == nullptr) {
    constexpr int fallback = 8;
    return fallback;
  }
  return atoi(s);
}`, "", "8"},
		{"unset branch returns a literal", `int f() {
  auto s = getNvFuserEnv("A");
  if (!s) return 3;
  return atoi(s);
}`, "", "3"},
		{"a string returned is the function's, not the variable's", `std::string f() {
  auto p = getNvFuserEnv("A");
  if (!p) {
    return "";
  }
  return p;
}`, "", ""},
		{"set branch states no default", `int f() {
  auto s = getNvFuserEnv("A");
  if (s) return 3;
  return 0;
}`, "", ""},
		{"fallback argument", `void f() {
  const char* p = getNvFuserEnv("A", "/tmp/x");
}`, "", "/tmp/x"},
		{"the next read ends the path", `void f() {
  const char* s = getNvFuserEnv("A");
  s = getNvFuserEnv("B");
  int v = atoi(s);
  if (v > 2) { TORCH_WARN("x"); }
}`, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Scan(fstest.MapFS{"csrc/a.cpp": {Data: []byte(tc.src)}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if a, ok := r.Accepts["NVFUSER_A"]; ok {
				got = accepts(a)
				if a.Check == "" || a.At.File != "csrc/a.cpp" {
					t.Errorf("rule without its check or file: %+v", a)
				}
			}
			if got != tc.want {
				t.Errorf("accepts = %q, want %q", got, tc.want)
			}
			if d := r.Defaults["NVFUSER_A"]; d.Value != tc.def || tc.def != "" && d.At.File != "csrc/a.cpp" {
				t.Errorf("default = %+v, want %q", d, tc.def)
			}
		})
	}
}

// TestReadValueOnRealCheckout: nvFuser's own range checks are found.
func TestReadValueOnRealCheckout(t *testing.T) {
	r, err := Scan(os.DirFS(testsite.Fuser(t)), nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"NVFUSER_JIT_OPT_LEVEL": "0..4 warning",
		"NVFUSER_MAX_REG_COUNT": "1.. user-check",
	} {
		if got := accepts(r.Accepts[name]); !strings.HasPrefix(got, want+" @") {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	for name, want := range map[string]string{"NVFUSER_DISABLE_FALLBACK": "false", "NVFUSER_NUM_THREADS": "8"} {
		if d := r.Defaults[name]; d.Value != want {
			t.Errorf("%s's default: %+v, want %q", name, d, want)
		}
	}
	t.Logf("%d variables with a range or choices, %d with a default from code", len(r.Accepts), len(r.Defaults))
	for n, a := range r.Accepts {
		t.Logf("%s: %s at %s", n, accepts(a), a.At)
	}
}
