package notes

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestDumpTmp(t *testing.T) {
	files, _ := filepath.Glob(os.Getenv("DUMP_GLOB"))
	for _, f := range files {
		data, _ := os.ReadFile(f)
		n, err := Parse(f, data, Options{})
		if err != nil {
			fmt.Println("ERR", err)
			continue
		}
		n.Body = ""
		b, _ := json.MarshalIndent(n, "", " ")
		fmt.Println(string(b))
	}
}
