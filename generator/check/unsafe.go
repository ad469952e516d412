package check

import (
	"fmt"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/notes"
)

// UnsafeURLs reports every URL a note wrote that the handbook refuses to
// link (see notes.URLSafety), at the note's own file and line. The pages
// show these as plain text; a note author still has to fix them.
func UnsafeURLs(ns []*model.Note) []Problem {
	var out []Problem
	for _, n := range ns {
		for _, u := range n.UnsafeURLs {
			out = append(out, Problem{File: n.Source, Line: u.Line,
				Msg: fmt.Sprintf("unsafe URL %q shown as text, not linked: %s", u.URL, u.Why)})
		}
	}
	return out
}

// unsafeRef is the backstop for URLs in built pages, whatever wrote them:
// a scheme the handbook never links, or html/template's "#ZgotmplZ" (what
// Go writes in place of a URL it refused).
func unsafeRef(ref string) string {
	if strings.Contains(ref, "ZgotmplZ") {
		return "a URL the template engine refused as unsafe was published as a dead link (a note's link the generator did not judge)"
	}
	if safe, why := notes.URLSafety(ref); !safe {
		return fmt.Sprintf("unsafe URL %q in a published page: %s", ref, why)
	}
	return ""
}
