// Command chromacss writes the site's code highlighting stylesheets,
// static/css/chroma-light.css and chroma-dark.css, from chroma's own
// styles, so they follow the chroma version Hugo links in:
//
//	go generate ./internal/cmd/chromacss
//
// Hugo renders code with CSS classes (config.toml: markup.highlight
// noClasses = false); these files give the classes their colours. A test
// fails when the committed files differ from what this writes.
package main

//go:generate go run . -dir ../../../static/css

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/styles"
)

// sheet is one generated stylesheet: a chroma style under a media query.
type sheet struct {
	File  string
	Style string
	Media string
}

// sheets: GitHub's colours, light for light screens and print, dark for
// dark screens.
var sheets = []sheet{
	{"chroma-light.css", "github", "(prefers-color-scheme: light), print"},
	{"chroma-dark.css", "github-dark", "screen and (prefers-color-scheme: dark)"},
}

func main() {
	dir := flag.String("dir", "static/css", "folder to write the stylesheets into")
	flag.Parse()
	for _, s := range sheets {
		css, err := render(s)
		if err == nil {
			err = os.WriteFile(filepath.Join(*dir, s.File), css, 0o644)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "chromacss:", err)
			os.Exit(1)
		}
	}
}

// render writes chroma's CSS for the sheet's style, adapted to the site:
// code blocks take their background from site.css (so the page's own
// colours and contrast rules apply), and a lexer error is not painted as
// an alarm (a note's pasted log often trips a lexer; it is not an error of
// the note).
func render(s sheet) ([]byte, error) {
	style := styles.Get(s.Style)
	if style == nil || style.Name != s.Style {
		return nil, fmt.Errorf("chroma has no style %q", s.Style)
	}
	var raw bytes.Buffer
	if err := html.New(html.WithClasses(true)).WriteCSS(&raw, style); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	fmt.Fprintf(&out, "/* Generated from chroma v2 style %q (formatters/html WriteCSS, classes).\n", s.Style)
	fmt.Fprintf(&out, "   Backgrounds come from site.css; lexer errors are not painted red. */\n")
	fmt.Fprintf(&out, "@media %s {\n", s.Media)
	var seen []string
	for _, line := range strings.SplitAfter(raw.String(), "\n") {
		if line == "" {
			continue
		}
		switch {
		case strings.HasPrefix(line, "/* Background */"):
			seen = append(seen, "Background")
			continue // the .bg class is not used: Hugo wraps code in .chroma
		case strings.HasPrefix(line, "/* PreWrapper */"):
			seen = append(seen, "PreWrapper")
			line = dropBackground(line)
		case strings.HasPrefix(line, "/* Error */"):
			seen = append(seen, "Error")
			line = "/* Error */ .chroma .err { color: inherit }\n"
		}
		out.WriteString("  " + line)
	}
	out.WriteString("}\n")
	if strings.Join(seen, ",") != "Background,PreWrapper,Error" {
		// chroma changed its output: look at it before adapting it blindly.
		return nil, fmt.Errorf("style %s: expected Background, PreWrapper and Error rules in chroma's CSS, found %v", s.Style, seen)
	}
	return out.Bytes(), nil
}

// dropBackground removes the background-color declaration of a rule.
func dropBackground(rule string) string {
	i := strings.Index(rule, "background-color:")
	if i < 0 {
		return rule
	}
	j := strings.Index(rule[i:], ";")
	if j < 0 {
		return rule
	}
	return rule[:i] + strings.TrimLeft(rule[i+j+1:], " ")
}
