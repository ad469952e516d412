package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/nvfuser-handbook/handbook/internal/project"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// The bad-input cases are data: one testscript file per case under
// testdata/badinput/, each holding the case's input files, the gen command
// it runs and what must come of it. The checks every case needs are not
// left to the script to remember: the script's gen command (cmdGen) makes
// them on every run. What a script states is what is particular to its
// case (the exit status when it is not 1, the message, a guarded path, a
// check of the rendered page).

// TestMain makes gen also a program a script can run as a process of its
// own (handbook-gen: this test binary, run as gen's main), with the
// script's working folder and environment (see runScriptGen).
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"handbook-gen": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// scriptState is one script's memory between its commands.
type scriptState struct {
	baseline map[string]bool // the handbook's own <script> elements
	guard    []string        // further paths a refused run must leave as they were
	keep     []string        // names beside the site that look like staging but are not gen's
}

type stateKey struct{}

// TestBadInputScripts runs every script in testdata/badinput in parallel.
// Each starts in $WORK with:
//
//	$PROJ    a copy of the Hugo project ($CONFIG its config.toml)
//	$SRC     a good minimal nvFuser checkout (goodTree) under $WORK/src;
//	         the script's own files under src/fuser/ replace or add to it
//	$NOTES   $SRC/notes
//	$SITE    $WORK/out/site, holding a good site gen published before
//
// Scripts run `gen` with --no-search unless the case needs Pagefind's
// index: what they check is the render and the publish.
func TestBadInputScripts(t *testing.T) {
	testscript.Run(t, badInputParams(t, filepath.Join("testdata", "badinput")))
}

// badInputParams runs the scripts in dir against a good site built once.
func badInputParams(t *testing.T, dir string) testscript.Params {
	root := testsite.Root(t)
	proj := testsite.New(t) // installs Pagefind once, for the cases that index
	goodSrc := t.TempDir()
	writeTree(t, goodSrc, goodTree, nil)
	goodOut := filepath.Join(t.TempDir(), "site")
	// With its search index: an older gen site (without the marker) is
	// recognised by gen's folders, pagefind/ among them.
	if code, o, e := runGen(t, "--config", filepath.Join(proj, "config.toml"), "--source", goodSrc, "--notes", filepath.Join(goodSrc, "notes"), "--out", goodOut); code != 0 {
		t.Fatalf("building the good site: exit %d\n%s\n%s", code, o, e)
	}
	baseline := siteScripts(t, goodOut)
	// A checkout with git history adds the handbook's own age script to
	// every page: the baseline knows it too (a case may commit its files).
	gitSrc := t.TempDir()
	writeTree(t, gitSrc, goodTree, nil)
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@t.test", "commit", "-q", "-m", "good"}} {
		if out, err := exec.Command("git", append([]string{"-C", gitSrc}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	gitOut := filepath.Join(t.TempDir(), "site")
	if code, o, e := runGen(t, "--no-search", "--config", filepath.Join(proj, "config.toml"), "--source", gitSrc, "--notes", filepath.Join(gitSrc, "notes"), "--out", gitOut); code != 0 {
		t.Fatalf("building the good site from a git checkout: exit %d\n%s\n%s", code, o, e)
	}
	for s := range siteScripts(t, gitOut) {
		baseline[s] = true
	}

	return testscript.Params{
		Dir:                 dir,
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			proj := filepath.Join(env.WorkDir, "proj")
			if err := project.Copy(root, proj); err != nil {
				return err
			}
			// A folder of its own: the folder above the checkout holds the
			// checkout alone (a case publishes into it).
			src := filepath.Join(env.WorkDir, "src", "fuser")
			for name, data := range goodTree {
				p := filepath.Join(src, filepath.FromSlash(name))
				if _, err := os.Lstat(p); err == nil {
					continue // the script's own version
				}
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					return err
				}
				if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
					return err
				}
			}
			site := filepath.Join(env.WorkDir, "out", "site")
			if err := os.CopyFS(site, os.DirFS(goodOut)); err != nil {
				return err
			}
			env.Setenv("PROJ", proj)
			env.Setenv("CONFIG", filepath.Join(proj, "config.toml"))
			env.Setenv("SRC", src)
			env.Setenv("NOTES", filepath.Join(src, "notes"))
			env.Setenv("SITE", site)
			env.Values[stateKey{}] = &scriptState{baseline: baseline}
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"gen":         cmdGen,
			"guard":       cmdGuard,
			"keep":        cmdKeep,
			"render":      cmdRender,
			"setkey":      cmdSetkey,
			"concat":      cmdConcat,
			"repeat":      cmdRepeat,
			"deadpid":     cmdDeadpid,
			"mkfifo":      cmdMkfifo,
			"unpublished": cmdUnpublished,
		},
	}
}

