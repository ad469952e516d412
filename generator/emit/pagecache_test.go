package emit

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/internal/bincache"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

func samplePages() map[string]cachedPage {
	return map[string]cachedPage{
		"errors/a.md": {Key: sha256.Sum256([]byte("a")), Data: []byte("+++\ntitle = 'A'\n+++\n"), HasTwin: true,
			Twin:       cachedTwin{Path: "/errors/a/", Title: "A", Link: "A", Kind: "check", Status: "s", Body: "# A\n", Facts: "title: A\n", Weight: -3, Key: []byte{1, 2, 0}},
			SearchFile: "_search/errors/a/index.html", SearchDoc: []byte("<p>A</p>")},
		"errors/b.md": {Key: sha256.Sum256([]byte("b")), Data: []byte("b")},
	}
}

func TestPageCodecRoundTrip(t *testing.T) {
	pages := samplePages()
	data := encodePages("gen-1", pages)
	got, err := decodePages(data, "gen-1")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, pages) {
		t.Errorf("decoded\n%+v\nwant\n%+v", got, pages)
	}
	if again := encodePages("gen-1", got); !bytes.Equal(again, data) {
		t.Error("the same pages encode to different bytes")
	}
	if _, err := decodePages(data, "gen-2"); err == nil {
		t.Error("a cache of another gen was read")
	}
}

// Every prefix of a good file, and every file with one byte changed in its
// framing, is refused or read without a panic; a refused file is no
// cache, never an error of the build.
func TestPageCodecDamaged(t *testing.T) {
	data := encodePages("g", samplePages())
	for n := range len(data) {
		if _, err := decodePages(data[:n], "g"); err == nil {
			t.Fatalf("a file cut to %d of %d bytes was read", n, len(data))
		}
	}
	long := append(append([]byte(nil), data...), 0)
	if _, err := decodePages(long, "g"); err == nil {
		t.Error("a file with bytes past its last page was read")
	}
	// A page count far past what the file holds allocates nothing.
	huge := append(bincache.Header(pagesMagic, "g"), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f)
	if _, err := decodePages(huge, "g"); err == nil {
		t.Error("a count of 2^63 pages was read")
	}
}

func FuzzDecodePages(f *testing.F) {
	f.Add(encodePages("g", samplePages()))
	f.Add(encodePages("g", nil))
	f.Add([]byte(pagesMagic + "\x01g\x01"))
	f.Fuzz(func(t *testing.T, data []byte) {
		pages, err := decodePages(data, "g")
		if err != nil {
			return
		}
		again, err := decodePages(encodePages("g", pages), "g")
		if err != nil || !reflect.DeepEqual(again, pages) {
			t.Fatalf("read back %+v (%v), want %+v", again, err, pages)
		}
	})
}

// The cache keys a page on its front matter as JSON: every field the
// article, twin and search document are made from must be in it. A field
// JSON leaves out (unexported, json:"-") or cannot encode (a func, a
// channel, an interface that may hold either) would let a changed fact
// reuse a stale page.
func TestCachedFrontsAreWhole(t *testing.T) {
	seen := map[reflect.Type]bool{}
	var walk func(path string, ty reflect.Type)
	walk = func(path string, ty reflect.Type) {
		if seen[ty] {
			return
		}
		seen[ty] = true
		switch ty.Kind() {
		case reflect.Func, reflect.Chan, reflect.Interface, reflect.UnsafePointer, reflect.Complex64, reflect.Complex128:
			t.Errorf("%s: a %s, which the page's key cannot hold", path, ty.Kind())
		case reflect.Pointer, reflect.Slice, reflect.Array:
			walk(path+"[]", ty.Elem())
		case reflect.Map:
			walk(path+"[key]", ty.Key())
			walk(path+"[]", ty.Elem())
		case reflect.Struct:
			for i := range ty.NumField() {
				f := ty.Field(i)
				if !f.IsExported() {
					t.Errorf("%s.%s: unexported, left out of the page's key", path, f.Name)
					continue
				}
				if f.Tag.Get("json") == "-" {
					t.Errorf("%s.%s: json:\"-\", left out of the page's key", path, f.Name)
				}
				if _, ok := reflect.PointerTo(f.Type).MethodByName("MarshalJSON"); ok {
					t.Errorf("%s.%s: its own MarshalJSON may leave facts out of the page's key", path, f.Name)
				}
				walk(path+"."+f.Name, f.Type)
			}
		}
	}
	walk("checkFront", reflect.TypeOf(checkFront{}))
	walk("removedFront", reflect.TypeOf(removedFront{}))
	if _, err := json.Marshal(checkFront{}); err != nil {
		t.Error(err)
	}
}

