package notes

import (
	"slices"
	"strings"
	"testing"
)

func TestFrontMatter(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		id       string
		title    string
		kind     string
		status   string
		date     string
		aliases  []string
		bodyLine int
		err      string // substring of the error, "" for none
	}{
		{name: "none", in: "# Title\n\ntext\n", id: "n", title: "Title", bodyLine: 1},
		{name: "toml", in: "+++\ntitle = \"T\"\nkind = \"guide\"\ndate = 2024-02-03\n+++\nbody\n", id: "n", title: "T", kind: "guide", date: "2024-02-03", bodyLine: 6},
		{name: "toml datetime", in: "+++\ndate = 2024-02-03T10:00:00Z\n+++\n", id: "n", date: "2024-02-03", bodyLine: 4},
		{name: "yaml", in: "---\nid: My Note\ntitle: 'Quoted: title'\nstatus: Workaround\nkind: runbook\n---\n# H\n", id: "my-note", title: "Quoted: title", kind: "runbook", status: "workaround", bodyLine: 7},
		{name: "yaml list block", in: "---\naliases:\n  - Old One\n  - old_two\ntitle: X # comment\n---\n", id: "n", title: "X", aliases: []string{"old-one", "old-two"}, bodyLine: 7},
		{name: "yaml inline list", in: "---\naliases: [a, \"b c\"]\n---\n", id: "n", aliases: []string{"a", "b-c"}, bodyLine: 4},
		{name: "yaml empty value", in: "---\ntitle:\ndate: 2025-01-02\n---\n# From heading\n", id: "n", title: "From heading", date: "2025-01-02", bodyLine: 5},
		{name: "thematic break is not front matter", in: "---\nJust a rule above some prose.\n\n---\n", id: "n", bodyLine: 1},
		{name: "unclosed yaml is body", in: "---\ntitle: x\n", id: "n", bodyLine: 1},
		{name: "bad kind", in: "---\nkind: essay\n---\n", err: "n.md:2: front matter: kind \"essay\""},
		{name: "bad status", in: "+++\nstatus = \"done\"\n+++\n", err: "status \"done\""},
		{name: "bad date", in: "---\ndate: yesterday\n---\n", err: "date \"yesterday\""},
		{name: "impossible yaml date", in: "---\ntitle: x\ndate: 2024-13-45\n---\n", err: "n.md:3: front matter: date \"2024-13-45\""},
		{name: "impossible toml date string", in: "+++\ntitle = \"x\"\n\ndate = \"2024-02-30\"\n+++\n", err: "n.md:4: front matter: date \"2024-02-30\""},
		{name: "impossible toml date literal", in: "+++\ntitle = \"x\"\ndate = 2024-13-45\n+++\n", err: "n.md:3: front matter:"},
		{name: "bad kind line", in: "---\ntitle: x\nkind: recipe\n---\n", err: "n.md:3: front matter: kind \"recipe\""},
		{name: "bad toml", in: "+++\ntitle = \n+++\n", err: "n.md:2: front matter"},
		{name: "bad yaml line", in: "---\ntitle: ok\nthis is not yaml: [\n---\n", err: "n.md:3: front matter"},
		// Full YAML, through the library: escapes, commas in quotes, block scalars.
		{name: "yaml escapes", in: "---\ntitle: \"a \\\"b\\\"\"\n---\n", id: "n", title: `a "b"`, bodyLine: 4},
		{name: "yaml comma in quotes", in: "---\naliases: [\"a,b\", c]\n---\n", id: "n", aliases: []string{"a-b", "c"}, bodyLine: 4},
		{name: "yaml folded block", in: "---\ntitle: >-\n  Long title\n  on two lines\n---\n", id: "n", title: "Long title on two lines", bodyLine: 6},
		{name: "yaml literal block", in: "---\nid: |\n  lit\n---\n", id: "lit", bodyLine: 5},
		{name: "yaml capital key", in: "---\nTitle: Caps\n---\n", id: "n", title: "Caps", bodyLine: 4},
		{name: "yaml only comments", in: "---\n# nothing\n---\nx\n", id: "n", bodyLine: 4},
		{name: "yaml duplicate key", in: "---\ntitle: a\ntitle: b\n---\n", err: "n.md:3: front matter"},
		{name: "yaml wrong type names its line", in: "---\ntitle: ok\naliases: {a: 1}\n---\n", err: "n.md:3: front matter: aliases"},
		{name: "yaml list at top", in: "---\nkey: x\n- y\n---\n", err: "n.md:"},
		{name: "unclosed toml", in: "+++\ntitle = \"x\"\n", err: "never closed"},
		{name: "toml wrong type", in: "+++\ntitle = 3\n+++\n", err: "title: expected a string"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, err := Parse("n.md", []byte(tc.in), Options{})
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, n, []byte(tc.in))
			if tc.title == "" {
				tc.title = humanize(n.ID)
			}
			if n.ID != tc.id || n.Title != tc.title || n.Date != tc.date || n.BodyLine != tc.bodyLine || !slices.Equal(n.Aliases, tc.aliases) {
				t.Errorf("got id=%q title=%q date=%q bodyLine=%d aliases=%v", n.ID, n.Title, n.Date, n.BodyLine, n.Aliases)
			}
			if tc.kind != "" && n.Kind != tc.kind {
				t.Errorf("kind %q, want %q", n.Kind, tc.kind)
			}
			if tc.status != "" && n.Status != tc.status {
				t.Errorf("status %q, want %q", n.Status, tc.status)
			}
			if strings.HasPrefix(n.Body, "+++") || (tc.bodyLine > 1 && strings.HasPrefix(n.Body, "---")) {
				t.Errorf("front matter left in body: %q", n.Body)
			}
		})
	}
}

func TestIDFromSource(t *testing.T) {
	tests := map[string]string{
		"SERDE_SEGFAULT_INVESTIGATION.md":  "serde-segfault-investigation",
		"notes/2026-01 Pre Seg Crash.txt":  "2026-01-pre-seg-crash",
		`C:\notes\Weird__Name!!.markdown`:  "weird-name",
		"---.md":                           "note",
		"no_extension":                     "no-extension",
		".hidden":                          "hidden",
		"Ünïcode Nötes.md":                 "n-code-n-tes",
		"/abs/path/to/runbook.v2.final.md": "runbook-v2-final",
	}
	for in, want := range tests {
		if got := IDFromSource(in); got != want {
			t.Errorf("IDFromSource(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDocID(t *testing.T) {
	for rel, want := range map[string]string{
		"doc/dev/tma.md":            "dev-tma",
		"doc/dev/debug.md":          "dev-debug",
		"doc/math/logic.md":         "math-logic",
		"doc/README.md":             "doc",
		"doc/reading/README.md":     "reading",
		"doc/reading/iterdomain.md": "reading-iterdomain",
		"benchmarks/README.md":      "benchmarks",
		"README.md":                 "readme",
		"doc/dev/Host_IR JIT.md":    "dev-host-ir-jit",
		"doc/ragged_iter_domain.md": "ragged-iter-domain",
	} {
		if got := DocID(rel); got != want {
			t.Errorf("DocID(%q) = %q, want %q", rel, got, want)
		}
	}
}
