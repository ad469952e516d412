package notes

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestScoresTmp(t *testing.T) {
	files, _ := filepath.Glob(os.Getenv("DUMP_GLOB"))
	for _, f := range files {
		data, _ := os.ReadFile(f)
		n, _ := Parse(f, data, Options{})
		data = normalize(data)
		_, body, bl, _ := splitFrontMatter(f, data)
		d := readDoc(body, newLineIndex(body, bl-1, countLines(data)))
		fmt.Printf("%-40s %+v\n", filepath.Base(f), scoreKind(d, n))
	}
}
