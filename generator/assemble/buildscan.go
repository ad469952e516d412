package assemble

import (
	"bytes"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/envyaml"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/sources"
)

// buildFiles are where nvFuser's build reads its NVFUSER_BUILD_* and other
// build-time variables. csrc never reads those, so without this scan every
// build variable would be reported as "documented but never read".
var buildFiles = []string{"setup.py", "python/setup.py", "python/utils.py", "CMakeLists.txt"}

// scanBuildFiles finds quoted mentions ("NAME", 'NAME', $ENV{NAME}) of the
// variables the YAML documents, in the build scripts that exist.
func scanBuildFiles(in *sources.Inputs, y *envyaml.File) map[string][]model.Location {
	if y == nil {
		return nil
	}
	out := map[string][]model.Location{}
	for _, file := range buildFiles {
		data, err := in.ReadOptional(file)
		if err != nil {
			continue
		}
		lines := bytes.Split(data, []byte("\n"))
		for _, e := range y.Entries {
			if e.EnvVar != "" {
				continue
			}
			quoted := []string{`"` + e.Name + `"`, `'` + e.Name + `'`, `$ENV{` + e.Name + `}`}
			for i, line := range lines {
				trimmed := strings.TrimSpace(string(line))
				if strings.HasPrefix(trimmed, "#") {
					continue // a comment that lists variables is not a read
				}
				for _, q := range quoted {
					if bytes.Contains(line, []byte(q)) {
						out[e.Name] = append(out[e.Name], model.Location{File: file, Line: i + 1})
						break
					}
				}
			}
		}
	}
	return out
}
