package cppopts

import (
	"fmt"
	"regexp"

	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
)

// Table is one string->enum option table in options.cpp, with the
// environment variable it is read through.
type Table struct {
	Enum    string // "DebugDumpOption"
	Env     string // "NVFUSER_DUMP"; "" when no parseEnvOptions call uses the table's enum
	Var     string // the map variable, "available_options"
	Line    int    // line of the map's type
	Entries []Entry
}

// Entry is one {"name", Enum::Enumerator} pair of a table.
type Entry struct {
	Name       string // "fusion_ir"
	Enumerator string // "FusionIr"
	Line       int    // line of the name
}

// ParseTables finds every std::unordered_map<std::string, X> variable that
// is initialised with a brace list in src, and the environment variable
// each enum is read through. path is only used in errors.
//
// The tables parsed before an error are returned along with it.
func ParseTables(path string, src []byte) ([]Table, error) {
	toks, err := lex(path, src)
	if err != nil {
		return nil, err
	}
	p := &tableParser{path: path, code: cpplex.Code(toks)}
	p.fns = outline(p.code)
	p.fnAt = enclosing(len(p.code), p.fns)

	if err := p.findTables(); err != nil {
		return p.tables(), err
	}
	env := p.envByEnum()
	out := p.tables()
	for i := range out {
		out[i].Env = env[out[i].Enum]
	}
	return out, nil
}

type tableParser struct {
	path  string
	code  []cpplex.Token
	fns   []function
	fnAt  []int
	found []found
}

// found is a table with where it was declared.
type found struct {
	Table
	at int // index of the variable name token
	fn int // enclosing function, -1 at namespace scope
}

func (p *tableParser) tables() []Table {
	out := make([]Table, len(p.found))
	for i, f := range p.found {
		out[i] = f.Table
	}
	return out
}

// optionNameRE is what an option name is made of.
var optionNameRE = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.-]*$`)

func (p *tableParser) errorf(line int, format string, args ...any) error {
	return &ParseError{File: p.path, Line: line, Msg: fmt.Sprintf(format, args...)}
}

func (p *tableParser) findTables() error {
	for i := 0; i < len(p.code); i++ {
		enum, next, ok := stringMapType(p.code, i)
		if !ok {
			continue
		}
		// A table is a variable initialised with a brace list:
		//   map<...> name = {...}   or   map<...> name{...}
		// Anything else (a return type "map<...>& f()", a parameter) is not.
		if next+1 >= len(p.code) || p.code[next].Kind != cpplex.Ident {
			continue
		}
		open := next + 1
		if p.code[open].Is("=") {
			open++
		}
		if open >= len(p.code) || !p.code[open].Is("{") {
			continue
		}
		t := found{Table: Table{Enum: enum, Var: p.code[next].Text, Line: p.code[i].Line}, at: next, fn: p.fnAt[next]}
		end, err := p.entries(&t.Table, open)
		if err != nil {
			return err
		}
		p.found = append(p.found, t)
		i = end
	}
	return nil
}

// stringMapType matches "unordered_map < [std::]string , Enum >" at i and
// returns the enum's last name component and the index after '>'.
func stringMapType(code []cpplex.Token, i int) (enum string, next int, ok bool) {
	if !code[i].Is("unordered_map") || i+1 >= len(code) || !code[i+1].Is("<") {
		return "", 0, false
	}
	key, j := qualifiedName(code, i+2)
	if key != "string" || j >= len(code) || !code[j].Is(",") {
		return "", 0, false
	}
	enum, j = qualifiedName(code, j+1)
	if enum == "" || j >= len(code) || !code[j].Is(">") {
		return "", 0, false
	}
	return enum, j + 1, true
}

// qualifiedName reads "a::b::c" (or "::c") at i and returns its last
// component and the index after it; "" if there is no name at i.
func qualifiedName(code []cpplex.Token, i int) (string, int) {
	if i < len(code) && code[i].Is("::") {
		i++
	}
	name := ""
	for i < len(code) && code[i].Kind == cpplex.Ident {
		name = code[i].Text
		i++
		if i+1 < len(code) && code[i].Is("::") && code[i+1].Kind == cpplex.Ident {
			i++
			continue
		}
		break
	}
	return name, i
}

// entries parses the brace list opening at open into t and returns the
// index of its closing brace.
func (p *tableParser) entries(t *Table, open int) (int, error) {
	close := matchBrace(p.code, open)
	if close < 0 {
		return 0, p.errorf(t.Line, "option table %s (%s) has no closing brace", t.Var, t.Enum)
	}
	i := open + 1
	for i < close {
		e, next, err := p.entry(t.Enum, i, close)
		if err != nil {
			return 0, err
		}
		t.Entries = append(t.Entries, e)
		i = next
		if i < close {
			if !p.code[i].Is(",") {
				return 0, p.errorf(p.code[i].Line, "expected ',' between entries of %s, found %q", t.Var, p.code[i].Text)
			}
			i++ // a trailing comma before '}' is fine
		}
	}
	return close, nil
}

// entry parses `{ "name" , Enum :: Enumerator }` at i.
func (p *tableParser) entry(enum string, i, limit int) (Entry, int, error) {
	at := func(j int) cpplex.Token {
		if j < limit {
			return p.code[j]
		}
		return p.code[limit] // the table's '}'
	}
	bad := func(j int, want string) error {
		return p.errorf(at(j).Line, "malformed entry in %s table: expected %s, found %q", enum, want, at(j).Text)
	}
	if !at(i).Is("{") {
		return Entry{}, 0, bad(i, "'{'")
	}
	name := at(i + 1)
	if name.Kind != cpplex.String {
		return Entry{}, 0, bad(i+1, "an option name string")
	}
	// Names are printed as they are into URLs, Markdown twins and the
	// JSON API: one holding quotes, "<" or spaces is refused here.
	if !optionNameRE.MatchString(name.StringValue()) {
		return Entry{}, 0, p.errorf(name.Line, "option name %s is not a name (letters, digits, '_', '.' and '-')", name.Text)
	}
	if !at(i + 2).Is(",") {
		return Entry{}, 0, bad(i+2, "','")
	}
	// Enum::Enumerator, possibly namespace-qualified: keep the last two.
	j := i + 3
	var parts []string
	if at(j).Is("::") {
		j++
	}
	for at(j).Kind == cpplex.Ident {
		parts = append(parts, at(j).Text)
		j++
		if !at(j).Is("::") {
			break
		}
		j++
	}
	if len(parts) < 2 {
		return Entry{}, 0, bad(j, "Enum::Enumerator")
	}
	if got := parts[len(parts)-2]; got != enum {
		return Entry{}, 0, p.errorf(name.Line, "entry %s names %s::%s in a %s table", name.Text, got, parts[len(parts)-1], enum)
	}
	if !at(j).Is("}") {
		return Entry{}, 0, bad(j, "'}'")
	}
	return Entry{Name: name.StringValue(), Enumerator: parts[len(parts)-1], Line: name.Line}, j + 1, nil
}

// matchBrace returns the index of the '}' closing the '{' at open, or -1.
func matchBrace(code []cpplex.Token, open int) int {
	depth := 0
	for i := open; i < len(code); i++ {
		switch {
		case code[i].Is("{"):
			depth++
		case code[i].Is("}"):
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}
