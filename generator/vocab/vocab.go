// Package vocab is nvFuser's debugging vocabulary, written down once: the
// option-family variables (NVFUSER_DUMP, _ENABLE, _DISABLE, _PROF) in the
// order nvFuser's docs present them, the C++ enums behind them, their
// short keys, and the old PYTORCH_NVFUSER_ spelling nvFuser still reads.
//
// Every stage asks here instead of keeping its own list: the parsers use
// the prefixes, notes use the family variables and the old spelling,
// assemble the keys, emit the order (pages carry it as a weight, so
// templates only sort).
package vocab

import "strings"

// Prefix is what getNvFuserEnv puts in front of its argument; OldPrefix is
// the spelling of the first revisions, which getNvFuserEnv still accepts.
const (
	Prefix    = "NVFUSER_"
	OldPrefix = "PYTORCH_NVFUSER_"
)

// Family is one option family as nvFuser names it.
type Family struct {
	Env  string // the variable that selects options: "NVFUSER_DUMP"
	Key  string // short and URL-safe: "dump"
	Enum string // the C++ enum of its options: "DebugDumpOption"
}

// Families are nvFuser's option families in the order people know them.
// A checkout may define others; they sort after these (see Order).
var Families = []Family{
	{Env: "NVFUSER_DUMP", Key: "dump", Enum: "DebugDumpOption"},
	{Env: "NVFUSER_ENABLE", Key: "enable", Enum: "EnableOption"},
	{Env: "NVFUSER_DISABLE", Key: "disable", Enum: "DisableOption"},
	{Env: "NVFUSER_PROF", Key: "prof", Enum: "ProfilerOption"},
}

// IsFamilyVar says whether name is one of nvFuser's option-family
// variables, whose value is a comma-separated option list. It takes the
// NVFUSER_ spelling: pass an old name through Canonical first.
func IsFamilyVar(name string) bool {
	for _, f := range Families {
		if f.Env == name {
			return true
		}
	}
	return false
}

// FamilyByEnum returns the family whose options are enumerators of enum.
func FamilyByEnum(enum string) (Family, bool) {
	for _, f := range Families {
		if f.Enum == enum {
			return f, true
		}
	}
	return Family{}, false
}

// Canonical maps the deprecated PYTORCH_NVFUSER_* spelling to NVFUSER_*;
// any other name is returned as is.
func Canonical(name string) string {
	if strings.HasPrefix(name, OldPrefix) {
		return strings.TrimPrefix(name, "PYTORCH_")
	}
	return name
}

// FamilyKey is the short, URL-safe key of the family read through env:
// NVFUSER_DUMP and PYTORCH_NVFUSER_DUMP are both "dump". It is derived,
// not looked up, so families a checkout adds get keys too.
func FamilyKey(env string) string {
	k := strings.TrimPrefix(env, "PYTORCH_")
	k = strings.TrimPrefix(k, Prefix)
	return strings.ToLower(k)
}

// Order is a family's place in Families, from 1; a family nvFuser's docs do
// not list (one a checkout adds) gets 10, after all of them.
func Order(key string) int {
	for i, f := range Families {
		if f.Key == key {
			return i + 1
		}
	}
	return 10
}
