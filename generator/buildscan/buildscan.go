// Package buildscan finds where nvFuser's build scripts (setup.py,
// CMakeLists.txt) read environment variables. It is a parser of the
// checkout like cppopts and csrcscan: it returns plain locations, and
// assemble merges them into the model.
package buildscan

import (
	"bytes"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Files are where nvFuser's build reads its NVFUSER_BUILD_* and other
// build-time variables. csrc never reads those, so without this scan every
// build variable would be reported as "documented but never read".
var Files = []string{"setup.py", "python/setup.py", "python/utils.py", "CMakeLists.txt"}

// Scan finds quoted mentions ("NAME", 'NAME', $ENV{NAME}) of the given
// variable names in the build scripts that read returns; read reports an
// error for a script that does not exist, which is skipped.
func Scan(read func(path string) ([]byte, error), names []string) map[string][]model.Location {
	out := map[string][]model.Location{}
	for _, file := range Files {
		data, err := read(file)
		if err != nil {
			continue
		}
		lines := bytes.Split(data, []byte("\n"))
		for _, name := range names {
			quoted := []string{`"` + name + `"`, `'` + name + `'`, `$ENV{` + name + `}`}
			for i, line := range lines {
				trimmed := strings.TrimSpace(string(line))
				if strings.HasPrefix(trimmed, "#") {
					continue // a comment that lists variables is not a read
				}
				for _, q := range quoted {
					if bytes.Contains(line, []byte(q)) {
						out[name] = append(out[name], model.Location{File: file, Line: i + 1})
						break
					}
				}
			}
		}
	}
	return out
}
