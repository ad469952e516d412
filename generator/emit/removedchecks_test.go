package emit_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gohugoio/hugo/parser/metadecoders"

	"github.com/nvfuser-handbook/handbook/generator/emit"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// A removed check keeps its URL (and a check lists the last commits that
// changed its function): an id reworded into today's check is an
// alias of that check's page; one that went for good, or into an id that
// went too, has a lean page saying when it went and what replaced it.
func TestRemovedCheckPages(t *testing.T) {
	added := model.Event{Commit: "1111111111111111111111111111111111111111", Date: "2023-01-02", Version: "0.0.5"}
	gone := model.Event{Commit: "2222222222222222222222222222222222222222", Date: "2024-03-04", Version: "0.2.1"}
	later := model.Event{Commit: "3333333333333333333333333333333333333333", Date: "2025-05-06", Version: "0.2.30", Subject: "Move the <upcast> check & co"}
	last := model.Event{Commit: "4444444444444444444444444444444444444444", Date: "2025-01-01", Version: "0.2.25", Subject: "Touch validation"}
	today := &model.Check{ID: "elsewhere-vectorized-accesses-cannot-be-inline-with", Macro: "NVF_ERROR", Kind: model.CheckInternal,
		Pieces: []string{"Vectorized accesses cannot be inline with computation: ", ""}, Function: "elsewhere", Within: "elsewhere",
		Where: model.Location{File: "csrc/other.cpp", Line: 7}, EndLine: 7}
	h := &model.Handbook{HasSource: true, HasHistory: true,
		Checks: []*model.Check{{ID: "segment-replicated-upcast-tensor-used-more-than", Macro: "NVF_ERROR", Kind: model.CheckInternal,
			Pieces: []string{"Replicated upcast tensor used more than once"}, Function: "segment", Within: "segment",
			Where: model.Location{File: "csrc/fusion_segmenter.cpp", Line: 40}, EndLine: 40,
			Formerly: []string{"segment-multiple-use-of-replicated-upcast-tensor"}, FunctionChanges: []model.Event{later, gone}}, today},
		RemovedChecks: []model.RemovedCheck{
			{ID: "lower-old-wording", Function: "lower", Added: added, Removed: gone, ReplacedBy: "lower-vectorized-accesses-cannot-be-inline-with",
				Where: model.Location{File: "csrc/validation.cpp", Line: 799}},
			{ID: "lower-vectorized-accesses-cannot-be-inline-with", Function: "lower", Added: added, Removed: later,
				Where: model.Location{File: "csrc/validation.cpp", Line: 801}, SameMessage: []*model.Check{today},
				Last: &model.RemovedCode{At: last, Macro: "NVF_ERROR", Kind: model.CheckInternal, Pieces: []string{"Vectorized accesses cannot be inline with computation: ", ""},
					Condition: "x > 0", EndLine: 802, Code: "void lower(int x) {\n  NVF_ERROR(\n    x > 0, \"Vectorized <accesses>\", x);\n}", CodeStart: 800}},
			{ID: "segment-multiple-use-of-replicated-upcast-tensor", Function: "segment", Added: added, Removed: gone, ReplacedBy: "segment-replicated-upcast-tensor-used-more-than"},
		},
	}
	h.Index()
	out := t.TempDir()
	if err := emit.Emit(h, emit.Site{BaseURL: "https://h.test/", RepoURL: "https://github.com/NVIDIA/Fuser", RepoRef: "main"}, emit.NewWriter(out)); err != nil {
		t.Fatal(err)
	}
	files := testsite.Tree(t, out)
	// Front matter keys, and the facts the article (rendered by emit)
	// shows, as HTML.
	for file, c := range map[string]struct{ front, article []string }{
		"content/errors/lower-old-wording.md": {[]string{`layout = 'removed'`, `outputs = ['html']`},
			[]string{`<code>csrc/<wbr>validation.cpp:<wbr>799</code>`,
				`0.2.1, 2024-03-04 <a href="https://github.com/NVIDIA/Fuser/commit/2222222222222222222222222222222222222222">`,
				`<a href="/errors/lower-vectorized-accesses-cannot-be-inline-with/"><code>lower-vectorized-accesses-cannot-be-inline-with</code></a> <span class="muted">(reworded)</span>`}},
		"content/errors/lower-vectorized-accesses-cannot-be-inline-with.md": {
			[]string{`title = 'Removed check: Vectorized accesses cannot be inline with computation: …'`, `check_kind = 'internal-assert'`},
			[]string{`0.0.5, 2023-01-02 <a href="https://github.com/NVIDIA/Fuser/commit/1111111111111111111111111111111111111111">`,
				`Move the &lt;upcast&gt; check &amp; co, 0.2.30, 2025-05-06 <a href="https://github.com/NVIDIA/Fuser/commit/3333333333333333333333333333333333333333">`,
				// What the last revision that had it wrote, pinned to that commit.
				`<code>Vectorized accesses cannot be inline with computation: {}</code>`, `<code>x &gt; 0</code>`,
				`<a href="https://github.com/NVIDIA/Fuser/blob/4444444444444444444444444444444444444444/csrc/validation.cpp#L801"><code>csrc/<wbr>validation.cpp:<wbr>801</code></a> <span class="muted">(in</span> Touch validation, <span class="muted">0.2.25, 2025-01-01,</span> <a href="https://github.com/NVIDIA/Fuser/commit/4444444444444444444444444444444444444444"><code>444444444444</code></a>`,
				`Vectorized &lt;accesses&gt;`,
				`<a href="/errors/elsewhere-vectorized-accesses-cannot-be-inline-with/"><code>csrc/<wbr>other.cpp:<wbr>7</code></a>`}},
		"content/errors/segment-replicated-upcast-tensor-used-more-than.md": {[]string{`aliases = ['/errors/segment-multiple-use-of-replicated-upcast-tensor/']`},
			// The last commits that changed its function, newest first.
			[]string{`<ul class="commit-list"><li>Move the &lt;upcast&gt; check &amp; co <span class="muted">(0.2.30, 2025-05-06,</span> <a href="https://github.com/NVIDIA/Fuser/commit/3333333333333333333333333333333333333333"><code>333333333333</code></a><span class="muted">)</span></li><li><span class="muted">(0.2.1, 2024-03-04,</span>`}},
	} {
		text := string(files[file])
		if text == "" {
			t.Errorf("%s not written", file)
			continue
		}
		for _, w := range c.front {
			if !strings.Contains(text, w) {
				t.Errorf("%s lacks %s:\n%s", file, w, text)
			}
		}
		article := frontParams(t, text)["article_html"].(string)
		for _, w := range c.article {
			if !strings.Contains(article, w) {
				t.Errorf("%s: the article lacks %s:\n%s", file, w, article)
			}
		}
	}
	if page := string(files["content/errors/lower-vectorized-accesses-cannot-be-inline-with.md"]); strings.Contains(page, "Replaced by</th><td><a") {
		t.Errorf("a check that went without a successor names one:\n%s", page)
	}
	// api/errors.json lists the removed checks with pages, removed set,
	// with their last text when the history read it.
	var api []map[string]any
	if err := json.Unmarshal(files["static/api/errors.json"], &api); err != nil {
		t.Fatal(err)
	}
	byID := map[string]map[string]any{}
	for _, e := range api {
		byID[e["id"].(string)] = e
	}
	if e := byID["lower-vectorized-accesses-cannot-be-inline-with"]; e == nil || e["removed"] == nil || e["condition"] != "x > 0" ||
		e["message"] != "Vectorized accesses cannot be inline with computation: {}" || e["last_commit"] == nil || e["line"] != 801.0 || e["area"] != "csrc" {
		t.Errorf("the removed check in api/errors.json: %v", e)
	}
	if e := byID["lower-old-wording"]; e == nil || e["removed"] == nil || e["replaced_by"] != "lower-vectorized-accesses-cannot-be-inline-with" {
		t.Errorf("the reworded-then-removed check in api/errors.json: %v", e)
	}
	if e := byID["segment-multiple-use-of-replicated-upcast-tensor"]; e != nil {
		t.Errorf("an id that is an alias of today's check is listed as removed: %v", e)
	}
	if e := byID["elsewhere-vectorized-accesses-cannot-be-inline-with"]; e == nil || e["removed"] != nil {
		t.Errorf("today's check in api/errors.json: %v", e)
	}
	// The reworded id is an alias of today's page, not a page of its own
	// (two pages at one URL).
	if _, ok := files["content/errors/segment-multiple-use-of-replicated-upcast-tensor.md"]; ok {
		t.Error("a reworded id has a page of its own beside its alias")
	}
}

