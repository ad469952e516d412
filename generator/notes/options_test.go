package notes

import (
	"reflect"
	"testing"
)

// TestSplitOptions mirrors the syntax accepted by nvFuser's
// parseEnvOptions: names up to "," or "(", arguments up to ")", and ")"
// followed only by "," or the end.
func TestSplitOptions(t *testing.T) {
	tok := func(name string, off int, args ...string) OptionToken {
		return OptionToken{Name: name, Offset: off, Args: args}
	}
	bad := func(t OptionToken) OptionToken { t.Malformed = true; return t }
	tests := []struct {
		in   string
		want []OptionToken
	}{
		{"", nil},
		{"fusion_ir", []OptionToken{tok("fusion_ir", 0)}},
		{"fusion_ir,cuda_kernel,launch_param(3,4)", []OptionToken{tok("fusion_ir", 0), tok("cuda_kernel", 10), tok("launch_param", 22, "3", "4")}},
		{"launch_param(3,4),fusion_ir", []OptionToken{tok("launch_param", 0, "3", "4"), tok("fusion_ir", 18)}},
		{"a(),b", []OptionToken{tok("a", 0, ""), tok("b", 4)}},
		{"a,,b,", []OptionToken{tok("a", 0), tok("b", 3)}},
		{"print.verbose", []OptionToken{tok("print.verbose", 0)}},
		{"launch_param(3,4", []OptionToken{bad(tok("launch_param", 0, "3,4"))}},
		{"a(", []OptionToken{bad(tok("a", 0))}},
		{"a(1)b,c", []OptionToken{bad(tok("a", 0, "1"))}},
		{"a)", []OptionToken{tok("a)", 0)}},
		{"((((", []OptionToken{bad(tok("", 0, "((("))}},
		{"x(1,2,3),y(4)", []OptionToken{tok("x", 0, "1", "2", "3"), tok("y", 9, "4")}},
	}
	for _, tc := range tests {
		got := SplitOptions(tc.in)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("SplitOptions(%q) =\n  %+v\nwant\n  %+v", tc.in, got, tc.want)
		}
		for _, g := range got {
			if g.Name != "" && tc.in[g.Offset:g.Offset+len(g.Name)] != g.Name {
				t.Errorf("SplitOptions(%q): offset %d does not point at %q", tc.in, g.Offset, g.Name)
			}
		}
	}
}
