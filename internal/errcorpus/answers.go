package errcorpus

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// LoadAnswers reads a folder of pasted errors described by answers.tsv:
// one line per file, tab-separated, "#" lines ignored:
//
//	file  source-url  expected-file  expected-function  expected-message  status  also  page  note
//
// expected-file "none" marks an error nvFuser did not raise. also holds
// other acceptable checks as FILE|FUNCTION|MESSAGE separated by ";", page
// the ids of notes that explain the error separated by ";" ("none" for
// none). This is the layout of real errors collected from public issues,
// which stay outside the repository.
func LoadAnswers(dir string) ([]Case, error) {
	path := filepath.Join(dir, "answers.tsv")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []Case
	for i, raw := range strings.Split(string(data), "\n") {
		raw = strings.TrimRight(raw, "\r")
		if strings.TrimSpace(raw) == "" || strings.HasPrefix(raw, "#") {
			continue
		}
		fail := func(format string, a ...any) ([]Case, error) {
			return nil, fmt.Errorf("%s:%d: %s", path, i+1, fmt.Sprintf(format, a...))
		}
		f := strings.Split(raw, "\t")
		if len(f) < 5 {
			return fail("want at least 5 tab-separated fields, got %d", len(f))
		}
		for len(f) < 9 {
			f = append(f, "")
		}
		c := Case{Name: f[0], Source: f[1], Shape: "real", Note: f[8]}
		if c.Name == "" || strings.ContainsAny(c.Name, `/\`) {
			return fail("bad file name %q", c.Name)
		}
		if f[2] != "none" {
			chk, err := ParseCheck(f[2] + "|" + f[3] + "|" + f[4])
			if err != nil {
				return fail("%v", err)
			}
			c.Expect = &chk
		}
		for _, a := range strings.Split(f[6], ";") {
			if strings.TrimSpace(a) == "" {
				continue
			}
			chk, err := ParseCheck(a)
			if err != nil {
				return fail("also: %v", err)
			}
			c.Also = append(c.Also, chk)
		}
		for _, p := range strings.Split(f[7], ";") {
			if p = strings.TrimSpace(p); p != "" && p != "none" {
				c.Pages = append(c.Pages, p)
			}
		}
		text, err := os.ReadFile(filepath.Join(dir, c.Name))
		if err != nil {
			return fail("%v", err)
		}
		c.Text = string(text)
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no cases", path)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}
