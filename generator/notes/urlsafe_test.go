package notes

import (
	"net/url"
	"strings"
	"testing"
)

var urlSafetyCases = []struct {
	dest string
	safe bool
}{
	{"https://github.com/NVIDIA/Fuser/pull/1", true},
	{"HTTP://example.com", true},
	{"mailto:someone@example.com", true},
	{"#reproduce", true},
	{"", true},
	{"../other-note/", true},
	{"/env/nvfuser_dump", true},
	{"csrc/ir/storage.cpp", true},
	{"foo/bar:baz", true},         // a ":" after a "/" is no scheme
	{"?tab=readme", true},         // a query is relative
	{"missing:csrc/x.cpp", false}, // the generator's pseudo-URL is never written by a note
	{"javascript:alert(1)", false},
	{"JaVaScRiPt:alert(1)", false},
	{" javascript:alert(1)", false},
	{"\x01javascript:alert(1)", false},
	{"java\tscript:alert(1)", false},
	{"java\nscript:alert(1)", false},
	{"javascript\r:alert(1)", false},
	{"vbscript:msgbox(1)", false},
	{"jav&#x09;ascript:alert(1)", false},
	{"&#106;avascript:alert(1)", false},
	{"javascript&colon;alert(1)", false},
	{"javascript\\:alert(1)", false},
	{"https://example.com/?a=1&amp;b=2", true},
	{"data:text/html,<script>alert(1)</script>", false},
	{"data:image/png;base64,AAAA", false},
	{"file:///etc/passwd", false},
	{"ftp://example.com/x", false},
	{"//evil.example/x", false},
	{"\\\\evil.example/x", false},
	{"/\\evil.example/x", false},
	{"x-custom+scheme.1:foo", false},
}

func TestURLSafety(t *testing.T) {
	for _, tc := range urlSafetyCases {
		safe, why := URLSafety(tc.dest)
		if safe != tc.safe {
			t.Errorf("URLSafety(%q) = %v (%s), want %v", tc.dest, safe, why, tc.safe)
		}
		if !safe && why == "" {
			t.Errorf("URLSafety(%q): unsafe without a reason", tc.dest)
		}
	}
}

// FuzzURLSafety checks the decision against net/url and against the
// schemes browsers execute: whatever a safe URL's bytes, once a browser
// has stripped what it strips, it has no scheme or an allowed one.
func FuzzURLSafety(f *testing.F) {
	for _, tc := range urlSafetyCases {
		f.Add(tc.dest)
	}
	f.Fuzz(func(t *testing.T, dest string) {
		safe, _ := URLSafety(dest)
		if !safe {
			return
		}
		// What a browser parses: leading C0/space trimmed, tab/CR/LF removed.
		b := strings.TrimLeft(dest, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
		b = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(b)
		low := strings.ToLower(b)
		for _, bad := range []string{"javascript:", "vbscript:", "data:", "file:"} {
			if strings.HasPrefix(low, bad) {
				t.Fatalf("%q judged safe", dest)
			}
		}
		if strings.HasPrefix(b, "//") || strings.HasPrefix(b, `\\`) {
			t.Fatalf("%q (protocol-relative) judged safe", dest)
		}
		if u, err := url.Parse(b); err == nil && u.Scheme != "" {
			switch strings.ToLower(u.Scheme) {
			case "http", "https", "mailto":
			default:
				t.Fatalf("%q judged safe, net/url reads scheme %q", dest, u.Scheme)
			}
		}
	})
}

// TestUnsafeURLsRecorded: every place a note's text becomes a URL is
// checked while the note is parsed, with the note's own line. A bare
// ftp:// URL is not one: the handbook's autolinker (linkify) links only
// what urlsafe allows, so it stays text.
func TestUnsafeURLsRecorded(t *testing.T) {
	note := "+++\ntitle = \"x\"\n+++\n# T\n\n" +
		"[a](javascript:alert(1)) [ok](https://example.com)\n" + // line 6
		"![i](data:image/png;base64,AA)\n" + // 7
		"<vbscript:msgbox(1)>\n" + // 8
		"[ref link][r] and bare ftp://example.com/file.\n" + // 9
		"| [cell](JaVaScRiPt:x) |\n|---|\n" + // 10
		"## [head](file:///etc/passwd)\n" + // 12
		"[e](jav&#x09;ascript:alert(3)) <mailto:a@b.c> <a@b.c>\n" + // 13
		"\n[r]: //evil.example/x\n"
	n, err := Parse("notes/x.md", []byte(note), fakeOptions())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{
		"javascript:alert(1)":       6,
		"data:image/png;base64,AA":  7,
		"vbscript:msgbox(1)":        8,
		"//evil.example/x":          9,
		"JaVaScRiPt:x":              10,
		"file:///etc/passwd":        12,
		"jav&#x09;ascript:alert(3)": 13,
	}
	got := map[string]int{}
	for _, u := range n.UnsafeURLs {
		got[u.URL] = u.Line
		if u.Why == "" {
			t.Errorf("%q: no reason", u.URL)
		}
	}
	for u, line := range want {
		if got[u] != line {
			t.Errorf("%q: line %d, want %d (all: %v)", u, got[u], line, n.UnsafeURLs)
		}
	}
	if len(got) != len(want) {
		t.Errorf("recorded %v, want exactly %v", got, want)
	}
}
