package lookup

import "testing"

// TestShown: a check's run-time values show as "…" wherever gen lookup
// prints a title (text, annotations, step summary), as /lookup/ shows them;
// other pages' titles are left as they are.
func TestShown(t *testing.T) {
	for _, c := range []struct {
		m    Match
		want string
	}{
		{Match{Kind: "check", Title: "Inconsistent parallelization found between T{} ({}) and T{} ({})."}, "Inconsistent parallelization found between T… (…) and T… (…)."},
		{Match{Kind: "check", Title: "Error in graph, is not a DAG."}, "Error in graph, is not a DAG."},
		{Match{Kind: "note", Title: "Why {} in a runbook title stays"}, "Why {} in a runbook title stays"},
		{Match{Kind: "option", Title: "NVFUSER_DUMP=fusion_ir"}, "NVFUSER_DUMP=fusion_ir"},
	} {
		if got := c.m.Shown(); got != c.want {
			t.Errorf("Shown(%q, %q) = %q, want %q", c.m.Kind, c.m.Title, got, c.want)
		}
	}
}
