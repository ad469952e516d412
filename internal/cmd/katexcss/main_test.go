package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestVendoredKaTeX: static/katex is the KaTeX package.json pins (rerun
// go generate after changing it), and every font its stylesheet names is
// served beside it.
func TestVendoredKaTeX(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	var pkg struct{ DevDependencies map[string]string }
	data, err := os.ReadFile(filepath.Join(root, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		t.Fatal(err)
	}
	v, err := os.ReadFile(filepath.Join(root, "static", "katex", "VERSION"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.TrimSpace(string(v)), pkg.DevDependencies["katex"]; got != want {
		t.Errorf("static/katex is KaTeX %s, package.json pins %q: run npm ci && go generate ./internal/cmd/katexcss", got, want)
	}
	css, err := os.ReadFile(filepath.Join(root, "static", "katex", "katex.min.css"))
	if err != nil {
		t.Fatal(err)
	}
	urls := regexp.MustCompile(`url\(([^)]+)\)`).FindAllStringSubmatch(string(css), -1)
	if len(urls) < 10 {
		t.Fatalf("the stylesheet names %d fonts", len(urls))
	}
	for _, u := range urls {
		if strings.Contains(u[1], "//") {
			t.Errorf("the stylesheet loads %s from elsewhere", u[1])
		}
		if _, err := os.Stat(filepath.Join(root, "static", "katex", filepath.FromSlash(u[1]))); err != nil {
			t.Errorf("the stylesheet names %s: %v", u[1], err)
		}
	}
}
