package cppopts

import (
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
	"github.com/nvfuser-handbook/handbook/generator/vocab"
)

// parseFunc is the options.cpp helper that reads one environment variable
// and looks its comma-separated tokens up in a table.
const parseFunc = "parseEnvOptions"

// nvfuserPrefix is what getNvFuserEnv puts in front of its argument.
const nvfuserPrefix = vocab.Prefix

// envByEnum maps each enum to the environment variable it is parsed from,
// found from calls parseEnvOptions("DUMP", table). Tables and calls are
// matched by enum type, not by position, because a table may live in a
// getter (getEnableOptions) while the call sits in getOptionsFromEnv.
func (p *tableParser) envByEnum() map[string]string {
	prefix, known := p.envPrefix()
	returns := p.returnedTables()
	env := map[string]string{}
	for i := 0; i+3 < len(p.code); i++ {
		if !p.code[i].Is(parseFunc) {
			continue
		}
		explicit, open := "", i+1
		if p.code[open].Is("<") { // parseEnvOptions<DebugDumpOption>(...)
			explicit, open = qualifiedName(p.code, open+1)
			if open >= len(p.code) || !p.code[open].Is(">") {
				continue
			}
			open++
		}
		if open+2 >= len(p.code) || !p.code[open].Is("(") || p.code[open+1].Kind != cpplex.String || !p.code[open+2].Is(",") {
			continue // the definition, or a call we cannot read
		}
		name := p.code[open+1].StringValue()
		enum := explicit
		if enum == "" {
			enum = p.argEnum(i, open+3, returns)
		}
		if enum == "" {
			continue
		}
		if _, dup := env[enum]; !dup {
			env[enum] = fullEnvName(name, prefix, known)
		}
	}
	return env
}

// fullEnvName turns the literal passed to parseEnvOptions into the variable
// a user sets. Since mid-2023 the literal is a suffix read through
// getNvFuserEnv; the first revision passed "PYTORCH_NVFUSER_DUMP" to
// std::getenv. When the helper's body is not in the file, a literal that
// already looks complete is taken as is.
func fullEnvName(lit, prefix string, known bool) string {
	if known {
		return prefix + lit
	}
	if strings.HasPrefix(lit, nvfuserPrefix) || strings.HasPrefix(lit, vocab.OldPrefix) {
		return lit
	}
	return nvfuserPrefix + lit
}

// envPrefix looks at the body of parseEnvOptions to see how it reads the
// variable: through getNvFuserEnv (adds NVFUSER_) or getenv (adds nothing).
func (p *tableParser) envPrefix() (prefix string, known bool) {
	for _, fn := range p.fns {
		if fn.name != parseFunc {
			continue
		}
		for i := fn.open; i < fn.close && i < len(p.code); i++ {
			switch p.code[i].Text {
			case "getNvFuserEnv":
				return nvfuserPrefix, true
			case "getenv":
				return "", true
			}
		}
	}
	return "", false
}

// returnedTables maps getter names to the enum of the string map they
// return: "getEnableOptions" -> "EnableOption".
func (p *tableParser) returnedTables() map[string]string {
	out := map[string]string{}
	for _, fn := range p.fns {
		for i := fn.sigStart; i < fn.open; i++ {
			if enum, _, ok := stringMapType(p.code, i); ok && fn.name != "" {
				out[fn.name] = enum
				break
			}
		}
	}
	return out
}

// argEnum works out the enum of the table passed as the second argument of
// the call at call, whose argument starts at arg. In order:
//   - a getter call:          parseEnvOptions("X", getXOptions())
//   - a table variable declared earlier in the same function
//   - a reference bound to a getter: const auto& t = getXOptions();
//   - a table variable at namespace scope
//   - the enum of the enclosing specialisation: Options<X>::getOptionsFromEnv
func (p *tableParser) argEnum(call, arg int, returns map[string]string) string {
	if arg >= len(p.code) {
		return p.specialisation(call)
	}
	a := p.code[arg]
	if a.Kind != cpplex.Ident {
		return p.specialisation(call)
	}
	if arg+1 < len(p.code) && p.code[arg+1].Is("(") {
		if e := returns[a.Text]; e != "" {
			return e
		}
		return p.specialisation(call)
	}
	fn := p.fnAt[call]
	for k := len(p.found) - 1; k >= 0; k-- {
		if f := p.found[k]; f.Var == a.Text && f.fn == fn && fn >= 0 && f.at < call {
			return f.Enum
		}
	}
	if fn >= 0 {
		// Latest "name = getter(" or "name{getter(" in this function.
		for j := call - 1; j > p.fns[fn].open; j-- {
			if p.code[j].Text != a.Text || p.code[j].Kind != cpplex.Ident || j+3 >= len(p.code) {
				continue
			}
			if (p.code[j+1].Is("=") || p.code[j+1].Is("{") || p.code[j+1].Is("(")) &&
				p.code[j+2].Kind == cpplex.Ident && p.code[j+3].Is("(") {
				if e := returns[p.code[j+2].Text]; e != "" {
					return e
				}
			}
		}
	}
	for _, f := range p.found {
		if f.Var == a.Text && f.fn < 0 {
			return f.Enum
		}
	}
	return p.specialisation(call)
}

// specialisation returns X when the call sits in a function whose
// signature contains "< X > ::", as in Options<EnableOption>::getOptionsFromEnv.
func (p *tableParser) specialisation(call int) string {
	fn := p.fnAt[call]
	if fn < 0 {
		return ""
	}
	f := p.fns[fn]
	for i := f.sigStart; i < f.open; i++ {
		if !p.code[i].Is("<") {
			continue
		}
		name, j := qualifiedName(p.code, i+1)
		if name != "" && j+1 < f.open && p.code[j].Is(">") && p.code[j+1].Is("::") {
			return name
		}
	}
	return ""
}
