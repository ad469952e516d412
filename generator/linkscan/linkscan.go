// Package linkscan finds the handbook URLs written in an nvFuser checkout:
// in C++ and Python sources (comments and error messages), CMake files and
// docs. Those are links nvFuser prints or shows to its users, so gen check
// must prove each still resolves, and the page it points at can say where
// nvFuser links to it.
//
// It is a text scan, not a parse: a URL is a URL wherever it is written,
// in a comment, a string literal split over lines or a Markdown link.
package linkscan

import (
	"bytes"
	"io/fs"
	"net/url"
	"path"
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/safefile"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Exts are the file endings scanned.
var Exts = map[string]bool{
	".cpp": true, ".h": true, ".cu": true, ".cuh": true, ".hpp": true,
	".py": true, ".txt": true, ".cmake": true, ".md": true, ".rst": true,
}

// skipDirs are folders that are not nvFuser's own text: vendored code
// (submodules) and build products.
var skipDirs = map[string]bool{"third_party": true, "node_modules": true, "build": true}

// Prefix is how the handbook's base URL appears in text: without its scheme
// (http and https both count) and with a trailing slash.
type Prefix struct {
	hostPath string // "nvidia.github.io/fuser-handbook/"
}

// NewPrefix parses the site's base URL. A base URL without a host (the
// placeholder of a fresh config) gives ok=false: nothing can link to it.
func NewPrefix(baseURL string) (Prefix, bool) {
	u, err := url.Parse(baseURL)
	if err != nil || u.Host == "" {
		return Prefix{}, false
	}
	p := strings.Trim(u.Path, "/")
	// Matched without regard to case: host names ignore it, and so does
	// GitHub Pages for the project folder.
	hp := strings.ToLower(u.Host) + "/"
	if p != "" {
		hp += strings.ToLower(p) + "/"
	}
	return Prefix{hostPath: hp}, true
}

// Scan walks root and returns every handbook URL under the prefix, sorted
// by file and line. Unreadable files are reported, not fatal.
func Scan(root fs.FS, pre Prefix) ([]model.InboundLink, []model.Diagnostic) {
	var links []model.InboundLink
	var skipped []model.Diagnostic
	host := []byte(strings.TrimSuffix(strings.SplitN(pre.hostPath, "/", 2)[0], "/"))
	_ = fs.WalkDir(root, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			skipped = append(skipped, model.Diagnostic{Where: model.Location{File: p}, Message: err.Error()})
			return nil
		}
		if d.IsDir() {
			if p != "." && (strings.HasPrefix(d.Name(), ".") || skipDirs[d.Name()]) {
				return fs.SkipDir
			}
			return nil
		}
		if !Exts[strings.ToLower(path.Ext(p))] && !strings.EqualFold(path.Base(p), "CMakeLists.txt") {
			return nil
		}
		data, err := fs.ReadFile(root, p)
		if err != nil {
			skipped = append(skipped, model.Diagnostic{Where: model.Location{File: p}, Message: safefile.Why(err) + "; skipped"})
			return nil
		}
		if !bytes.Contains([]byte(asciiLower(string(data))), host) {
			return nil // most files: one search, no line splitting
		}
		data, _ = safefile.ValidUTF8(data) // the lines around a link are shown on pages
		links = append(links, File(p, data, pre)...)
		return nil
	})
	sort.SliceStable(links, func(i, j int) bool {
		a, b := links[i].Where, links[j].Where
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
	return links, skipped
}

// File finds the handbook URLs in one file's text.
func File(name string, data []byte, pre Prefix) []model.InboundLink {
	var out []model.InboundLink
	for i, line := range strings.Split(string(data), "\n") {
		lower := asciiLower(line) // same length as line: offsets carry over
		from := 0
		for {
			k := strings.Index(lower[from:], pre.hostPath[:len(pre.hostPath)-1])
			if k < 0 {
				break
			}
			start := from + k
			from = start + 1
			// The scheme must come right before the host (or nothing a URL
			// could be part of: "see nvidia.github.io/..." is a link too).
			urlStart := start
			for _, scheme := range []string{"https://", "http://"} {
				if strings.HasSuffix(lower[:start], scheme) {
					urlStart = start - len(scheme)
				}
			}
			if urlStart == start && start > 0 && isURLByte(line[start-1]) {
				continue // part of a longer host name
			}
			end := start
			for end < len(line) && isURLByte(line[end]) {
				end++
			}
			raw := strings.TrimRight(line[urlStart:end], ".,;:!?")
			hostEnd := start - urlStart + len(pre.hostPath) - 1
			if len(raw) < hostEnd {
				continue // the prefix itself ended in punctuation
			}
			rest := raw[hostEnd:]
			if rest != "" && rest[0] != '/' {
				continue // another site whose path only starts the same
			}
			from = end
			out = append(out, model.InboundLink{URL: raw, Path: sitePath(rest), Where: model.Location{File: name, Line: i + 1}})
		}
	}
	return out
}

// sitePath is the path a link asks for, relative to the site's root:
// query and fragment dropped, percent-escapes decoded, and a folder
// slash added to an extension-less page path (the site's pages all end in
// "/"; a static host redirects the bare form there).
func sitePath(rest string) string {
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		rest = rest[:i]
	}
	if u, err := url.PathUnescape(rest); err == nil {
		rest = u
	}
	if rest == "" {
		return "/"
	}
	if !strings.HasSuffix(rest, "/") && path.Ext(rest) == "" {
		rest += "/"
	}
	return rest
}

// isURLByte reports whether b can be part of a URL written in text: not
// space, not a quote or bracket that closes the literal or markup around it.
func isURLByte(b byte) bool {
	if b <= ' ' || b >= 0x7f {
		return false
	}
	return !strings.ContainsRune("\"'<>`()[]{}\\|^", rune(b))
}

// asciiLower lower-cases A-Z only, keeping every byte offset (unicode
// lower-casing can change a string's length).
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
