package triage

import (
	"fmt"
	"github.com/nvfuser-handbook/handbook/generator/internal/ghactions"
	"io"
	"strings"
)

// Annotate writes GitHub Actions workflow commands: a warning per runbook
// the log matches and a notice per failing test a runbook names. GitHub
// shows them on the run's summary page, linked, before anyone opens a log.
func (r Report) Annotate(w io.Writer) error {
	for _, m := range r.Matches {
		title := "Known failure: " + m.Shown()
		msg := fmt.Sprintf("This failure matches the runbook %q: %s (matched %s)", m.Shown(), m.URL, strings.Join(m.Evidence, ", "))
		if len(m.Evidence) > 0 && strings.HasPrefix(m.Evidence[0], "set:") { // set while it failed
			title = "Set when it failed: " + m.Title
			msg = fmt.Sprintf("The log sets %s: %s", strings.TrimPrefix(m.Evidence[0], "set:"), m.URL)
		} else if m.Kind == "option" { // the log names an option nvFuser rejected
			title = "Invalid option: " + m.Title
			msg = fmt.Sprintf("nvFuser rejected %s: %s", m.Title, m.URL)
			if m.Note != "" {
				msg += " (" + m.Note + ")"
			}
		}
		if u := m.Undecided(); u != "" {
			msg += " " + u
		}
		if _, err := fmt.Fprintf(w, "::warning title=%s::%s\n", property(title), data(msg)); err != nil {
			return err
		}
	}
	for _, t := range r.Failed {
		for _, m := range t.Runbooks {
			msg := fmt.Sprintf("The runbook %q names the failing test %s: %s", m.Title, t.Name, m.URL)
			if _, err := fmt.Fprintf(w, "::notice title=%s::%s\n", property(t.Name+" failed"), data(msg)); err != nil {
				return err
			}
		}
	}
	return nil
}

// Summary writes markdown for $GITHUB_STEP_SUMMARY.
func (r Report) Summary(w io.Writer) error {
	var b strings.Builder
	b.WriteString("### nvFuser handbook: runbooks for this failure\n\n")
	if len(r.Matches) == 0 {
		b.WriteString("No runbook matches this log.\n")
	} else {
		b.WriteString("| runbook | score | matched |\n| --- | ---: | --- |\n")
		for _, m := range r.Matches {
			fmt.Fprintf(&b, "| [%s](%s) | %.1f | %s |\n", cell(m.Shown()), m.URL, m.Score, cell(strings.Join(m.Evidence, ", ")))
		}
	}
	var named []string
	for _, t := range r.Failed {
		for _, m := range t.Runbooks {
			named = append(named, fmt.Sprintf("- `%s` failed: see [%s](%s)\n", strings.ReplaceAll(t.Name, "`", ""), cell(m.Title), m.URL))
		}
	}
	if len(named) > 0 {
		b.WriteString("\nFailing tests the handbook knows:\n\n" + strings.Join(named, ""))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func data(s string) string     { return ghactions.Data(s) }
func property(s string) string { return ghactions.Property(s) }

// cell keeps text from breaking a markdown table or link.
func cell(s string) string {
	return strings.NewReplacer("|", `\|`, "[", `\[`, "]", `\]`, "\n", " ").Replace(s)
}
