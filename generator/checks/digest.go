package checks

import (
	"hash/fnv"

	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
)

// Digests are a digest of each named function's code in one file (the
// tokens of its body, lambdas included; comments and white space not),
// for the functions in keep: two revisions of a file whose digests of a
// function differ changed that function. Overloads of one name share a
// digest. The history (generator/history) compares them revision to
// revision to list the commits that changed the function around a check.
func Digests(toks []cpplex.Token, keep map[string]bool) map[string]uint64 {
	code := make([]cpplex.Token, 0, len(toks))
	for _, t := range toks {
		if t.Kind != cpplex.Comment && t.Kind != cpplex.Preproc && !t.Directive {
			code = append(code, t)
		}
	}
	hashes := map[string]interface {
		Write([]byte) (int, error)
		Sum64() uint64
	}{}
	tr := &tracker{code: code}
	for i := 0; i < len(code); i++ {
		if _, within := tr.current(); within != "" && keep[within] {
			h := hashes[within]
			if h == nil {
				h = fnv.New64a()
				hashes[within] = h
			}
			h.Write([]byte(code[i].Text))
			h.Write([]byte{0})
		}
		i += tr.step(i)
	}
	out := make(map[string]uint64, len(hashes))
	for fn, h := range hashes {
		out[fn] = h.Sum64()
	}
	return out
}
