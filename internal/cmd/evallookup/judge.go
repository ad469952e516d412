package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/nvfuser-handbook/handbook/internal/errcorpus"
)

// checkPages is where check pages live: a result whose URL has it names a
// check, any other result is a note (or an option's page).
const checkPages = "/errors/"

// record is what the judge knows of one check page, from the match itself
// or from api/errors.json.
type record struct {
	ID, URL                     string
	File, Function, Within      string
	Message, Condition, Kind    string
	hasMessage, hasFunctionInfo bool
}

// verdict is one case judged.
type verdict struct {
	negative bool
	rank     int // 1-based rank of the first right result, 0 when none
	n        int // results returned
	first    string
	gone     bool // the expected check is not in the -source checkout
}

func (v verdict) line(c *errcorpus.Case) string {
	want := "none"
	if c.Expect != nil {
		want = c.Expect.String()
	}
	first := v.first
	if first == "" {
		first = "(nothing)"
	}
	verdict := "WRONG"
	switch {
	case v.rank == 1:
		verdict = "right"
	case v.negative && v.n == 0:
		verdict = "right"
	case v.rank > 1:
		verdict = fmt.Sprintf("right at %d", v.rank)
	case v.n == 0:
		verdict = "nothing"
	}
	gone := ""
	if v.gone {
		gone = " [check not in checkout]"
	}
	return fmt.Sprintf("%-40s %-10s first: %-45s want: %s%s", c.Name, verdict, first, want, gone)
}

// judge decides where, in results, the first right answer is: the page of
// the expected check (or of one the case also accepts), or a note the case
// names as explaining the error.
func judge(c *errcorpus.Case, results []map[string]any, checks map[string]record) verdict {
	// Only what the lookup puts forward as the answer counts: a result
	// it calls merely related (settings, pages near a failure no check
	// raised) is not put first. A lookup that gives no level claims all.
	var claimed []map[string]any
	for _, r := range results {
		if l := str(r, "level"); l == "" || l == "raised" || l == "probably" {
			claimed = append(claimed, r)
		}
	}
	results = claimed
	v := verdict{negative: c.Negative(), n: len(results)}
	if len(results) > 0 {
		v.first = str(results[0], "id")
		if v.first == "" {
			v.first = str(results[0], "url")
		}
	}
	want := c.Also
	if c.Expect != nil {
		want = append([]errcorpus.Check{*c.Expect}, want...)
	}
	for i, r := range results {
		if rightResult(r, want, c.Pages, checks) {
			v.rank = i + 1
			break
		}
	}
	return v
}

func rightResult(r map[string]any, want []errcorpus.Check, pages []string, checks map[string]record) bool {
	url := str(r, "url")
	if !strings.Contains(url, checkPages) && str(r, "kind") != "check" {
		id := str(r, "id")
		for _, p := range pages {
			if id == p || strings.Contains(url, "/"+p+"/") {
				return true
			}
		}
		// A note the lookup says quotes the check explains it.
		quoted, ok := r["check"].(string)
		if !ok || quoted == "" {
			return false
		}
		r = map[string]any{"id": quoted, "url": checkPages + quoted + "/"}
	}
	rec := checkOf(r, checks)
	for _, w := range want {
		if rec.matches(w) {
			return true
		}
	}
	return false
}

// checkOf gathers what is known of the check a result names: fields the
// match carries (at its top level or under "check", which may instead be
// the check's id), then its entry in api/lookup.json's checks or
// api/errors.json by URL or id.
func checkOf(r map[string]any, checks map[string]record) record {
	rec := recordFrom(r)
	switch c := r["check"].(type) {
	case map[string]any: // the check's facts on the match
		rec = merge(rec, recordFrom(c))
	case string: // the check's id
		rec = merge(rec, record{ID: c})
		if known, ok := checks[c]; ok {
			rec = merge(rec, known)
		}
	}
	for _, key := range []string{pathOf(rec.URL), rec.ID, lastSegment(rec.URL)} {
		if known, ok := checks[key]; ok && key != "" {
			rec = merge(rec, known)
			break
		}
	}
	if rec.ID == "" {
		rec.ID = lastSegment(rec.URL)
	}
	return rec
}

// matches compares by file, function and message head, whatever line
// either side was taken at. With no file and function known (a bare URL),
// it falls back on the id scheme "<function>-<first message words>".
func (rec record) matches(w errcorpus.Check) bool {
	if !rec.hasFunctionInfo {
		return idMatches(rec.ID, w)
	}
	if !sameFile(rec.File, w.File) {
		return false
	}
	// A check in a lambda prints operator(); without the function around
	// it known, file and message decide.
	lambda := rec.Function == "operator()" && rec.Within == ""
	if rec.Function != w.Function && rec.Within != w.Function && !lambda {
		return false
	}
	if w.Cond {
		return rec.Condition == "" || strings.Contains(squash(rec.Condition), squash(w.Message))
	}
	if !rec.hasMessage {
		return true
	}
	return strings.Contains(normalize(placeholders.ReplaceAllString(rec.Message, " ")), normalize(w.Message))
}