// cmdGen runs gen with args and makes the checks every case needs:
//   - gen does not crash (no panic, no goroutine dump);
//   - no staging (.site.new-*) or previous-site (.site.old-*) folder is
//     left beside $SITE, but for names given to keep;
//   - `! gen`: gen exits with status $WANT_STATUS (1 when unset: usage
//     errors exit 2, like the flag package's own) and $SITE and every
//     guarded path are byte-identical to what they were before the run —
//     nothing already built is lost;
//   - `gen`: gen exits 0 and the site it published (the last --out, else
//     $SITE) has pages and no active content from the inputs: no foreign
//     <script>, no on* attribute, no javascript:/data:/vbscript: URL.
//
// Its stdout and stderr are the script's, for stdout and stderr to match.
func cmdGen(ts *testscript.TestScript, neg bool, args []string) {
	st := ts.Value(stateKey{}).(*scriptState)
	site := ts.Getenv("SITE")
	guarded := map[string]map[string][]byte{}
	for _, p := range append([]string{site}, st.guard...) {
		guarded[p] = treeOrAbsent(ts, p)
	}
	code, stdout, stderr := runWithin(ts, args)
	if strings.Contains(stderr, "goroutine ") || strings.Contains(stderr, "panic:") {
		ts.Fatalf("gen crashed")
	}
	r := &scriptReporter{ts: ts}
	if left := leftovers(r, filepath.Dir(site), site, st.keep); len(left) > 0 {
		r.Errorf("staging or old folders left beside the site: %v", left)
	}
	if neg {
		want := 1
		if s := ts.Getenv("WANT_STATUS"); s != "" {
			var err error
			want, err = strconv.Atoi(s)
			ts.Check(err)
		}
		if code != want {
			ts.Fatalf("exit %d, want %d", code, want)
		}
		for p, before := range guarded {
			if changed := testsite.Diff(before, treeOrAbsent(ts, p)); len(changed) > 0 {
				r.Errorf("%s changed after a refused run: %v", p, changed)
			}
		}
		r.done()
		return
	}
	if code != 0 {
		ts.Fatalf("exit %d, want the input accepted\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	noActiveContent(r, publishedOut(args, site), st.baseline)
	r.done()
}

// defaultWithin is how long any gen run of a script may take: a case that
// hangs (a FIFO read, a pathological input) fails with a message instead
// of holding the whole test binary until go test's own timeout. A script
// sets $WITHIN (seconds) to hold its case to less.
const defaultWithin = 300 * time.Second

// runWithin is runScriptGen under the script's time limit. An in-process
// run that overruns cannot be stopped; the script fails and the test
// binary ends with it.
func runWithin(ts *testscript.TestScript, args []string) (code int, stdout, stderr string) {
	limit := defaultWithin
	if s := ts.Getenv("WITHIN"); s != "" {
		n, err := strconv.Atoi(s)
		ts.Check(err)
		limit = time.Duration(n) * time.Second
	}
	type result struct {
		code           int
		stdout, stderr string
	}
	done := make(chan result, 1)
	start := time.Now()
	go func() {
		c, o, e := runScriptGen(ts, args)
		done <- result{c, o, e}
	}()
	select {
	case r := <-done:
		if took := time.Since(start); took > limit {
			ts.Fatalf("gen took %s, want at most %s", took.Round(time.Millisecond), limit)
		}
		return r.code, r.stdout, r.stderr
	case <-time.After(limit):
		ts.Fatalf("gen did not finish within %s", limit)
	}
	return 0, "", ""
}

// testscriptHome is the HOME testscript gives every script.
const testscriptHome = "/no-home"

// runScriptGen runs gen in this process, which is fast (no process to
// start, Hugo's packages already set up): gen then sees this process's
// working folder (the scripts pass absolute paths) and environment. A
// script that sets HOME (gen's home-folder rule reads it) gets gen as a
// process of its own (handbook-gen), with the script's folder and
// environment.
func runScriptGen(ts *testscript.TestScript, args []string) (code int, stdout, stderr string) {
	if ts.Getenv("HOME") != testscriptHome {
		err := ts.Exec("handbook-gen", args...)
		if err != nil {
			var exit *exec.ExitError
			if !errors.As(err, &exit) {
				ts.Fatalf("running gen: %v", err)
			}
			code = exit.ExitCode()
		}
		return code, ts.ReadFile("stdout"), ts.ReadFile("stderr")
	}
	var out, errb strings.Builder
	func() {
		defer func() {
			if p := recover(); p != nil {
				ts.Fatalf("gen panicked: %v\n%s", p, debug.Stack())
			}
		}()
		code = run(args, strings.NewReader(""), &out, &errb)
	}()
	// The script's stdout and stderr, for its stdout and stderr commands.
	fmt.Fprint(ts.Stdout(), out.String())
	fmt.Fprint(ts.Stderr(), errb.String())
	return code, out.String(), errb.String()
}

// treeOrAbsent is p's files as testsite.Tree reads them, or an empty tree when p does not
// exist (so a refused run must not create it either).
func treeOrAbsent(ts *testscript.TestScript, p string) map[string][]byte {
	if _, err := os.Lstat(p); err != nil {
		return map[string][]byte{} // absent (or under a file)
	}
	m := map[string][]byte{}
	ts.Check(filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(p, path)
		if d.Type()&fs.ModeSymlink != 0 {
			// A link is compared by where it points, not followed.
			target, err := os.Readlink(path)
			m[filepath.ToSlash(rel)] = []byte("symlink -> " + target)
			return err
		}
		data, err := os.ReadFile(path)
		m[filepath.ToSlash(rel)] = data
		return err
	}))
	return m
}

