package errcorpus

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	vec := Check{"csrc/a.cpp", "f", "Bad thing happened", false}
	tests := []struct {
		name, in string
		want     Case
		err      string // substring of the error, "" when it must parse
	}{
		{name: "positive", in: "shape: gtest\nexpect: csrc/a.cpp | f | Bad thing happened\nnote: n\n---\nerror text\n",
			want: Case{Name: "c.txt", Shape: "gtest", Expect: &vec, Note: "n", Text: "error text\n"}},
		{name: "negative with page", in: "expect: none\npage: howto-oom-triage\n---\nCUDA out of memory\n",
			want: Case{Name: "c.txt", Pages: []string{"howto-oom-triage"}, Text: "CUDA out of memory\n"}},
		{name: "cond and also", in: "expect: csrc/b.h | g | cond:x != nullptr\nalso: csrc/a.cpp | f | Bad thing happened\n---\nx\n",
			want: Case{Name: "c.txt", Expect: &Check{"csrc/b.h", "g", "x != nullptr", true}, Also: []Check{vec}, Text: "x\n"}},
		{name: "CRLF and blank lines", in: "shape: ci-log\r\n\r\nexpect: none\r\n---\r\nline one\r\n",
			want: Case{Name: "c.txt", Shape: "ci-log", Text: "line one\r\n"}},
		{name: "text keeps --- lines after the first", in: "expect: none\n---\na\n---\nb\n",
			want: Case{Name: "c.txt", Text: "a\n---\nb\n"}},
		{name: "removed check", in: "expect: csrc/a.cpp | f | Bad thing happened\nremoved: 7cdaf1b15\n---\nx\n",
			want: Case{Name: "c.txt", Expect: &vec, Removed: "7cdaf1b15", Text: "x\n"}},
		{name: "removed, not a commit", in: "expect: none\nremoved: HEAD~1\n---\nx\n", err: "c.txt:2: removed: want a commit hash"},
		{name: "no separator", in: "expect: none\nerror text\n", err: "c.txt:2: want key: value"},
		{name: "header only", in: "expect: none\n", err: "c.txt:1: no --- line"},
		{name: "no expect", in: "shape: x\n---\ntext\n", err: "c.txt:2: header has no expect"},
		{name: "two expects", in: "expect: none\nexpect: none\n---\nx\n", err: "c.txt:2: second expect"},
		{name: "unknown key", in: "expect: none\nwant: x\n---\nx\n", err: `c.txt:2: unknown key "want"`},
		{name: "two fields", in: "expect: csrc/a.cpp | f\n---\nx\n", err: "c.txt:1: want FILE | FUNCTION | MESSAGE"},
		{name: "empty function", in: "expect: csrc/a.cpp |  | msg\n---\nx\n", err: "c.txt:1: empty field"},
		{name: "absolute file", in: "expect: /opt/csrc/a.cpp | f | m\n---\nx\n", err: "relative to the checkout"},
		{name: "empty text", in: "expect: none\n---\n\n", err: "c.txt:2: no error text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse("c.txt", []byte(tt.in))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one containing %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("shape: gtest\nexpect: csrc/a.cpp | f | m\n---\ntext\n"))
	f.Add([]byte("expect: none\npage: p\n---\n"))
	f.Add([]byte("expect: csrc/a.cpp | f | cond:\n---\nx"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("f.txt", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.txt:") {
				t.Fatalf("error does not name the file and line: %v", err)
			}
			return
		}
		if strings.TrimSpace(c.Text) == "" {
			t.Fatal("parsed a case with no text")
		}
		for _, k := range append(c.Also, func() []Check {
			if c.Expect != nil {
				return []Check{*c.Expect}
			}
			return nil
		}()...) {
			if k.File == "" || k.Function == "" || k.Message == "" {
				t.Fatalf("check with an empty field: %+v", k)
			}
			if back, err := ParseCheck(k.String()); err != nil || back != k {
				t.Fatalf("%+v does not survive String and ParseCheck: %+v, %v", k, back, err)
			}
		}
	})
}

func TestLoadAnswers(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("002.txt", "ImportError: libcuda.so.1\n")
	write("001.txt", "RuntimeError: boom\n")
	write("answers.tsv", "# header\n"+
		"002.txt\thttps://example.org/2\tnone\t\t\t\t\tnone\tnot nvFuser\n"+
		"001.txt\thttps://example.org/1\tcsrc/a.cpp\tf\tboom\tpresent\tcsrc/w.cpp|wrap|Detected;csrc/x.h|y|cond:z\trunbook-a\t\n")
	got, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []Case{
		{Name: "001.txt", Source: "https://example.org/1", Shape: "real", Expect: &Check{"csrc/a.cpp", "f", "boom", false},
			Also:  []Check{{"csrc/w.cpp", "wrap", "Detected", false}, {"csrc/x.h", "y", "z", true}},
			Pages: []string{"runbook-a"}, Text: "RuntimeError: boom\n"},
		{Name: "002.txt", Source: "https://example.org/2", Shape: "real", Note: "not nvFuser", Text: "ImportError: libcuda.so.1\n"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}

	for name, bad := range map[string]string{
		"too few fields": "001.txt\turl\tcsrc/a.cpp\n",
		"missing file":   "009.txt\turl\tnone\t\t\n",
		"bad check":      "001.txt\turl\tcsrc/a.cpp\t\tboom\n",
		"path in name":   "../001.txt\turl\tnone\t\t\n",
	} {
		write("answers.tsv", "# header\n"+bad)
		if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), "answers.tsv:2:") {
			t.Errorf("%s: error %v, want one naming answers.tsv:2", name, err)
		}
	}
}

// TestCorpus loads the team corpus and holds it to its promises: enough
// cases of each kind, in many shapes, each text free of its header.
func TestCorpus(t *testing.T) {
	cases, err := Load(Dir())
	if err != nil {
		t.Fatal(err)
	}
	shapes := map[string]int{}
	pos, neg := 0, 0
	for _, c := range cases {
		shapes[c.Shape]++
		if c.Negative() {
			neg++
		} else {
			pos++
		}
		if strings.Contains(c.Text, "\nexpect:") || strings.HasPrefix(c.Text, "expect:") {
			t.Errorf("%s: header left in the text", c.Name)
		}
		if c.Expect != nil && (strings.Contains(c.Expect.File, "/opt/") || !strings.Contains(c.Expect.File, "/")) {
			t.Errorf("%s: expected file %q is not a path in the checkout", c.Name, c.Expect.File)
		}
	}
	if pos < 40 || neg < 10 {
		t.Errorf("%d positive and %d negative cases, want at least 40 and 10", pos, neg)
	}
	for _, s := range []string{"python-traceback", "cpp-terminate", "gtest", "ci-log", "truncated", "mpirun", "gdb", "message-only", "thunder-wrapper", "pytest"} {
		if shapes[s] == 0 {
			t.Errorf("no case of shape %q (have %v)", s, shapes)
		}
	}
}
