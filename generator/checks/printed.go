package checks

import (
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Title is the message template, or "Expected <condition>" when the
// check has no message of its own, cut to a title's length.
func Title(c *model.Check) string {
	t := strings.Join(strings.Fields(c.Message()), " ")
	if strings.Trim(t, "{} .") == "" || strings.HasPrefix(t, "Found {} vs {}.") && len(t) <= len("Found {} vs {}.") {
		t = "Expected " + strings.Join(strings.Fields(c.Condition), " ")
		if c.Condition == "" {
			t = c.Macro + " in " + c.Function
		}
	}
	if r := []rune(t); len(r) > 110 {
		t = strings.TrimSpace(string(r[:109])) + "…"
	}
	return t
}

// Printed is what nvFuser prints when the check fails (see the package
// comment), the install prefix
// of the file left out.
func Printed(c *model.Check) string {
	before, after := PrintedAround(c)
	return before + c.Message() + after
}

// PrintedAround is what nvFuser prints before and after the check's
// message (Printed is before + message + after): a page shows the
// message's values as labelled slots between the two.
func PrintedAround(c *model.Check) (before, after string) {
	loc := c.Where.String()
	fn := c.Function
	if fn == "" {
		fn = "<function using " + c.InMacro + ">"
	}
	raised := "Exception raised from " + fn + " at " + loc + " (most recent call first):"
	expected := ""
	if c.Condition != "" {
		expected = "Expected " + c.Condition + " . "
	}
	switch c.Kind {
	case model.CheckInternal, model.CheckThrow:
		return " INTERNAL ASSERT FAILED at " + loc + ", please report a bug …\n" + expected, "\n" + raised
	case model.CheckUser:
		return expected, "\n" + raised
	}
	return "Warning: ", " (function " + fn + ")"
}

// Frames are the first backtrace frames every failure of the check
// prints: the functions nvFuser raises through.
func Frames(c *model.Check) string {
	switch c.Kind {
	case model.CheckInternal, model.CheckThrow:
		return "frame #0: nvfuser::nvfCheckFail(char const*, char const*, long, std::string const&)\n" +
			"frame #1: nvfuser::nvfErrorFail(char const*, char const*, long, char const*, std::string const&)\n"
	case model.CheckUser:
		return "frame #0: nvfuser::nvfCheckFail(char const*, char const*, long, std::string const&)\n"
	}
	return ""
}
