package mdconf

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

func TestFenceOptions(t *testing.T) {
	tests := []struct {
		name, info, want string
		dropped          []string // each a part of one Dropped sentence, in order
	}{
		{"language only", "go", "go", nil},
		{"no options", "", "", nil},
		{"brace without its closer", "go {linenos=true", "go {linenos=true", nil},
		{"documented options kept", "go {linenos=table,hl_lines=\"2 4-5\",linenostart=10}", "go {linenos=\"table\",linenostart=10,hl_lines=\"2 4-5\"}", nil},
		{"bool and words", "cpp {linenos=true}", "cpp {linenos=true}", nil},
		{"quoted true", "cpp {linenos=\"true\"}", "cpp {linenos=true}", nil},
		{"bare inline", "cpp {linenos=inline}", "cpp {linenos=\"inline\"}", nil},
		{"upper-case names", "cpp {LineNos=false,HL_Lines=3}", "cpp {linenos=false,hl_lines=\"3\"}", nil},
		{"hl_lines as a list", "cpp {hl_lines=[1,\"3-4\"]}", "cpp {hl_lines=\"1 3-4\"}", nil},
		{"the issue's lineanchors", `go {linenos=true,lineanchors="\"><img src=x onerror=alert(1)>"}`, "go {linenos=true}", []string{`"lineanchors": not an option the handbook supports`}},
		{"anchorlinenos, style, noclasses", `cpp {anchorlinenos=true,style="x\" onmouseover=alert(3)",noclasses=true,linenos=table}`, `cpp {linenos="table"}`,
			[]string{`"anchorlinenos"`, `"style"`, `"noclasses"`}},
		{"an event attribute", `go {onclick="alert(1)"}`, "go", []string{`"onclick": not an option`}},
		{"class and id", `go {.x #y}`, "go", []string{`"class"`, `"id"`}},
		{"hl_lines with markup", `cpp {hl_lines="1 x<img src=x onerror=alert(2)>"}`, "cpp", []string{`"hl_lines": its value must be`}},
		{"hl_lines backwards", `cpp {hl_lines="5-2"}`, "cpp", []string{`"hl_lines"`}},
		{"hl_lines zero", `cpp {hl_lines=0}`, "cpp", []string{`"hl_lines"`}},
		{"linenostart negative", `cpp {linenostart=-1}`, "cpp", []string{`"linenostart": its value must be a line number`}},
		{"linenostart huge", `cpp {linenostart=1e300}`, "cpp", []string{`"linenostart"`}},
		{"linenos nonsense", `cpp {linenos=yes}`, "cpp", []string{`"linenos": its value must be true, false, inline or table`}},
		{"options that do not parse", `r {r}`, "r", []string{`code fence options "{r}" do not parse`}},
		{"text after the options", `go {linenos=true} trailing`, "go {linenos=true}", nil},
		{"options alone", `{linenos=true}`, "{linenos=true}", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := FenceOptions([]byte(tc.info))
			if f.Info != tc.want {
				t.Errorf("Info = %q, want %q", f.Info, tc.want)
			}
			if f.Changed != (tc.want != tc.info) {
				t.Errorf("Changed = %v", f.Changed)
			}
			if len(f.Dropped) != len(tc.dropped) {
				t.Fatalf("Dropped = %q, want %d", f.Dropped, len(tc.dropped))
			}
			for i, d := range tc.dropped {
				if !strings.Contains(f.Dropped[i], d) || !strings.HasSuffix(f.Dropped[i], ": dropped") {
					t.Errorf("Dropped[%d] = %q, want it to say %q", i, f.Dropped[i], d)
				}
			}
		})
	}
}

// FuzzFenceOptions: whatever a fence's info string holds, what is given to
// Hugo reads back as the same options (nothing dropped the second time),
// names only documented options, and its values carry no markup.
func FuzzFenceOptions(f *testing.F) {
	for _, s := range []string{"go", `go {linenos=true,lineanchors="\"><img>"}`, `cpp {hl_lines=[1,"3-4"],linenostart=5}`, `{.a #b c=d}`, `x {linenos=inline}`, `{{}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, info []byte) {
		got := FenceOptions(info)
		again := FenceOptions([]byte(got.Info))
		if again.Info != got.Info || len(again.Dropped) > 0 {
			t.Fatalf("not settled: %q -> %q -> %q %q", info, got.Info, again.Info, again.Dropped)
		}
		if !got.Changed && got.Info != string(info) {
			t.Fatalf("changed without saying so: %q -> %q", info, got.Info)
		}
		open := strings.IndexByte(got.Info, '{')
		if open < 0 || !got.Changed {
			return
		}
		block := got.Info[open:]
		if strings.ContainsAny(block, "<>&'") {
			t.Fatalf("markup in the kept options: %q", block)
		}
		attrs, ok := parser.ParseAttributes(text.NewReader([]byte(block)))
		if !ok {
			t.Fatalf("kept options do not parse: %q", block)
		}
		for _, a := range attrs {
			if !bytes.Contains([]byte(" linenos linenostart hl_lines "), []byte(" "+string(a.Name)+" ")) {
				t.Fatalf("kept option %q", a.Name)
			}
		}
	})
}
