package buildscan

import (
	"errors"
	"io/fs"
	"reflect"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

func TestScan(t *testing.T) {
	files := map[string]string{
		"setup.py":       "import os\n# NVFUSER_BUILD_NO_TEST is listed here only\nif os.getenv(\"NVFUSER_BUILD_NO_TEST\"):\n    pass\nx = os.environ.get('NVFUSER_BUILD_DIR')\n",
		"CMakeLists.txt": "if(DEFINED $ENV{NVFUSER_BUILD_DIR})\nendif()\n",
	}
	read := func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, fs.ErrNotExist
	}
	for _, tc := range []struct {
		name  string
		names []string
		want  map[string][]model.Location
	}{
		{"double quotes, comment skipped", []string{"NVFUSER_BUILD_NO_TEST"}, map[string][]model.Location{
			"NVFUSER_BUILD_NO_TEST": {{File: "setup.py", Line: 3}}}},
		{"single quotes and $ENV, in file order", []string{"NVFUSER_BUILD_DIR"}, map[string][]model.Location{
			"NVFUSER_BUILD_DIR": {{File: "setup.py", Line: 5}, {File: "CMakeLists.txt", Line: 1}}}},
		{"bare name is not a read", []string{"os"}, map[string][]model.Location{}},
		{"no names", nil, map[string][]model.Location{}},
	} {
		if got := Scan(read, tc.names); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: Scan = %v, want %v", tc.name, got, tc.want)
		}
	}
	if got := Scan(func(string) ([]byte, error) { return nil, errors.New("absent") }, []string{"X"}); len(got) != 0 {
		t.Errorf("no scripts: %v", got)
	}
}
