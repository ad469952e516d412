// Package urls is the handbook's URL scheme. nvFuser error messages and
// external tools print these paths, so they are a public contract: change
// them only together with an alias from the old path.
//
//	/env/<variable>/            an environment variable (lower-case)
//	/options/<family>/<option>/ an option of NVFUSER_<FAMILY>
//	/runbooks/<id>/             a runbook; /guides/<id>/ and /notes/<id>/ likewise
//	/r/<id>/                    short link to any note, redirecting to it
//	/errors/<id>/               an error or warning nvFuser can raise (a check; ids: generator/checks)
//	/errors/                    every check, by area and by kind; /errors/area/<area>/ one area's;
//	                            /errors/removed/ the checks the git history saw go away
//	/drift/                     the drift report
//	/changes/                   options and variables added, removed, renamed (git checkouts)
//	/api/*.json                 the JSON API, described by /api/schema/*.schema.json
//	/compose/                   compose and check an env line
//	/llms.txt, /llms-full.txt   the handbook for coding agents; <page>/index.md is a page as Markdown
//
// Templates never format a path: emit puts every URL a page links to in its
// front matter, made here. Root-relative URLs are written without the base
// URL; templates pass them through relURL (or site.GetPage, via PagePath).
package urls

import (
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Var is the path of a variable's page.
func Var(name string) string { return "/env/" + strings.ToLower(name) + "/" }

// Option is the path of an option's page.
func Option(family, name string) string {
	return "/options/" + family + "/" + strings.ToLower(name) + "/"
}

// Family is the path of a family's index page.
func Family(family string) string { return "/options/" + family + "/" }

// Note is the path of a note's page; its section follows its kind.
func Note(kind, id string) string { return "/" + Section(kind) + "/" + id + "/" }

// Section is the content section of a note kind.
func Section(kind string) string {
	switch kind {
	case model.KindRunbook:
		return "runbooks"
	case model.KindGuide:
		return "guides"
	default:
		return "notes"
	}
}

// NoteFile is the path of a file published beside a note's page (an
// image it shows): name is slash-separated, relative to the page, and
// each segment is escaped.
func NoteFile(kind, id, name string) string {
	return Note(kind, id) + escapeSegments(name)
}

// escapeSegments escapes each segment of a slash path.
func escapeSegments(p string) string {
	segs := strings.Split(strings.Trim(p, "/"), "/")
	for i, seg := range segs {
		segs[i] = url.PathEscape(seg)
	}
	return strings.Join(segs, "/")
}

// Short is the short link of a note, stable whatever its kind.
func Short(id string) string { return "/r/" + id + "/" }

// Check is the path of a check's page.
func Check(id string) string { return Checks + id + "/" }

// Checks is the path of the index of checks.
const Checks = "/errors/"

// CheckQuality is the check-quality report: what nvFuser's checks could
// say better.
const CheckQuality = Checks + "quality/"

// RemovedChecks lists the checks the git history saw go away.
const RemovedChecks = Checks + "removed/"

// CheckArea is the path of the list of one area's checks (the folder under
// csrc/ they are in).
func CheckArea(area string) string { return Checks + "area/" + area + "/" }

// Drift is the drift report's path.
const Drift = "/drift/"

// Changes is the "what changed" page's path (only built from a git checkout).
const Changes = "/changes/"

// Category is the path of a variable category's page (a Hugo taxonomy term
// of "categories"; keys are lower-case words from env_options.yaml).
func Category(key string) string { return "/categories/" + key + "/" }

// Tag is the path of a tool's page (a term of the "tags" taxonomy). Hugo
// lower-cases term paths and turns spaces into hyphens; tool names are
// already such slugs.
func Tag(name string) string {
	return "/tags/" + strings.ToLower(strings.ReplaceAll(name, " ", "-")) + "/"
}

// PagePath is the content path Hugo's page lookup (site.GetPage, the
// render-link hook) resolves for a page URL: "/env/nvfuser_dump/" ->
// "/env/nvfuser_dump". A lookup fails the build when the page is missing,
// where a plain link would 404.
func PagePath(u string) string { return path.Clean(u) }

// Absolute joins the site's base URL and a path.
// Served is a site path ("/guides/x/a.png") as the browser must request
// it when the site is published under baseURL, sub-path included
// ("https://org.github.io/handbook/" gives "/handbook/guides/x/a.png"):
// what Hugo's relURL does for templates, for HTML that emit writes itself.
// Any other URL is returned as it is.
func Served(baseURL, p string) string {
	if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") {
		return p
	}
	u, err := url.Parse(baseURL)
	if err != nil {
		return p
	}
	return strings.TrimSuffix(u.Path, "/") + p
}

func Absolute(baseURL, path string) string {
	return strings.TrimSuffix(baseURL, "/") + path
}

