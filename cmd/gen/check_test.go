package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// TestCheckKeepsPublishedURLs: renaming a note would drop its URL, which
// nvFuser may have printed; gen check refuses to publish until an alias
// keeps the old URL alive.
func TestCheckKeepsPublishedURLs(t *testing.T) {
	proj := testsite.New(t)
	cfg := filepath.Join(proj, "config.toml")
	notes := t.TempDir()
	note := "# Crash in the segmenter\n\nSIGSEGV in `nvfuser::SegmentCandidateFinder::run` with `bin/test_nvfuser --gtest_filter=Seg.Crash`.\n"
	writeFile(t, filepath.Join(notes, "seg-crash.md"), note)
	if code, o, e := gen(t, "", "check", "--config", cfg, "--notes", notes); code != 0 {
		t.Fatalf("first check: exit %d\n%s\n%s", code, o, e)
	}
	published := filepath.Join(proj, "public")
	var oldPage string
	for _, sec := range []string{"runbooks", "guides", "notes"} {
		if _, err := os.Stat(filepath.Join(published, sec, "seg-crash", "index.html")); err == nil {
			oldPage = "/" + sec + "/seg-crash/"
		}
	}
	if oldPage == "" {
		t.Fatal("the note's page was not published")
	}
	before, _ := os.ReadFile(filepath.Join(published, "index.html"))

	// Renamed without an alias: check fails, names the URL, publishes nothing.
	if err := os.Rename(filepath.Join(notes, "seg-crash.md"), filepath.Join(notes, "segmenter-crash.md")); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := gen(t, "", "check", "--config", cfg, "--notes", notes)
	if code != 1 || !strings.Contains(stderr, oldPage) || !strings.Contains(stderr, "would disappear") {
		t.Fatalf("exit %d, want 1 naming %s\n%s\n%s", code, oldPage, stdout, stderr)
	}
	after, _ := os.ReadFile(filepath.Join(published, "index.html"))
	if string(before) != string(after) {
		t.Error("the published site changed although check failed")
	}

	// With the old id as an alias the old URL redirects, and check passes.
	writeFile(t, filepath.Join(notes, "segmenter-crash.md"), "+++\naliases = [\"seg-crash\"]\n+++\n"+note)
	if code, o, e := gen(t, "", "check", "--config", cfg, "--notes", notes); code != 0 {
		t.Fatalf("check with alias: exit %d\n%s\n%s", code, o, e)
	}
	redirect, err := os.ReadFile(filepath.Join(published, filepath.FromSlash(oldPage), "index.html"))
	if err != nil || !strings.Contains(string(redirect), "segmenter-crash") {
		t.Errorf("old URL does not redirect to the renamed note: %v %s", err, redirect)
	}
}

// TestCheckStrictFailsOnDrift: drift is a warning for check, an error with
// --strict (the example has drift on purpose).
func TestCheckStrictFailsOnDrift(t *testing.T) {
	proj := testsite.New(t)
	cfg := filepath.Join(proj, "config.toml")
	code, stdout, _ := gen(t, "", "check", "--config", cfg)
	if code != 0 || !strings.Contains(stdout, "warning: drift:") {
		t.Fatalf("check: exit %d, want 0 with drift warnings\n%s", code, stdout)
	}
	code, _, stderr := gen(t, "", "check", "--strict", "--config", cfg)
	if code != 1 || !strings.Contains(stderr, "undocumented-variable: NVFUSER_JIT_OPT_LEVEL") {
		t.Errorf("check --strict: exit %d\n%s", code, stderr)
	}
}

// TestCheckFindsBrokenLinks: a hand-written page with a broken link fails
// check with the file and line of the link.
func TestCheckFindsBrokenLinks(t *testing.T) {
	proj := testsite.New(t)
	writeFile(t, filepath.Join(proj, "layouts", "_partials", "footer.html"), `<footer><a href="/no/such/page/">broken</a></footer>`)
	code, _, stderr := gen(t, "", "check", "--config", filepath.Join(proj, "config.toml"))
	if code != 1 || !strings.Contains(stderr, `broken link "/no/such/page/"`) || !strings.Contains(stderr, "index.html:") {
		t.Errorf("exit %d\n%s", code, stderr)
	}
}

