package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/example"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// gitCheckout writes the embedded example, plus extra files (path ->
// text appended), as a git repository with one commit (fixed dates) and
// returns its folder and HEAD's hash.
func gitCheckout(t *testing.T, extra map[string]string) (string, string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := filepath.Join(t.TempDir(), "Fuser")
	if err := os.CopyFS(dir, example.Tree()); err != nil {
		t.Fatal(err)
	}
	for name, text := range extra {
		f, err := os.OpenFile(filepath.Join(dir, filepath.FromSlash(name)), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString(text); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
	}
	git := func(args ...string) string {
		cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE=2026-04-03T13:52:18-07:00", "GIT_COMMITTER_DATE=2026-04-03T13:52:18-07:00",
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q")
	git("add", ".")
	git("commit", "-q", "-m", "example")
	return dir, git("rev-parse", "HEAD")
}

// TestGitCheckoutPinsLinks: built from a git checkout, every link into
// nvFuser's code carries the checkout's commit, never a branch; the home
// page and the footer name the commit and its date; api/build.json records
// it. A csrc comment planted here links to a runbook (the /r/ short link):
// that runbook shows the link, and api/runbooks.json lists it; the
// example's own link, to an option page, shows there.
func TestGitCheckoutPinsLinks(t *testing.T) {
	proj := testsite.New(t)
	src, head := gitCheckout(t, map[string]string{"csrc/fusion_segmenter.cpp": plantedLink})
	out := filepath.Join(proj, "public")
	code, stdout, stderr := gen(t, "", "check", "--config", filepath.Join(proj, "config.toml"), "--source", src, "--notes", filepath.Join(src, "notes"))
	if code != 0 {
		t.Fatalf("check: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "2 links from nvFuser") || !strings.Contains(stdout, "0 of 2 links from nvFuser broken") {
		t.Errorf("the stages do not count the example's link from nvFuser:\n%s", stdout)
	}
	// Every source link, on every page, is pinned to HEAD.
	blob := regexp.MustCompile(`https://github\.com/NVIDIA/Fuser/blob/([^/"]+)/`)
	pinned := 0
	tree := testsite.Tree(t, out)
	for name, data := range tree {
		if !strings.HasSuffix(name, ".html") && !strings.HasSuffix(name, ".json") {
			continue
		}
		for _, m := range blob.FindAllStringSubmatch(string(data), -1) {
			if m[1] != head {
				t.Errorf("%s: source link at %q, not the checkout's commit", name, m[1])
				break
			}
			pinned++
		}
	}
	if pinned < 20 {
		t.Errorf("only %d source links found; the test would prove nothing", pinned)
	}
	short := head[:12]
	for _, page := range []string{"index.html", "env/nvfuser_dump/index.html"} {
		html := string(tree[page])
		if !strings.Contains(html, "/commit/"+head+`"><code>`+short+"</code></a> (2026-04-03)") {
			t.Errorf("%s does not name commit %s with its date", page, short)
		}
	}
	// The home page and every check page give the commit's date for
	// js/age.js to count its age from, in the reader's browser, and carry
	// the notice it shows past stale_after_days (14 by default).
	age := `<span class="commit-age" data-commit-date="2026-04-03T13:52:18-07:00" data-stale-after="14" hidden></span>`
	checkPages := 0
	for name, data := range tree {
		html := string(data)
		isCheck := strings.HasPrefix(name, "errors/") && strings.Contains(html, `class="page ref-page check-page"`)
		if name != "index.html" && !isCheck {
			continue
		}
		if isCheck {
			checkPages++
		}
		if !strings.Contains(html, age) || !strings.Contains(html, `<div class="callout callout-warn stale-notice" role="note" hidden>`) ||
			!regexp.MustCompile(`<script src="/js/age\.[0-9a-f]+\.js" defer></script>`).MatchString(html) {
			t.Errorf("%s does not say how old nvFuser's commit is (want %s, the hidden stale notice and js/age.js)", name, age)
		}
	}
	if checkPages < 2 { // the example raises two checks
		t.Errorf("only %d check pages found", checkPages)
	}
	var build struct {
		StaleAfterDays int                                `json:"stale_after_days"`
		NvFuser        struct{ Commit, Ref, Date string } `json:"nvfuser"`
		Generator      struct{ Module, Version string }
	}
	readJSON(t, filepath.Join(out, "api", "build.json"), &build)
	if build.NvFuser.Commit != head || build.NvFuser.Ref != head || build.NvFuser.Date != "2026-04-03T13:52:18-07:00" || build.Generator.Version == "" || build.StaleAfterDays != 14 {
		t.Errorf("api/build.json: %+v", build)
	}

	// The runbook the planted comment links to lists the comment's line;
	// the option page lists the example's own link.
	from := fmt.Sprintf("csrc/fusion_segmenter.cpp:%d", plantedLine(t, src))
	file, line, _ := strings.Cut(from, ":")
	runbook := string(tree["runbooks/segmenter-log-use-after-free/index.html"])
	if !strings.Contains(runbook, `id="linked-from"`) || !strings.Contains(runbook, "/blob/"+head+"/"+file+"#L"+line) {
		t.Errorf("the runbook does not show where nvFuser links to it (%s)", from)
	}
	opt := string(tree["options/disable/parallel_compile/index.html"])
	if !strings.Contains(opt, `id="linked-from"`) || !strings.Contains(opt, "/blob/"+head+"/csrc/runtime/compile_pool.cpp#L51") {
		t.Errorf("parallel_compile's page does not show the example's link to it")
	}
	var notes []struct {
		ID         string
		LinkedFrom []string `json:"linked_from"`
	}
	readJSON(t, filepath.Join(out, "api", "runbooks.json"), &notes)
	for _, n := range notes {
		want := n.ID == "segmenter-log-use-after-free"
		if got := len(n.LinkedFrom) == 1 && n.LinkedFrom[0] == from; got != want {
			t.Errorf("%s: linked_from %v", n.ID, n.LinkedFrom)
		}
	}

	// Hints: the message suggesting NVFUSER_DISABLE=parallel_compile is on
	// the option's page, linked to the check that prints it (its page, and
	// its pinned line: the check's own, as the check's page gives it).
	if !strings.Contains(opt, "nvFuser suggests this when a check fails") || !strings.Contains(opt, "Use NVFUSER_DISABLE=parallel_compile to see the first error alone.") ||
		!strings.Contains(opt, `href="/errors/reportcompileerrors-compiling-segment-s-in-parallel-failed/"`) ||
		!strings.Contains(opt, "/blob/"+head+"/csrc/runtime/compile_pool.cpp#L58") {
		t.Errorf("parallel_compile's page does not show the message that suggests it, linked to its check")
	}
}

// TestCheckFailsOnBrokenLinkFromNvFuser: a handbook URL planted in a csrc
// comment that points at a missing runbook makes gen check fail, naming
// the file and line; nothing is published.
func TestCheckFailsOnBrokenLinkFromNvFuser(t *testing.T) {
	proj := testsite.New(t)
	src, _ := gitCheckout(t, nil)
	writeFile(t, filepath.Join(src, "csrc", "fusion_segmenter.cpp"),
		"// one\n// two\n// Explained at https://nvfuser-handbook.example/r/no-such-runbook/ (see there).\n")
	out := filepath.Join(proj, "public")
	code, stdout, stderr := gen(t, "", "check", "--config", filepath.Join(proj, "config.toml"), "--source", src, "--notes", filepath.Join(src, "notes"))
	want := "csrc/fusion_segmenter.cpp:3: nvFuser links to https://nvfuser-handbook.example/r/no-such-runbook/, which the new site does not have"
	if code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("check: exit %d, want 1 naming %q\n%s\n%s", code, want, stdout, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("the site was published anyway (%v)", err)
	}
	// The same link under another base URL is not the handbook's: with
	// --base-url the scan follows the site being built.
	code, stdout, stderr = gen(t, "", "check", "--config", filepath.Join(proj, "config.toml"), "--source", src, "--notes", filepath.Join(src, "notes"),
		"--base-url", "https://owner.github.io/handbook") // as Pages reports it: no trailing slash
	if code != 0 || !strings.Contains(stdout, " 0 links from nvFuser") {
		t.Errorf("check --base-url: exit %d\n%s\n%s", code, stdout, stderr)
	}
	var notes []struct{ URL string }
	readJSON(t, filepath.Join(out, "api", "runbooks.json"), &notes)
	if len(notes) == 0 || !strings.HasPrefix(notes[0].URL, "https://owner.github.io/handbook/") {
		t.Errorf("--base-url did not reach the JSON API: %+v", notes)
	}
}

// plantedLink is a csrc comment linking to one of the example's runbooks.
const plantedLink = "// When this crashes, see https://nvfuser-handbook.example/r/segmenter-log-use-after-free/.\n"

// plantedLine is the line of plantedLink in the checkout.
func plantedLine(t *testing.T, src string) int {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(src, "csrc", "fusion_segmenter.cpp"))
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if l+"\n" == plantedLink {
			return i + 1
		}
	}
	t.Fatal("the planted link is not in the checkout")
	return 0
}

// TestBaseURLFlag: --base-url must be an absolute http(s) URL.
func TestBaseURLFlag(t *testing.T) {
	for _, bad := range []string{"owner.github.io/handbook", "/handbook/", "ftp://host/x/", "https://"} {
		code, _, stderr := gen(t, "", "build", "--base-url", bad)
		if code != 2 || !strings.Contains(stderr, "--base-url") {
			t.Errorf("--base-url %q: exit %d, want 2 with a message\n%s", bad, code, stderr)
		}
	}
}