// cmdGuard: guard path... — a refused run must leave each path as it was.
func cmdGuard(ts *testscript.TestScript, neg bool, args []string) {
	st := ts.Value(stateKey{}).(*scriptState)
	for _, a := range args {
		st.guard = append(st.guard, ts.MkAbs(a))
	}
}

// cmdKeep: keep name... — names beside $SITE that look like gen's staging
// but are not gen's (no marker), so must survive.
func cmdKeep(ts *testscript.TestScript, neg bool, args []string) {
	st := ts.Value(stateKey{}).(*scriptState)
	st.keep = append(st.keep, args...)
}

// cmdRender: render NAME — a check of the published site that needs an
// HTML parser, from renderChecks; or render page ID [text...]. It reads
// $SITE.
func cmdRender(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: render check [arg...]")
	}
	r := &scriptReporter{ts: ts}
	e := &badEnv{Out: ts.Getenv("SITE"), Target: ts.Getenv("TARGET"), Stdout: ts.ReadFile("stdout"), Stderr: ts.ReadFile("stderr")}
	if args[0] == "page" {
		// render page ID [text...]: the note's page was built (in whichever
		// section it landed) and shows each text.
		if len(args) < 2 {
			ts.Fatalf("usage: render page ID [text...]")
		}
		page := pageOf(r, e.Out, args[1])
		for _, want := range args[2:] {
			if !strings.Contains(page, want) {
				r.Errorf("the page of %s does not show %q", args[1], want)
			}
		}
		r.done()
		return
	}
	check, ok := renderChecks[args[0]]
	if !ok || len(args) != 1 {
		ts.Fatalf("no render check %q (or it takes no arguments)", strings.Join(args, " "))
	}
	check(r, e)
	r.done()
}

// cmdSetkey: setkey dst key value — dst is $CONFIG with key in
// [params.handbook] set to the TOML value (layouts and content must sit
// beside a config, so dst is in $PROJ).
func cmdSetkey(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 3 {
		ts.Fatalf("usage: setkey dst key value")
	}
	cfg := ts.ReadFile(ts.Getenv("CONFIG"))
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(handbookKey(args[1], args[2])(cfg)), 0o644))
}

