package checks

import (
	"os"
	"reflect"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

func TestFromTokens(t *testing.T) {
	src, err := os.ReadFile("testdata/sample.cpp")
	if err != nil {
		t.Fatal(err)
	}
	toks, err := cpplex.Lex(src)
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		line            int
		macro, kind     string
		pieces          []string
		cond            string
		fn, within, mac string
		endLine         int
		values          []string // the slots' labels
	}
	wants := []want{
		// A macro that stringizes and forwards is a wrapper like any other:
		// its body is a check (and each use of it would be one).
		{3, "NVF_THROW", model.CheckThrow, []string{"Expected ", "", ""}, "", "", "", "NVF_FAKE", 3, []string{"#cond", "##__VA_ARGS__"}},
		{4, "NVF_CHECK", model.CheckUser, []string{"value must be positive: ", ""}, "x > 0", "", "", "CHECK_POSITIVE", 4, []string{"x"}},
		{12, "NVF_ERROR", model.CheckInternal, []string{"a and b differ: ", " vs ", ""}, "a == b", "plain", "plain", "", 12, []string{"a", "b"}},
		{13, "NVF_CHECK", model.CheckUser, []string{"both must be positive, got ", ""}, "a > 0 && b > 0", "plain", "plain", "", 18, []string{"a"}},
		{26, "NVF_ERROR_EQ", model.CheckInternal, []string{"Found ", " vs ", ". holder got ", ""}, "(value_)==(x)", "Holder", "Holder", "", 26, []string{"value_", "x", "x"}},
		{29, "NVF_ERROR", model.CheckInternal, []string{""}, "value_ != 0", "~Holder", "~Holder", "", 29, nil},
		{32, "NVF_CHECK_GE", model.CheckUser, []string{"Found ", " vs ", ". "}, "(o.value_)>=(0)", "operator==", "operator==", "", 32, []string{"o.value_", "0"}},
		{37, "NVF_THROW", model.CheckThrow, []string{`unreachable in "lambda" (`, ")"}, "", "operator()", "lambda", "", 37, []string{"y"}},
		{49, "TORCH_WARN", model.CheckWarning, []string{`local text with "quotes" and ) parens`}, "", "visit", "visit", "", 49, nil},
		{54, "NVF_ERROR", model.CheckInternal, []string{"after a cast"}, "false", "count", "count", "", 54, nil},
		{65, "NVF_ERROR", model.CheckInternal, []string{"value ", " is not valid.\nTry again."}, "false", "streamed", "streamed", "", 65, []string{"v"}},
		{72, "NVF_ERROR", model.CheckInternal, []string{"Error during replay, a conflict."}, "ok", "held", "held", "", 72, nil},
	}
	got := FromTokens("csrc/sample.cpp", toks)
	if len(got) != len(wants) {
		for _, c := range got {
			t.Logf("%d %s %q", c.Where.Line, c.Macro, c.Pieces)
		}
		t.Fatalf("got %d checks, want %d", len(got), len(wants))
	}
	for i, w := range wants {
		c := got[i]
		if c.Where.Line != w.line || c.Macro != w.macro || c.Kind != w.kind || !reflect.DeepEqual(c.Pieces, w.pieces) ||
			c.Condition != w.cond || c.Function != w.fn || c.Within != w.within || c.InMacro != w.mac || c.EndLine != w.endLine ||
			!reflect.DeepEqual(c.Values, w.values) {
			t.Errorf("check %d:\n got  %d %s %s %q cond=%q fn=%q within=%q macro=%q end=%d values=%q\n want %+v",
				i, c.Where.Line, c.Macro, c.Kind, c.Pieces, c.Condition, c.Function, c.Within, c.InMacro, c.EndLine, c.Values, w)
		}
	}
}

func TestMessageTemplate(t *testing.T) {
	c := model.Check{Pieces: []string{"Found ", " vs ", ". "}}
	if got := c.Message(); got != "Found {} vs {}. " {
		t.Errorf("Message() = %q", got)
	}
}