// TestCheckKeepsURLsAcrossKinds: a note read as another kind than when it
// was published (here a runbook given "kind: guide") keeps its old page
// as a redirect, found in the site published before or, from a fresh
// folder as CI builds, in url_manifest; gen check then passes. A note that
// is gone still fails it.
func TestCheckKeepsURLsAcrossKinds(t *testing.T) {
	proj := testsite.New(t)
	cfg := filepath.Join(proj, "config.toml")
	notes := t.TempDir()
	note := "# Crash in the segmenter\n\nSIGSEGV in `nvfuser::SegmentCandidateFinder::run` with `bin/test_nvfuser --gtest_filter=Seg.Crash`.\n"
	writeFile(t, filepath.Join(notes, "seg-crash.md"), note)
	if code, o, e := gen(t, "", "check", "--config", cfg, "--notes", notes); code != 0 {
		t.Fatalf("first check: exit %d\n%s\n%s", code, o, e)
	}
	published := filepath.Join(proj, "public")
	if _, err := os.Stat(filepath.Join(published, "runbooks", "seg-crash", "index.html")); err != nil {
		t.Fatalf("the note was not published as a runbook: %v", err)
	}
	writeFile(t, filepath.Join(notes, "seg-crash.md"), "---\nkind: guide\n---\n"+note)
	if code, o, e := gen(t, "", "check", "--config", cfg, "--notes", notes); code != 0 {
		t.Fatalf("check after the kind changed: exit %d\n%s\n%s", code, o, e)
	}
	redirect, err := os.ReadFile(filepath.Join(published, "runbooks", "seg-crash", "index.html"))
	if err != nil || !strings.Contains(string(redirect), "/guides/seg-crash/") {
		t.Fatalf("/runbooks/seg-crash/ does not redirect to the guide: %v %s", err, redirect)
	}

	// From a fresh folder, only the manifest knows the runbook's page.
	manifest := filepath.Join(proj, "urls.txt")
	writeFile(t, manifest, "/runbooks/seg-crash/\n")
	conf, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatal(err)
	}
	withManifest := strings.Replace(string(conf), "[params.handbook]\n", "[params.handbook]\n  url_manifest = \"urls.txt\"\n", 1)
	if withManifest == string(conf) {
		t.Fatal("config.toml has no [params.handbook] table")
	}
	writeFile(t, cfg, withManifest)
	fresh := filepath.Join(t.TempDir(), "site")
	if code, o, e := gen(t, "", "check", "--config", cfg, "--notes", notes, "--out", fresh); code != 0 {
		t.Fatalf("check into a fresh folder with the manifest: exit %d\n%s\n%s", code, o, e)
	}
	if _, err := os.Stat(filepath.Join(fresh, "runbooks", "seg-crash", "index.html")); err != nil {
		t.Errorf("the manifest's /runbooks/seg-crash/ is not kept: %v", err)
	}

	// The note gone: the manifest's URL is lost, and check says so.
	if err := os.Remove(filepath.Join(notes, "seg-crash.md")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(notes, "other.md"), "# Something else\n\nA note about something else entirely, long enough.\n")
	code, stdout, stderr := gen(t, "", "check", "--config", cfg, "--notes", notes, "--out", filepath.Join(t.TempDir(), "site"))
	if code != 1 || !strings.Contains(stderr, "/runbooks/seg-crash/") || !strings.Contains(stderr, "would disappear") {
		t.Fatalf("exit %d, want 1 naming /runbooks/seg-crash/\n%s\n%s", code, stdout, stderr)
	}
}

// TestCheckRequiresExplanations: config.toml's require_explanations names
// checks that must be explained; gen check warns about each one missing
// (and an id no check has), at the key's line, and --strict fails on
// them until an explanation is written.
func TestCheckRequiresExplanations(t *testing.T) {
	proj := testsite.New(t)
	cfg := filepath.Join(proj, "config.toml")
	raw, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatal(err)
	}
	const id = "reportcompileerrors-compiling-segment-s-in-parallel-failed"
	body := strings.Replace(string(raw), "[params.handbook]\n", "[params.handbook]\n  require_explanations = [\""+id+"\", \"no-such-check\"]\n", 1)
	writeFile(t, cfg, body)
	line := cfg + ":" + strconv.Itoa(1+strings.Count(body[:strings.Index(body, "require_explanations")], "\n"))
	code, stdout, _ := gen(t, "", "check", "--config", cfg)
	for _, want := range []string{line + ": require_explanations (" + id + "): " + id + " has no explanation", line + ": require_explanations: no check has the id no-such-check"} {
		if code != 0 || !strings.Contains(stdout, want) {
			t.Errorf("check: exit %d, want 0 and %q\n%s", code, want, stdout)
		}
	}
	code, _, stderr := gen(t, "", "check", "--strict", "--config", cfg)
	if code != 1 || !strings.Contains(stderr, "2 required explanation(s) missing") || !strings.Contains(stderr, id+" has no explanation") {
		t.Errorf("check --strict: exit %d, want 1 naming both\n%s", code, stderr)
	}
	writeFile(t, filepath.Join(proj, "explanations", id+".md"), "### What it means\n\nA segment failed to compile.\n")
	code, stdout, _ = gen(t, "", "check", "--config", cfg)
	if code != 0 || strings.Contains(stdout, id+" has no explanation") || !strings.Contains(stdout, "no check has the id no-such-check") {
		t.Errorf("with the explanation: exit %d\n%s", code, stdout)
	}
}
