// Package explain reads the explanations people write for checks: one
// Markdown file per check in the handbook's repository,
// explanations/<id>.md (like Rust's error index: what it means, an
// example that fails, the fix). The files live beside config.toml, not in
// generated/, so they survive every regeneration; assemble follows each
// id through the history to today's check (docs/errors.md).
package explain

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// MaxSize bounds one explanation: a page of prose and an example, not a
// data dump.
const MaxSize = 64 << 10

var idRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Read returns the explanations in dir (*.md, sorted by id); none when dir
// does not exist. shown is the folder's name as pages and messages show
// it ("explanations"). A file that is not an explanation (its name not an
// id, too large, not UTF-8, a folder or link where a file should be) is
// an error naming it.
func Read(dir, shown string) ([]model.Explanation, error) {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", shown, err)
	}
	var out []model.Explanation
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".md") || strings.HasPrefix(name, ".") || name == "README.md" || name == "TEMPLATE.md" {
			continue
		}
		file := shown + "/" + name
		id := strings.TrimSuffix(name, ".md")
		if !idRE.MatchString(id) {
			return nil, fmt.Errorf("%s: %q is not a check id (lower-case letters, digits and single dashes, as in the check's URL)", file, id)
		}
		if !e.Type().IsRegular() {
			return nil, fmt.Errorf("%s: not a regular file", file)
		}
		info, err := e.Info()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		if info.Size() > MaxSize {
			return nil, fmt.Errorf("%s: %d bytes; an explanation holds at most %d", file, info.Size(), MaxSize)
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		if !utf8.Valid(data) || strings.ContainsRune(string(data), 0) {
			return nil, fmt.Errorf("%s: not UTF-8 text", file)
		}
		body := strings.TrimSpace(strings.ReplaceAll(string(data), "\r\n", "\n"))
		if body == "" {
			return nil, fmt.Errorf("%s: empty", file)
		}
		out = append(out, model.Explanation{ID: id, File: file, Body: body, Summary: Summary(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// Template is what a new explanation starts from (the "explain this
// check" link fills it in).
func Template(title string) string {
	return "<!-- The explanation of the check \"" + strings.ReplaceAll(title, "--", "- -") + "\". Say it in your own words; quote nvFuser's code only as a short example. -->\n\n" +
		"### What it means\n\n\n\n### An example that fails\n\n```python\n\n```\n\n### The fix\n\n"
}

// reMarks are Markdown's inline marks a plain-text summary drops: a
// link's target (its text stays), emphasis and code marks.
var (
	reLink  = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	reMarks = regexp.MustCompile("[*_`]+")
)

// Summary is an explanation's first paragraph (headings skipped) as plain
// text, cut at a sentence or word within about 300 characters.
func Summary(body string) string {
	var para []string
	for _, line := range strings.Split(body, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "#") || strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"):
			if len(para) > 0 {
				break
			}
			continue
		case t == "":
			if len(para) > 0 {
				break
			}
			continue
		default:
			para = append(para, t)
			continue
		}
		break
	}
	text := reMarks.ReplaceAllString(reLink.ReplaceAllString(strings.Join(para, " "), "$1"), "")
	return shorten(strings.Join(strings.Fields(text), " "), 300)
}

// shorten cuts s at the last sentence end within limit bytes, else at
// the last space, with "…".
func shorten(s string, limit int) string {
	if len(s) <= limit {
		return s
	}
	head := s[:limit]
	if i := strings.LastIndex(head, ". "); i > limit/3 {
		return head[:i+1]
	}
	if i := strings.LastIndexByte(head, ' '); i > 0 {
		return head[:i] + " …"
	}
	return head + "…"
}
