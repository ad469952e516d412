package notes

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestSlowTmp(t *testing.T) {
	files, _ := filepath.Glob(os.Getenv("CORPUS") + "/*")
	for _, f := range files {
		raw, _ := os.ReadFile(f)
		lines := strings.Split(string(raw), "\n")
		src, _ := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[1], "string("), ")"))
		data, _ := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[2], "[]byte("), ")"))
		start := time.Now()
		Parse(src, []byte(data), fakeOptions())
		if d := time.Since(start); d > 50*time.Millisecond {
			fmt.Println(f, d, len(data))
		}
	}
}
