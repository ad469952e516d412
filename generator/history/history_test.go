package history

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/inputs"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// fixtureRepo builds a small nvFuser-shaped repository commit by commit.
type fixtureRepo struct {
	t   *testing.T
	dir string
	n   int
}

func newRepo(t *testing.T) *fixtureRepo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git is required (it ships with this machine image)")
	}
	r := &fixtureRepo{t: t, dir: t.TempDir()}
	r.git("init", "-q", "-b", "main")
	return r
}

func (r *fixtureRepo) git(args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", append([]string{"-C", r.dir}, args...)...)
	date := fmt.Sprintf("2024-01-%02dT12:00:00Z", r.n+1)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t",
		"GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date, "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// commit writes files ("" content deletes) and commits; it returns the hash.
func (r *fixtureRepo) commit(files map[string]string) string {
	r.t.Helper()
	for p, content := range files {
		full := filepath.Join(r.dir, p)
		if content == "" {
			if err := os.Remove(full); err != nil {
				r.t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			r.t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			r.t.Fatal(err)
		}
	}
	r.git("add", "-A")
	r.git("commit", "-q", "-m", subjectOf(r.n)+"\n\nThe body, which the history does not keep.")
	r.n++
	return r.git("rev-parse", "HEAD")
}

// subjectOf is the subject of the fixture's n-th commit (0 first).
func subjectOf(n int) string { return fmt.Sprintf("Fixture change %d: edit “things”", n) }

// optionsCpp writes option tables: family -> entries "name=Enumerator".
// prefix "PYTORCH_NVFUSER_" gives the first revisions' spelling.
func optionsCpp(prefix string, tables map[string][]string) string {
	var b strings.Builder
	b.WriteString("namespace {\ntemplate <typename E>\nauto parseEnvOptions(const char* env, const std::unordered_map<std::string, E>& t) {\n")
	if prefix == "" {
		b.WriteString("  if (const char* v = getNvFuserEnv(env)) {}\n")
	} else {
		b.WriteString("  if (const char* v = std::getenv(env)) {}\n")
	}
	b.WriteString("  return 0;\n}\n}\n")
	for _, fam := range []string{"DUMP", "ENABLE"} {
		enum := map[string]string{"DUMP": "DebugDumpOption", "ENABLE": "EnableOption"}[fam]
		fmt.Fprintf(&b, "auto get%s() {\n  const std::unordered_map<std::string, %s> available_options = {\n", fam, enum)
		for _, e := range tables[fam] {
			name, enumerator, _ := strings.Cut(e, "=")
			fmt.Fprintf(&b, "      {%q, %s::%s},\n", name, enum, enumerator)
		}
		fmt.Fprintf(&b, "  };\n  return parseEnvOptions(\"%s%s\", available_options);\n}\n", prefix, fam)
	}
	return b.String()
}

// optionsH declares the enums: enum -> lines "Enumerator, //! doc".
func optionsH(enums map[string][]string) string {
	var b strings.Builder
	for _, enum := range []string{"DebugDumpOption", "EnableOption"} {
		fmt.Fprintf(&b, "enum class %s {\n", enum)
		for _, v := range enums[enum] {
			b.WriteString("  " + v + "\n")
		}
		b.WriteString("  EndOfOption\n};\n")
	}
	return b.String()
}

// history is a fixture repository with every shape the history handles:
// the PYTORCH_NVFUSER_ spelling and its move, version.txt moving to
// python/, an option moved to another family under a new name, a reworded
// description, a revision the parser rejects, a variable read that goes.
type fixture struct {
	repo   *fixtureRepo
	hashes []string
}

func buildFixture(t *testing.T) fixture {
	r := newRepo(t)
	var h []string
	// 0: first revision, PYTORCH_ era.
	h = append(h, r.commit(map[string]string{
		"version.txt":       "0.1.0\n",
		"csrc/options.cpp":  optionsCpp("PYTORCH_NVFUSER_", map[string][]string{"DUMP": {"fusion_ir=FusionIr", "debug_info=DebugInfo"}, "ENABLE": {"kernel_profile=KernelProfile"}}),
		"csrc/options.h":    optionsH(map[string][]string{"DebugDumpOption": {"FusionIr, //! Print the fusion IR", "DebugInfo, //! Keep line tables and debug info in compiled kernels and print the source"}, "EnableOption": {"KernelProfile, //! Profile kernels"}}),
		"csrc/executor.cpp": "void f() { auto p = std::getenv(\"PYTORCH_NVFUSER_MAX_REG\"); }\n",
		"csrc/other.cpp":    "int g() { return 1; }\n",
		"README.md":         "not read\n",
	}))
	// 1: the NVFUSER_ move; the version file moves to python/.
	h = append(h, r.commit(map[string]string{
		"version.txt":        "",
		"python/version.txt": "0.1.1\n",
		"csrc/options.cpp":   optionsCpp("", map[string][]string{"DUMP": {"fusion_ir=FusionIr", "debug_info=DebugInfo"}, "ENABLE": {"kernel_profile=KernelProfile"}}),
		"csrc/executor.cpp":  "void f() { auto p = getNvFuserEnv(\"MAX_REG\"); }\n",
	}))
	// 2: debug_info becomes ENABLE=kernel_lineinfo (another enumerator,
	// mostly the same doc); a new option; fusion_ir reworded.
	h = append(h, r.commit(map[string]string{
		"python/version.txt": "0.2.0\n",
		"csrc/options.cpp":   optionsCpp("", map[string][]string{"DUMP": {"fusion_ir=FusionIr", "launch_param=LaunchParam"}, "ENABLE": {"kernel_profile=KernelProfile", "kernel_lineinfo=KernelLineInfo"}}),
		"csrc/options.h": optionsH(map[string][]string{"DebugDumpOption": {"FusionIr, //! Print the fusion IR before lowering", "LaunchParam, //! Print launch parameters"},
			"EnableOption": {"KernelProfile, //! Profile kernels", "KernelLineInfo, //! Keep line tables in compiled kernels and print the source"}}),
	}))
	// 3: a revision the table parser rejects (an unterminated table).
	h = append(h, r.commit(map[string]string{
		"csrc/options.cpp": "const std::unordered_map<std::string, DebugDumpOption> t = {\n  {\"x\", DebugDumpOption::X},\n",
	}))
	// 4: fixed; kernel_profile goes without a successor; the variable read goes.
	h = append(h, r.commit(map[string]string{
		"python/version.txt": "0.2.1\n",
		"csrc/options.cpp":   optionsCpp("", map[string][]string{"DUMP": {"fusion_ir=FusionIr", "launch_param=LaunchParam"}, "ENABLE": {"kernel_lineinfo=KernelLineInfo"}}),
		"csrc/executor.cpp":  "void f() {}\n",
	}))
	return fixture{repo: r, hashes: h}
}

func TestHistoryOfFixture(t *testing.T) {
	f := buildFixture(t)
	h := f.hashes
	res, err := Read(f.repo.dir, "")
	if err != nil {
		t.Fatal(err)
	}
	if res == nil {
		t.Fatal("no history read from a git checkout")
	}
	ev := func(i int, version string) model.Event {
		return model.Event{Commit: h[i], Date: fmt.Sprintf("2024-01-%02d", i+1), Version: version}
	}
	type want struct {
		added      model.Event
		earliest   bool
		removed    *model.Event
		replacedBy []string
	}
	removedAt := func(i int, v string) *model.Event { e := ev(i, v); return &e }
	opts := map[string]want{
		"NVFUSER_DUMP=fusion_ir":         {ev(0, "0.1.0"), true, nil, nil},
		"NVFUSER_DUMP=debug_info":        {ev(0, "0.1.0"), true, removedAt(2, "0.2.0"), []string{"NVFUSER_ENABLE=kernel_lineinfo"}},
		"NVFUSER_DUMP=launch_param":      {ev(2, "0.2.0"), false, nil, nil},
		"NVFUSER_ENABLE=kernel_profile":  {ev(0, "0.1.0"), true, removedAt(4, "0.2.1"), nil},
		"NVFUSER_ENABLE=kernel_lineinfo": {ev(2, "0.2.0"), false, nil, nil},
	}
	// check compares the records named in wants with what was read.
	check := func(records map[string]*Record, wants map[string]want) {
		t.Helper()
		for k, w := range wants {
			r := records[k]
			if r == nil {
				t.Errorf("%s: missing", k)
				continue
			}
			got := want{r.Added, r.Earliest, r.Removed, r.ReplacedBy}
			if !reflect.DeepEqual(got, w) {
				t.Errorf("%s:\n got %+v\nwant %+v", k, got, w)
			}
		}
	}
	if len(res.Options) != len(opts) {
		t.Errorf("%d options, want %d: %v", len(res.Options), len(opts), sortedKeys(res.Options))
	}
	check(res.Options, opts)
	if got := res.Options["NVFUSER_ENABLE=kernel_lineinfo"].Replaces; !reflect.DeepEqual(got, []string{"NVFUSER_DUMP=debug_info"}) {
		t.Errorf("kernel_lineinfo replaces %v", got)
	}
	if d := res.Options["NVFUSER_DUMP=fusion_ir"].Descriptions; len(d) != 2 || d[1].Text != "Print the fusion IR before lowering" || d[1].Commit != h[2] {
		t.Errorf("fusion_ir descriptions: %+v", d)
	}

	vars := map[string]want{
		"PYTORCH_NVFUSER_MAX_REG": {ev(0, "0.1.0"), true, removedAt(1, "0.1.1"), []string{"NVFUSER_MAX_REG"}},
		"NVFUSER_MAX_REG":         {ev(1, "0.1.1"), false, removedAt(4, "0.2.1"), nil},
		"PYTORCH_NVFUSER_DUMP":    {ev(0, "0.1.0"), true, removedAt(1, "0.1.1"), []string{"NVFUSER_DUMP"}},
		"NVFUSER_DUMP":            {ev(1, "0.1.1"), false, nil, nil},
	}
	check(res.Variables, vars)
	if len(res.Skipped) != 1 || res.Skipped[0].Where.File != inputs.OptionsCpp || !strings.Contains(res.Skipped[0].Message, h[3][:9]) {
		t.Errorf("skipped: %+v, want the revision the parser rejects", res.Skipped)
	}

	var changes []string
	for _, c := range res.Changes {
		s := c.Version + " " + c.Kind + " " + c.Subject
		if c.To != "" {
			s += " -> " + c.To
		}
		changes = append(changes, s)
	}
	for _, must := range []string{
		"0.1.1 renamed PYTORCH_NVFUSER_MAX_REG -> NVFUSER_MAX_REG",
		"0.1.1 renamed PYTORCH_NVFUSER_DUMP -> NVFUSER_DUMP",
		"0.2.0 renamed NVFUSER_DUMP=debug_info -> NVFUSER_ENABLE=kernel_lineinfo",
		"0.2.0 added NVFUSER_DUMP=launch_param",
		"0.2.1 removed NVFUSER_ENABLE=kernel_profile",
		"0.2.1 removed NVFUSER_MAX_REG",
	} {
		if !contains(changes, must) {
			t.Errorf("changes lack %q:\n%s", must, strings.Join(changes, "\n"))
		}
	}
	for _, mustNot := range []string{"0.1.0 added NVFUSER_DUMP=fusion_ir", "0.2.0 added NVFUSER_ENABLE=kernel_lineinfo", "0.1.1 added NVFUSER_DUMP"} {
		if contains(changes, mustNot) {
			t.Errorf("changes list %q: a first-revision name or a rename's new half", mustNot)
		}
	}
}

// A rerun on the same commit reads the cached result; after a new commit
// the per-blob cache gives what a fresh walk gives.
func TestCache(t *testing.T) {
	f := buildFixture(t)
	cache := t.TempDir()
	first, err := Read(f.repo.dir, cache)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{blobsCache, resultCache} {
		if _, err := os.Stat(filepath.Join(cache, name)); err != nil {
			t.Fatalf("no %s written: %v", name, err)
		}
	}
	again, err := Read(f.repo.dir, cache)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(jsonOf(t, first), jsonOf(t, again)) {
		t.Error("the cached result differs from the computed one")
	}
	f.repo.commit(map[string]string{"csrc/options.cpp": optionsCpp("", map[string][]string{"DUMP": {"fusion_ir=FusionIr"}, "ENABLE": {"kernel_lineinfo=KernelLineInfo"}})})
	cached, err := Read(f.repo.dir, cache)
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := Read(f.repo.dir, "")
	if err != nil {
		t.Fatal(err)
	}
	if jsonOf(t, cached) != jsonOf(t, fresh) {
		t.Error("a walk with cached blobs differs from a fresh one")
	}
	if r := cached.Options["NVFUSER_DUMP=launch_param"]; r == nil || r.Removed == nil {
		t.Error("the new commit's removal of launch_param was not seen")
	}
	// A cache from another parser version, or garbage, is ignored.
	if err := os.WriteFile(filepath.Join(cache, resultCache), []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r, err := Read(f.repo.dir, cache); err != nil || jsonOf(t, r) != jsonOf(t, fresh) {
		t.Errorf("a corrupt cache changed the result (err %v)", err)
	}
}

func jsonOf(t *testing.T, r *Result) string {
	t.Helper()
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// A folder that is not the top of a git work tree has no history: a plain
// copy, or a folder inside another repository.
func TestNoHistory(t *testing.T) {
	plain := t.TempDir()
	if res, err := Read(plain, ""); res != nil || err != nil {
		t.Errorf("plain folder: %v, %v", res, err)
	}
	f := buildFixture(t)
	if res, err := Read(filepath.Join(f.repo.dir, "csrc"), ""); res != nil || err != nil {
		t.Errorf("folder inside a repository: %v, %v", res, err)
	}
}

// The hand-kept list adds renames detection misses and vetoes wrong ones.
func TestHandRenames(t *testing.T) {
	f := buildFixture(t)
	res, err := read(f.repo.dir, "", `
[[veto]]
from = "NVFUSER_DUMP=debug_info"
to = "NVFUSER_ENABLE=kernel_lineinfo"

[[rename]]
from = "NVFUSER_ENABLE=kernel_profile"
to = "NVFUSER_DUMP=launch_param"
`)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Options["NVFUSER_DUMP=debug_info"].ReplacedBy; len(got) != 0 {
		t.Errorf("vetoed rename kept: %v", got)
	}
	if got := res.Options["NVFUSER_ENABLE=kernel_lineinfo"].Replaces; len(got) != 0 {
		t.Errorf("vetoed rename kept on the new side: %v", got)
	}
	if got := res.Options["NVFUSER_ENABLE=kernel_profile"].ReplacedBy; !reflect.DeepEqual(got, []string{"NVFUSER_DUMP=launch_param"}) {
		t.Errorf("added rename: %v", got)
	}
	for _, bad := range []string{"[[rename]]\nfrom = \"A\"\n", "[[rename]]\nfrom = \"A\"\nto = \"A\"\n", "[[renames]]\nfrom = \"A\"\nto = \"B\"\n", "not toml ["} {
		if _, err := read(f.repo.dir, "", bad); err == nil || !strings.Contains(err.Error(), "renames.toml") {
			t.Errorf("%q: error %v, want one naming the file", bad, err)
		}
	}
}

// The shipped renames file parses.
func TestShippedRenames(t *testing.T) {
	if _, err := parseRenames("renames.toml", renamesFile); err != nil {
		t.Fatal(err)
	}
}

func TestSimilarity(t *testing.T) {
	for _, c := range []struct {
		a, b   string
		rename bool
	}{
		{"Embed line info and debug info to compiled kernel, and dump the full CUDA C++ code", "Embed line info to compiled kernel, and dump the full CUDA C++ code", true},
		{"Enable debug mode in nvrtc", "Embed line info to compiled kernel, and dump the full CUDA C++ code", false},
		{"Dump it", "Dump it", false}, // too short to say
	} {
		if got := similarity(c.a, c.b) >= similarityFloor; got != c.rename {
			t.Errorf("similarity(%q, %q) = %.2f", c.a, c.b, similarity(c.a, c.b))
		}
	}
}

// FuzzParseRenames: any text is a list or an error naming the file, never
// a panic, and every pair it accepts has two different names.
func FuzzParseRenames(f *testing.F) {
	f.Add(renamesFile)
	f.Add("[[rename]]\nfrom = \"NVFUSER_DUMP=a\"\nto = \"NVFUSER_ENABLE=b\"\n")
	f.Add("[[veto]]\nfrom = 1\n")
	f.Fuzz(func(t *testing.T, text string) {
		l, err := parseRenames("renames.toml", text)
		if err != nil {
			if !strings.Contains(err.Error(), "renames.toml") {
				t.Errorf("error %q does not name the file", err)
			}
			return
		}
		for _, p := range append(l.Rename, l.Veto...) {
			if p.From == "" || p.To == "" || p.From == p.To {
				t.Errorf("accepted %+v", p)
			}
		}
	})
}
