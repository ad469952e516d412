// Package checks finds every error and warning nvFuser's C++ can raise
// through its checking macros (NVF_ERROR, NVF_CHECK, NVF_THROW, their
// comparison forms, TORCH_WARN), with what nvFuser prints for each: the
// message as a template, the condition, the enclosing function, the file
// and line. It works on cpplex tokens, so comments, string literals with
// escaped quotes or parentheses, raw strings and preprocessor lines never
// throw it off, and a call split over many lines is still one call.
//
// What nvFuser prints (csrc/exceptions.h, exceptions.cpp at 81c4b22):
//
//   - NVF_ERROR(cond, args...) and NVF_THROW(args...) raise through
//     nvfErrorFail: " INTERNAL ASSERT FAILED at FILE:LINE, please report a
//     bug ...", a newline, then "Expected <cond> . " (NVF_ERROR only) and
//     the arguments streamed one after the other with nothing between them.
//   - NVF_CHECK(cond, args...) raises through nvfCheckFail: "Expected
//     <cond> . " and the arguments.
//   - NVF_ERROR_EQ(a, b, args...) and the other comparison forms are
//     NVF_ERROR((a)==(b), "Found ", a, " vs ", b, ". ", args...).
//   - Every error ends with "Exception raised from F at FILE:LINE (most
//     recent call first):", F being __func__ of the function the macro is
//     in (unqualified; "operator()" in a lambda) and FILE the path the
//     compiler was given (any install prefix).
//
// The hint scanner (generator/csrcscan) reads its messages through
// CallAt, so there is one reading of these macros.
package checks

import "github.com/nvfuser-handbook/handbook/generator/model"

// Macro describes one checking macro.
type Macro struct {
	Kind string // model.CheckInternal, ...
	// Operands is how many arguments come before the message: the
	// condition, or the two sides of a comparison.
	Operands int
	// Op is the comparison operator of the _EQ/_NE/... forms, "" otherwise.
	Op string
}

// Macros are nvFuser's (and PyTorch's) checking and warning macros.
var Macros = map[string]Macro{
	"NVF_ERROR":             {model.CheckInternal, 1, ""},
	"NVF_CHECK":             {model.CheckUser, 1, ""},
	"NVF_THROW":             {model.CheckThrow, 0, ""},
	"TORCH_CHECK":           {model.CheckUser, 1, ""},
	"TORCH_INTERNAL_ASSERT": {model.CheckInternal, 1, ""},
	"TORCH_WARN":            {model.CheckWarning, 0, ""},
	"TORCH_WARN_ONCE":       {model.CheckWarning, 0, ""},
	"NVF_ERROR_EQ":          {model.CheckInternal, 2, "=="},
	"NVF_ERROR_NE":          {model.CheckInternal, 2, "!="},
	"NVF_ERROR_LT":          {model.CheckInternal, 2, "<"},
	"NVF_ERROR_LE":          {model.CheckInternal, 2, "<="},
	"NVF_ERROR_GT":          {model.CheckInternal, 2, ">"},
	"NVF_ERROR_GE":          {model.CheckInternal, 2, ">="},
	"NVF_CHECK_EQ":          {model.CheckUser, 2, "=="},
	"NVF_CHECK_NE":          {model.CheckUser, 2, "!="},
	"NVF_CHECK_LT":          {model.CheckUser, 2, "<"},
	"NVF_CHECK_LE":          {model.CheckUser, 2, "<="},
	"NVF_CHECK_GT":          {model.CheckUser, 2, ">"},
	"NVF_CHECK_GE":          {model.CheckUser, 2, ">="},
}

// comparisonPieces are the literals the comparison forms put before the
// caller's message: "Found <a> vs <b>. ".
var comparisonPieces = []string{"Found ", " vs ", ". "}
