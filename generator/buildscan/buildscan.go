// Package buildscan finds where nvFuser's build scripts (setup.py,
// CMakeLists.txt) read environment variables. It is a parser of the
// checkout like cppopts and csrcscan: it returns plain locations, and
// assemble merges them into the model.
package buildscan

import (
	"bytes"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/inputs"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Scan finds quoted mentions ("NAME", 'NAME', $ENV{NAME}) of the given
// variable names in the build scripts that read returns; read reports an
// error for a script that does not exist, which is skipped.
func Scan(read func(path string) ([]byte, error), names []string) map[string][]model.Location {
	out := map[string][]model.Location{}
	for _, file := range inputs.Paths(inputs.BuildScript) {
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
