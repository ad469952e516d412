package envcheck

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// goldenAPI is the JSON API built from the embedded example (the emit
// stage's golden files): the catalog every test here checks against.
const goldenAPI = "../emit/testdata/golden/static/api/"

// catalogJSON returns env.json and options.json, the latter with a
// replacement recorded for the removed option segmented_fusion_old, as
// the option history records one.
func catalogJSON(t testing.TB) (envJSON, optsJSON []byte) {
	t.Helper()
	envJSON, err := os.ReadFile(goldenAPI + "env.json")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(goldenAPI + "options.json")
	if err != nil {
		t.Fatal(err)
	}
	var opts []map[string]any
	if err := json.Unmarshal(raw, &opts); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, o := range opts {
		switch o["name"] {
		case "segmented_fusion_old":
			// The option history's form: a list.
			o["replaced_by"], found = []string{"segmenter_logging"}, true
		case "fusion_ir":
			o["replaced_by"] = nil
		case "cuda_kernel":
			o["replaced_by"] = "" // an older form: one name
		}
	}
	if !found {
		t.Fatal("the example no longer has the removed option segmented_fusion_old")
	}
	optsJSON, _ = json.Marshal(opts)
	return envJSON, optsJSON
}

func testCatalog(t testing.TB) *Catalog {
	t.Helper()
	e, o := catalogJSON(t)
	c, err := LoadCatalog(e, o)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestSplit(t *testing.T) {
	tok := func(name string, off int, args ...string) Token { return Token{Name: name, Offset: off, Args: args} }
	tests := []struct {
		in      string
		want    []Token
		errKind string
		errAt   int
	}{
		{"", nil, "", 0},
		{"a", []Token{tok("a", 0)}, "", 0},
		{"a,", []Token{tok("a", 0)}, "", 0}, // a trailing "," is accepted
		{"a,,b", []Token{tok("a", 0), tok("", 2), tok("b", 3)}, "", 0},
		{"a(1,2),b", []Token{tok("a", 0, "1", "2"), tok("b", 7)}, "", 0},
		{"a(1),", []Token{tok("a", 0, "1")}, "", 0},
		{"a()", []Token{tok("a", 0, "")}, "", 0},
		{"a(", nil, ErrUnclosed, 1},
		{"x,a(1,2", []Token{tok("x", 0)}, ErrUnclosed, 3},
		{"a(1)b", nil, ErrMissingComma, 4},
		{"a(1)(2)", nil, ErrMissingComma, 4},
		// A ")" inside a later option closes the earlier list, as in C++.
		{"a(x,b(y)", []Token{tok("a", 0, "x", "b(y")}, "", 0},
	}
	for _, tc := range tests {
		got, err := Split(tc.in, nil)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Split(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
		switch {
		case tc.errKind == "" && err != nil:
			t.Errorf("Split(%q): unexpected error %+v", tc.in, err)
		case tc.errKind != "" && (err == nil || err.Kind != tc.errKind || err.Offset != tc.errAt):
			t.Errorf("Split(%q): error %+v, want %s at %d", tc.in, err, tc.errKind, tc.errAt)
		}
	}
}

// verdictCases are the inputs both parsers are held to (see also
// TestBrowserPortAgrees); want is checked here against the Go parser.
var verdictCases = []struct {
	name, value string
	items       []string // option names accepted, in order
	errKind     string
	errAt       int
	suggest     []string
	elsewhere   []string
}{
	{"NVFUSER_DUMP", "fusion_ir,cuda_kernel", []string{"fusion_ir", "cuda_kernel"}, "", 0, nil, nil},
	{"NVFUSER_DISABLE", "parallel_compile", []string{"parallel_compile"}, "", 0, nil, nil},
	{"NVFUSER_DUMP", "fusion_ir,bogus", []string{"fusion_ir"}, ErrUnknownOption, 10, nil, nil},
	{"NVFUSER_DUMP", "fusion_ir(", nil, ErrUnclosed, 9, nil, nil},
	{"NVFUSER_DUMP", "fusion_ir(1)cuda_kernel", nil, ErrMissingComma, 12, nil, nil},
	{"NVFUSER_DUMP", "fusion_ir,,cuda_kernel", []string{"fusion_ir"}, ErrEmptyOption, 10, nil, nil},
	{"NVFUSER_DUMP", "fusion_ir,", []string{"fusion_ir"}, "", 0, nil, nil},
	{"NVFUSER_DUMP", "fusion_ri", nil, ErrUnknownOption, 0, []string{"fusion_ir"}, nil},
	{"NVFUSER_DUMP", "fusion", nil, ErrUnknownOption, 0, []string{"fusion_ir", "fusion_ir_preseg"}, nil},
	{"NVFUSER_DUMP", "fusion_ir, cuda_kernel", []string{"fusion_ir"}, ErrUnknownOption, 10, []string{"cuda_kernel"}, nil},
	{"NVFUSER_DUMP", "parallel_compile", nil, ErrUnknownOption, 0, []string{}, []string{"NVFUSER_DISABLE"}},
	{"NVFUSER_DUMP", "segmented_fusion_old", nil, ErrRemovedOption, 0, []string{"segmenter_logging"}, nil},
	{"NVFUSER_DUMP", "bogus(", nil, ErrUnknownOption, 0, nil, nil}, // the name is checked first
	{"NVFUSER_DUMP", "launch_param(3,4),fusion_ir", []string{"launch_param", "fusion_ir"}, "", 0, nil, nil},
	{"NVFUSER_DUMP", "é,fusion_ir,bogus", nil, ErrUnknownOption, 0, nil, nil},
	{"NVFUSER_PROF", "print.verbose", []string{"print.verbose"}, "", 0, nil, nil},
	{"NVFUSER_PROF", "pirnt", nil, ErrUnknownOption, 0, []string{"print"}, nil}, // two edits away
	{"NVFUSER_PROF", "x", nil, ErrUnknownOption, 0, []string{}, nil},
	{"NVFUSER_NUM_THREADS", "8", nil, "", 0, nil, nil},
}

func TestCheck(t *testing.T) {
	c := testCatalog(t)
	for _, tc := range verdictCases {
		v := c.Check(tc.name, tc.value)
		var names []string
		for _, it := range v.Items {
			names = append(names, it.Option)
			if it.URL == "" || !strings.HasPrefix(it.URL, "/options/") {
				t.Errorf("%s=%s: %s has no page: %q", tc.name, tc.value, it.Option, it.URL)
			}
			if tc.value[it.Offset:it.Offset+len(it.Option)] != it.Option {
				t.Errorf("%s=%s: offset %d does not point at %s", tc.name, tc.value, it.Offset, it.Option)
			}
		}
		if !reflect.DeepEqual(names, tc.items) {
			t.Errorf("%s=%s: items %v, want %v", tc.name, tc.value, names, tc.items)
		}
		if tc.errKind == "" {
			if v.Error != nil {
				t.Errorf("%s=%s: unexpected error %+v", tc.name, tc.value, v.Error)
			}
			continue
		}
		if v.Error == nil {
			t.Errorf("%s=%s: accepted, want %s at %d", tc.name, tc.value, tc.errKind, tc.errAt)
			continue
		}
		e := v.Error
		if e.Kind != tc.errKind || e.Offset != tc.errAt || e.Message == "" {
			t.Errorf("%s=%s: error %s at %d (%q), want %s at %d", tc.name, tc.value, e.Kind, e.Offset, e.Message, tc.errKind, tc.errAt)
		}
		if tc.suggest != nil && !reflect.DeepEqual(e.Suggestions, tc.suggest) {
			t.Errorf("%s=%s: suggestions %v, want %v", tc.name, tc.value, e.Suggestions, tc.suggest)
		}
		if tc.elsewhere != nil && !reflect.DeepEqual(e.Elsewhere, tc.elsewhere) {
			t.Errorf("%s=%s: elsewhere %v, want %v", tc.name, tc.value, e.Elsewhere, tc.elsewhere)
		}
	}
}

func TestCheckVariables(t *testing.T) {
	c := testCatalog(t)
	v := c.Check("NVFUSER_NUM_THREDS", "4")
	if v.Known || !reflect.DeepEqual(v.Suggestions, []string{"NVFUSER_NUM_THREADS"}) {
		t.Errorf("misspelt variable: %+v", v)
	}
	v = c.Check("PYTORCH_NVFUSER_DUMP", "fusion_ir,bogus")
	if v.ReplacedBy != "NVFUSER_DUMP" || v.Family != "NVFUSER_DUMP" || v.Error == nil || v.Error.Offset != 10 {
		t.Errorf("old spelling: %+v", v)
	}
	if v := c.Check("NVFUSER_TRACE_FILE", "x"); !v.Known || !v.Unread {
		t.Errorf("documented but unread: %+v", v)
	}
	if v := c.Check("NVFUSER_DUMP", "$(cat dump.txt)"); v.Unchecked == "" || v.Error != nil {
		t.Errorf("expansion: %+v", v)
	}
}

func TestDecode(t *testing.T) {
	c := testCatalog(t)
	script := `#!/bin/sh
export NVFUSER_DUMP=fusion_ir
export NVFUSER_DUMP='fusion_ir,launch_param(3,4)'
NVFUSER_DISABLE="parallel_compile" NVFUSER_NUM_THREADS=1 python repro.py; env NVFUSER_PROF=print\,enable true
echo MY_NVFUSER_DUMP=no
`
	var got []string
	for _, v := range c.Decode(script) {
		s := v.Var + "=" + v.Value
		if v.Overridden {
			s += " (overridden)"
		}
		got = append(got, s)
	}
	want := []string{
		"NVFUSER_DUMP=fusion_ir (overridden)",
		"NVFUSER_DUMP=fusion_ir,launch_param(3,4)",
		"NVFUSER_DISABLE=parallel_compile",
		"NVFUSER_NUM_THREADS=1",
		"NVFUSER_PROF=print,enable",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Decode:\n got %q\nwant %q", got, want)
	}
}

// FuzzCheck: whatever the value, the verdict's offsets point into it, the
// items are the value's own text, and an accepted value re-splits into
// exactly its items.
func FuzzCheck(f *testing.F) {
	c := testCatalog(f)
	for _, tc := range verdictCases {
		f.Add(tc.value)
	}
	f.Add("a(x,b(y)")
	f.Fuzz(func(t *testing.T, value string) {
		v := c.Check("NVFUSER_DUMP", value)
		for _, it := range v.Items {
			if it.Offset < 0 || it.Offset+len(it.Option) > len(value) || value[it.Offset:it.Offset+len(it.Option)] != it.Option {
				t.Fatalf("%q: item %+v does not point into the value", value, it)
			}
		}
		if e := v.Error; e != nil {
			if e.Offset < 0 || e.Offset > len(value) {
				t.Fatalf("%q: error offset %d outside the value", value, e.Offset)
			}
			for _, s := range e.Suggestions {
				if ok := c.Check("NVFUSER_DUMP", s); ok.Error != nil {
					t.Fatalf("%q: suggestion %q is itself rejected", value, s)
				}
			}
			return
		}
		if v.Unchecked != "" {
			return
		}
		toks, err := Split(value, nil)
		if err != nil || len(toks) != len(v.Items) {
			t.Fatalf("%q: accepted with %d items, but Split gives %d tokens (%v)", value, len(v.Items), len(toks), err)
		}
	})
}

// FuzzDecode: decoding never panics, and every assignment's name is in the
// text.
func FuzzDecode(f *testing.F) {
	c := testCatalog(f)
	f.Add("export NVFUSER_DUMP='a(1)' NVFUSER_X=\"b\\\"c\"")
	f.Add(`NVFUSER_DUMP=a\`)
	f.Fuzz(func(t *testing.T, text string) {
		for _, v := range c.Decode(text) {
			if !strings.Contains(text, v.Var+"=") {
				t.Fatalf("%q: decoded %s, not in the text", text, v.Var)
			}
		}
	})
}
