// Package ghactions writes GitHub Actions workflow commands (annotations)
// with GitHub's escaping rules, for every command that annotates a run.
package ghactions

import "strings"

// Data escapes a workflow command's message (GitHub's toolkit rules).
func Data(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// Property escapes a workflow command property such as title=.
func Property(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
