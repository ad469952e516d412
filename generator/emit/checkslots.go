package emit

import (
	"html"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// A check's message on its page: each run-time value ({} in the
// template) as a labelled slot naming the expression nvFuser prints there
// (model.Check.Values, from the extractor). Titles keep "…"; the Markdown
// twin and api/errors.json carry the same labels as values.

// printedHTML is what nvFuser prints when the check fails, escaped, with
// each value of the message a slot: <span class="slot"> around the
// expression's text. "" when the extractor has no labels for the check
// (the page then shows the plain text, {} for each value).
func printedHTML(c *model.Check) string {
	if slotLabels(c) == nil {
		return ""
	}
	before, after := checks.PrintedAround(c)
	var b strings.Builder
	b.WriteString(html.EscapeString(before))
	for i, p := range c.Pieces {
		if i > 0 {
			b.WriteString(`<span class="slot">`)
			b.WriteString(html.EscapeString(c.Values[i-1]))
			b.WriteString(`</span>`)
		}
		b.WriteString(html.EscapeString(p))
	}
	b.WriteString(html.EscapeString(after))
	return b.String()
}

// slotLabels are the labels of the check's slots, one per value of its
// message, or nil: what the page, its twin (values) and api/errors.json
// (values) all show.
func slotLabels(c *model.Check) []string {
	if len(c.Values) == 0 || len(c.Values) != len(c.Pieces)-1 {
		return nil
	}
	return c.Values
}
