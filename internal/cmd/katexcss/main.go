// Command katexcss copies KaTeX's stylesheet and fonts from the npm
// package (pinned in package.json at the version Hugo's transform.ToMath
// renders with) into static/katex, so that math rendered at build time
// shows offline, with no CDN and without npm at build time:
//
//	npm ci && go generate ./internal/cmd/katexcss
//
// Only the WOFF2 fonts are kept (every browser the site supports reads
// them), and the stylesheet is rewritten to name only those. A test holds
// static/katex/VERSION to package.json and checks every font the
// stylesheet names is there.
package main

//go:generate go run . -from ../../../node_modules/katex -to ../../../static/katex

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// fallbackFonts are the url(...) format(...) entries after a font's
// WOFF2 one in KaTeX's @font-face rules.
var fallbackFonts = regexp.MustCompile(`,url\(fonts/[^)]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)`)

func main() {
	from := flag.String("from", "node_modules/katex", "the katex npm package")
	to := flag.String("to", "static/katex", "where the site serves it")
	flag.Parse()
	if err := run(*from, *to); err != nil {
		fmt.Fprintln(os.Stderr, "katexcss:", err)
		os.Exit(1)
	}
}

func run(from, to string) error {
	var pkg struct{ Version string }
	data, err := os.ReadFile(filepath.Join(from, "package.json"))
	if err != nil {
		return fmt.Errorf("%v (run npm ci first)", err)
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		return err
	}
	css, err := os.ReadFile(filepath.Join(from, "dist", "katex.min.css"))
	if err != nil {
		return err
	}
	if err := os.RemoveAll(to); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(to, "fonts"), 0o755); err != nil {
		return err
	}
	fonts, err := filepath.Glob(filepath.Join(from, "dist", "fonts", "*.woff2"))
	if err != nil {
		return err
	}
	for _, f := range fonts {
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(to, "fonts", filepath.Base(f)), b, 0o644); err != nil {
			return err
		}
	}
	license, err := os.ReadFile(filepath.Join(from, "LICENSE"))
	if err != nil {
		return err
	}
	out := fallbackFonts.ReplaceAll(css, nil)
	for name, b := range map[string][]byte{
		"katex.min.css": out,
		"LICENSE":       license,
		"VERSION":       []byte(strings.TrimSpace(pkg.Version) + "\n"),
	} {
		if err := os.WriteFile(filepath.Join(to, name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