// A build with the cache writes what a build without it writes; a second
// build reuses every check page, and a changed check, note title or site
// is made anew.
func TestPageCacheReuse(t *testing.T) {
	handbook := func(message string) *model.Handbook {
		h := &model.Handbook{HasSource: true, HasHistory: true,
			Checks: []*model.Check{
				{ID: "lower-one", Macro: "NVF_ERROR", Kind: model.CheckInternal, Pieces: []string{message}, Function: "lower",
					Where: model.Location{File: "csrc/a.cpp", Line: 10}, EndLine: 10, Code: "NVF_ERROR(x, \"" + message + "\");", CodeStart: 10},
				{ID: "lower-two", Macro: "NVF_CHECK", Kind: model.CheckUser, Pieces: []string{"Two <b>"}, Function: "lower",
					Where: model.Location{File: "csrc/a.cpp", Line: 20}, EndLine: 20},
			},
			RemovedChecks: []model.RemovedCheck{{ID: "lower-gone", Function: "lower", Where: model.Location{File: "csrc/a.cpp", Line: 30}}},
		}
		h.Index()
		return h
	}
	site := Site{BaseURL: "https://h.test/", RepoURL: "https://github.com/NVIDIA/Fuser", RepoRef: "main"}
	cachePath := filepath.Join(t.TempDir(), "pages.bin")
	// emit is one build's emit into a new folder: its cache (none when
	// gen is ""), the folder and the twins and search documents.
	emit := func(h *model.Handbook, site Site, gen string) (*PageCache, string, map[string][]byte) {
		return emitCached(t, h, site, cachePath, gen)
	}
	build := func(h *model.Handbook, site Site, gen string) (*PageCache, string) {
		c, out, _ := emit(h, site, gen)
		return c, out
	}
	_, plain, plainTwins := emit(handbook("One"), site, "")
	const pages = 3 // two checks and a removed one
	c, first, firstTwins := emit(handbook("One"), site, "g1")
	if c.Reused != 0 || c.Made != pages {
		t.Errorf("first build: reused %d, made %d; want 0, %d", c.Reused, c.Made, pages)
	}
	c, second, secondTwins := emit(handbook("One"), site, "g1")
	if c.Reused != pages || c.Made != 0 {
		t.Errorf("second build: reused %d, made %d; want %d, 0", c.Reused, c.Made, pages)
	}
	sameTree(t, plain, first)
	sameTree(t, plain, second)
	if len(plainTwins) == 0 {
		t.Fatal("no twins")
	}
	for name, twins := range map[string]map[string][]byte{"first": firstTwins, "second": secondTwins} {
		if !reflect.DeepEqual(twins, plainTwins) {
			t.Errorf("the %s build's twins and search documents differ from a build without the cache", name)
		}
	}

	c, changed := build(handbook("One changed"), site, "g1")
	if c.Reused != pages-1 || c.Made != 1 {
		t.Errorf("one check changed: reused %d, made %d; want %d, 1", c.Reused, c.Made, pages-1)
	}
	page := func(dir string) string {
		b, err := os.ReadFile(filepath.Join(dir, "content/errors/lower-one.md"))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if !bytes.Contains([]byte(page(changed)), []byte("One changed")) {
		t.Error("the changed check's page was not made anew")
	}
	// Whether the check pages get a search index of their own is the
	// search page's business: a build with it takes back every page.
	split := site
	split.SplitSearch = true
	if c, _ = build(handbook("One changed"), split, "g1"); c.Reused != pages {
		t.Errorf("a build indexing the checks apart reused %d pages, want %d", c.Reused, pages)
	}
	other := site
	other.BaseURL = "https://elsewhere.test/"
	if c, _ = build(handbook("One changed"), other, "g1"); c.Reused != 0 {
		t.Errorf("another base URL reused %d pages", c.Reused)
	}
	// The search documents declare the site's language, which no check
	// page's own facts hold.
	other.Locale = "en-gb"
	if c, _ = build(handbook("One changed"), other, "g1"); c.Reused != 0 {
		t.Errorf("another locale reused %d pages", c.Reused)
	}
	if c, _ = build(handbook("One changed"), other, "g2"); c.Reused != 0 {
		t.Errorf("another gen reused %d pages", c.Reused)
	}
	// A damaged cache is no cache.
	if err := os.WriteFile(cachePath, []byte(pagesMagic+"junk"), 0o644); err != nil {
		t.Fatal(err)
	}
	if c, _ = build(handbook("One changed"), other, "g2"); c.Reused != 0 || c.Made != pages {
		t.Errorf("damaged cache: reused %d, made %d", c.Reused, c.Made)
	}
}

// sameTree fails unless the folders a and b hold the same files with the
// same bytes.
func sameTree(t *testing.T, a, b string) {
	t.Helper()
	read := func(root string) map[string]string {
		files := map[string]string{}
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(p)
			rel, _ := filepath.Rel(root, p)
			files[rel] = string(data)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return files
	}
	fa, fb := read(a), read(b)
	for f, data := range fa {
		if fb[f] != data {
			t.Errorf("%s differs between %s and %s", f, a, b)
		}
	}
	for f := range fb {
		if _, ok := fa[f]; !ok {
			t.Errorf("%s only in %s", f, b)
		}
	}
}

// Every check page links into nvFuser's source at the head commit. A
// build at a newer head takes back the pages whose facts did not change,
// with the new head in every link, and makes anew the pages that show
// the head otherwise (a check the head commit added shows its short
// hash); the result is what a build without the cache makes.
func TestPageCacheAcrossHeads(t *testing.T) {
	const h1, h2 = "1111111111111111111111111111111111111111", "2222222222222222222222222222222222222222"
	handbook := func(head string) *model.Handbook {
		h := &model.Handbook{HasSource: true, HasHistory: true, Revision: model.Revision{Commit: head, Date: "2026-01-02T00:00:00Z"},
			Checks: []*model.Check{
				{ID: "lower-one", Macro: "NVF_ERROR", Kind: model.CheckInternal, Pieces: []string{"One"}, Function: "lower",
					Where: model.Location{File: "csrc/a.cpp", Line: 10}, EndLine: 10, Code: "NVF_ERROR(x, \"One\");", CodeStart: 10},
				// Added by the first head: its page shows that commit's
				// short hash, which is not the head at the second.
				{ID: "lower-new", Macro: "NVF_ERROR", Kind: model.CheckInternal, Pieces: []string{"New"}, Function: "lower",
					Where: model.Location{File: "csrc/a.cpp", Line: 20}, EndLine: 20,
					History: &model.History{Added: model.Event{Commit: h1, Date: "2026-01-02", Version: "0.3.0"}}},
				// nvFuser's own text naming a commit that later becomes the
				// head: it is text, not a link to the head, and stays so.
				{ID: "lower-names", Macro: "NVF_ERROR", Kind: model.CheckInternal, Pieces: []string{"Broken since " + h2}, Function: "lower",
					Where: model.Location{File: "csrc/a.cpp", Line: 30}, EndLine: 30},
			},
		}
		h.Index()
		return h
	}
	site := Site{BaseURL: "https://h.test/", RepoURL: "https://github.com/NVIDIA/Fuser", RepoRef: "main"}
	cachePath := filepath.Join(t.TempDir(), "pages.bin")
	emit := func(h *model.Handbook, gen string) (*PageCache, string, map[string][]byte) {
		site := site
		site.RepoRef = SourceRef(h.Revision, site.RepoRef) // as the pipeline sets it
		return emitCached(t, h, site, cachePath, gen)
	}
	emit(handbook(h1), "g")
	c, cached, cachedTwins := emit(handbook(h2), "g")
	if c.Reused != 1 || c.Made != 2 {
		t.Errorf("at the second head: reused %d, made %d; want 1, 2 (lower-new shows the first head's short hash, lower-names names the second head in its text)", c.Reused, c.Made)
	}
	_, cold, coldTwins := emit(handbook(h2), "")
	sameTree(t, cold, cached)
	if !reflect.DeepEqual(cachedTwins, coldTwins) {
		t.Error("the twins and search documents differ from a build without the cache")
	}
	page, err := os.ReadFile(filepath.Join(cached, "content/errors/lower-one.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(page, []byte("/blob/"+h2+"/csrc/a.cpp")) || bytes.Contains(page, []byte(h1)) || bytes.Contains(page, []byte(headMark)) {
		t.Errorf("the reused page does not link the second head's source:\n%s", page)
	}
}

// emitCached is one build's emit of h into a new folder with the page
// cache at cachePath (none when gen is ""): the cache, the folder, and the
// twins and search documents.
func emitCached(t *testing.T, h *model.Handbook, site Site, cachePath, gen string) (*PageCache, string, map[string][]byte) {
	t.Helper()
	out := t.TempDir()
	w := NewWriter(out)
	if gen != "" {
		w.Cache = OpenPageCache(cachePath, gen)
	}
	p, err := Pages(h, site, w)
	if err == nil {
		err = p.Finish()
	}
	if err == nil {
		err = w.Cache.Save()
	}
	if err != nil {
		t.Fatal(err)
	}
	return w.Cache, out, p.Twins()
}
