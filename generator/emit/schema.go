package emit

import (
	"embed"

	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// schemaFS holds a JSON Schema for each file of the JSON API, written by
// hand: they are the contract's documentation, published beside the files
// (urls.Schema). TestSchemas validates the API the emitter writes against
// them and checks that they describe every field it writes.
//
//go:embed schema/*.schema.json
var schemaFS embed.FS

// APIFile is one file of the JSON API, as templates list it (llms.txt).
type APIFile struct {
	File   string `json:"file"`
	URL    string `json:"url"`
	Schema string `json:"schema"`
	About  string `json:"about"`
}

// APIFiles lists the JSON API in the order pages show it.
var APIFiles = []APIFile{
	{File: "options.json", About: "every option of NVFUSER_DUMP/ENABLE/DISABLE/PROF: where it is defined and read, whether it is documented"},
	{File: "env.json", About: "every environment variable: category, type, default, choices, where it is read"},
	{File: "runbooks.json", About: "every note: kind, status, the variables, options, files, tests and error lines it names"},
	{File: "drift.json", About: "every place the YAML, the option tables, the code and the notes disagree"},
	{File: "errors.json", About: "every error and warning nvFuser's checks can raise: id, page, macro, kind, message template, condition, file, line, function, tests, the notes that quote it"},
	{File: "check-quality.json", About: "the check-quality report: checks that cannot fail, say nothing, hide the compared values, repeat another function's message or name an option that no longer exists; each with file, line, page and a suggested fix, most costly to users first"},
	{File: "coverage.json", About: "the coverage of the error index: how many checks have an explanation, a test that reaches them, a note that quotes them, a comment, by kind and by area; the internal asserts users hit with no explanation yet"},
	{File: "lookup.json", About: "the error-lookup index (/lookup/, gen lookup)"},
}

// schemas publishes the schemas and the list of API files (data/api.json,
// read by the llms.txt template).
func (e *emitter) schemas() error {
	list := make([]APIFile, 0, len(APIFiles))
	for _, f := range APIFiles {
		b, err := schemaFS.ReadFile("schema/" + schemaName(f.File))
		if err != nil {
			return err
		}
		if err := e.w.Write(StaticDir+urls.Schema(f.File), b); err != nil {
			return err
		}
		f.URL, f.Schema = urls.API(f.File), urls.Schema(f.File)
		list = append(list, f)
	}
	return e.writeData("api.json", list)
}

func schemaName(file string) string {
	return urls.Schema(file)[len("/api/schema/"):]
}

// writeData writes a file of Hugo's data folder (site.Data in templates).
func (e *emitter) writeData(name string, v any) error {
	b, err := indentedJSON(v)
	if err != nil {
		return err
	}
	return e.w.Write(DataDir+"/"+name, b)
}
