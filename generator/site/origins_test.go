package site

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

func TestOriginMapper(t *testing.T) {
	gen := t.TempDir()
	abs := filepath.ToSlash(gen)
	origin := func(rel string, line int) (string, bool) {
		if rel != "content/runbooks/x.md" {
			return "", false
		}
		if line == 0 {
			return "notes/x.md", true
		}
		return "notes/x.md:" + string(rune('0'+line-30)), true
	}
	m := newOriginMapper(gen, origin)
	for _, tc := range []struct{ in, want string }{
		{`"` + abs + `/content/runbooks/x.md:39:10": failed to extract shortcode`, `"notes/x.md:9": failed to extract shortcode`},
		{abs + "/content/runbooks/x.md: broken", "notes/x.md: broken"},
		{abs + "/content/runbooks/x.md:35: broken", "notes/x.md:5: broken"},
		{abs + "/content/env/nvfuser_dump.md:3: other", abs + "/content/env/nvfuser_dump.md:3: other"},
	} {
		if got := m.rewrite(tc.in); got != tc.want {
			t.Errorf("rewrite(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	base := errors.New("hugo: " + abs + "/content/runbooks/x.md:31:1: bad")
	err := m.mapError(base)
	if err.Error() != "hugo: notes/x.md:1: bad" || !errors.Is(err, base) {
		t.Errorf("mapError: %v (wraps original: %v)", err, errors.Is(err, base))
	}
	var out bytes.Buffer
	lw := &lineWriter{w: &out, m: m}
	_, _ = lw.Write([]byte("ERROR " + abs + "/content/runbooks/x.md:32:1 a\nERROR " + abs[:5]))
	_, _ = lw.Write([]byte(abs[5:] + "/content/runbooks/x.md b\n"))
	lw.Flush()
	if got := out.String(); got != "ERROR notes/x.md:2 a\nERROR notes/x.md b\n" || strings.Contains(got, abs) {
		t.Errorf("log lines: %q", got)
	}
}

// TestQuietServeLog: under gen serve, Hugo's own progress lines about
// files gen wrote are dropped; warnings and errors are not.
func TestQuietServeLog(t *testing.T) {
	var out bytes.Buffer
	lw := &lineWriter{w: &out, m: newOriginMapper(t.TempDir(), nil), quiet: true}
	_, _ = lw.Write([]byte("Source changed /runbooks/x.md\nAsset changed /llms-full-pages.txt\nWARN something real\n"))
	lw.Flush()
	if got := out.String(); got != "WARN something real\n" {
		t.Errorf("serve log: %q", got)
	}
}
