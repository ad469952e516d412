package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nvfuser-handbook/handbook/generator/search"
	"github.com/nvfuser-handbook/handbook/internal/project"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// builtSite is the site every test in this package reads, built once.
type builtSite struct {
	Root    string // the repository
	Project string // the private copy of the Hugo project
	Out     string // the published site (gen --out)
	URL     string // where it is served, no trailing slash
	srv     *httptest.Server
	tmp     string
	err     error

	// history: build from a git checkout of the example (two commits, see
	// exampleCheckout), so that the pages only a git history gives
	// (/changes/, "Since") exist.
	history bool
	// fuser, seeds: build from a real nvFuser checkout (its docs read as
	// guides, its checks as the error index) and the seed notes instead.
	fuser, seeds string
}

var (
	siteOnce sync.Once
	theSite  builtSite

	historyOnce sync.Once
	theHistory  = builtSite{history: true}

	fuserOnce sync.Once
	theFuser  builtSite
)

func TestMain(m *testing.M) {
	code := m.Run()
	closeBrowser()
	for _, s := range []*builtSite{&theSite, &theHistory, &theFuser} {
		if s.srv != nil {
			s.srv.Close()
		}
		if s.tmp != "" {
			os.RemoveAll(s.tmp)
		}
	}
	os.Exit(code)
}

// historySite is the same handbook built from a git checkout of the
// example (once per test binary), served.
func historySite(t testing.TB) *builtSite {
	t.Helper()
	historyOnce.Do(func() { theHistory.err = buildSite(&theHistory) })
	if theHistory.err != nil {
		t.Fatal(theHistory.err)
	}
	return &theHistory
}

// fuserSite is the real handbook: a real nvFuser checkout (../Fuser, or
// $HANDBOOK_FUSER) with its docs and the seed notes (../shared), built
// once per test binary and served; the test skips when either is absent.
// $HANDBOOK_E2E_FUSER_SITE names a real handbook gen already published
// (the build takes minutes): it is served as it is instead.
func fuserSite(t testing.TB) *builtSite {
	t.Helper()
	fuser, seeds := testsite.Fuser(t), testsite.Shared(t, "seeds")
	fuserOnce.Do(func() {
		if dir := os.Getenv("HANDBOOK_E2E_FUSER_SITE"); dir != "" {
			wd, err := os.Getwd()
			if err == nil {
				theFuser.Root, err = project.Root(wd)
			}
			theFuser.Out, theFuser.err = dir, err
			theFuser.srv = httptest.NewServer(siteHandler(dir))
			theFuser.URL = theFuser.srv.URL
			return
		}
		theFuser.fuser, theFuser.seeds = fuser, seeds
		theFuser.err = buildSite(&theFuser)
	})
	if theFuser.err != nil {
		t.Fatal(theFuser.err)
	}
	return &theFuser
}

// site builds the handbook (once per test binary) and serves it.
func site(t testing.TB) *builtSite {
	t.Helper()
	siteOnce.Do(func() { theSite.err = buildSite(&theSite) })
	if theSite.err != nil {
		t.Fatal(theSite.err)
	}
	return &theSite
}

// buildSite copies the project like internal/testsite.New, runs the command
// line exactly as a user would, and serves the result.
func buildSite(s *builtSite) error {
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	if s.Root, err = project.Root(wd); err != nil {
		return err
	}
	// Installs node_modules (pagefind, axe-core) on first use.
	if _, err := search.Pagefind(s.Root); err != nil {
		return err
	}
	if s.tmp, err = os.MkdirTemp("", "handbook-e2e-"); err != nil {
		return err
	}
	s.Project = filepath.Join(s.tmp, "project")
	s.Out = filepath.Join(s.tmp, "public")
	if err := project.Copy(s.Root, s.Project); err != nil {
		return err
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		return fmt.Errorf("go not on PATH: %w", err)
	}
	args := []string{"run", "./cmd/gen",
		"--config", filepath.Join(s.Project, "config.toml"),
		"--notes", filepath.Join(wd, "testdata", "notes"),
		// --notes replaces the example's own notes; keep them too.
		"--notes", filepath.Join(s.Root, "generator", "example", "fuser", "notes"),
		"--out", s.Out}
	if s.fuser != "" {
		args = []string{"run", "./cmd/gen", "--config", filepath.Join(s.Project, "config.toml"),
			"--source", s.fuser, "--notes", s.seeds, "--out", s.Out}
	}
	if s.history {
		src, err := exampleCheckout(s.Root, filepath.Join(s.tmp, "fuser"))
		if err != nil {
			return err
		}
		args = append(args, "--source", src)
	}
	cmd := exec.Command(goBin, args...)
	cmd.Dir = s.Root
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go run ./cmd/gen: %v\n%s", err, out)
	}
	s.srv = httptest.NewServer(siteHandler(s.Out))
	s.URL = s.srv.URL
	return nil
}

