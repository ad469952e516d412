package notes

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// fuserDocs are nvFuser's own docs (doc/**/*.md outside doc/sphinx, at
// the checkout the handbook is tested against) and what the classifier
// says of each, read as a plain note: design docs, FAQs, tutorials and
// pages of theorems are guides. doc/README.md is a list of links with a
// caption; read from the checkout (assemble) it is a guide anyway.
var fuserDocs = map[string]struct{ kind, title string }{
	"doc/README.md":                                    {model.KindNotes, "Table of Contents"},
	"doc/dev/cute_tv_layout.md":                        {model.KindGuide, "Creating a CuTe TV Layout in NvFuser"},
	"doc/dev/debug.md":                                 {model.KindGuide, "Debugging"},
	"doc/dev/host_ir_jit.md":                           {model.KindGuide, "Host IR JIT Overview"},
	"doc/dev/ldmatrix_stmatrix.md":                     {model.KindGuide, "LdMatrix and StMatrix Support in NVFuser"},
	"doc/dev/ragged_iter_domain_combine_design_doc.md": {model.KindGuide, "Design Document: Component IterDomain Tracking for RaggedIterDomain"},
	"doc/dev/ragged_iter_domain_design_doc.md":         {model.KindGuide, "RaggedIterDomain for Nested Tensors"},
	"doc/dev/tma.md":                                   {model.KindGuide, "Introduction to TMA Support in NVFuser"},
	"doc/dev/tmem.md":                                  {model.KindGuide, "Tensor Memory Support in NVFuser"},
	"doc/dev/visibility.md":                            {model.KindGuide, "Symbol Visibility"},
	"doc/math/abstract-algebra.md":                     {model.KindGuide, "A Brief Overview of Abstract Algebra"},
	"doc/math/integer-division.md":                     {model.KindGuide, "Integer Division"},
	"doc/math/logic.md":                                {model.KindGuide, "Mathematical Logic"},
	"doc/math/monotonic-function.md":                   {model.KindGuide, "Monotonic Function"},
	"doc/reading/divisibility-of-split.md":             {model.KindGuide, "Divisibility of Split"},
	"doc/reading/iterdomain.md":                        {model.KindGuide, "The Mathematical Theory of IterDomain"},
	"doc/reading/multigpu.md":                          {model.KindGuide, "Multi-GPU Support in nvFuser"},
	"doc/reading/tma-modeling-in-depth.md":             {model.KindGuide, "TMA Modeling In Depth"},
}

// TestFuserDocs reads every nvFuser doc of the checkout beside the
// repository and pins its kind and title; a doc not listed above fails,
// so a new one is looked at before it is published.
func TestFuserDocs(t *testing.T) {
	root := testsite.Fuser(t)
	found := map[string]bool{}
	err := filepath.WalkDir(filepath.Join(root, "doc"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() && rel == "doc/sphinx" {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(rel, ".md") {
			found[rel] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for rel := range found {
		if _, ok := fuserDocs[rel]; !ok {
			t.Errorf("%s is not pinned in fuserDocs: look at its kind and title and add it", rel)
		}
	}
	for rel, want := range fuserDocs {
		t.Run(rel, func(t *testing.T) {
			if !found[rel] {
				t.Fatalf("%s is not in %s", rel, root)
			}
			data, err := os.ReadFile(filepath.Join(root, rel))
			if err != nil {
				t.Fatal(err)
			}
			n, err := Parse(rel, data, fakeOptions())
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, n, data)
			if n.Kind != want.kind || n.Title != want.title || n.Status != "" {
				t.Errorf("kind/status/title = %s/%s/%q, want %s//%q", n.Kind, n.Status, n.Title, want.kind, want.title)
			}
		})
	}
}
