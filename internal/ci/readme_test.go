package ci

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// readDocs returns README.md and every docs/*.md file, by path relative
// to the repository root.
func readDocs(t *testing.T, root string) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]string{}
	for _, f := range append(files, filepath.Join(root, "README.md")) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, f)
		docs[filepath.ToSlash(rel)] = string(data)
	}
	return docs
}

// TestReadmeIsAFrontDoor: the README stays short enough to read in two
// minutes and keeps the sections a newcomer looks for.
func TestReadmeIsAFrontDoor(t *testing.T) {
	root := testsite.Root(t)
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(data) >= 8<<10 {
		t.Errorf("README.md is %d bytes; keep it under 8 KB and move detail into docs/", len(data))
	}
	for _, want := range []string{"## The two commands", "go run ./cmd/gen", "go test ./...", "## Pointing it at a real nvFuser checkout", "## Commands", "## How it works", "Where to add things", "## Documentation"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("README.md lacks %q", want)
		}
	}
}

// mdLink is a Markdown inline link's destination.
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// codeSpan is inline code, where a link is only text.
var codeSpan = regexp.MustCompile("`[^`\n]*`")

// TestDocsLinksResolve: every relative link in README.md and docs/ names a
// file of the repository (an anchor, when given, a heading of that file).
func TestDocsLinksResolve(t *testing.T) {
	root := testsite.Root(t)
	docs := readDocs(t, root)
	for name, text := range docs {
		for _, m := range mdLink.FindAllStringSubmatch(codeSpan.ReplaceAllString(text, ""), -1) {
			dest := m[1]
			if strings.Contains(dest, "://") || strings.HasPrefix(dest, "mailto:") {
				continue
			}
			path, anchor, _ := strings.Cut(dest, "#")
			target := name
			if path != "" {
				target = filepath.ToSlash(filepath.Join(filepath.Dir(name), path))
			}
			if _, err := os.Stat(filepath.Join(root, target)); err != nil {
				t.Errorf("%s links to %s, which does not exist", name, dest)
				continue
			}
			if anchor == "" || !strings.HasSuffix(target, ".md") {
				continue
			}
			body, ok := docs[target]
			if !ok {
				data, _ := os.ReadFile(filepath.Join(root, target))
				body = string(data)
			}
			if !hasAnchor(body, anchor) {
				t.Errorf("%s links to %s: no heading makes the anchor #%s", name, dest, anchor)
			}
		}
	}
}

// hasAnchor reports whether a heading of the Markdown text gets the
// GitHub anchor slug.
func hasAnchor(text, slug string) bool {
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case r == ' ' || r == '-':
				b.WriteRune('-')
			case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '_':
				b.WriteRune(r)
			}
		}
		if b.String() == slug {
			return true
		}
	}
	return false
}

// TestReadmeFactsMoved: everything the README held before it became a
// front door (each section, each code span, each line of its code
// blocks, recorded in testdata/readme-facts.txt) is still in README.md or
// a docs/ file, and each docs/ file that took a section is linked from the
// README.
func TestReadmeFactsMoved(t *testing.T) {
	root := testsite.Root(t)
	docs := readDocs(t, root)
	var all strings.Builder
	for _, text := range docs {
		all.WriteString(text)
	}
	data, err := os.ReadFile(filepath.Join("testdata", "readme-facts.txt"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, fact := range strings.Split(string(data), "\n") {
		if fact == "" || strings.HasPrefix(fact, "# ") {
			continue
		}
		n++
		if !strings.Contains(all.String(), fact) {
			t.Errorf("lost in the move: %q is in neither README.md nor docs/", fact)
		}
	}
	if n < 300 {
		t.Errorf("only %d facts read from testdata/readme-facts.txt", n)
	}
	// The old README's sections, and where each went.
	sections := []struct{ heading, file string }{
		{"The two commands", "README.md"},
		{"Pointing it at a real nvFuser checkout", "README.md"},
		{"Pointing it at a real nvFuser checkout", "docs/commands.md"},
		{"Safety", "docs/publishing.md"},
		{"Option history", "docs/features.md"},
		{"Search and error lookup", "docs/features.md"},
		{"Links from nvFuser, and the hints it prints", "docs/features.md"},
		{"When a note's code changed", "docs/features.md"},
		{"CI logs that link runbooks", "docs/features.md"},
		{"Composing and checking an env line", "docs/features.md"},
		{"For coding agents", "docs/features.md"},
		{"Deterministic output", "docs/architecture.md"},
		{"Writing a note", "docs/writing-notes.md"},
		{"Configuration", "docs/commands.md"},
		{"The JSON API", "docs/api.md"},
		{"URL scheme", "docs/api.md"},
		{"How it works", "README.md"},
		{"How it works", "docs/architecture.md"},
		{"Publishing the handbook", "docs/publishing.md"},
		{"Benchmarks", "docs/development.md"},
		{"Development", "docs/development.md"},
	}
	readme := docs["README.md"]
	for _, s := range sections {
		text, ok := docs[s.file]
		if !ok {
			t.Errorf("%s (for %q) does not exist", s.file, s.heading)
			continue
		}
		if !regexp.MustCompile(`(?m)^#+ ` + regexp.QuoteMeta(s.heading) + `$`).MatchString(text) {
			t.Errorf("%s has no heading %q", s.file, s.heading)
		}
		if s.file != "README.md" && !strings.Contains(readme, "]("+s.file+")") {
			t.Errorf("README.md does not link %s (where %q went)", s.file, s.heading)
		}
	}
}