// Source links a location in the nvFuser tree to the repository browser,
// with GitHub-style line anchors.
func Source(repoURL, ref string, loc model.Location) string {
	if loc.File == "" {
		return ""
	}
	u := fmt.Sprintf("%s/blob/%s/%s", strings.TrimSuffix(repoURL, "/"), ref, loc.File)
	if loc.Line > 0 {
		u += fmt.Sprintf("#L%d", loc.Line)
	}
	return u
}

// Commit links a commit hash (full or abbreviated) to the repository.
func Commit(repoURL, hash string) string {
	return strings.TrimSuffix(repoURL, "/") + "/commit/" + hash
}

// Issue links "#1234" (or "1234") to the repository's issue tracker; GitHub
// redirects issue numbers to pull requests and back.
func Issue(repoURL, ref string) string {
	return strings.TrimSuffix(repoURL, "/") + "/issues/" + strings.TrimLeft(ref, "#")
}

// NewIssue is where a new issue is opened in the repository's tracker;
// the lookup adds the prefilled title and body as a query.
func NewIssue(repoURL string) string {
	return strings.TrimSuffix(repoURL, "/") + "/issues/new"
}

// Edit is where a note can be edited: editBase joined with the note's path
// relative to its notes folder, each segment escaped (a file name can
// neither break out of the URL nor change its scheme); "" when no edit base
// is configured. Whether editBase itself is safe is the caller's check.
func Edit(editBase, rel string) string {
	if editBase == "" || rel == "" {
		return ""
	}
	return strings.TrimSuffix(editBase, "/") + "/" + escapeSegments(filepath.ToSlash(rel))
}

// SourceRange links a file reference with an optional line range.
func SourceRange(repoURL, ref string, f model.FileRef) string {
	u := fmt.Sprintf("%s/blob/%s/%s", strings.TrimSuffix(repoURL, "/"), ref, f.Path)
	switch {
	case f.Start > 0 && f.End > f.Start:
		u += fmt.Sprintf("#L%d-L%d", f.Start, f.End)
	case f.Start > 0:
		u += fmt.Sprintf("#L%d", f.Start)
	}
	return u
}

// SourceFile links a file of the nvFuser tree, each path segment
// escaped, with the fragment a note's link gave it ("L10", a heading's id)
// when not "".
func SourceFile(repoURL, ref, file, fragment string) string {
	u := fmt.Sprintf("%s/blob/%s/%s", strings.TrimSuffix(repoURL, "/"), ref, escapeSegments(file))
	if fragment != "" {
		u += "#" + url.PathEscape(fragment)
	}
	return u
}

// SourceTree links a folder of the nvFuser tree ("" is its root).
func SourceTree(repoURL, ref, dir string) string {
	u := fmt.Sprintf("%s/tree/%s", strings.TrimSuffix(repoURL, "/"), ref)
	if dir != "" {
		u += "/" + escapeSegments(dir)
	}
	return u
}

// API is the path of a JSON API file ("options.json").
func API(file string) string { return "/api/" + file }

// Schema is the path of the JSON Schema describing an API file:
// options.json is described by /api/schema/options.schema.json.
func Schema(file string) string {
	return "/api/schema/" + strings.TrimSuffix(file, ".json") + ".schema.json"
}

// Pages for tools and coding agents.
const (
	Compose  = "/compose/"      // compose and check an env line
	LLMs     = "/llms.txt"      // the llmstxt.org index
	LLMsFull = "/llms-full.txt" // every page as Markdown, in one file
)

// NewExplanation is GitHub's new-file editor on the handbook repository
// (newBase: https://github.com/OWNER/REPO/new/BRANCH) with
// explanations/<id>.md named and its text filled in; "" when newBase is
// not an https URL.
func NewExplanation(newBase, id, text string) string {
	if !strings.HasPrefix(newBase, "https://") {
		return ""
	}
	q := url.Values{}
	q.Set("filename", "explanations/"+id+".md")
	q.Set("value", text)
	return strings.TrimSuffix(newBase, "/") + "?" + q.Encode()
}

// SearchDocs is the folder of the rendered site that holds the search
// documents (config.toml's searchdoc output format, path "_search"): a
// page's document has the page's path below it. Read by Pagefind only,
// moved out of the site before it is checked or published.
const SearchDocs = "_search"

// SearchIndex and EmittedSearchIndex are the folders of the site holding
// its Pagefind indexes: the search documents emit writes (the check
// pages' and the notes') have one of their own, which a build makes while
// Hugo renders (generator/search), merged by the search page with the
// main one.
const (
	SearchIndex        = "pagefind"
	EmittedSearchIndex = "pagefind-emitted"
)

// SearchDoc is the file, relative to the rendered site, of the search
// document of the page at site path page ("/errors/x/").
func SearchDoc(page string) string {
	return path.Join(SearchDocs, page, "index.html")
}
