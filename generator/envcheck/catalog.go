package envcheck

import (
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
)

// Var is a variable the handbook knows.
type Var struct {
	Name string
	URL  string // its page's path
	Read bool   // some code in csrc reads it
	// Accepts is what nvFuser's own checks accept for the value (api
	// env.json's accepts); nil when they state nothing.
	Accepts *Accepts
}

// Accepts is a variable's range or choices, as api/env.json has them.
type Accepts struct {
	Min     *int64   `json:"min"`
	Max     *int64   `json:"max"`
	Choices []string `json:"choices"`
	Kind    string   `json:"kind"`
	Pieces  []string `json:"pieces"`
	// CheckURL is the page of the check that prints the message.
	CheckURL string `json:"check_url"`
}

// Opt is an option the handbook knows.
type Opt struct {
	Env  string // "NVFUSER_DUMP"
	Name string
	URL  string // its page's path
	// Defined is true when the option is in the family's table in
	// csrc/options.cpp: only then does nvFuser accept it.
	Defined bool
	// ReplacedBy names the options that took a removed one's place, when
	// the option history knows them.
	ReplacedBy []string
}

// Catalog is what Check knows: the variables and each family's options.
type Catalog struct {
	vars     map[string]Var
	varNames []string // sorted
	opts     map[string]map[string]Opt
	accepted map[string][]string // per family variable, sorted
	families []string            // sorted
}

// NewCatalog indexes vars and opts. A variable is an option family when
// some option of it is defined.
func NewCatalog(vars []Var, opts []Opt) *Catalog {
	c := &Catalog{vars: map[string]Var{}, opts: map[string]map[string]Opt{}, accepted: map[string][]string{}}
	for _, v := range vars {
		c.vars[v.Name] = v
		c.varNames = append(c.varNames, v.Name)
	}
	sort.Strings(c.varNames)
	for _, o := range opts {
		if c.opts[o.Env] == nil {
			c.opts[o.Env] = map[string]Opt{}
		}
		c.opts[o.Env][o.Name] = o
		if o.Defined {
			if c.accepted[o.Env] == nil {
				c.families = append(c.families, o.Env)
			}
			c.accepted[o.Env] = append(c.accepted[o.Env], o.Name)
		}
	}
	for _, names := range c.accepted {
		sort.Strings(names)
	}
	sort.Strings(c.families)
	return c
}

// apiVar and apiOpt are the fields of api/env.json and api/options.json
// that a verdict needs. replaced_by comes with the option history; a file
// without it reads as "no replacement known".
type apiVar struct {
	Name    string   `json:"name"`
	URL     string   `json:"url"`
	ReadAt  []string `json:"read_at"`
	Accepts *Accepts `json:"accepts"`
}

type apiOpt struct {
	Env        string          `json:"env"`
	Name       string          `json:"name"`
	DefinedAt  string          `json:"defined_at"`
	URL        string          `json:"url"`
	ReplacedBy json.RawMessage `json:"replaced_by"`
}

// names reads replaced_by: a list of names, one name, or absent/null.
func names(raw json.RawMessage) ([]string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var one string
	if json.Unmarshal(raw, &one) == nil {
		if one == "" {
			return nil, nil
		}
		return []string{one}, nil
	}
	var list []string
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, fmt.Errorf("replaced_by: %w", err)
	}
	return list, nil
}

// LoadCatalog reads the JSON API's env.json and options.json, as the
// /compose/ page does. Pages are linked by path, so that a preview or a
// local copy of the site stays on itself.
func LoadCatalog(envJSON, optionsJSON []byte) (*Catalog, error) {
	var av []apiVar
	var ao []apiOpt
	if err := json.Unmarshal(envJSON, &av); err != nil {
		return nil, fmt.Errorf("env.json: %w", err)
	}
	if err := json.Unmarshal(optionsJSON, &ao); err != nil {
		return nil, fmt.Errorf("options.json: %w", err)
	}
	vars := make([]Var, 0, len(av))
	for _, v := range av {
		if v.Accepts != nil {
			v.Accepts.CheckURL = path(v.Accepts.CheckURL)
		}
		vars = append(vars, Var{Name: v.Name, URL: path(v.URL), Read: len(v.ReadAt) > 0, Accepts: v.Accepts})
	}
	opts := make([]Opt, 0, len(ao))
	for _, o := range ao {
		repl, err := names(o.ReplacedBy)
		if err != nil {
			return nil, fmt.Errorf("options.json: %s %s: %w", o.Env, o.Name, err)
		}
		opts = append(opts, Opt{Env: o.Env, Name: o.Name, URL: path(o.URL), Defined: o.DefinedAt != "", ReplacedBy: repl})
	}
	return NewCatalog(vars, opts), nil
}

// path keeps a URL's path (the API holds absolute permalinks).
func path(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return u
	}
	return p.Path
}
