package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/emit"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
	"go.yaml.in/yaml/v3"
)

const hostileNote = `---
title: "Pasted <b>HTML</b> [from] a tracker"
kind: notes
---

Pasted from a web page; none of it may become markup.

<script>window.__pwned = 1</script>

Inline <img src=x onerror="alert(1)"> and ` + "`<code>` stays code." + `

<div class="injected">
<iframe src="javascript:alert(1)"></iframe>
</div>
`

// TestAgentOutputs builds the example plus a note full of raw HTML and
// checks what coding agents read: /llms.txt, /llms-full.txt, a Markdown
// twin beside every page, and the JSON Schemas published with the API.
func TestAgentOutputs(t *testing.T) {
	proj := testsite.New(t)
	notes := t.TempDir()
	if err := os.WriteFile(filepath.Join(notes, "pasted-html.md"), []byte(hostileNote), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(proj, "public")
	code, stdout, stderr := gen(t, "", "build", "--config", filepath.Join(proj, "config.toml"),
		"--notes", notes, "--notes", filepath.Join(testsite.Root(t), "generator", "example", "fuser", "notes"))
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	const base = "https://nvfuser-handbook.example"
	read := func(rel string) string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	// exists says whether an absolute URL of the site is a published file.
	exists := func(u string) bool {
		rel := strings.TrimPrefix(u, base)
		if i := strings.IndexAny(rel, "#?"); i >= 0 {
			rel = rel[:i]
		}
		if strings.HasSuffix(rel, "/") {
			rel += "index.html"
		}
		_, err := os.Stat(filepath.Join(out, filepath.FromSlash(rel)))
		return err == nil
	}
	link := regexp.MustCompile(`\]\((https?://[^)\s]+)\)`)

	t.Run("llms.txt", func(t *testing.T) {
		s := read("llms.txt")
		lines := strings.Split(s, "\n")
		if !strings.HasPrefix(lines[0], "# ") || !strings.HasPrefix(lines[2], "> ") {
			t.Errorf("llms.txt must open with an H1 and a blockquote summary:\n%s", strings.Join(lines[:3], "\n"))
		}
		for _, h := range []string{"## Runbooks", "## Guides", "## Reference", "## JSON API", "## Optional"} {
			if !strings.Contains(s, "\n"+h+"\n") {
				t.Errorf("llms.txt has no %q section", h)
			}
		}
		links := link.FindAllStringSubmatch(s, -1)
		if len(links) < 15 {
			t.Errorf("llms.txt links only %d pages", len(links))
		}
		for _, m := range links {
			if !strings.HasPrefix(m[1], base) || !exists(m[1]) {
				t.Errorf("llms.txt links %s, which the site does not publish", m[1])
			}
		}
		for _, f := range emit.APIFiles {
			for _, want := range []string{base + "/api/" + f.File, base + "/api/schema/" + strings.TrimSuffix(f.File, ".json") + ".schema.json"} {
				if !strings.Contains(s, "("+want+")") {
					t.Errorf("llms.txt does not link %s", want)
				}
			}
		}
		if strings.Contains(s, "<b>") || !strings.Contains(s, `Pasted &lt;b>HTML&lt;/b> \[from\] a tracker`) {
			t.Errorf("llms.txt does not neutralise a note title's HTML and brackets")
		}
	})

	twins := map[string]string{}
	t.Run("twins", func(t *testing.T) {
		err := filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.Name() != "index.html" {
				return err
			}
			dir := filepath.Dir(p)
			if h, _ := os.ReadFile(p); bytes.Contains(h, []byte(`http-equiv="refresh"`)) {
				return nil // an alias: a redirect, not a page
			}
			md, err := os.ReadFile(filepath.Join(dir, "index.md"))
			if err != nil {
				t.Errorf("%s has no Markdown twin", p)
				return nil
			}
			rel, _ := filepath.Rel(out, dir)
			twins[filepath.ToSlash(rel)] = string(md)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(twins) < 40 {
			t.Fatalf("only %d twins", len(twins))
		}
		for rel, md := range twins {
			front, body, ok := splitFront(md)
			if !ok {
				t.Errorf("%s/index.md does not start with YAML front matter", rel)
				continue
			}
			var facts map[string]any
			if err := yaml.Unmarshal([]byte(front), &facts); err != nil {
				t.Errorf("%s/index.md: front matter: %v", rel, err)
				continue
			}
			if facts["title"] == nil || facts["kind"] == nil || !strings.HasPrefix(facts["url"].(string), base) {
				t.Errorf("%s/index.md: front matter lacks title, kind or url: %v", rel, facts)
			}
			if h := unsafeHTML(body); h != "" {
				t.Errorf("%s/index.md carries unsafe raw HTML: %q", rel, h)
			}
			if strings.Contains(body, "\u2060") || strings.Contains(body, "{{</*") || strings.Contains(body, "<!---->") {
				t.Errorf("%s/index.md carries the escaping of Hugo's content file:\n%s", rel, body)
			}
		}
		facts := func(rel string) map[string]any {
			front, _, _ := splitFront(twins[rel])
			var f map[string]any
			yaml.Unmarshal([]byte(front), &f)
			return f
		}
		rb := facts("runbooks/segmenter-log-use-after-free")
		for _, k := range []string{"status", "variables", "options", "files", "symbols", "signatures"} {
			if rb[k] == nil {
				t.Errorf("the runbook's twin has no %q fact: %v", k, rb)
			}
		}
		if rb["status"] != "workaround" {
			t.Errorf("runbook status %v", rb["status"])
		}
		opt := facts("options/dump/fusion_ir_preseg")
		if opt["env"] != "NVFUSER_DUMP" || opt["defined_at"] != "csrc/options.cpp:66" || opt["documented"] != true {
			t.Errorf("option twin facts: %v", opt)
		}
		if v := facts("env/nvfuser_num_threads"); v["type"] != "int" || v["read_at"] == nil {
			t.Errorf("variable twin facts: %v", v)
		}
		hostile := twins["notes/pasted-html"]
		// Its HTML sanitized as on the page (the script gone, the image
		// without its onerror), its code as written; that no raw HTML
		// left is unsafe is checked above.
		if strings.Contains(hostile, "__pwned") || !strings.Contains(hostile, `<img src="x">`) || !strings.Contains(hostile, "`<code>` stays code") {
			t.Errorf("the raw-HTML note's twin should carry its sanitized HTML and keep its code:\n%s", hostile)
		}
		if rb := twins["runbooks/segmenter-log-use-after-free"]; strings.Contains(rb, "](/") || !strings.Contains(rb, "csrc/runtime/executor_cache.cpp (not in the checkout)") {
			t.Errorf("the runbook's twin keeps links only the HTML render hook understands:\n%s", rb)
		}
	})

	t.Run("llms-full.txt", func(t *testing.T) {
		s := read("llms-full.txt")
		if h := unsafeHTML(s); h != "" {
			t.Errorf("llms-full.txt carries unsafe raw HTML: %q", h)
		}
		pages := strings.Split(s, "\n=====\n")[1:]
		var want int
		var checkIDs []string
		for rel := range twins {
			sec, id, sub := strings.Cut(rel, "/")
			if rel == "drift" || sub && (sec == "runbooks" || sec == "guides" || sec == "notes" || sec == "env" || sec == "options") {
				want++
			}
			if sub && sec == "errors" && strings.Contains(twins[rel], "\nkind: check\n") { // a check's page, not a list
				checkIDs = append(checkIDs, id)
			}
		}
		if len(checkIDs) > 0 {
			want++ // the index of every check, last
		}
		if len(pages) != want {
			t.Errorf("llms-full.txt holds %d pages, want %d (every note, variable, family, option, the drift report and the index of checks)", len(pages), want)
		}
		// The checks' index names every check with a page, one a line.
		checksIndex := pages[len(pages)-1]
		if !strings.HasPrefix(checksIndex, "\n# Errors nvFuser raises: every check") {
			t.Errorf("llms-full.txt's last page is not the index of checks:\n%.200s", checksIndex)
		}
		for _, id := range checkIDs {
			if !strings.Contains(checksIndex, "\n- `"+id+"`: ") {
				t.Errorf("llms-full.txt's index of checks lacks %s", id)
			}
		}
		for _, want := range []string{"# Use-after-free in segmenter logging", "# fusion_ir_preseg", "# NVFUSER_NUM_THREADS", "URL: " + base + "/options/dump/fusion_ir_preseg/"} {
			if !strings.Contains(s, want) {
				t.Errorf("llms-full.txt lacks %q", want)
			}
		}
		for _, m := range link.FindAllStringSubmatch(s, -1) {
			if strings.HasPrefix(m[1], base) && !exists(m[1]) && !exists(m[1]+"/") {
				t.Errorf("llms-full.txt links %s, which the site does not publish", m[1])
			}
		}
	})

	t.Run("schemas", func(t *testing.T) {
		for _, f := range emit.APIFiles {
			c := jsonschema.NewCompiler()
			schema := filepath.Join(out, "api", "schema", strings.TrimSuffix(f.File, ".json")+".schema.json")
			s, err := c.Compile(schema)
			if err != nil {
				t.Errorf("published schema for %s: %v", f.File, err)
				continue
			}
			fh, err := os.Open(filepath.Join(out, "api", f.File))
			if err != nil {
				t.Fatal(err)
			}
			doc, err := jsonschema.UnmarshalJSON(fh)
			fh.Close()
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Validate(doc); err != nil {
				t.Errorf("api/%s does not match its published schema: %v", f.File, err)
			}
		}
	})
}

func splitFront(md string) (front, body string, ok bool) {
	if !strings.HasPrefix(md, "---\n") {
		return "", "", false
	}
	front, body, ok = strings.Cut(md[4:], "\n---\n")
	return front, body, ok
}

var gfm = goldmark.New(goldmark.WithExtensions(extension.GFM))

// unsafeRE finds what the sanitizer never keeps in raw HTML.
var unsafeRE = regexp.MustCompile(`(?i)<(script|style|iframe|frame|object|embed|form|input|svg)\b|\son[a-z]+\s*=|\sstyle\s*=|javascript:|<!--[^>]`)

// unsafeHTML returns the first raw HTML a Markdown reader would render
// that the sanitizer never keeps (a script, an event attribute, a
// comment with text), or "".
func unsafeHTML(md string) string {
	src := []byte(md)
	found := ""
	check := func(s string) {
		if found == "" && unsafeRE.MatchString(s) {
			found = s
		}
	}
	ast.Walk(gfm.Parser().Parse(text.NewReader(src)), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || found != "" {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.RawHTML:
			for i := 0; i < n.Segments.Len(); i++ {
				s := n.Segments.At(i)
				check(string(src[s.Start:s.Stop]))
			}
		case *ast.HTMLBlock:
			for i := 0; i < n.Lines().Len(); i++ {
				s := n.Lines().At(i)
				check(string(src[s.Start:s.Stop]))
			}
		}
		return ast.WalkContinue, nil
	})
	return found
}