// cmdConcat: concat dst part... — dst is the parts one after another: an
// @file part is that file's content (read before dst is written, so dst
// may be a part), any other is the text with \xHH, \uHHHH, \n, \r, \t and
// \\ escapes — for bytes a text archive cannot hold (NUL, invalid UTF-8, a
// byte order mark) or a file with no final newline.
func cmdConcat(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 2 {
		ts.Fatalf("usage: concat dst part...")
	}
	var b strings.Builder
	for _, part := range args[1:] {
		if f, ok := strings.CutPrefix(part, "@"); ok {
			b.WriteString(ts.ReadFile(f))
			continue
		}
		s, err := unescape(part)
		ts.Check(err)
		b.WriteString(s)
	}
	dst := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(filepath.Dir(dst), 0o755))
	ts.Check(os.WriteFile(dst, []byte(b.String()), 0o644))
}

// unescape decodes the escapes concat knows.
func unescape(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case '\\':
			b.WriteByte('\\')
		case 'x', 'u':
			n := 2
			if s[i] == 'u' {
				n = 4
			}
			if i+n >= len(s) {
				return "", fmt.Errorf("short \\%c escape in %q", s[i], s)
			}
			v, err := strconv.ParseUint(s[i+1:i+1+n], 16, 32)
			if err != nil {
				return "", fmt.Errorf("bad \\%c escape in %q: %v", s[i], s, err)
			}
			if n == 2 {
				b.WriteByte(byte(v))
			} else {
				b.WriteRune(rune(v))
			}
			i += n
		default:
			b.WriteByte('\\')
			b.WriteByte(s[i])
		}
	}
	return b.String(), nil
}

// cmdRepeat: repeat dst n text — dst is text n times over (a 1 MB line, a
// note nested 5000 deep).
func cmdRepeat(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 3 {
		ts.Fatalf("usage: repeat dst n text")
	}
	n, err := strconv.Atoi(args[1])
	ts.Check(err)
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(strings.Repeat(args[2], n)), 0o644))
}

// cmdDeadpid: deadpid VAR — sets VAR to the id of a process that has
// exited (a killed run's staging names its pid).
func cmdDeadpid(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: deadpid VAR")
	}
	cmd := exec.Command("true")
	ts.Check(cmd.Run())
	ts.Setenv(args[0], strconv.Itoa(cmd.Process.Pid))
}

// cmdMkfifo: mkfifo path... — a named pipe at each path (a reader that
// opens it blocks until a writer comes, which none will).
func cmdMkfifo(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: mkfifo path...")
	}
	for _, a := range args {
		p := ts.MkAbs(a)
		ts.Check(os.MkdirAll(filepath.Dir(p), 0o755))
		ts.Check(syscall.Mkfifo(p, 0o644))
	}
}

// cmdUnpublished: unpublished text... — no file of the published site
// ($SITE) holds any of the texts: content from outside the inputs (a
// secret behind a symbolic link) reached no page, twin, feed or JSON.
func cmdUnpublished(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: unpublished text...")
	}
	site, files := ts.Getenv("SITE"), 0
	ts.Check(filepath.WalkDir(site, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files++
		for _, a := range args {
			if bytes.Contains(data, []byte(a)) {
				ts.Fatalf("%s holds %q", p, a)
			}
		}
		return nil
	}))
	if files == 0 {
		ts.Fatalf("no published file in %s", site)
	}
}

// scriptReporter lets the page checks written for *testing.T report into
// a script: Errorf collects, done (or Fatalf) fails the script with all.
type scriptReporter struct {
	ts   *testscript.TestScript
	msgs []string
}

func (r *scriptReporter) Helper() {}
func (r *scriptReporter) Errorf(f string, a ...any) {
	r.msgs = append(r.msgs, fmt.Sprintf(f, a...))
}
func (r *scriptReporter) Fatalf(f string, a ...any) {
	r.Errorf(f, a...)
	r.done()
}
func (r *scriptReporter) Error(a ...any) { r.Errorf("%s", fmt.Sprint(a...)) }
func (r *scriptReporter) done() {
	if len(r.msgs) > 0 {
		r.ts.Fatalf("%s", strings.Join(r.msgs, "\n"))
	}
}
