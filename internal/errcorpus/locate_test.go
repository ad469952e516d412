package errcorpus

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// TestLocate reads a fixture of the shapes checks come in: a constructor
// with an initializer list, a comparison form, a lambda, a class method,
// a macro body, literals split across lines, a message built before the
// check, and checks that are only text in comments and raw strings.
func TestLocate(t *testing.T) {
	const file = "csrc/widget.cpp"
	tests := []struct {
		name string
		c    Check
		want []Site // nil: must not be found
	}{
		{"constructor", Check{file, "Widget", "Widget size must be positive", false},
			[]Site{{Line: 21, Functions: []string{"Widget"}}}},
		{"comparison form", Check{file, "area", "Only square widgets", false},
			[]Site{{Line: 33, Functions: []string{"area"}}}},
		{"lambda, by its enclosing function", Check{file, "spinAll", "widget stopped spinning at speed", false},
			[]Site{{Line: 39, Functions: []string{"operator()", "spinAll"}}}},
		{"lambda, by operator()", Check{file, "operator()", "Widget stopped", false},
			[]Site{{Line: 39, Functions: []string{"operator()", "spinAll"}}}},
		{"class method", Check{file, "handle", "Gadget cannot handle", false},
			[]Site{{Line: 51, Functions: []string{"handle"}}}},
		{"macro body", Check{file, "CHECK_WIDGET_CALL", "Widget call failed", false},
			[]Site{{Line: 8, Functions: []string{"CHECK_WIDGET_CALL"}}}},
		{"message built before the check", Check{file, "buildReport", "Report could not be built", false},
			[]Site{{Line: 58, Functions: []string{"buildReport"}, Indirect: true}}},
		{"condition", Check{file, "buildReport", "w.parts() != nullptr", true},
			[]Site{{Line: 59, Functions: []string{"buildReport"}}}},
		{"older PyTorch macro", Check{file, "legacy", "Legacy widget assert", false},
			[]Site{{Line: 63, Functions: []string{"legacy"}}}},
		{"after a template header", Check{file, "pick", "Picked widget must be valid", false},
			[]Site{{Line: 68, Functions: []string{"pick"}}}},
		{"operator overload", Check{file, "operator<<", "Widget cannot be printed", false},
			[]Site{{Line: 73, Functions: []string{"operator<<"}}}},
		{"braces in a base initializer; adjacent literals joined", Check{file, "Gizmo", "Gizmo needs a widget", false},
			[]Site{{Line: 78, Functions: []string{"Gizmo"}}}},
		{"wrong function", Check{file, "area", "Widget size must be positive", false}, nil},
		{"comment is no check", Check{file, "Widget", "a check in a comment", false}, nil},
		{"block comment is no check", Check{file, "Widget", "nor in a block comment", false}, nil},
		{"raw string is no check", Check{file, "describe", "inside a raw string", false}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Locate("testdata/checkout", tt.c)
			if tt.want == nil {
				if err == nil {
					t.Fatalf("found %+v, want nothing", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
	if _, err := Locate("testdata/checkout", Check{"csrc/missing.cpp", "f", "m", false}); err == nil {
		t.Error("a missing file located a check")
	}
}

// TestExpectedChecksExist guards the corpus itself: every check a case
// expects (and every other one it accepts) is in the nvFuser checkout, by
// file, enclosing function and message head, so a case cannot count a
// lookup right or wrong against a check that does not exist.
func TestExpectedChecksExist(t *testing.T) {
	root := testsite.Fuser(t)
	cases, err := Load(Dir())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		want := c.Also
		if c.Expect != nil {
			want = append([]Check{*c.Expect}, want...)
		}
		for _, k := range want {
			if c.Removed == "" {
				if _, err := Locate(root, k); err != nil {
					t.Errorf("%s: %v", c.Name, err)
				}
				continue
			}
			// A removed check: in the commit before its removal, not after.
			if _, err := LocateAt(root, c.Removed+"^", k); err != nil {
				t.Errorf("%s: not in %s^: %v", c.Name, c.Removed, err)
			}
			if sites, err := LocateAt(root, c.Removed, k); err == nil {
				t.Errorf("%s: still in %s at line %d, which removed it", c.Name, c.Removed, sites[0].Line)
			}
		}
	}
}

// FuzzScanChecks feeds the C++ reader arbitrary text: it must not panic,
// and every check it reports sits on a line of the input.
func FuzzScanChecks(f *testing.F) {
	src, err := os.ReadFile("testdata/checkout/csrc/widget.cpp")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(src))
	f.Add("#define X(a) \\\n NVF_ERROR(a, \"m\")\nvoid f() { X(1); }")
	f.Add("R\"x(unterminated")
	f.Add("#else\n{\n#endif\n}}")
	f.Fuzz(func(t *testing.T, s string) {
		lines := strings.Count(s, "\n") + 1
		calls, bodies := scanChecks(s)
		for _, c := range calls {
			if c.line < 1 || c.line > lines {
				t.Fatalf("check on line %d of %d", c.line, lines)
			}
		}
		for _, b := range bodies {
			if b.start < 1 || b.end < b.start || b.end > lines {
				t.Fatalf("body lines %d-%d of %d", b.start, b.end, lines)
			}
		}
	})
}
