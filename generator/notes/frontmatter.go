package notes

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
	"go.yaml.in/yaml/v3"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// frontMatter is what a note may declare about itself. Unknown keys are
// ignored so notes can carry Hugo params or tags of their own.
type frontMatter struct {
	ID      string
	Title   string
	Kind    string
	Status  string
	Aliases []string
	Date    string
}

// splitFrontMatter separates TOML ("+++") or YAML ("---") front matter from
// the body. bodyLine is the 1-based file line on which the body starts.
//
// A leading "---" is only front matter when it is closed and its first
// non-blank line looks like "key: value"; otherwise it is a markdown
// thematic break and the whole file is body.
func splitFrontMatter(source string, data []byte) (fm frontMatter, body []byte, bodyLine int, err error) {
	var delim string
	switch {
	case bytes.HasPrefix(data, []byte("+++\n")) || bytes.Equal(data, []byte("+++")):
		delim = "+++"
	case bytes.HasPrefix(data, []byte("---\n")):
		delim = "---"
	default:
		return fm, data, 1, nil
	}
	lines := strings.SplitAfter(string(data), "\n")
	closeAt := -1
	for i := 1; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], " \t\n")
		if l == delim || (delim == "---" && l == "...") {
			closeAt = i
			break
		}
	}
	if closeAt < 0 {
		if delim == "+++" {
			return fm, nil, 0, fmt.Errorf("%s:1: front matter opened with +++ is never closed", source)
		}
		return fm, data, 1, nil
	}
	inner := strings.Join(lines[1:closeAt], "")
	if delim == "---" && !looksLikeYAML(inner) {
		return fm, data, 1, nil
	}
	consumed := len(strings.Join(lines[:closeAt+1], ""))
	body = data[consumed:]
	bodyLine = closeAt + 2
	if delim == "+++" {
		fm, err = parseTOML(source, inner)
	} else {
		fm, err = parseYAML(source, inner)
	}
	if err == nil {
		err = fm.validate(source, lines[1:closeAt])
	}
	return fm, body, bodyLine, err
}

// keyLine is the file line of key in the front matter's lines (inner[0]
// is file line 2), or 1, the opening delimiter, when it cannot be found.
func keyLine(inner []string, key string) int {
	for i, l := range inner {
		k, _, ok := strings.Cut(strings.TrimSpace(l), "=")
		if k2, _, ok2 := strings.Cut(strings.TrimSpace(l), ":"); ok2 && (!ok || len(k2) < len(k)) {
			k, ok = k2, true
		}
		if ok && strings.EqualFold(strings.Trim(strings.TrimSpace(k), `"'`), key) {
			return i + 2
		}
	}
	return 1
}

func looksLikeYAML(inner string) bool {
	for _, l := range strings.Split(inner, "\n") {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		k, _, ok := strings.Cut(t, ":")
		return ok && isYAMLKey(k)
	}
	return true // only comments or blank: harmless to treat as front matter
}

