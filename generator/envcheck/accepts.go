package envcheck

import (
	"strconv"
	"strings"
)

// maxDigits bounds the digits read as a number; more saturate (the
// browser port counts in float64, exact to 15 digits).
const maxDigits = 15

// atoi reads value as C's atoi does (nvFuser parses with atoi and
// friends): leading white space, a sign, digits up to the first other
// character; no digits read as 0.
func atoi(value string) int64 {
	s := strings.TrimLeft(value, " \t\n\v\f\r")
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	var v int64
	if n > maxDigits {
		v = 1_000_000_000_000_000 // saturated: 10^15
	} else if n > 0 {
		v, _ = strconv.ParseInt(s[:n], 10, 64)
	}
	if neg {
		v = -v
	}
	return v
}

// outside is the verdict on value against what nvFuser accepts for name;
// nil when it is accepted.
func outside(name, value string, a *Accepts) *Outside {
	var shown, what string
	if len(a.Choices) > 0 {
		for _, c := range a.Choices {
			if c == value {
				return nil
			}
		}
		shown, what = value, "one of '"+strings.Join(a.Choices, "', '")+"'"
	} else {
		n := atoi(value)
		if (a.Min == nil || n >= *a.Min) && (a.Max == nil || n <= *a.Max) {
			return nil
		}
		shown = strconv.FormatInt(n, 10)
		switch {
		case a.Min != nil && a.Max != nil:
			what = strconv.FormatInt(*a.Min, 10) + " to " + strconv.FormatInt(*a.Max, 10)
		case a.Min != nil:
			what = strconv.FormatInt(*a.Min, 10) + " or more"
		default:
			what = "at most " + strconv.FormatInt(*a.Max, 10)
		}
		if shown != value {
			what += " (nvFuser reads '" + value + "' as " + shown + ")"
		}
	}
	does := "nvFuser stops with an error"
	if a.Kind == "warning" {
		does = "nvFuser warns"
	}
	return &Outside{Kind: a.Kind, URL: a.CheckURL, Prints: strings.Join(a.Pieces, shown),
		Message: name + " accepts " + what + "; " + does + " otherwise"}
}
