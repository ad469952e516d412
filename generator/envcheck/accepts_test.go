package envcheck

import "testing"

// outsideCases are values of the example's NVFUSER_JIT_OPT_LEVEL, whose
// reading code warns outside 0 to 4 (api/env.json's accepts).
var outsideCases = []struct {
	value, prints string // prints "" when the value is accepted
}{
	{"0", ""},
	{"4", ""},
	{"7", "JIT_OPT_LEVEL takes 0 to 4, not 7; ignored"},
	{"-1", "JIT_OPT_LEVEL takes 0 to 4, not -1; ignored"},
	{" +3", ""},
	{"2x", ""},  // atoi stops at the x
	{"abc", ""}, // no digits: 0
	{"5.0", "JIT_OPT_LEVEL takes 0 to 4, not 5; ignored"},
	{"99999999999999999999", "JIT_OPT_LEVEL takes 0 to 4, not 1000000000000000; ignored"},
	{"$LEVEL", ""}, // only the shell knows
}

// TestOutside: a value outside what nvFuser's own check accepts is said,
// with what nvFuser prints and the check's page.
func TestOutside(t *testing.T) {
	envJSON, optsJSON := catalogJSON(t)
	c, err := LoadCatalog(envJSON, optsJSON)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range outsideCases {
		v := c.Check("NVFUSER_JIT_OPT_LEVEL", tc.value)
		got := ""
		if v.Outside != nil {
			got = v.Outside.Prints
			if v.Outside.Kind != "warning" || v.Outside.URL == "" || v.Outside.Message == "" {
				t.Errorf("%q: %+v", tc.value, v.Outside)
			}
		}
		if got != tc.prints {
			t.Errorf("NVFUSER_JIT_OPT_LEVEL=%q prints %q, want %q", tc.value, got, tc.prints)
		}
	}
	if v := c.Check("NVFUSER_JIT_OPT_LEVEL", "9"); v.Outside == nil || v.Outside.Message != "NVFUSER_JIT_OPT_LEVEL accepts 0 to 4; nvFuser warns otherwise" {
		t.Errorf("message: %+v", v.Outside)
	}
	if v := c.Check("NVFUSER_JIT_OPT_LEVEL", "9z"); v.Outside == nil || v.Outside.Message != "NVFUSER_JIT_OPT_LEVEL accepts 0 to 4 (nvFuser reads '9z' as 9); nvFuser warns otherwise" {
		t.Errorf("message: %+v", v.Outside)
	}
}

// TestOutsideForms: bounds on one side, choices, errors.
func TestOutsideForms(t *testing.T) {
	one, four := int64(1), int64(4)
	for _, tc := range []struct {
		a     Accepts
		value string
		want  string
	}{
		{Accepts{Min: &one, Kind: "user-check", Pieces: []string{"bad: ", ""}}, "0", "X accepts 1 or more; nvFuser stops with an error otherwise|bad: 0"},
		{Accepts{Min: &one, Kind: "user-check"}, "100", ""},
		{Accepts{Max: &four, Kind: "warning", Pieces: []string{"big"}}, "5", "X accepts at most 4; nvFuser warns otherwise|big"},
		{Accepts{Choices: []string{"a", "b"}, Kind: "throw", Pieces: []string{"mode ", "?"}}, "c", "X accepts one of 'a', 'b'; nvFuser stops with an error otherwise|mode c?"},
		{Accepts{Choices: []string{"a", "b"}, Kind: "throw"}, "b", ""},
	} {
		got := ""
		if o := outside("X", tc.value, &tc.a); o != nil {
			got = o.Message + "|" + o.Prints
		}
		if got != tc.want {
			t.Errorf("%+v %q: %q, want %q", tc.a, tc.value, got, tc.want)
		}
	}
}