func isYAMLKey(k string) bool {
	if k == "" {
		return false
	}
	for _, r := range k {
		if !(r == '_' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

func parseTOML(source, inner string) (frontMatter, error) {
	var raw map[string]any
	if _, err := toml.Decode(inner, &raw); err != nil {
		line := 1 // the opening +++
		var perr toml.ParseError
		if errors.As(err, &perr) && perr.Position.Line > 0 {
			line += perr.Position.Line
		}
		return frontMatter{}, fmt.Errorf("%s:%d: front matter: %v", source, line, firstLine(err.Error()))
	}
	var fm frontMatter
	for k, v := range raw {
		if err := fm.set(strings.ToLower(k), v); err != nil {
			return fm, fmt.Errorf("%s:1: front matter: %v", source, err)
		}
	}
	return fm, nil
}

// parseYAML decodes YAML front matter with the YAML library (quotes,
// escapes, flow and block lists, block scalars, anchors: all of YAML),
// walking the top-level mapping node by node so an error names the line
// of the key at fault.
func parseYAML(source, inner string) (frontMatter, error) {
	var fm frontMatter
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(inner), &doc); err != nil {
		msg := err.Error()
		var terr *yaml.TypeError
		if errors.As(err, &terr) && len(terr.Errors) > 0 {
			msg = terr.Errors[0] // "line 3: mapping key ... already defined at line 2"
		}
		msg = strings.TrimPrefix(firstLine(msg), "yaml: ")
		return fm, fmt.Errorf("%s:%d: front matter: %v", source, 1+yamlErrorLine(msg), msg)
	}
	if len(doc.Content) == 0 {
		return fm, nil // only comments or blank lines
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return fm, fmt.Errorf("%s:%d: front matter: expected \"key: value\" lines, got a YAML %s", source, 1+root.Line, yamlKind(root))
	}
	seen := map[string]int{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		line := 1 + k.Line // the opening --- is line 1
		key := strings.ToLower(k.Value)
		if first, dup := seen[key]; dup {
			return fm, fmt.Errorf("%s:%d: front matter: %s is already set on line %d", source, line, k.Value, first)
		}
		seen[key] = line
		var val any
		if err := v.Decode(&val); err != nil {
			return fm, fmt.Errorf("%s:%d: front matter: %v", source, line, strings.TrimPrefix(err.Error(), "yaml: "))
		}
		if val == nil {
			val = "" // "key:" with nothing after it is YAML's null
		}
		if err := fm.set(key, val); err != nil {
			return fm, fmt.Errorf("%s:%d: front matter: %v", source, line, err)
		}
	}
	return fm, nil
}

// yamlErrorLine finds the 1-based line a YAML error names ("yaml: line 3:
// ..."), 1 when it names none.
func yamlErrorLine(msg string) int {
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		if n, e := strconv.Atoi(m[1]); e == nil && n > 0 {
			return n
		}
	}
	return 1
}

var yamlLineRE = regexp.MustCompile(`^line (\d+):`)

func yamlKind(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "list"
	case yaml.ScalarNode:
		return "scalar"
	}
	return "document"
}

// set stores one front matter key. Values come from the TOML or YAML
// library: strings, dates, lists ([]any). Both decode into this one
// struct through it, so a key means the same in either syntax.
func (fm *frontMatter) set(key string, v any) error {
	str := func() (string, error) {
		switch x := v.(type) {
		case string:
			return strings.TrimSpace(x), nil
		case time.Time: // TOML dates and datetimes
			return x.Format("2006-01-02"), nil
		}
		return "", fmt.Errorf("%s: expected a string, got %T", key, v)
	}
	var err error
	switch key {
	case "id":
		fm.ID, err = str()
	case "title":
		fm.Title, err = str()
	case "kind":
		fm.Kind, err = str()
		fm.Kind = strings.ToLower(fm.Kind)
	case "status":
		fm.Status, err = str()
		fm.Status = strings.ToLower(fm.Status)
	case "date":
		fm.Date, err = str()
	case "aliases":
		switch x := v.(type) {
		case string:
			fm.Aliases = append(fm.Aliases, x)
		case []any:
			for _, it := range x {
				s, ok := it.(string)
				if !ok {
					return fmt.Errorf("aliases: expected strings, got %T", it)
				}
				fm.Aliases = append(fm.Aliases, s)
			}
		case []string:
			fm.Aliases = append(fm.Aliases, x...)
		default:
			return fmt.Errorf("aliases: expected a list of strings, got %T", v)
		}
	}
	return err
}

func (fm *frontMatter) validate(source string, inner []string) error {
	switch fm.Kind {
	case "", model.KindRunbook, model.KindGuide, model.KindNotes:
	default:
		return fmt.Errorf("%s:%d: front matter: kind %q is not one of runbook, guide, notes", source, keyLine(inner, "kind"), fm.Kind)
	}
	switch fm.Status {
	case "", model.StatusOpen, model.StatusWorkaround, model.StatusResolved:
	default:
		return fmt.Errorf("%s:%d: front matter: status %q is not one of open, workaround, resolved", source, keyLine(inner, "status"), fm.Status)
	}
	if fm.Date != "" {
		d, ok := parseISODate(fm.Date)
		if !ok {
			return fmt.Errorf("%s:%d: front matter: date %q is not a real YYYY-MM-DD date", source, keyLine(inner, "date"), fm.Date)
		}
		fm.Date = d
	}
	return nil
}

// parseISODate accepts "2026-01-26" and RFC 3339 timestamps and returns the
// date part.
func parseISODate(s string) (string, bool) {
	if len(s) >= 10 {
		if t, err := time.Parse("2006-01-02", s[:10]); err == nil {
			return t.Format("2006-01-02"), true
		}
	}
	return "", false
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
