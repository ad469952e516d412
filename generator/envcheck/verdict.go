package envcheck

import (
	"fmt"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/vocab"
)

// Verdict is what nvFuser makes of one NAME=value. It is also the JSON the
// browser port produces (static/js/compose.js), field for field.
type Verdict struct {
	Var   string `json:"var"`
	Value string `json:"value"`
	// Known: the handbook has a page for the variable (URL).
	Known bool   `json:"known"`
	URL   string `json:"url"`
	// Unread: documented, but no code in csrc reads it.
	Unread bool `json:"unread"`
	// ReplacedBy: the name nvFuser reads instead (PYTORCH_NVFUSER_DUMP,
	// which getNvFuserEnv no longer reads, for NVFUSER_DUMP).
	ReplacedBy string `json:"replaced_by"`
	// Suggestions: known variables close to an unknown name.
	Suggestions []string `json:"suggestions"`
	// Family is set for an option-family variable: its value is a list of
	// options, read into Items until the first Error.
	Family string `json:"family"`
	Items  []Item `json:"items"`
	Error  *Error `json:"error"`
	// Unchecked says why the value was not read (a shell expansion).
	Unchecked string `json:"unchecked"`
	// Overridden: a later assignment in the same script sets the variable
	// again, and the shell keeps that one.
	Overridden bool `json:"overridden"`
	// Outside: the value is outside what nvFuser's own checks accept
	// for the variable (Var.Accepts); null when inside or unchecked.
	Outside *Outside `json:"outside"`
}

// Outside is a value nvFuser's checks refuse or warn about.
type Outside struct {
	// Kind is the check's: "warning" (nvFuser warns and goes on) or an
	// error kind (it stops).
	Kind string `json:"kind"`
	// Message says what is accepted; Prints is what nvFuser prints, the
	// value as it reads it put where the message prints a value.
	Message string `json:"message"`
	Prints  string `json:"prints"`
	URL     string `json:"url"` // the check's page
}

// Item is one option nvFuser accepts.
type Item struct {
	Option string   `json:"option"`
	Args   []string `json:"args"`
	Offset int      `json:"offset"` // byte offset in the value
	URL    string   `json:"url"`
	// Repeated: an earlier item names the same option; nvFuser keeps
	// this one's arguments.
	Repeated bool `json:"repeated"`
}

// Error is the first place nvFuser rejects the value.
type Error struct {
	Kind    string `json:"kind"`
	Offset  int    `json:"offset"` // byte offset in the value
	Token   string `json:"token"`  // the option being read
	Message string `json:"message"`
	// Suggestions: options of the family close to a rejected name, the
	// replacement of a removed one first.
	Suggestions []string `json:"suggestions"`
	// Elsewhere: other family variables that accept the name as is.
	Elsewhere []string `json:"elsewhere"`
	// URL: the page of a removed option the handbook still describes.
	URL string `json:"url"`
}

// Check gives the verdict on NAME=value.
func (c *Catalog) Check(name, value string) Verdict {
	v := Verdict{Var: name, Value: value, Suggestions: []string{}, Items: []Item{}}
	// getNvFuserEnv read the old spelling too until nvFuser commit
	// f8e84e522 removed it: it is checked as the name it stands for.
	env := vocab.Canonical(name)
	if env != name {
		v.ReplacedBy = env
	}
	if known, ok := c.vars[name]; ok {
		v.Known, v.URL, v.Unread = true, known.URL, !known.Read
		if known.Accepts != nil && !strings.ContainsAny(value, "$`") {
			v.Outside = outside(name, value, known.Accepts)
		}
	} else if v.ReplacedBy == "" {
		v.Suggestions = nearest(name, c.varNames)
	}
	if c.accepted[env] == nil {
		return v
	}
	v.Family = env
	if strings.ContainsAny(value, "$`") {
		v.Unchecked = "the value uses a shell expansion; nvFuser sees its result, which only the shell knows"
		return v
	}
	toks, err := Split(value, func(n string) bool { _, ok := c.opts[env][n]; return ok && c.opts[env][n].Defined })
	seen := map[string]bool{}
	for _, t := range toks {
		args := t.Args
		if args == nil {
			args = []string{}
		}
		v.Items = append(v.Items, Item{Option: t.Name, Args: args, Offset: t.Offset, URL: c.opts[env][t.Name].URL, Repeated: seen[t.Name]})
		seen[t.Name] = true
	}
	if err != nil {
		v.Error = c.explain(env, err)
	}
	return v
}

// explain turns a Split error into what a reader needs: the kind refined
// (an empty name, an option that was removed), a message, and what
// nvFuser would accept instead.
func (c *Catalog) explain(env string, err *SplitError) *Error {
	name := err.Partial.Name
	e := &Error{Kind: err.Kind, Offset: err.Offset, Token: name, Suggestions: []string{}, Elsewhere: []string{}}
	switch err.Kind {
	case ErrUnknownOption:
		if name == "" {
			e.Kind = ErrEmptyOption
			e.Message = "an empty option name: remove the extra ',' (or name the option before '(')"
			return e
		}
		e.Suggestions = nearest(name, c.accepted[env])
		e.Message = fmt.Sprintf("'%s' is not an option of %s", name, env)
		if o, ok := c.opts[env][name]; ok { // known, but not in the table
			e.Kind, e.URL = ErrRemovedOption, o.URL
			e.Message = fmt.Sprintf("'%s' is no longer an option of %s", name, env)
			if len(o.ReplacedBy) > 0 {
				e.Message += ": it was replaced by '" + strings.Join(o.ReplacedBy, "' and '") + "'"
				rest := e.Suggestions
				for _, r := range o.ReplacedBy {
					rest = without(rest, r)
				}
				e.Suggestions = append(append([]string{}, o.ReplacedBy...), rest...)
			}
		}
		for _, f := range c.families {
			if o, ok := c.opts[f][name]; f != env && ok && o.Defined {
				e.Elsewhere = append(e.Elsewhere, f)
			}
		}
	case ErrUnclosed:
		e.Message = fmt.Sprintf("the '(' after '%s' is never closed: end its arguments with ')'", name)
	case ErrMissingComma:
		e.Message = fmt.Sprintf("after the arguments of '%s', ')' must be followed by ',' or the end of the value", name)
	}
	return e
}

func without(s []string, x string) []string {
	out := []string{}
	for _, v := range s {
		if v != x {
			out = append(out, v)
		}
	}
	return out
}
