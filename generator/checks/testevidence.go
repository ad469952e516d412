package checks

import (
	"path"
	"regexp"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// A test's text can fit several checks (twins printing the same words, a
// common prefix). Then the test's own code decides, in this order:
//
//  1. its whole text fits the whole message of only one of them (a test
//     text that spans a value: "Found {} vs {}. Tensor rank"; a piece
//     alone fits many);
//  2. it calls the function only one of them is in ("scheduleFoo(" in
//     the test's body);
//  3. it exercises the file only one of them is in (test_indexing.cpp
//     and indexing.cpp).
//
// When none decides, the test is listed on each as sharing its text.

// decide returns the index in fit of the check the test reaches and why,
// or -1.
func decide(x model.ExpectedError, lit string, fit []*model.Check) (int, string) {
	whole := make([]bool, len(fit))
	n := 0
	for i, c := range fit {
		if whole[i] = wholeFits(c, lit); whole[i] {
			n++
		}
	}
	switch n {
	case 0:
		return -1, "" // none prints all of it: no evidence decides for one
	case 1:
		return only(fit, func(c *model.Check) bool { return wholeFits(c, lit) }), "its text fits this check's whole message only"
	}
	if n < len(fit) {
		var keep []*model.Check
		for i, c := range fit {
			if whole[i] {
				keep = append(keep, c)
			}
		}
		i, why := decide(x, lit, keep)
		if i < 0 {
			return -1, ""
		}
		for j, c := range fit {
			if c == keep[i] {
				return j, why
			}
		}
	}
	if x.Body != "" {
		if i := only(fit, func(c *model.Check) bool { return calls(x.Body, c) }); i >= 0 {
			return i, "the test calls " + fnOf(fit[i]) + ", the function this check is in"
		}
	}
	stem := testStem(x.Where.File)
	if stem != "" {
		if i := only(fit, func(c *model.Check) bool { return fileStem(c.Where.File) == stem }); i >= 0 {
			return i, "the test exercises " + fit[i].Where.File
		}
	}
	return -1, ""
}

// only returns the index of the one check for which ok holds, or -1.
func only(cs []*model.Check, ok func(*model.Check) bool) int {
	found := -1
	for i, c := range cs {
		if ok(c) {
			if found >= 0 {
				return -1
			}
			found = i
		}
	}
	return found
}

// wholeFits says whether lit is part of some text the check prints: its
// message (and "Expected <condition> . " before it), each run-time value
// matching anything.
func wholeFits(c *model.Check, lit string) bool {
	pieces := make([]string, len(c.Pieces))
	for i, p := range c.Pieces {
		pieces[i] = Flatten(p)
	}
	if len(pieces) == 0 {
		pieces = []string{""}
	}
	if c.Condition != "" {
		pieces[0] = "Expected " + Flatten(c.Condition) + " . " + pieces[0]
	}
	return fitsTemplate(pieces, lit)
}

// fitsTemplate says whether lit is a substring of some pieces[0] v1
// pieces[1] v2 ... pieces[n]. A value inside lit can be anything (an IR
// dump); one lit starts or ends inside is taken for a single word (a
// number, a type), so that "at least 2 for pointwise" does not fit "at
// least {}, got {}". Greedy: after a value, the earliest place the next
// piece fits leaves the most room for the rest.
func fitsTemplate(pieces []string, lit string) bool {
	for k, pk := range pieces {
		for o := 0; o <= len(pk); o++ {
			rest, p := lit, pk[o:]
			switch {
			case o == len(pk) && k+1 < len(pieces):
				// lit starts inside the value after piece k.
				next := pieces[k+1]
				i := strings.Index(rest, next)
				if i < 0 || next == "" || strings.ContainsAny(rest[:i], " \n") {
					continue
				}
				if restFits(pieces[k+2:], rest[i+len(next):]) {
					return true
				}
				continue
			case strings.HasPrefix(rest, p) && p != "":
				rest = rest[len(p):]
			case strings.HasPrefix(p, rest):
				return true // lit ends inside this piece
			default:
				continue
			}
			if restFits(pieces[k+1:], rest) {
				return true
			}
		}
	}
	return false
}

// restFits says whether rest, read from the start of a value, fits the
// pieces that follow that value.
func restFits(pieces []string, rest string) bool {
	if rest == "" {
		return true
	}
	if len(pieces) == 0 {
		return false // the message ends with the piece before
	}
	for _, p := range pieces {
		if i := strings.Index(rest, p); i >= 0 && p != "" {
			rest = rest[i+len(p):]
			if rest == "" {
				return true
			}
			continue
		}
		// rest ends inside the value (one word) or inside p.
		for j := 0; j <= len(rest); j++ {
			if strings.ContainsAny(rest[:j], " \n") {
				return false
			}
			if strings.HasPrefix(p, rest[j:]) {
				return true
			}
		}
		return false
	}
	// Past the last piece: the message ends there, unless it ends with a
	// value (a last piece "") that holds the rest as one word.
	return pieces[len(pieces)-1] == "" && !strings.ContainsAny(rest, " \n")
}

func fnOf(c *model.Check) string {
	if c.Within != "" {
		return c.Within
	}
	return c.Function
}

var identRE = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*\s*\(`)

// calls says whether body calls the check's named function.
func calls(body string, c *model.Check) bool {
	fn := fnOf(c)
	if fn == "" || strings.HasPrefix(fn, "operator") || strings.HasPrefix(fn, "~") {
		return false
	}
	for _, m := range identRE.FindAllString(body, -1) {
		if strings.TrimSpace(strings.TrimSuffix(m, "(")) == fn {
			return true
		}
	}
	return false
}

// testStem is what a test file is about: tests/cpp/test_indexing.cpp and
// tests/python/test_indexing.py are "indexing".
func testStem(file string) string {
	b := path.Base(file)
	b = strings.TrimSuffix(b, path.Ext(b))
	b = strings.TrimPrefix(b, "test_")
	b = strings.TrimSuffix(b, "_test")
	if b == "" || strings.EqualFold(b, "test") {
		return ""
	}
	return b
}

func fileStem(file string) string {
	b := path.Base(file)
	return strings.TrimSuffix(b, path.Ext(b))
}