func TestBaseIDAndCollisions(t *testing.T) {
	cs := []model.Check{
		{Macro: "NVF_ERROR", Pieces: []string{"Vectorized accesses cannot be inline with computation: ", ""}, Function: "validateVectorize", Within: "validateVectorize", Where: model.Location{File: "csrc/b.cpp", Line: 9}},
		{Macro: "NVF_ERROR", Pieces: []string{""}, Condition: "tv != nullptr", Function: "f", Within: "f", Where: model.Location{File: "csrc/a.cpp", Line: 20}},
		{Macro: "NVF_ERROR", Pieces: []string{""}, Condition: "tv != nullptr", Function: "f", Within: "f", Where: model.Location{File: "csrc/a.cpp", Line: 10}},
		{Macro: "NVF_ERROR_EQ", Pieces: []string{"Found ", " vs ", ". Sizes differ"}, Condition: "(a)==(b)", Function: "operator()", Within: "Outer", Where: model.Location{File: "csrc/a.cpp", Line: 30}},
		{Macro: "NVF_THROW", Pieces: []string{""}, InMacro: "MY_MACRO", Where: model.Location{File: "csrc/c.h", Line: 1}},
		{Macro: "NVF_ERROR", Pieces: []string{""}, Condition: "tv != nullptr", Function: "f", Within: "f", Where: model.Location{File: "csrc/a.cpp", Line: 40}},
		{Macro: "NVF_ERROR", Pieces: []string{"tv nullptr 2"}, Function: "f", Within: "f", Where: model.Location{File: "csrc/z.cpp", Line: 1}},
	}
	AssignIDs(cs)
	want := []string{
		"f-tv-nullptr",   // a.cpp:10 comes first in file order
		"f-tv-nullptr-2", // a.cpp:20
		"outer-sizes-differ",
		"f-tv-nullptr-3", // a.cpp:40
		"validatevectorize-vectorized-accesses-cannot-be-inline-with",
		"my-macro-throw",
		"f-tv-nullptr-2-2", // its own words already spell a taken id
	}
	for i, w := range want {
		if cs[i].ID != w {
			t.Errorf("check %d (%s): id %q, want %q", i, cs[i].Where, cs[i].ID, w)
		}
	}
}

// FuzzFromTokens: any input yields checks whose lines are in the file,
// whose template has one more piece than values, and whose ids are unique.
func FuzzFromTokens(f *testing.F) {
	src, _ := os.ReadFile("testdata/sample.cpp")
	f.Add(string(src))
	f.Add(`void f() { NVF_ERROR(a, "x", [&]{ return 1; }()); }`)
	f.Add(`NVF_CHECK_EQ(`)
	f.Add(`struct S { S() : a{1}, b(2) { NVF_THROW(); } };`)
	if w, err := os.ReadFile("testdata/tree/csrc/wrappers.cpp"); err == nil {
		f.Add(string(w))
	}
	f.Add("#define W(x, ...) NVF_CHECK(x, \"a \" #x, ##__VA_ARGS__)\n#define V(x) W(x); W(x##x)\nvoid f() { V(a); W(b, 1, 2); W(); }\nDEF(x)\nint g() { NVF_ERROR(1); }")
	f.Fuzz(func(t *testing.T, s string) {
		toks, _ := cpplex.Lex([]byte(s))
		cs := FromTokens("csrc/x.cpp", toks)
		lines := 1
		for _, b := range []byte(s) {
			if b == '\n' {
				lines++
			}
		}
		for _, c := range cs {
			if c.Where.Line < 1 || c.Where.Line > lines || c.EndLine < c.Where.Line {
				t.Fatalf("check at line %d..%d of %d", c.Where.Line, c.EndLine, lines)
			}
			if len(c.Pieces) == 0 {
				t.Fatalf("no pieces: %+v", c)
			}
		}
		AssignIDs(cs)
		seen := map[string]bool{}
		for _, c := range cs {
			if c.ID == "" || seen[c.ID] {
				t.Fatalf("id %q empty or repeated", c.ID)
			}
			seen[c.ID] = true
		}
	})
}

func TestOldWording(t *testing.T) {
	for _, c := range []struct{ id, fn, want string }{
		{"getresolutionpointsof-could-not-resolve-persistent-buffer", "getResolutionPointsOf", "could not resolve persistent buffer"},
		{"split-splitting-an-axis-of-non-serial-2", "split", "splitting an axis of non serial"},
		{"other-words-only", "f", "other words only"},
	} {
		if got := OldWording(c.id, c.fn); got != c.want {
			t.Errorf("OldWording(%q, %q) = %q, want %q", c.id, c.fn, got, c.want)
		}
	}
}
