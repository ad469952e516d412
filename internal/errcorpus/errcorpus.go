// Package errcorpus is a corpus of error texts written by the team for
// measuring the error lookup, each with the nvFuser check that raised it,
// plus errors nvFuser did not raise, which must match no check.
//
// A case names its check by what survives lines moving: the file under
// the checkout (csrc/...), the enclosing function nvFuser prints in
// "Exception raised from F at FILE:LINE", and the head of the message (a
// run of its literal words), so the corpus stays valid when nvFuser's line
// numbers change. TestExpectedChecksExist holds every case to a check that
// really is in an nvFuser checkout.
//
// Two layouts are read by Load. The team corpus (cases/) is one file per
// case, a header then the pasted text:
//
//	shape: python-traceback
//	expect: csrc/device_lower/validation.cpp | validateAndCollectVectorizeInfo | Vectorized accesses cannot be inline
//	also: csrc/runtime/fusion_kernel_runtime.cpp | compileFusionParallel | Detected exception while compiling
//	page: some-runbook-id
//	removed: 7cdaf1b15   (the commit that removed the check, for an old error)
//	note: why the case is here
//	---
//	RuntimeError: ...
//
// "expect: none" marks an error nvFuser did not raise. A message head
// starting "cond:" is the checked condition, for a check with no message.
// A folder of real errors kept outside the repository is instead NNN.txt
// files with an answers.tsv (see LoadAnswers).
package errcorpus

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
)

// Dir is the team corpus folder (cases/ beside this file).
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "cases")
}

// Check names one nvFuser check the way a reader finds it in the source.
type Check struct {
	File     string // relative to the checkout: "csrc/fusion_segmenter.cpp"
	Function string // the enclosing function, unqualified, or the #define name
	Message  string // a run of the message's literal text; the condition when Cond
	Cond     bool   // Message is the checked condition (a check with no message)
}

// String is the header form: "FILE | FUNCTION | MESSAGE".
func (c Check) String() string {
	m := c.Message
	if c.Cond {
		m = condPrefix + m
	}
	return c.File + " | " + c.Function + " | " + m
}

const condPrefix = "cond:"

var commitRe = regexp.MustCompile(`^[0-9a-f]{7,40}$`)

// Case is one error text and its answer.
type Case struct {
	Name   string   // file name
	Shape  string   // how the text is pasted: python-traceback, gtest, ci-log, ...
	Expect *Check   // the check that raised it; nil when nvFuser did not
	Also   []Check  // other checks that count as right (the wrapper of an inner error)
	Pages  []string // ids of notes that truly explain it; also right answers
	Note   string
	// Removed is the nvFuser commit that removed the expected check, for an
	// error from a build older than that: the check is at Removed's parent,
	// not at HEAD, and the lookup must find it through history.
	Removed string
	Source  string // where a real error was published (answers.tsv only)
	Text    string
}

// Negative reports whether no check raised the case's error.
func (c *Case) Negative() bool { return c.Expect == nil }

// Load reads a corpus folder: answers.tsv and its files when present,
// else every *.txt with a header. Cases come sorted by name.
func Load(dir string) ([]Case, error) {
	if _, err := os.Stat(filepath.Join(dir, "answers.tsv")); err == nil {
		return LoadAnswers(dir)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no *.txt cases and no answers.tsv", dir)
	}
	sort.Strings(files)
	var out []Case
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		c, err := Parse(filepath.Base(f), data)
		if err != nil {
			return nil, fmt.Errorf("%s", strings.Replace(err.Error(), filepath.Base(f), f, 1))
		}
		out = append(out, c)
	}
	return out, nil
}

// Parse reads one case file: header lines up to a "---" line, then the
// text. Errors name the file and line.
func Parse(name string, data []byte) (Case, error) {
	c := Case{Name: name}
	line, expectSeen := 0, false
	fail := func(format string, a ...any) (Case, error) {
		return Case{}, fmt.Errorf("%s:%d: %s", name, line, fmt.Sprintf(format, a...))
	}
	rest := data
	for len(rest) > 0 {
		line++
		rawBytes, after, _ := bytes.Cut(rest, []byte("\n"))
		rest = after
		raw := strings.TrimSuffix(string(rawBytes), "\r")
		if strings.TrimSpace(raw) == "---" {
			if !expectSeen {
				return fail("header has no expect: line")
			}
			c.Text = string(rest)
			if strings.TrimSpace(c.Text) == "" {
				return fail("no error text after ---")
			}
			return c, nil
		}
		if strings.TrimSpace(raw) == "" {
			continue
		}
		key, val, ok := strings.Cut(raw, ":")
		if !ok {
			return fail("want key: value or ---, got %q", raw)
		}
		val = strings.TrimSpace(val)
		switch strings.TrimSpace(key) {
		case "shape":
			c.Shape = val
		case "note":
			c.Note = val
		case "removed":
			if !commitRe.MatchString(val) {
				return fail("removed: want a commit hash, got %q", val)
			}
			c.Removed = val
		case "page":
			if val == "" {
				return fail("empty page")
			}
			c.Pages = append(c.Pages, val)
		case "expect":
			if expectSeen {
				return fail("second expect: line")
			}
			expectSeen = true
			if val == "none" {
				continue
			}
			chk, err := ParseCheck(val)
			if err != nil {
				return fail("%v", err)
			}
			c.Expect = &chk
		case "also":
			chk, err := ParseCheck(val)
			if err != nil {
				return fail("%v", err)
			}
			c.Also = append(c.Also, chk)
		default:
			return fail("unknown key %q (shape, expect, also, page, removed, note)", key)
		}
	}
	return fail("no --- line ending the header")
}

// ParseCheck reads "FILE | FUNCTION | MESSAGE" (MESSAGE may start "cond:").
func ParseCheck(s string) (Check, error) {
	parts := strings.SplitN(s, "|", 3)
	if len(parts) != 3 {
		return Check{}, fmt.Errorf("want FILE | FUNCTION | MESSAGE, got %q", s)
	}
	c := Check{
		File:     strings.TrimSpace(parts[0]),
		Function: strings.TrimSpace(parts[1]),
		Message:  strings.TrimSpace(parts[2]),
	}
	if m, ok := strings.CutPrefix(c.Message, condPrefix); ok {
		c.Message, c.Cond = strings.TrimSpace(m), true
	}
	switch {
	case c.File == "" || c.Function == "" || c.Message == "":
		return Check{}, fmt.Errorf("empty field in %q", s)
	case strings.HasPrefix(c.File, "/") || strings.Contains(c.File, ".."):
		return Check{}, fmt.Errorf("file %q must be relative to the checkout", c.File)
	}
	return c, nil
}
