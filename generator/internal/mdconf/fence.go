package mdconf

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// The options of a fenced code block ("```go {linenos=table,hl_lines=2}")
// are handed by Hugo to its highlighter, chroma, which writes some of
// them into the page as they are: lineanchors into every line's id and
// href, style and noclasses as inline CSS. A note could thus write markup
// into the page through an option's value. So the handbook passes on only
// the options it documents (docs/markdown.md), each value checked and
// written out again in a normal form; the notes stage warns about the
// rest at the fence's line and emit drops them (FenceOptions decides for
// both).

// Limits of a highlighted line's number, and of the number of ranges.
const (
	maxFenceLine   = 1_000_000
	maxFenceRanges = 64
)

// FenceOptionNames are the code fence options a note may use.
var FenceOptionNames = []string{"linenos", "linenostart", "hl_lines"}

// Fence is what FenceOptions makes of a fenced code block's info string.
type Fence struct {
	// Info is the info string to give Hugo: the language, then the kept
	// options in normal form ("go {linenos=true,hl_lines=\"2 4-5\"}").
	Info string
	// Changed says Info differs from the info string as written.
	Changed bool
	// Dropped says what was dropped and why, one sentence each.
	Dropped []string
}

// FenceOptions reads the options of a fenced code block's info string as
// Hugo does (from the first "{" to the first "}" after it, in goldmark's
// attribute syntax) and keeps those of FenceOptionNames whose values are
// valid: linenos true, false, inline or table; linenostart a line number;
// hl_lines line numbers and ranges ("2 4-5", or [2,"4-5"]).
func FenceOptions(info []byte) Fence {
	open := bytes.IndexByte(info, '{')
	if open < 0 {
		return Fence{Info: string(info)}
	}
	end := bytes.IndexByte(info[open:], '}')
	if end < 0 {
		return Fence{Info: string(info)} // Hugo reads no options
	}
	block := info[open : open+end+1]
	lang := strings.TrimRight(string(info[:open]), " \t")
	f := Fence{}
	attrs, ok := parser.ParseAttributes(text.NewReader(block))
	if !ok {
		f.Dropped = append(f.Dropped, fmt.Sprintf("code fence options %s do not parse: dropped", quoteShort(block)))
		attrs = nil
	}
	kept := map[string]string{}
	for _, a := range attrs {
		name := strings.ToLower(string(a.Name))
		val, why := fenceValue(name, a.Value)
		switch {
		case why != "":
			f.Dropped = append(f.Dropped, fmt.Sprintf("code fence option %s: %s: dropped", quoteShort(a.Name), why))
		default:
			kept[name] = val // a repeated option: the last wins, as in Hugo
		}
	}
	var opts []string
	for _, name := range FenceOptionNames {
		if v, ok := kept[name]; ok {
			opts = append(opts, name+"="+v)
		}
	}
	f.Info = lang
	if len(opts) > 0 {
		if f.Info != "" {
			f.Info += " "
		}
		f.Info += "{" + strings.Join(opts, ",") + "}"
	}
	f.Changed = f.Info != string(info)
	return f
}

// fenceValue is the normal form of an option's value, or why the option
// is dropped. v is what goldmark's attribute parser gives: []byte, bool,
// float64, nil or []any of these.
func fenceValue(name string, v any) (string, string) {
	switch name {
	case "linenos":
		switch v := v.(type) {
		case bool:
			return strconv.FormatBool(v), ""
		case []byte:
			switch s := strings.ToLower(string(v)); s {
			case "true", "false":
				return s, ""
			case "inline", "table":
				return strconv.Quote(s), ""
			}
		}
		return "", "its value must be true, false, inline or table"
	case "linenostart":
		if n, ok := lineNumber(v); ok {
			return strconv.Itoa(n), ""
		}
		return "", fmt.Sprintf("its value must be a line number (0 to %d)", maxFenceLine)
	case "hl_lines":
		var items []any
		switch v := v.(type) {
		case []any:
			items = v
		case []byte:
			for _, f := range strings.Fields(string(v)) {
				items = append(items, []byte(f))
			}
		case float64:
			items = []any{v}
		}
		var ranges []string
		for _, it := range items {
			r, ok := lineRange(it)
			if !ok {
				ranges = nil
				break
			}
			ranges = append(ranges, r)
		}
		if len(ranges) == 0 || len(ranges) > maxFenceRanges {
			return "", fmt.Sprintf("its value must be up to %d line numbers or ranges (\"2 4-5\")", maxFenceRanges)
		}
		return strconv.Quote(strings.Join(ranges, " ")), ""
	}
	return "", "not an option the handbook supports (" + strings.Join(FenceOptionNames, ", ") + ")"
}

// lineNumber is v as a line number: a whole number from 0 to maxFenceLine.
func lineNumber(v any) (int, bool) {
	var n int
	switch v := v.(type) {
	case float64:
		if v != float64(int(v)) {
			return 0, false
		}
		n = int(v)
	case []byte:
		var err error
		if n, err = strconv.Atoi(string(v)); err != nil {
			return 0, false
		}
	default:
		return 0, false
	}
	return n, n >= 0 && n <= maxFenceLine
}

// lineRange is one item of hl_lines, "N" or "N-M" with 1 <= N <= M.
func lineRange(v any) (string, bool) {
	if b, ok := v.([]byte); ok {
		if from, to, isRange := strings.Cut(string(b), "-"); isRange {
			a, okA := lineNumber([]byte(from))
			z, okZ := lineNumber([]byte(to))
			if !okA || !okZ || a < 1 || z < a {
				return "", false
			}
			return strconv.Itoa(a) + "-" + strconv.Itoa(z), true
		}
	}
	n, ok := lineNumber(v)
	if !ok || n < 1 {
		return "", false
	}
	return strconv.Itoa(n), true
}

// quoteShort quotes what a note wrote for a warning, cut to a readable
// length.
func quoteShort(b []byte) string {
	const max = 60
	s := string(b)
	if len(s) > max {
		s = strings.ToValidUTF8(s[:max], "") + "…"
	}
	return strconv.Quote(s)
}
