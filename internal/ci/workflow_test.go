package ci

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// workflow is the part of a GitHub Actions workflow these tests read.
type workflow struct {
	Jobs map[string]struct {
		Steps []struct {
			Name string            `yaml:"name"`
			Uses string            `yaml:"uses"`
			Run  string            `yaml:"run"`
			With map[string]string `yaml:"with"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

// TestWorkflowPublishesTheWholeHandbook: the publishing workflow clones
// nvFuser with its full history in every job, keeps the history caches
// between runs (a new nvFuser commit restores the last cache), and builds
// through scripts/publish, the script .ci/run also runs (on local clones,
// scripts/publish-selftest), so what GitHub runs is tested here.
func TestWorkflowPublishesTheWholeHandbook(t *testing.T) {
	root := testsite.Root(t)
	data, err := os.ReadFile(filepath.Join(root, ".github", "workflows", "handbook.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var wf workflow
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatal(err)
	}
	publishes, cached := 0, false
	for name, job := range wf.Jobs {
		for _, st := range job.Steps {
			if strings.HasPrefix(st.Uses, "actions/checkout@") && st.With["path"] == "Fuser" && st.With["fetch-depth"] != "0" {
				t.Errorf("job %s clones nvFuser with fetch-depth %q: the handbook and its tests need the history (fetch-depth: 0)", name, st.With["fetch-depth"])
			}
			if strings.HasPrefix(st.Uses, "actions/cache@") && st.With["path"] == "handbook/generated/cache" {
				cached = true
				if !strings.Contains(st.With["key"], "steps.fuser.outputs.commit") || !strings.Contains(st.With["restore-keys"], "handbook-history-") {
					t.Errorf("job %s: the history cache must be keyed by nvFuser's commit and restore an older one: key %q restore-keys %q", name, st.With["key"], st.With["restore-keys"])
				}
			}
			if strings.Contains(st.Run, "gen check") || strings.Contains(st.Run, "./cmd/gen") {
				t.Errorf("job %s, step %q runs gen itself; call scripts/publish, which .ci/run tests", name, st.Name)
			}
			if strings.Contains(st.Run, "bash scripts/publish ") {
				publishes++
				for _, flag := range []string{"--fuser ../Fuser", "--base-url", "--require-history"} {
					if !strings.Contains(st.Run, flag) {
						t.Errorf("job %s: scripts/publish without %s", name, flag)
					}
				}
			}
		}
	}
	if publishes != 1 {
		t.Errorf("%d steps run scripts/publish, want 1", publishes)
	}
	if !cached {
		t.Error("no actions/cache step keeps handbook/generated/cache between runs")
	}
	run, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(run), "bash scripts/publish-selftest") {
		t.Error(".ci/run does not run scripts/publish-selftest")
	}
	self, err := os.ReadFile(filepath.Join(root, "scripts", "publish-selftest"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"bash scripts/publish ", "--depth 1", "--require-history", "https://org.github.io/handbook/"} {
		if !strings.Contains(string(self), want) {
			t.Errorf("scripts/publish-selftest lacks %q", want)
		}
	}
}

// TestFuserFixture: scripts/fuser-fixture makes the same nvFuser-shaped
// repository every time, with the history publish-selftest relies on, and
// a shallow clone of it has one commit.
func TestFuserFixture(t *testing.T) {
	root := testsite.Root(t)
	dir := t.TempDir()
	heads := map[string]bool{}
	for _, name := range []string{"a", "b"} {
		repo := filepath.Join(dir, name)
		if out, err := exec.Command("bash", filepath.Join(root, "scripts", "fuser-fixture"), repo).CombinedOutput(); err != nil {
			t.Fatalf("fuser-fixture: %v\n%s", err, out)
		}
		out, err := exec.Command("git", "-C", repo, "log", "--format=%H %cs %s").Output()
		if err != nil {
			t.Fatal(err)
		}
		log := strings.Split(strings.TrimSpace(string(out)), "\n")
		if len(log) != 3 || !strings.Contains(log[2], "2024-01-10 c1") || !strings.Contains(log[0], "2024-05-01 c3") {
			t.Errorf("fixture history:\n%s", out)
		}
		heads[strings.Fields(log[0])[0]] = true
		for _, f := range []string{"csrc/options.cpp", "csrc/options.h", "tools/env-config/env_options.yaml", "python/version.txt", "doc/dev/reading-dumps.md"} {
			if _, err := os.Stat(filepath.Join(repo, f)); err != nil {
				t.Errorf("the fixture lacks %s", f)
			}
		}
	}
	if len(heads) != 1 {
		t.Errorf("two runs made different repositories: %v", heads)
	}
	if out, err := exec.Command("bash", filepath.Join(root, "scripts", "fuser-fixture"), filepath.Join(dir, "a")).CombinedOutput(); err == nil {
		t.Errorf("fuser-fixture over an existing folder succeeded:\n%s", out)
	}
	shallow := filepath.Join(dir, "shallow")
	if out, err := exec.Command("git", "clone", "-q", "--depth", "1", "file://"+filepath.Join(dir, "a"), shallow).CombinedOutput(); err != nil {
		t.Fatalf("clone: %v\n%s", err, out)
	}
	out, _ := exec.Command("git", "-C", shallow, "rev-list", "--count", "HEAD").Output()
	if strings.TrimSpace(string(out)) != "1" {
		t.Errorf("the shallow clone has %s commits, want 1", out)
	}
}

// TestWorkflowStaysCurrent: the publishing workflow also runs nightly and
// on nvFuser's dispatch; those runs ask scripts/published-current (which
// publish-selftest exercises) whether the published site is already built
// from both commits, and build and deploy only when it is not; a push or
// a manual run always builds, and deploys from main.
func TestWorkflowStaysCurrent(t *testing.T) {
	root := testsite.Root(t)
	data, err := os.ReadFile(filepath.Join(root, ".github", "workflows", "handbook.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		On struct {
			Schedule []struct {
				Cron string `yaml:"cron"`
			} `yaml:"schedule"`
			RepositoryDispatch struct {
				Types []string `yaml:"types"`
			} `yaml:"repository_dispatch"`
			Push             map[string]any `yaml:"push"`
			WorkflowDispatch map[string]any `yaml:"workflow_dispatch"`
		} `yaml:"on"`
		Jobs map[string]struct {
			If      string            `yaml:"if"`
			Needs   any               `yaml:"needs"`
			Outputs map[string]string `yaml:"outputs"`
			Steps   []struct {
				ID   string            `yaml:"id"`
				Uses string            `yaml:"uses"`
				Run  string            `yaml:"run"`
				With map[string]string `yaml:"with"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatal(err)
	}
	if len(wf.On.Schedule) != 1 || len(strings.Fields(wf.On.Schedule[0].Cron)) != 5 || strings.Fields(wf.On.Schedule[0].Cron)[2] != "*" {
		t.Errorf("want one daily schedule, got %+v", wf.On.Schedule)
	}
	if strings.Join(wf.On.RepositoryDispatch.Types, ",") != "nvfuser-updated" {
		t.Errorf("repository_dispatch types %v, want [nvfuser-updated] (the type docs/publishing.md tells nvFuser's CI to send)", wf.On.RepositoryDispatch.Types)
	}
	if wf.On.Push == nil || wf.On.WorkflowDispatch == nil {
		t.Error("the workflow no longer runs on a push or by hand")
	}

	current, ok := wf.Jobs["current"]
	if !ok {
		t.Fatal("no job current decides whether a nightly or dispatched run publishes")
	}
	for _, ev := range []string{"schedule", "repository_dispatch"} {
		if !strings.Contains(current.If, "'"+ev+"'") {
			t.Errorf("job current does not run on %s: if %q", ev, current.If)
		}
	}
	if strings.Contains(current.If, "push") || strings.Contains(current.If, "workflow_dispatch") {
		t.Errorf("job current runs on a push or a manual run, which must always publish: if %q", current.If)
	}
	compares := false
	for _, st := range current.Steps {
		if strings.Contains(st.Run, "bash scripts/published-current ") {
			compares = true
			for _, want := range []string{"--site", "--fuser-commit", `--handbook-commit "$GITHUB_SHA"`, `>> "$GITHUB_OUTPUT"`} {
				if !strings.Contains(st.Run, want) {
					t.Errorf("scripts/published-current is run without %s: %q", want, st.Run)
				}
			}
			if st.ID == "" || !strings.Contains(current.Outputs["publish"], "steps."+st.ID+".outputs.publish") {
				t.Errorf("job current's output publish %q is not the comparison's", current.Outputs["publish"])
			}
		}
	}
	if !compares {
		t.Error("job current does not run scripts/published-current")
	}

	build := wf.Jobs["build"]
	if needs, _ := build.Needs.(string); needs != "current" {
		t.Errorf("job build needs %v, want current", build.Needs)
	}
	for _, want := range []string{"!cancelled()", "needs.current.outputs.publish != 'false'"} {
		if !strings.Contains(build.If, want) {
			t.Errorf("job build's if %q lacks %s: it must run when current is skipped and skip only when current says so", build.If, want)
		}
	}
	pinned := false
	for _, st := range build.Steps {
		if strings.HasPrefix(st.Uses, "actions/checkout@") && st.With["path"] == "Fuser" {
			pinned = strings.Contains(st.With["ref"], "needs.current.outputs.fuser_commit")
		}
	}
	if !pinned {
		t.Error("job build does not check out the nvFuser commit job current compared")
	}
	deploy := wf.Jobs["deploy"]
	for _, want := range []string{"needs.build.result == 'success'", "refs/heads/main", "!cancelled()"} {
		if !strings.Contains(deploy.If, want) {
			t.Errorf("job deploy's if %q lacks %s", deploy.If, want)
		}
	}

	self, err := os.ReadFile(filepath.Join(root, "scripts", "publish-selftest"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"bash scripts/published-current ", "= publish=false", "= publish=true"} {
		if !strings.Contains(string(self), want) {
			t.Errorf("scripts/publish-selftest lacks %q: the skip is not exercised", want)
		}
	}
}
