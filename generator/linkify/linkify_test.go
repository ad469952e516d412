package linkify

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/internal/mdconf"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/notes"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// linkify reads in as the extract stage does (notes.Parse finds the
// mentions) and links them: the way emit runs the two stages. It returns
// the note's body (in, without front matter) and the result.
func linkify(in []byte) (body, out []byte, err error) {
	n, err := notes.Parse("note.md", in, notes.Options{})
	if err != nil {
		return nil, nil, err
	}
	body = []byte(n.Body)
	return body, Linkify(body, n.Mentions, fakeResolver{}), nil
}

// fakeResolver knows a few variables, options and files; it links no
// other file (the real one links every file, flagging missing ones).
type fakeResolver struct{}

var (
	knownEnv  = map[string]bool{"NVFUSER_DUMP": true, "NVFUSER_DISABLE": true, "NVFUSER_ENABLE": true, "NVFUSER_NUM_THREADS": true}
	knownOpts = map[string]bool{"NVFUSER_DUMP=fusion_ir": true, "NVFUSER_DUMP=cuda_kernel": true, "NVFUSER_DUMP=launch_param": true,
		"NVFUSER_DISABLE=parallel_compile": true, "NVFUSER_DUMP=weird": true}
	knownFiles = map[string]bool{"csrc/ir/storage.cpp": true, "csrc/options.cpp": true}
)

func (fakeResolver) Env(name string) string {
	if knownEnv[name] {
		return "/env/" + strings.ToLower(name)
	}
	return ""
}

func (fakeResolver) Option(env, name string) string {
	switch {
	case !knownOpts[env+"="+name]:
		return ""
	case name == "weird":
		return "/options/dump/weird (old)|x"
	}
	return "/options/" + strings.ToLower(strings.TrimPrefix(env, "NVFUSER_")) + "/" + name
}

func (fakeResolver) File(ref model.FileRef) string {
	if !knownFiles[ref.Path] {
		return ""
	}
	u := "https://github.com/NVIDIA/Fuser/blob/main/" + ref.Path
	if ref.Start > 0 {
		u += "#L" + strconv.Itoa(ref.Start)
		if ref.End > ref.Start {
			u += "-L" + strconv.Itoa(ref.End)
		}
	}
	return u
}

func (fakeResolver) PR(num string) string {
	return "https://github.com/NVIDIA/Fuser/pull/" + strings.TrimPrefix(num, "#")
}

// hugo renders like the site does (the handbook's one dialect: no
// autolinker but linkify).
var hugo = mdconf.New()

var hrefRE = regexp.MustCompile(`<a href="([^"]*)"`)

func hrefs(t *testing.T, md []byte) []string {
	t.Helper()
	var b bytes.Buffer
	if err := hugo.Convert(md, &b); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range hrefRE.FindAllStringSubmatch(b.String(), -1) {
		out = append(out, m[1])
	}
	return out
}

