package model

import "strings"

// Accepts is what nvFuser's own code accepts for a variable's value, read
// from the checks and warnings on the variable's read path (never typed
// in): a range for a number it parses, or the choices it compares with.
type Accepts struct {
	// Min and Max bound the number read (inclusive); nil when unbounded
	// on that side.
	Min, Max *int64
	// Choices are the values compared with, in source order.
	Choices []string
	// Kind is what a value outside does: CheckWarning (nvFuser warns and
	// goes on) or CheckUser/CheckInternal (it stops with an error).
	Kind string
	// Pieces is what nvFuser prints then (the check's message runs, one
	// run-time value between two), and Check its check's id ("" when the
	// message is not a check the handbook has a page for).
	Pieces []string
	Check  string
	// At is the line of the condition.
	At Location
}

// CodeDefault is a variable's value when it is unset, as the code that
// reads it states it (a getNvFuserEnv fallback, "v ? parse(v) : X").
type CodeDefault struct {
	Value string
	At    Location
}

// SameDefault reports whether the YAML's default text states the code's
// value: equal ignoring case, quotes and spaces, with "false"/"true"
// and "0"/"1" (a flag read with atoi) taken as equal.
func SameDefault(code, yaml string) bool {
	norm := func(s string) string {
		s = strings.ToLower(strings.Trim(strings.TrimSpace(s), `"'`))
		switch s {
		case "false", "off", "no":
			return "0"
		case "true", "on", "yes":
			return "1"
		}
		return s
	}
	return norm(code) == norm(yaml)
}
