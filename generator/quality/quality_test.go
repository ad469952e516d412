package quality

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// fixture is the handbook of testdata/csrc/checks.cpp: its checks, a
// variable the history saw go (NVFUSER_OLD_KNOB) and NVFUSER_DISABLE with
// one option (parallel_compile).
func fixture(t *testing.T) *model.Handbook {
	t.Helper()
	src, err := os.ReadFile("testdata/csrc/checks.cpp")
	if err != nil {
		t.Fatal(err)
	}
	toks, err := cpplex.Lex(src)
	if err != nil {
		t.Fatal(err)
	}
	cs := checks.FromTokens("csrc/checks.cpp", toks)
	checks.AssignIDs(cs)
	h := &model.Handbook{
		Variables: []*model.Variable{
			{Name: "NVFUSER_OLD_KNOB", History: &model.History{Removed: &model.Event{Version: "0.2.1"}}},
			{Name: "NVFUSER_DISABLE", Family: "disable", Documented: true},
		},
		Families: []*model.Family{{Env: "NVFUSER_DISABLE", Key: "disable"}},
		Options: []*model.Option{
			{Env: "NVFUSER_DISABLE", Family: "disable", Name: "parallel_compile", DefinedAt: model.Location{File: "csrc/options.cpp", Line: 1},
				ReadAt: []model.Location{{File: "csrc/runtime/compile.cpp", Line: 9}}},
			{Env: "NVFUSER_DISABLE", Family: "disable", Name: "unused_knob", DefinedAt: model.Location{File: "csrc/options.cpp", Line: 2}},
		},
	}
	for i := range cs {
		h.Checks = append(h.Checks, &cs[i])
	}
	h.Index()
	return h
}

// TestFindAgainstHandReading compares the report with the findings worked
// out by hand (testdata/expected.txt): rank, kind, place, subject, fix.
func TestFindAgainstHandReading(t *testing.T) {
	got := Find(fixture(t))
	f, err := os.Open("testdata/expected.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var want []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") {
			want = append(want, l)
		}
	}
	for i := 0; i < max(len(got), len(want)); i++ {
		var g, w string
		if i < len(got) {
			x := got[i]
			g = strings.Join([]string{strconv.Itoa(x.Rank), x.Kind, x.Check.Where.String(), x.Subject, x.Fix}, " | ")
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Errorf("finding %d:\n got  %s\n want %s", i+1, g, w)
		}
	}
	// The duplicate names its other place.
	for _, x := range got {
		if x.Kind == model.QualityDuplicate && (len(x.Others) != 1 || x.Others[0].Where.Line != 33) {
			t.Errorf("duplicate %q: others %v, want the check at line 33", x.Subject, x.Others)
		}
	}
}

func TestComparison(t *testing.T) {
	for _, c := range []struct{ cond, lhs, op, rhs string }{
		{"a == b", "a", "==", "b"},
		{"x.size() <= 2 * n", "x.size()", "<=", "2 * n"},
		{"(int64_t)v.size() < rank", "(int64_t)v.size()", "<", "rank"},
		{"a == b && c", "", "", ""},
		{"f(a == b)", "", "", ""},
		{"tv->isA<TensorView>()", "", "", ""},
		{"a << b == c", "a << b", "==", "c"},
		{"!(a == b)", "", "", ""},
		{"a == b == c", "", "", ""},
		{"x->name() == \"y\"", "", "", ""},
	} {
		lhs, op, rhs, ok := comparison(c.cond)
		if lhs != c.lhs || op != c.op || rhs != c.rhs || ok != (c.op != "") {
			t.Errorf("comparison(%q) = %q %q %q %v, want %q %q %q", c.cond, lhs, op, rhs, ok, c.lhs, c.op, c.rhs)
		}
	}
}

// TestNew: a finding present before (at another line, as another twin
// number) is not new; a second one of the same key is.
func TestNew(t *testing.T) {
	h := fixture(t)
	now := Find(h)
	before := count(now)
	if fresh := New(now, before); len(fresh) != 0 {
		t.Errorf("nothing changed, %d new findings", len(fresh))
	}
	k := KeyOf(now[0])
	before[k]--
	fresh := New(now, before)
	if len(fresh) != 1 || KeyOf(fresh[0]) != k {
		t.Errorf("one finding fewer before: new %v, want the one of %v", fresh, k)
	}
}

// TestSinceFile: a published api/check-quality.json is the report before;
// its twins' numbered ids count as their base id.
func TestSinceFile(t *testing.T) {
	now := Find(fixture(t))
	var b strings.Builder
	b.WriteString(`{"counts": {}, "findings": [`)
	for i, f := range now[1:] { // all but the first were there
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"kind": %q, "check": %q, "base": %q, "subject": %q}`, f.Kind, f.Check.ID+"-2", checks.BaseID(f.Check), f.Subject)
	}
	b.WriteString("]}")
	path := filepath.Join(t.TempDir(), "check-quality.json")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	before, err := Before(path, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	fresh := New(now, before)
	if len(fresh) != 1 || fresh[0].Check != now[0].Check {
		t.Errorf("new since the file: %d findings, want only %s", len(fresh), Line(now[0], ""))
	}
	if err := os.WriteFile(path, []byte("not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Before(path, "", nil); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("a file that is not a report: %v, want an error naming it", err)
	}
	if _, err := Before("HEAD~1", "", nil); err == nil {
		t.Error("a revision without a checkout: no error")
	}
}