// gen serve keeps a removed check's page between emits while the checkout
// is the one read (emit.Memo): a page kept is the page a fresh emit
// writes, another repository URL or a new read of the checkout makes it
// anew.
func TestRemovedCheckPagesKept(t *testing.T) {
	gone := model.Event{Commit: "2222222222222222222222222222222222222222", Date: "2024-03-04", Version: "0.2.1"}
	handbook := func(removed model.Event) *model.Handbook {
		h := &model.Handbook{HasSource: true, HasHistory: true, Checks: []*model.Check{{ID: "lower-today", Macro: "NVF_ERROR", Kind: model.CheckInternal,
			Pieces: []string{"Today"}, Function: "lower", Where: model.Location{File: "csrc/validation.cpp", Line: 10}, EndLine: 10}},
			RemovedChecks: []model.RemovedCheck{
				{ID: "lower-old-wording", Function: "lower", Removed: removed, Where: model.Location{File: "csrc/validation.cpp", Line: 799}}}}
		h.Index()
		return h
	}
	const page = "content/errors/lower-old-wording.md"
	live := t.TempDir() // the memo's emits write one folder, as gen serve's
	emitWith := func(h *model.Handbook, repo string, memo *emit.Memo) string {
		out := live
		if memo == nil {
			out = t.TempDir()
		}
		w := emit.NewWriter(out)
		w.Memo = memo
		if err := emit.Emit(h, emit.Site{BaseURL: "https://h.test/", RepoURL: repo, RepoRef: "main"}, w); err != nil {
			t.Fatal(err)
		}
		return string(testsite.Tree(t, out)[page])
	}
	memo := emit.NewMemo()
	memo.NewCheckout()
	for _, c := range []struct {
		name, repo string
		removed    model.Event
		newRead    bool
	}{
		{"first emit", "https://github.com/NVIDIA/Fuser", gone, false},
		{"again", "https://github.com/NVIDIA/Fuser", gone, false},
		{"another repository", "https://github.com/fork/Fuser", gone, false},
		{"a new read of the checkout", "https://github.com/fork/Fuser", model.Event{Commit: "5555555555555555555555555555555555555555", Date: "2024-06-07", Version: "0.2.5"}, true},
	} {
		if c.newRead {
			memo.NewCheckout()
		}
		h := handbook(c.removed)
		got, want := emitWith(h, c.repo, memo), emitWith(h, c.repo, nil)
		if want == "" {
			t.Fatalf("%s: %s not written", c.name, page)
		}
		if got != want {
			t.Errorf("%s: the kept page differs from a fresh emit's:\n%s\nwant:\n%s", c.name, got, want)
		}
	}
}

// frontParams decodes a generated page's front matter as Hugo does, and
// returns its params.
func frontParams(t *testing.T, text string) map[string]any {
	t.Helper()
	end := strings.Index(text[4:], "\n+++\n")
	if !strings.HasPrefix(text, "+++\n") || end < 0 {
		t.Fatalf("no front matter:\n%s", text)
	}
	m, err := metadecoders.Default.UnmarshalToMap([]byte(text[4:4+end+1]), metadecoders.TOML)
	if err != nil {
		t.Fatal(err)
	}
	params, _ := m["params"].(map[string]any)
	return params
}
