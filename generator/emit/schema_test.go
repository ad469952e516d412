package emit

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/lookup"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// apiTypes is the Go type of each API file's entries (or of the file, for
// lookup.json): the schema must describe every field it writes.
var apiTypes = map[string]reflect.Type{
	"options.json":       reflect.TypeFor[APIOption](),
	"env.json":           reflect.TypeFor[APIVariable](),
	"drift.json":         reflect.TypeFor[APIDrift](),
	"runbooks.json":      reflect.TypeFor[APIRunbook](),
	"lookup.json":        reflect.TypeFor[lookup.Index](),
	"errors.json":        reflect.TypeFor[APIError](),
	"check-quality.json": reflect.TypeFor[APIQuality](),
	"coverage.json":      reflect.TypeFor[APICoverage](),
}

func compileSchema(t *testing.T, file string) (*jsonschema.Schema, map[string]any) {
	t.Helper()
	raw, err := schemaFS.ReadFile("schema/" + schemaName(file))
	if err != nil {
		t.Fatalf("%s has no schema: %v", file, err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("%s: %v", schemaName(file), err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(schemaName(file), doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(schemaName(file)) // also checks it against the meta-schema
	if err != nil {
		t.Fatalf("%s: %v", schemaName(file), err)
	}
	return s, doc.(map[string]any)
}

func loadJSON(t *testing.T, path string) any {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return v
}

// TestSchemas: every API file the emitter writes (the golden copies, which
// TestGolden holds it to) is valid against its published schema, and a
// broken copy is not.
func TestSchemas(t *testing.T) {
	for _, f := range APIFiles {
		t.Run(f.File, func(t *testing.T) {
			s, _ := compileSchema(t, f.File)
			doc := loadJSON(t, "testdata/golden/static/api/"+f.File)
			if err := s.Validate(doc); err != nil {
				t.Errorf("%s does not match its schema:\n%v", f.File, err)
			}
			// The same file, broken: the schema must notice.
			broken := breakDoc(doc)
			if err := s.Validate(broken); err == nil {
				t.Errorf("%s with a field removed and one retyped still matches its schema", f.File)
			}
		})
	}
}

// breakDoc drops one required field of the first entry and turns another
// into a number.
func breakDoc(doc any) any {
	b, _ := json.Marshal(doc)
	var v any
	json.Unmarshal(b, &v)
	entry, _ := v.(map[string]any)
	if list, ok := v.([]any); ok && len(list) > 0 {
		entry = list[0].(map[string]any)
	}
	keys := make([]string, 0, len(entry))
	for k := range entry {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	delete(entry, keys[0])
	entry[keys[1]] = 42.5
	return v
}

// TestSchemasDescribeEveryField: each field the Go types write is a
// property of the schema, and required unless it is omitted when empty.
func TestSchemasDescribeEveryField(t *testing.T) {
	for _, f := range APIFiles {
		_, doc := compileSchema(t, f.File)
		typ := apiTypes[f.File]
		if typ == nil {
			t.Fatalf("%s: no Go type registered in apiTypes", f.File)
		}
		item := doc
		if doc["type"] == "array" {
			item = doc["items"].(map[string]any)
		}
		checkFields(t, f.File, typ, item)
	}
}

func checkFields(t *testing.T, where string, typ reflect.Type, schema map[string]any) {
	t.Helper()
	props, _ := schema["properties"].(map[string]any)
	var required []string
	for _, r := range schema["required"].([]any) {
		required = append(required, r.(string))
	}
	for _, fld := range reflect.VisibleFields(typ) {
		if fld.Anonymous {
			continue // an embedded struct's fields are the entry's own (VisibleFields lists them)
		}
		tag := fld.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" || !fld.IsExported() {
			continue
		}
		p, ok := props[name].(map[string]any)
		if !ok {
			t.Errorf("%s: field %q is not described by the schema", where, name)
			continue
		}
		if !strings.Contains(opts, "omitempty") && !slices.Contains(required, name) {
			t.Errorf("%s: field %q is always written but not required", where, name)
		}
		// Nested objects (a note's options) are described too.
		elem := fld.Type
		if elem.Kind() == reflect.Slice {
			elem = elem.Elem()
		}
		if elem.Kind() == reflect.Struct {
			if items, ok := p["items"].(map[string]any); ok {
				if _, ok := items["properties"]; ok {
					checkFields(t, where+" "+name, elem, items)
				}
			}
		}
	}
}