var placeholders = regexp.MustCompile(`\{[^{}]{0,40}\}`)

// sameFile accepts one path ending in the other ("csrc/x.cpp" against
// "/opt/pytorch/nvfuser/csrc/x.cpp").
func sameFile(a, b string) bool {
	a, b = strings.TrimPrefix(a, "./"), strings.TrimPrefix(b, "./")
	return a != "" && (a == b || strings.HasSuffix(a, "/"+b) || strings.HasSuffix(b, "/"+a))
}

// idMatches reads a check id of the form <function>-<words>: the
// function's slug must lead it and the message head's first words follow.
func idMatches(id string, w errcorpus.Check) bool {
	fn := slug(w.Function)
	if fn == "" || !strings.HasPrefix(id, fn+"-") {
		return false
	}
	words := strings.Split(slug(w.Message), "-")
	if len(words) > 3 {
		words = words[:3]
	}
	return strings.Contains(id, strings.Join(words, "-"))
}

func slug(s string) string {
	return strings.Trim(nonWord.ReplaceAllString(strings.ToLower(s), "-"), "-")
}

var nonWord = regexp.MustCompile(`[^a-z0-9]+`)

func normalize(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }

// squash drops all white space: conditions are printed as the
// preprocessor spaced them.
func squash(s string) string { return strings.Join(strings.Fields(s), "") }

// loadCheckRecords reads what the site publishes about its checks:
// api/errors.json, and the "checks" entries of api/lookup.json (a build
// without check pages has neither). The files are read generically, as a
// list of objects or an object holding one, so a change of their layout
// costs field names in recordFrom, not a rewrite.
func loadCheckRecords(site string) (map[string]record, error) {
	out := map[string]record{}
	for _, name := range []string{"lookup.json", "errors.json"} { // errors.json's fuller facts win
		path := filepath.Join(site, "api", name)
		data, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		var top any
		if err := json.Unmarshal(data, &top); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		list, _ := top.([]any)
		if obj, ok := top.(map[string]any); ok {
			for _, key := range []string{"checks", "errors", "items"} {
				if l, ok := obj[key].([]any); ok {
					list = l
					break
				}
			}
		}
		for _, item := range list {
			m, ok := item.(map[string]any)
			if !ok {
				continue
			}
			rec := recordFrom(m)
			for _, key := range []string{rec.ID, pathOf(rec.URL), pathOf(str(m, "short_url"))} {
				if key != "" {
					out[key] = merge(rec, out[key])
				}
			}
		}
	}
	return out, nil
}

// recordFrom reads a check's facts from a JSON object under the names the
// API may give them.
func recordFrom(m map[string]any) record {
	rec := record{
		ID:        str(m, "id"),
		URL:       str(m, "url"),
		File:      first(m, "file", "path", "f"),
		Function:  first(m, "function", "func", "fn"),
		Within:    str(m, "within"),
		Message:   first(m, "message", "message_template", "template", "m"),
		Condition: first(m, "condition", "c"),
		Kind:      first(m, "kind", "k"),
	}
	if where, ok := m["where"].(map[string]any); ok && rec.File == "" {
		rec.File = first(where, "file", "path")
	}
	if pieces, ok := m["pieces"].([]any); ok && rec.Message == "" {
		var ps []string
		for _, p := range pieces {
			if s, ok := p.(string); ok {
				ps = append(ps, s)
			}
		}
		rec.Message = strings.Join(ps, " ")
	}
	rec.hasMessage = rec.Message != ""
	rec.hasFunctionInfo = rec.File != "" && (rec.Function != "" || rec.Within != "")
	return rec
}

// merge fills what a lacks from b.
func merge(a, b record) record {
	fill := func(x *string, y string) {
		if *x == "" {
			*x = y
		}
	}
	fill(&a.ID, b.ID)
	fill(&a.URL, b.URL)
	fill(&a.File, b.File)
	fill(&a.Function, b.Function)
	fill(&a.Within, b.Within)
	fill(&a.Message, b.Message)
	fill(&a.Condition, b.Condition)
	fill(&a.Kind, b.Kind)
	a.hasMessage = a.Message != ""
	a.hasFunctionInfo = a.File != "" && (a.Function != "" || a.Within != "")
	return a
}

func str(m map[string]any, key string) string {
	s, _ := m[key].(string)
	return s
}

func first(m map[string]any, keys ...string) string {
	for _, k := range keys {
		if s := str(m, k); s != "" {
			return s
		}
	}
	return ""
}

// pathOf is a URL's path ("/errors/x/"), absolute or not.
func pathOf(url string) string {
	if i := strings.Index(url, "://"); i >= 0 {
		rest := url[i+3:]
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			return rest[j:]
		}
		return "/"
	}
	return url
}

func lastSegment(url string) string {
	p := strings.TrimSuffix(pathOf(url), "/")
	return p[strings.LastIndexByte(p, '/')+1:]
}
