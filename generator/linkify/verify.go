package linkify

import (
	"bytes"
	"slices"

	"github.com/yuin/goldmark/ast"

	"github.com/nvfuser-handbook/handbook/generator/notes"
)

// fingerprint is what linkifying must not change: the code blocks, byte
// for byte, and how many nodes of each kind the document has (text nodes
// aside, which splitting around a link changes). Links are counted so the
// check can demand exactly the added ones.
type fingerprint struct {
	code  []string
	kinds map[ast.NodeKind]int
	links int
}

func fingerprintOf(body []byte, root ast.Node) fingerprint {
	fp := fingerprint{kinds: map[ast.NodeKind]int{}}
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.Kind() {
		case ast.KindText, ast.KindString:
			return ast.WalkContinue, nil
		case ast.KindLink:
			fp.links++
			return ast.WalkContinue, nil
		}
		fp.kinds[n.Kind()]++
		switch n := n.(type) {
		case *ast.FencedCodeBlock:
			var info []byte
			if n.Info != nil {
				info = n.Info.Value(body)
			}
			fp.code = append(fp.code, "fenced:"+string(info)+"\n"+string(codeLines(body, n)))
		case *ast.CodeBlock:
			fp.code = append(fp.code, "indented:\n"+string(codeLines(body, n)))
		}
		return ast.WalkContinue, nil
	})
	return fp
}

func codeLines(body []byte, n ast.Node) []byte {
	var b bytes.Buffer
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		b.Write(seg.Value(body))
	}
	return b.Bytes()
}

// verify parses out and checks it against the original's fingerprint,
// expecting added more links.
func verify(out []byte, want fingerprint, added int) bool {
	got := fingerprintOf(out, notes.ParseMarkdown(out))
	if got.links != want.links+added || !slices.Equal(got.code, want.code) || len(got.kinds) != len(want.kinds) {
		return false
	}
	for k, v := range want.kinds {
		if got.kinds[k] != v {
			return false
		}
	}
	return true
}
