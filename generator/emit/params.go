package emit

import (
	"bytes"

	"fmt"
	"github.com/BurntSushi/toml"
	"reflect"
	"strings"
)

// paramsOf is a page's front matter as Hugo's .Params holds it (top-level
// keys and the params table in one map, lists as []any, tables as
// map[string]any, integers as int64), read from the front matter struct
// by its toml tags instead of decoding the TOML emit just encoded:
// decoding was half of a twin's cost, more on check pages with their
// highlighted code. What the TOML encoder leaves out (omitempty and
// empty, nil) is left out here too; verifyParams holds the two to the same
// result in tests.
func paramsOf(front any) map[string]any {
	m, _ := tomlValue(reflect.ValueOf(front)).(map[string]any)
	if m == nil {
		return map[string]any{}
	}
	if ps, ok := m["params"].(map[string]any); ok {
		delete(m, "params")
		for k, v := range ps {
			m[k] = v
		}
	}
	return m
}

// verifyParams, set by tests, makes every twin compare paramsOf with the
// decoded TOML of the same page.
var verifyParams bool

func tomlValue(v reflect.Value) any {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return tomlValue(v.Elem())
	case reflect.String:
		return v.String()
	case reflect.Bool:
		return v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return int64(v.Uint())
	case reflect.Float32, reflect.Float64:
		return v.Float()
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			return nil
		}
		l := make([]any, v.Len())
		for i := range l {
			l[i] = tomlValue(v.Index(i))
		}
		return l
	case reflect.Map:
		m := make(map[string]any, v.Len())
		it := v.MapRange()
		for it.Next() {
			if e := tomlValue(it.Value()); e != nil {
				m[strings.ToLower(fmt.Sprint(it.Key().Interface()))] = e
			}
		}
		return m
	case reflect.Struct:
		m := map[string]any{}
		structFields(v, m)
		return m
	}
	return nil
}

// structFields adds v's fields to m under their toml names; an embedded
// struct without a tag adds its fields inline, as the TOML encoder does.
func structFields(v reflect.Value, m map[string]any) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("toml")
		if tag == "-" || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		fv := v.Field(i)
		if f.Anonymous && name == "" && fv.Kind() == reflect.Struct {
			structFields(fv, m)
			continue
		}
		if name == "" {
			name = f.Name
		}
		if strings.Contains(opts, "omitempty") && emptyValue(fv) || strings.Contains(opts, "omitzero") && fv.IsZero() {
			continue
		}
		if e := tomlValue(fv); e != nil {
			m[strings.ToLower(name)] = e
		}
	}
}

// emptyValue is what the TOML encoder's omitempty leaves out: false,
// empty strings, lists and maps, nil, and structs whose every field is
// empty. A zero number is written (omitzero leaves it out).
func emptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if !emptyValue(v.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Slice, reflect.Map, reflect.String, reflect.Array:
		return v.Len() == 0
	case reflect.Pointer, reflect.Interface:
		return v.IsNil()
	case reflect.Bool:
		return !v.Bool()
	}
	return false
}

// sameParams reports whether params are what decoding the page's TOML
// (data) gives, empty values aside (the template reads neither).
func sameParams(params map[string]any, data []byte) error {
	decoded, _, err := frontOf(data)
	if err != nil {
		return err
	}
	delete(decoded, "twin") // the page's flag (page.twin), not its struct's
	a, b := pruned(params), pruned(decoded)
	if !reflect.DeepEqual(a, b) {
		return fmt.Errorf("params from the struct differ from the decoded front matter:\n%v\n%v", a, b)
	}
	return nil
}

// pruned drops empty strings, lists and maps, recursively.
func pruned(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := map[string]any{}
		for k, e := range x {
			if p := pruned(e); p != nil {
				m[k] = p
			}
		}
		if len(m) == 0 {
			return nil
		}
		return m
	case []any:
		if len(x) == 0 {
			return nil
		}
		l := make([]any, len(x))
		for i, e := range x {
			l[i] = pruned(e)
		}
		return l
	case string:
		if x == "" {
			return nil
		}
	}
	return v
}

// frontOf decodes a content file's TOML front matter as Hugo sees its
// params (top-level keys and the params table in one map, keys lower
// case) and returns its body.
func frontOf(data []byte) (map[string]any, string, error) {
	rest, ok := bytes.CutPrefix(data, []byte("+++\n"))
	if !ok {
		return nil, "", fmt.Errorf("no front matter")
	}
	i := bytes.Index(rest, []byte("\n+++\n"))
	if i < 0 {
		return nil, "", fmt.Errorf("front matter not closed")
	}
	var m map[string]any
	if _, err := toml.Decode(string(rest[:i+1]), &m); err != nil {
		return nil, "", err
	}
	params := map[string]any{}
	for k, v := range m {
		if k != "params" {
			params[strings.ToLower(k)] = normalize(v)
		}
	}
	if ps, ok := m["params"].(map[string]any); ok {
		for k, v := range ps {
			params[strings.ToLower(k)] = normalize(v)
		}
	}
	return params, string(rest[i+len("\n+++\n"):]), nil
}

// normalize gives decoded TOML the shapes Hugo's params have: an array of
// tables is a list of maps like any other list.
func normalize(v any) any {
	switch x := v.(type) {
	case []map[string]any:
		l := make([]any, len(x))
		for i, m := range x {
			l[i] = normalize(m)
		}
		return l
	case []any:
		for i := range x {
			x[i] = normalize(x[i])
		}
		return x
	case map[string]any:
		for k, e := range x {
			x[k] = normalize(e)
		}
		return x
	}
	return v
}
