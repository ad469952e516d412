package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/golden"
)

// The committed stylesheets are exactly what chroma's styles give today:
// after a chroma upgrade (through Hugo) this fails until
// `go generate ./internal/cmd/chromacss` is run and the diff reviewed.
func TestStylesheetsCurrent(t *testing.T) {
	for _, s := range sheets {
		got, err := render(s)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("..", "..", "..", "static", "css", s.File)
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale (go generate ./internal/cmd/chromacss):\n%s", path, golden.FirstDiff(want, got))
		}
	}
}

func TestRenderAdapts(t *testing.T) {
	css, err := render(sheets[0])
	if err != nil {
		t.Fatal(err)
	}
	s := string(css)
	for _, tc := range []struct {
		what string
		ok   bool
	}{
		{"no .bg rule", !strings.Contains(s, ".bg {")},
		{"no background on .chroma", !strings.Contains(s, ".chroma { background-color")},
		{"errors not painted", strings.Contains(s, ".chroma .err { color: inherit }")},
		{"inside the media query", strings.HasSuffix(s, "\n}\n") && strings.Contains(s, "@media (prefers-color-scheme: light), print {")},
		{"keywords coloured", strings.Contains(s, ".chroma .k { color:")},
	} {
		if !tc.ok {
			t.Errorf("%s:\n%s", tc.what, s)
		}
	}
	if _, err := render(sheet{File: "x.css", Style: "no-such-style"}); err == nil {
		t.Error("an unknown style was accepted")
	}
}

func TestDropBackground(t *testing.T) {
	for in, want := range map[string]string{
		"/* PreWrapper */ .chroma { background-color: #f7f7f7; -webkit-text-size-adjust: none; }": "/* PreWrapper */ .chroma { -webkit-text-size-adjust: none; }",
		"/* PreWrapper */ .chroma { color: #e6edf3; background-color: #0d1117; x: y; }":           "/* PreWrapper */ .chroma { color: #e6edf3; x: y; }",
		".a { color: red }": ".a { color: red }",
	} {
		if got := dropBackground(in); got != want {
			t.Errorf("dropBackground(%q) = %q, want %q", in, got, want)
		}
	}
}
