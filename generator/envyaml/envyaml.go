// Package envyaml reads nvFuser's hand-kept variable list,
// tools/env-config/env_options.yaml: its categories and its entries.
//
// It keeps the line of every entry so that pages and the drift report can
// point at it, and it rejects a malformed file with an error naming the file
// and line rather than guessing.
package envyaml

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// File is the parsed env_options.yaml.
type File struct {
	Categories []model.Category // in file order
	Entries    []Entry          // in file order
}

// Entry is one item of the top-level "options" list. An entry with EnvVar
// set is an option of that variable (NVFUSER_DUMP=Name); otherwise Name is a
// variable itself.
type Entry struct {
	Name        string
	Description string
	Type        string
	Category    string
	EnvVar      string
	Choices     []string
	Default     string
	Line        int
}

// Error is a problem in the file, with its line.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Parse reads the YAML in data; file names it in errors.
func Parse(file string, data []byte) (*File, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, yamlError(file, err)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, &Error{File: file, Msg: "empty file: expected 'categories' and 'options'"}
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, &Error{File: file, Line: root.Line, Msg: "expected a mapping with 'categories' and 'options'"}
	}
	out := &File{}
	seen := map[string]int{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		key, val := root.Content[i], root.Content[i+1]
		switch key.Value {
		case "categories":
			cats, err := parseCategories(file, val)
			if err != nil {
				return nil, err
			}
			out.Categories = cats
		case "options":
			if val.Kind != yaml.SequenceNode {
				return nil, &Error{File: file, Line: val.Line, Msg: "'options' must be a list"}
			}
			for _, item := range val.Content {
				e, err := parseEntry(file, item)
				if err != nil {
					return nil, err
				}
				id := e.EnvVar + "=" + e.Name
				if prev, dup := seen[id]; dup {
					return nil, &Error{File: file, Line: e.Line, Msg: fmt.Sprintf("duplicate entry %q (first at line %d)", displayName(e), prev)}
				}
				seen[id] = e.Line
				out.Entries = append(out.Entries, e)
			}
		}
	}
	return out, nil
}

func displayName(e Entry) string {
	if e.EnvVar != "" {
		return e.EnvVar + "=" + e.Name
	}
	return e.Name
}

func parseCategories(file string, n *yaml.Node) ([]model.Category, error) {
	if n.Kind != yaml.MappingNode {
		return nil, &Error{File: file, Line: n.Line, Msg: "'categories' must be a mapping of key to {display_name}"}
	}
	var cats []model.Category
	for i := 0; i+1 < len(n.Content); i += 2 {
		key, val := n.Content[i], n.Content[i+1]
		c := model.Category{Key: key.Value}
		if val.Kind == yaml.MappingNode {
			for j := 0; j+1 < len(val.Content); j += 2 {
				if val.Content[j].Value == "display_name" {
					c.DisplayName = val.Content[j+1].Value
				}
			}
		}
		if c.DisplayName == "" {
			c.DisplayName = c.Key
		}
		cats = append(cats, c)
	}
	return cats, nil
}

func parseEntry(file string, n *yaml.Node) (Entry, error) {
	e := Entry{Line: n.Line}
	if n.Kind != yaml.MappingNode {
		return e, &Error{File: file, Line: n.Line, Msg: "each option must be a mapping with at least 'name'"}
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		key, val := n.Content[i], n.Content[i+1]
		switch key.Value {
		case "choices":
			if val.Kind != yaml.SequenceNode {
				return e, &Error{File: file, Line: val.Line, Msg: "'choices' must be a list"}
			}
			for _, c := range val.Content {
				e.Choices = append(e.Choices, c.Value)
			}
			continue
		}
		if val.Kind != yaml.ScalarNode {
			return e, &Error{File: file, Line: val.Line, Msg: fmt.Sprintf("%q must be a single value", key.Value)}
		}
		switch key.Value {
		case "name":
			e.Name = strings.TrimSpace(val.Value)
		case "description":
			e.Description = strings.TrimSpace(val.Value)
		case "type":
			e.Type = val.Value
		case "category":
			e.Category = val.Value
		case "env_var":
			e.EnvVar = val.Value
		case "default":
			e.Default = val.Value
		}
	}
	if e.Name == "" {
		return e, &Error{File: file, Line: n.Line, Msg: "option entry without a 'name'"}
	}
	for _, s := range []string{e.Name, e.EnvVar} {
		if s != "" && !nameRE.MatchString(s) {
			return e, &Error{File: file, Line: n.Line, Msg: fmt.Sprintf("%q is not a variable or option name (letters, digits, '_', '.' and '-')", s)}
		}
	}
	return e, nil
}

// nameRE is what a variable or option name is made of. Names are printed
// as they are into URLs, page titles, Markdown twins and the JSON API, so
// nothing else (quotes, "<", spaces) is let through.
var nameRE = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.-]*$`)

// yamlError turns the YAML library's error ("yaml: line 12: ...") into ours.
func yamlError(file string, err error) error {
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		return &Error{File: file, Msg: te.Errors[0]}
	}
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	var line int
	if _, scanErr := fmt.Sscanf(msg, "line %d:", &line); scanErr == nil {
		if i := strings.Index(msg, ":"); i >= 0 {
			msg = strings.TrimSpace(msg[i+1:])
		}
	}
	return &Error{File: file, Line: line, Msg: msg}
}
