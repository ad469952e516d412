package emit

import (
	"fmt"
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// The checks in llms-full.txt. Their Markdown twins together are some 25
// times the rest of the file (12.4 MB against 0.5 MB on the real
// handbook, 4,641 checks), so the file holds a compact index instead: per
// area, one line per check (its id, title, kind and place, the facts its
// page's heading and facts table show, from the same functions), then
// every explanation people wrote, whole. An agent finds the check here
// and reads its twin at the address the section gives.

// llmsChecks is the section of llms-full.txt listing every check, in the
// format of its pages ("=====", the text, URL, facts); "" without checks.
func (e *emitter) llmsChecks() string {
	if len(e.h.Checks) == 0 {
		return ""
	}
	byArea := map[string][]*model.Check{}
	var areas []string
	for _, c := range e.h.Checks {
		a := c.Area()
		if byArea[a] == nil {
			areas = append(areas, a)
		}
		byArea[a] = append(byArea[a], c)
	}
	sort.Strings(areas)
	twin := e.abs(urls.Check("ID")) + "index.md"
	var b strings.Builder
	b.Grow(200 * len(e.h.Checks))
	fmt.Fprintf(&b, "\n=====\n\n# Errors nvFuser raises: every check\n\n%d checks nvFuser can raise, by area (the folder under csrc/), one a line: id, title (… for a run-time value), kind, file:line. Each has a page whose Markdown twin is %s (ID replaced by the id) with its message, condition, the values it prints, what it means, what to try, its code, tests and history.\n",
		len(e.h.Checks), twin)
	var explained []*model.Check
	for _, a := range areas {
		fmt.Fprintf(&b, "\n## %s\n\n", mdText(a))
		for _, c := range byArea[a] {
			// Text of the checkout: inert, as in the twins (mdText).
			fmt.Fprintf(&b, "- `%s`: %s (%s, %s)\n", c.ID, mdText(checks.Headline(c)), kindTitle(c.Kind), mdText(c.Where.String()))
			if c.Explanation != nil {
				explained = append(explained, c)
			}
		}
	}
	if len(explained) > 0 {
		b.WriteString("\n## Explanations\n\nWhat people wrote about these checks in the handbook's explanations/ folder.\n")
		for _, c := range explained {
			fmt.Fprintf(&b, "\n### %s (`%s`)\n\n%s\n", mdText(checks.Headline(c)), c.ID, strings.TrimSpace(escapeRawHTML(c.Explanation.Body)))
		}
	}
	fmt.Fprintf(&b, "\nURL: %s\n\n~~~yaml\nchecks: %d\nkind: checks\n~~~\n", e.abs(urls.Checks), len(e.h.Checks))
	return b.String()
}
