package lookup

import (
	"strings"
	"unicode/utf8"
)

// Reporting an error to nvFuser. Every result, and a paste no check
// matched, offers a link that opens a new issue in nvFuser's tracker
// prefilled with the check's id, the build, the handbook page and the
// pasted text, trimmed so that the address stays within what browsers
// and GitHub accept. The browser builds the same link (reportURL in
// lookup.js), escaping as encodeURIComponent does.

// MaxReportPaste bounds the pasted text a report link carries, in
// characters, and MaxReportLines in lines: an address of a few thousand
// characters opens everywhere.
const (
	MaxReportPaste = 1500
	MaxReportLines = 40
)

// ReportURL is the new-issue link for a paste and the result it is about
// (nil when no check matched); "" when the index knows no tracker.
func (idx *Index) ReportURL(text string, m *Match) string {
	if idx.Report == "" {
		return ""
	}
	title := "Error no nvFuser check matched"
	var b strings.Builder
	if m != nil {
		title = m.Title
		if m.Check != "" {
			b.WriteString("Check: " + m.Check + "\n")
		}
		b.WriteString("Handbook: " + m.URL + "\n")
		if m.Build != "" {
			b.WriteString("Build: nvfuser " + m.Build + "\n")
		}
	} else if bld := ParseBuild(text); bld.Known() {
		b.WriteString("Build: nvfuser " + bld.String() + "\n")
	}
	title = truncateRunes(strings.Join(strings.Fields(title), " "), 100)
	b.WriteString("\n```\n" + trimPaste(text) + "\n```\n")
	return idx.Report + "?title=" + escapeComponent(title) + "&body=" + escapeComponent(b.String())
}

// trimPaste keeps the first lines and characters of a paste, saying so
// when it cut.
func trimPaste(text string) string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	lines := strings.Split(strings.Trim(text, "\n"), "\n")
	cut := false
	if len(lines) > MaxReportLines {
		lines, cut = lines[:MaxReportLines], true
	}
	out := strings.Join(lines, "\n")
	if utf8.RuneCountInString(out) > MaxReportPaste {
		out, cut = truncateRunes(out, MaxReportPaste), true
	}
	if cut {
		out += "\n[… trimmed]"
	}
	return out
}

func truncateRunes(s string, n int) string {
	i := 0
	for j := range s {
		if i == n {
			return s[:j]
		}
		i++
	}
	return s
}

// escapeComponent escapes as JavaScript's encodeURIComponent: every byte
// of the UTF-8 encoding but A-Z a-z 0-9 - _ . ! ~ * ' ( ).
func escapeComponent(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.!~*'()", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// CheckReportURL is a check page's "report this" link: the check's title,
// id and page, no paste (the reader adds the error in the issue); the
// page adds "Build:" from its ?v= when a reader came with one.
func CheckReportURL(report, title, id, page string) string {
	if report == "" {
		return ""
	}
	title = truncateRunes(strings.Join(strings.Fields(title), " "), 100)
	body := "Check: " + id + "\nHandbook: " + page + "\n\n```\n(paste the error here)\n```\n"
	return report + "?title=" + escapeComponent(title) + "&body=" + escapeComponent(body)
}
