package quality

import (
	"archive/tar"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"testing/fstest"

	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/csrcscan"
	"github.com/nvfuser-handbook/handbook/generator/internal/ghactions"
	"github.com/nvfuser-handbook/handbook/generator/internal/gitcmd"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// gen check --strict --since: only the findings a change brought. The
// findings before it come from a git revision of the checkout (its C++
// read again, judged against today's options and variables) or from a
// published api/check-quality.json. A finding is known by its kind, its
// check's base id (function and first words: lines moving or a twin
// numbered differently change nothing) and its subject; a key present n
// times before and m > n times now makes the last m-n new.

// Key identifies a finding across revisions.
type Key struct{ Kind, Check, Subject string }

// KeyOf is a finding's key.
func KeyOf(f model.CheckFinding) Key {
	id := checks.BaseID(f.Check)
	if f.Kind == model.QualityDuplicate {
		id = "" // the group is its message, whichever check comes first
	}
	return Key{f.Kind, id, f.Subject}
}

// Before reads the findings the report had at since: a file (a published
// api/check-quality.json) or a git revision of the checkout at dir.
func Before(since, dir string, h *model.Handbook) (map[Key]int, error) {
	if st, err := os.Stat(since); err == nil && !st.IsDir() {
		return fromAPI(since)
	}
	if dir == "" {
		return nil, fmt.Errorf("--since %s: not a file, and there is no git checkout (--source) to find the revision in", since)
	}
	fsys, err := treeAt(dir, since)
	if err != nil {
		return nil, err
	}
	r, err := csrcscan.Scan(fsys, nil)
	if err != nil {
		return nil, fmt.Errorf("--since %s: %w", since, err)
	}
	old := *h // today's options and variables judge the old messages too
	old.Checks = make([]*model.Check, len(r.Checks))
	for i := range r.Checks {
		old.Checks[i] = &r.Checks[i]
	}
	return count(Find(&old)), nil
}

func count(fs []model.CheckFinding) map[Key]int {
	out := map[Key]int{}
	for _, f := range fs {
		out[KeyOf(f)]++
	}
	return out
}

// fromAPI reads the keys of a published api/check-quality.json: each
// finding's base id (in an older file without it, the id without a
// twin's numbering suffix).
func fromAPI(path string) (map[Key]int, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Findings []struct {
			Kind    string `json:"kind"`
			Check   string `json:"check"`
			Base    string `json:"base"`
			Subject string `json:"subject"`
		} `json:"findings"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		return nil, fmt.Errorf("--since %s: not a check-quality.json: %v", path, err)
	}
	out := map[Key]int{}
	for _, f := range doc.Findings {
		id := f.Base
		if id == "" { // a report written before "base" was
			id = trimTwin(f.Check)
		}
		if f.Kind == model.QualityDuplicate {
			id = ""
		}
		out[Key{f.Kind, id, f.Subject}]++
	}
	return out, nil
}

// trimTwin drops a "-2", "-3" numbering suffix.
func trimTwin(id string) string {
	i := strings.LastIndexByte(id, '-')
	if i < 0 || i == len(id)-1 {
		return id
	}
	for _, r := range id[i+1:] {
		if r < '0' || r > '9' {
			return id
		}
	}
	return id[:i]
}

// New returns the findings of now that before did not have, in report
// order. For a key seen n times before, its first n findings now are old.
func New(now []model.CheckFinding, before map[Key]int) []model.CheckFinding {
	seen := map[Key]int{}
	var out []model.CheckFinding
	// By place, so that the twins that are old are the first ones.
	idx := make([]int, len(now))
	for i := range idx {
		idx[i] = i
	}
	byPlace := func(a, b model.CheckFinding) bool {
		if a.Check.Where.File != b.Check.Where.File {
			return a.Check.Where.File < b.Check.Where.File
		}
		return a.Check.Where.Line < b.Check.Where.Line
	}
	sort.SliceStable(idx, func(i, j int) bool { return byPlace(now[idx[i]], now[idx[j]]) })
	fresh := map[int]bool{}
	for _, i := range idx {
		k := KeyOf(now[i])
		seen[k]++
		if seen[k] > before[k] {
			fresh[i] = true
		}
	}
	for i, f := range now {
		if fresh[i] {
			out = append(out, f)
		}
	}
	return out
}

// treeAt reads csrc/ and python/ of a revision of the checkout at dir
// (git archive: nothing is checked out).
func treeAt(dir, rev string) (fstest.MapFS, error) {
	if strings.HasPrefix(rev, "-") {
		return nil, fmt.Errorf("--since %q: not a revision", rev)
	}
	if _, err := gitcmd.Run(dir, "rev-parse", "--verify", "--quiet", rev+"^{commit}"); err != nil {
		return nil, fmt.Errorf("--since %s: no such commit in %s", rev, dir)
	}
	args := []string{"archive", "--format=tar", rev + "^{tree}", "--", "csrc"}
	if _, err := gitcmd.Run(dir, "cat-file", "-e", rev+":python"); err == nil {
		args = append(args, "python") // python/ came later
	}
	out, err := gitcmd.Run(dir, args...)
	if err != nil {
		return nil, fmt.Errorf("--since %s: %w", rev, err)
	}
	fsys := fstest.MapFS{}
	tr := tar.NewReader(bytes.NewReader(out))
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("--since %s: %w", rev, err)
		}
		if hdr.Typeflag != tar.TypeReg {
			continue
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			return nil, fmt.Errorf("--since %s: %w", rev, err)
		}
		fsys[strings.TrimPrefix(hdr.Name, "./")] = &fstest.MapFile{Data: b}
	}
	return fsys, nil
}

// Line is a finding as gen check prints it: place, kind, subject, detail,
// fix and the check's page.
func Line(f model.CheckFinding, page string) string {
	return fmt.Sprintf("%s: %s: %s (%s; fix: %s) %s", f.Check.Where, f.Kind, f.Subject, f.Detail, f.Fix, page)
}

// Annotate writes each finding as a GitHub Actions warning on its line.
func Annotate(w io.Writer, fs []model.CheckFinding, page func(*model.Check) string) error {
	for _, f := range fs {
		title := "check quality: " + f.Kind
		msg := f.Detail + ".\nSuggested fix: " + f.Fix + "\n" + page(f.Check)
		if _, err := fmt.Fprintf(w, "::warning file=%s,line=%d,title=%s::%s\n", ghactions.Property(f.Check.Where.File), f.Check.Where.Line,
			ghactions.Property(title), ghactions.Data(msg)); err != nil {
			return err
		}
	}
	return nil
}