// slowFilterCookie, set in a tab, makes the server answer Pagefind's filter
// index late, as a real network may: the word index then arrives first.
const slowFilterCookie = "handbook-e2e-slow-filters"

// siteHandler serves dir like a static host: files as they are, folders by
// their index.html, anything missing as 404.html with status 404.
func siteHandler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c, err := r.Cookie(slowFilterCookie); err == nil && c.Value == "1" && strings.HasPrefix(r.URL.Path, "/pagefind/filter/") {
			time.Sleep(time.Second)
		}
		p := filepath.Join(dir, filepath.FromSlash(path.Clean("/"+r.URL.Path)))
		st, err := os.Stat(p)
		if err == nil && st.IsDir() {
			_, err = os.Stat(filepath.Join(p, "index.html"))
		}
		if err != nil {
			page, rerr := os.ReadFile(filepath.Join(dir, "404.html"))
			if rerr != nil {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusNotFound)
			w.Write(page)
			return
		}
		files.ServeHTTP(w, r)
	})
}

// pageURL is the served URL of a site path ("/search/?q=x").
func (s *builtSite) pageURL(p string) string {
	return s.URL + "/" + strings.TrimPrefix(p, "/")
}

// artifactsDir is where screenshots go: $HANDBOOK_ARTIFACTS, else
// internal/e2e/artifacts (its .gitignore ignores *.png).
func artifactsDir(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("HANDBOOK_ARTIFACTS")
	if dir == "" {
		dir = "artifacts"
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		t.Fatal(err)
	}
	return abs
}

// historyOption is the NVFUSER_DUMP option the history site's second
// commit adds: /changes/ lists it, and its name is too long for a phone's
// line with "NVFUSER_DUMP=" before it.
const historyOption = "python_definition_segments_verbose"

// exampleCheckout copies the embedded example's nvFuser tree to dst as a
// git checkout of two commits, with a fixed author and dates: the example
// as version 0.0.1, then version 0.0.2, which adds historyOption.
func exampleCheckout(root, dst string) (string, error) {
	if err := os.CopyFS(dst, os.DirFS(filepath.Join(root, "generator", "example", "fuser"))); err != nil {
		return "", err
	}
	gitBin, err := exec.LookPath("git")
	if err != nil {
		return "", fmt.Errorf("git not on PATH (the history site is a git checkout): %w", err)
	}
	git := func(date string, args ...string) error {
		cmd := exec.Command(gitBin, append([]string{"-c", "user.name=Handbook Tests", "-c", "user.email=tests@example.invalid"}, args...)...)
		cmd.Dir = dst
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date,
			"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return nil
	}
	version := filepath.Join(dst, "python", "version.txt")
	if err := os.WriteFile(version, []byte("0.0.1\n"), 0o644); err != nil {
		return "", err
	}
	if err := git("2026-01-05T12:00:00Z", "init", "-q"); err != nil {
		return "", err
	}
	if err := git("2026-01-05T12:00:00Z", "add", "-A"); err != nil {
		return "", err
	}
	if err := git("2026-01-05T12:00:00Z", "commit", "-q", "-m", "example"); err != nil {
		return "", err
	}
	opts := filepath.Join(dst, "csrc", "options.cpp")
	src, err := os.ReadFile(opts)
	if err != nil {
		return "", err
	}
	const anchor = `{"fusion_ir", DebugDumpOption::FusionIr},`
	if !strings.Contains(string(src), anchor) {
		return "", fmt.Errorf("%s: no %s to add an option after", opts, anchor)
	}
	src = []byte(strings.Replace(string(src), anchor, anchor+"\n      {\""+historyOption+"\", DebugDumpOption::PythonDefinitionSegmentsVerbose},", 1))
	if err := os.WriteFile(opts, src, 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(version, []byte("0.0.2\n"), 0o644); err != nil {
		return "", err
	}
	if err := git("2026-02-09T12:00:00Z", "commit", "-q", "-a", "-m", "add an option"); err != nil {
		return "", err
	}
	return dst, nil
}