func TestLinkify(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		want  string   // exact markdown out
		hrefs []string // links in the rendered HTML, in order
	}{
		{"env in prose", "Set NVFUSER_DUMP first.",
			"Set [NVFUSER_DUMP](/env/nvfuser_dump) first.", []string{"/env/nvfuser_dump"}},
		{"unknown env left alone", "Set FOO_BAR and CUDA.", "Set FOO_BAR and CUDA.", nil},
		{"assignment links name and each option", "Run with NVFUSER_DUMP=fusion_ir,cuda_kernel,launch_param(3,4),stale_one.",
			"Run with [NVFUSER_DUMP](/env/nvfuser_dump)=[fusion_ir](/options/dump/fusion_ir),[cuda_kernel](/options/dump/cuda_kernel),[launch_param](/options/dump/launch_param)(3,4),stale_one.",
			[]string{"/env/nvfuser_dump", "/options/dump/fusion_ir", "/options/dump/cuda_kernel", "/options/dump/launch_param"}},
		{"deprecated spelling", "PYTORCH_NVFUSER_DISABLE=parallel_compile helps",
			"[PYTORCH_NVFUSER_DISABLE](/env/nvfuser_disable)=[parallel_compile](/options/disable/parallel_compile) helps",
			[]string{"/env/nvfuser_disable", "/options/disable/parallel_compile"}},
		{"file ref in prose", "See csrc/ir/storage.cpp:88-108 and csrc/gone.cpp.",
			"See [csrc/ir/storage.cpp:88-108](https://github.com/NVIDIA/Fuser/blob/main/csrc/ir/storage.cpp#L88-L108) and csrc/gone.cpp.",
			[]string{"https://github.com/NVIDIA/Fuser/blob/main/csrc/ir/storage.cpp#L88-L108"}},
		{"unlinked file does not claim its text", "In csrc/gone/NVFUSER_DUMP.cpp", "In csrc/gone/[NVFUSER_DUMP](/env/nvfuser_dump).cpp", []string{"/env/nvfuser_dump"}},
		{"absolute path normalised", "at /opt/pytorch/nvfuser/csrc/options.cpp:12 in f",
			"at [/opt/pytorch/nvfuser/csrc/options.cpp:12](https://github.com/NVIDIA/Fuser/blob/main/csrc/options.cpp#L12) in f",
			[]string{"https://github.com/NVIDIA/Fuser/blob/main/csrc/options.cpp#L12"}},
		{"pr number", "Fixed in #4410, not &#1234; or a#12.",
			"Fixed in [#4410](https://github.com/NVIDIA/Fuser/pull/4410), not &#1234; or a#12.",
			[]string{"https://github.com/NVIDIA/Fuser/pull/4410"}},
		{"code span whole var", "Use `NVFUSER_DUMP` and `NVFUSER_DUMP=fusion_ir`.",
			"Use [`NVFUSER_DUMP`](/env/nvfuser_dump) and [`NVFUSER_DUMP=fusion_ir`](/options/dump/fusion_ir).",
			[]string{"/env/nvfuser_dump", "/options/dump/fusion_ir"}},
		{"code span multi option links the variable", "`NVFUSER_DUMP=fusion_ir,cuda_kernel`",
			"[`NVFUSER_DUMP=fusion_ir,cuda_kernel`](/env/nvfuser_dump)", []string{"/env/nvfuser_dump"}},
		{"code span file and double backticks", "In ``csrc/ir/storage.cpp:88-108`` there.",
			"In [``csrc/ir/storage.cpp:88-108``](https://github.com/NVIDIA/Fuser/blob/main/csrc/ir/storage.cpp#L88-L108) there.",
			[]string{"https://github.com/NVIDIA/Fuser/blob/main/csrc/ir/storage.cpp#L88-L108"}},
		{"other code spans untouched", "Run `NVFUSER_DUMP=fusion_ir python x.py` or `fusion_ir`.",
			"Run `NVFUSER_DUMP=fusion_ir python x.py` or `fusion_ir`.", nil},
		{"destination with spaces and pipe", "NVFUSER_DUMP=weird",
			"[NVFUSER_DUMP](/env/nvfuser_dump)=[weird](</options/dump/weird (old)%7Cx>)",
			[]string{"/env/nvfuser_dump", "/options/dump/weird%20(old)%7Cx"}},
		{"existing link untouched", "[NVFUSER_DUMP docs](/x) and [`NVFUSER_DUMP`](/y)",
			"[NVFUSER_DUMP docs](/x) and [`NVFUSER_DUMP`](/y)", []string{"/x", "/y"}},
		{"autolink untouched, bare url linked whole", "<https://x.org/NVFUSER_DUMP> https://github.com/NVIDIA/Fuser/blob/main/csrc/options.cpp#12",
			"<https://x.org/NVFUSER_DUMP> <https://github.com/NVIDIA/Fuser/blob/main/csrc/options.cpp#12>",
			[]string{"https://x.org/NVFUSER_DUMP", "https://github.com/NVIDIA/Fuser/blob/main/csrc/options.cpp#12"}},
		// Bare URLs: notes.BareURLs says where each ends, linkify is the
		// only autolinker, and a scheme urlsafe refuses stays text.
		{"bare url ends before prose punctuation", "see https://x.org/a_b. Or (https://x.org/a_(b)), 'https://x.org/q'",
			"see <https://x.org/a_b>. Or (<https://x.org/a_(b)>), '<https://x.org/q>'",
			[]string{"https://x.org/a_b", "https://x.org/a_(b)", "https://x.org/q"}},
		{"bare ftp stays text", "get ftp://host/x' and (ftp://host/a_(b))", "get ftp://host/x' and (ftp://host/a_(b))", nil},
		{"bare www", "at www.example.com/x.", "at [www.example.com/x](https://www.example.com/x).", []string{"https://www.example.com/x"}},
		{"raw html anchor untouched", `<a href="/z">NVFUSER_DUMP</a> then NVFUSER_DUMP`,
			`<a href="/z">NVFUSER_DUMP</a> then [NVFUSER_DUMP](/env/nvfuser_dump)`, []string{"/z", "/env/nvfuser_dump"}},
		{"heading untouched", "# NVFUSER_DUMP\n\ntext", "# NVFUSER_DUMP\n\ntext", nil},
		{"image alt untouched", "![NVFUSER_DUMP](/i.png)", "![NVFUSER_DUMP](/i.png)", nil},
		{"guards", "!NVFUSER_DUMP \\#12 [x]NVFUSER_DUMP a*NVFUSER_DUMP*b",
			"!NVFUSER_DUMP \\#12 [x]NVFUSER_DUMP a*NVFUSER_DUMP*b", nil},
		// The splice would stop "**" from closing (a ")" before it instead
		// of "P"): that edit is dropped, the other kept.
		{"emphasis delimiters keep flanking", "**NVFUSER_DUMP**a and NVFUSER_DUMP",
			"**NVFUSER_DUMP**a and [NVFUSER_DUMP](/env/nvfuser_dump)", []string{"/env/nvfuser_dump"}},
		{"underscore runs", "_NVFUSER_DUMP_ and __init__.py:3 x_NVFUSER_DUMP_",
			"_[NVFUSER_DUMP](/env/nvfuser_dump)_ and __init__.py:3 x_NVFUSER_DUMP_", []string{"/env/nvfuser_dump"}},
		{"strikethrough", "~~NVFUSER_DUMP~~ and ~~NVFUSER_DUMP~~b",
			"~~[NVFUSER_DUMP](/env/nvfuser_dump)~~ and ~~NVFUSER_DUMP~~b", []string{"/env/nvfuser_dump"}},
		{"emphasis kept", "*NVFUSER_DUMP* and **#12**",
			"*[NVFUSER_DUMP](/env/nvfuser_dump)* and **[#12](https://github.com/NVIDIA/Fuser/pull/12)**",
			[]string{"/env/nvfuser_dump", "https://github.com/NVIDIA/Fuser/pull/12"}},
		{"table cell", "| var | note |\n|---|---|\n| NVFUSER_DUMP=weird | `csrc/options.cpp` |\n",
			"| var | note |\n|---|---|\n| [NVFUSER_DUMP](/env/nvfuser_dump)=[weird](</options/dump/weird (old)%7Cx>) | [`csrc/options.cpp`](https://github.com/NVIDIA/Fuser/blob/main/csrc/options.cpp) |\n",
			[]string{"/env/nvfuser_dump", "/options/dump/weird%20(old)%7Cx", "https://github.com/NVIDIA/Fuser/blob/main/csrc/options.cpp"}},
		{"code blocks untouched", "```bash\nNVFUSER_DUMP=fusion_ir pytest\n```\n\n    NVFUSER_DUMP indented\n\ntext NVFUSER_DUMP\n",
			"```bash\nNVFUSER_DUMP=fusion_ir pytest\n```\n\n    NVFUSER_DUMP indented\n\ntext [NVFUSER_DUMP](/env/nvfuser_dump)\n", []string{"/env/nvfuser_dump"}},
		{"task list", "- [ ] set NVFUSER_NUM_THREADS=1\n",
			"- [ ] set [NVFUSER_NUM_THREADS](/env/nvfuser_num_threads)=1\n", []string{"/env/nvfuser_num_threads"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body, out, err := linkify([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if string(body) != tc.in {
				t.Fatalf("the note's body is not its text: %q", body)
			}
			if string(out) != tc.want {
				t.Errorf("got\n  %s\nwant\n  %s", out, tc.want)
			}
			if got := hrefs(t, out); !slices.Equal(got, tc.hrefs) {
				t.Errorf("rendered hrefs %q, want %q", got, tc.hrefs)
			}
			checkFaithful(t, body, out)
		})
	}
}

// checkFaithful asserts what must hold for any input: code blocks are
// byte-identical, the output still parses, and linkifying again changes
// nothing (no nested links).
func checkFaithful(t *testing.T, in, out []byte) {
	t.Helper()
	if err := faithful(in, out); err != nil {
		t.Error(err)
	}
	_, again, err := linkify(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, out) {
		t.Errorf("not idempotent:\n%s\n%s", out, again)
	}
}

var (
	preRE    = regexp.MustCompile(`(?s)<pre><code[^>]*>.*?</code></pre>`)
	aTagRE   = regexp.MustCompile(`<a[ >]|</a>`)
	anchorRE = regexp.MustCompile(`<a(?: [^>]*)?>|</a>`)
)

// faithful checks linkify's output the way a reader sees it, rendered by
// goldmark with GFM (independent of the notes parser that found the
// mentions, so a bug there cannot hide here): with every link's tags taken
// out, the page renders exactly as before (the same emphasis, code,
// tables, escapes: only links were added), and links are well formed and
// never nested.
func faithful(in, out []byte) error {
	render := func(md []byte) (string, error) {
		var b bytes.Buffer
		err := hugo.Convert(md, &b)
		return b.String(), err
	}
	before, err := render(in)
	if err != nil {
		return err
	}
	after, err := render(out)
	if err != nil {
		return fmt.Errorf("output does not render: %v", err)
	}
	if a, b := preRE.FindAllString(before, -1), preRE.FindAllString(after, -1); !slices.Equal(a, b) {
		return fmt.Errorf("code blocks changed:\n%q\n%q", a, b)
	}
	if a, b := anchorRE.ReplaceAllString(before, ""), anchorRE.ReplaceAllString(after, ""); a != b {
		return fmt.Errorf("more than links changed:\n%s\n%s", a, b)
	}
	if strings.Contains(after, `<a href="[`) {
		return fmt.Errorf("broken links in %s", after)
	}
	// Links linkify adds are whole and never nested; raw <a> tags the
	// input holds unbalanced (a note's "<a>") stay as they were, which the
	// comparison above already holds.
	if err := anchorsBalanced(after); err != nil && anchorsBalanced(before) == nil {
		return fmt.Errorf("%v in %s", err, after)
	}
	return nil
}

// anchorsBalanced reports links that nest or do not close in rendered HTML.
func anchorsBalanced(html string) error {
	depth := 0
	for _, tag := range aTagRE.FindAllString(html, -1) {
		if tag == "</a>" {
			depth--
		} else {
			depth++
		}
		if depth < 0 || depth > 1 {
			return fmt.Errorf("nested or unbalanced links")
		}
	}
	if depth != 0 {
		return fmt.Errorf("a link that does not close")
	}
	return nil
}

// TestFixtureNotes linkifies the hand-written notes of the notes package
// and the demo notes shipped with the example tree.
func TestFixtureNotes(t *testing.T) {
	files, _ := filepath.Glob("../notes/testdata/*.md")
	examples, _ := filepath.Glob("../example/fuser/notes/*.md")
	if len(files) == 0 || len(examples) == 0 {
		t.Fatalf("fixtures missing: %d notes, %d example notes", len(files), len(examples))
	}
	files = append(files, examples...)
	if added := linkifyAll(t, files); added < len(files) {
		t.Errorf("only %d links added across %d notes", added, len(files))
	}
}

// linkifyAll linkifies each file, checks that the result is faithful and
// loses no link, and returns how many links were added in all.
func linkifyAll(t *testing.T, files []string) (added int) {
	t.Helper()
	for _, f := range files {
		in, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		body, out, err := linkify(in)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		checkFaithful(t, body, out)
		before, after := len(hrefs(t, body)), len(hrefs(t, out))
		if after < before {
			t.Errorf("%s: links lost (%d -> %d)", f, before, after)
		}
		added += after - before
	}
	return added
}

// Mentions from another body (a stale note) are ignored, never spliced out
// of range.
func TestForeignMentions(t *testing.T) {
	in := []byte("NVFUSER_DUMP")
	ms := []model.Mention{{Start: 5, End: 40, Kind: model.MentionVariable, Name: "NVFUSER_DUMP"}, {Start: 3, End: 2, Kind: model.MentionVariable, Name: "NVFUSER_DUMP"}}
	if out := Linkify(in, ms, fakeResolver{}); !bytes.Equal(out, in) {
		t.Errorf("got %q", out)
	}
}

func TestDestination(t *testing.T) {
	for in, want := range map[string]string{
		"/env/x":     "/env/x",
		"/a b":       "</a b>",
		"/a(b)":      "</a(b)>",
		"/a|b\\c<d>": "/a%7Cb%5Cc%3Cd%3E",
		"/x\ny":      "/x%0Ay",
		"  ":         "",
	} {
		if got := destination(in); got != want {
			t.Errorf("destination(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSeedNotes linkifies the shared corpus of real notes when it is
// present (it lives outside the module and is not redistributed).
func TestSeedNotes(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(testsite.Shared(t, "seeds"), "*.txt"))
	if len(files) == 0 {
		t.Fatal("../shared/seeds holds no notes")
	}
	linkifyAll(t, files)
}

// The faithfulness check itself catches what it is there for.
func TestFaithfulCatches(t *testing.T) {
	for _, tc := range []struct{ name, in, out string }{
		{"code changed", "```\nNVFUSER_DUMP=x\n```\n", "```\n[NVFUSER_DUMP](/env/x)=x\n```\n"},
		{"indented code changed", "    NVFUSER_DUMP=x\n", "    [NVFUSER_DUMP](/env/x)=x\n"},
		{"emphasis no longer closes", "**NVFUSER_DUMP**a\n", "**[NVFUSER_DUMP](/env/x)**a\n"},
		{"nested link", "[see NVFUSER_DUMP](/y)\n", "[see [NVFUSER_DUMP](/env/x)](/y)\n"},
		{"text changed", "NVFUSER_DUMP\n", "[NVFUSER_DUMP](/env/x) \\\n"},
	} {
		if err := faithful([]byte(tc.in), []byte(tc.out)); err == nil {
			t.Errorf("%s: not caught", tc.name)
		}
	}
	if err := faithful([]byte("see #12\n"), []byte("see [#12](https://x/12)\n")); err != nil {
		t.Errorf("a faithful edit was refused: %v", err)
	}
}

// hostileResolver resolves every mention to a URL the handbook refuses.
type hostileResolver struct{}

func (hostileResolver) PR(string) string             { return "javascript:alert(1)" }
func (hostileResolver) File(model.FileRef) string    { return "JaVaScRiPt:alert(2)" }
func (hostileResolver) Env(string) string            { return "data:text/html,x" }
func (hostileResolver) Option(string, string) string { return "//evil.example/" }

// TestLinkifyNeverLinksUnsafe: whatever the resolver answers (a repo_url
// of "javascript:..."), linkify adds no link the handbook would refuse.
func TestLinkifyNeverLinksUnsafe(t *testing.T) {
	n, err := notes.Parse("note.md", []byte("Fixed in #1234; see csrc/options.cpp:10 and set NVFUSER_DUMP=fusion_ir.\n"), notes.Options{})
	if err != nil {
		t.Fatal(err)
	}
	body := n.Body
	if out := Linkify([]byte(body), n.Mentions, hostileResolver{}); string(out) != body {
		t.Errorf("unsafe destinations were linked:\n%s", out)
	}
	if got := Linkify([]byte(body), n.Mentions, fakeResolver{}); string(got) == body {
		t.Error("a safe resolver links nothing: the test proves nothing")
	}
}
