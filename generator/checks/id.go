package checks

import (
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// The id scheme (docs/errors.md has the reader's version). A check's id is
//
//	<function>-<first words of its message>
//
// all lower case, runs of anything but letters and digits made one "-":
// "validatevectorize-vectorized-accesses-cannot-be-inline-with". The
// function is the named function the check is in (the one around a
// lambda), the #define name for a check in a macro body, or the file's
// base name for one outside any function. The words are the first
// IDWords words of the message's text written by the caller (the
// comparison forms' "Found a vs b. " is nvFuser's, not the caller's); a
// check with no text of its own uses the words of its condition, and one
// with neither is "<function>-throw".
//
// What nvFuser's macros already have at the throw site (__func__ and the
// message's first literal) is all it takes, so the id survives lines
// moving and files being renamed, and a rewording that keeps the first
// words. Checks that share an id (two bare NVF_ERROR(x != nullptr) in one
// function) are numbered in source order: the first keeps the id, the next
// ones get "-2", "-3", ...

// IDWords is how many words of the message an id keeps.
const IDWords = 6

// maxIDLen caps an id's length (a URL segment).
const maxIDLen = 80

// BaseID is a check's id before collisions are numbered: c.Base, as
// AssignIDs kept it, else made from the check's text.
func BaseID(c *model.Check) string {
	if c.Base != "" {
		return c.Base
	}
	return makeBaseID(c)
}

func makeBaseID(c *model.Check) string {
	fn := c.Within
	if fn == "" {
		fn = c.Function
	}
	if fn == "" {
		fn = c.InMacro
	}
	if fn == "" {
		base := c.Where.File[strings.LastIndexByte(c.Where.File, '/')+1:]
		fn, _, _ = strings.Cut(base, ".")
	}
	words := slugWords(OwnText(c), IDWords)
	if len(words) == 0 {
		words = slugWords(c.Condition, IDWords)
	}
	if len(words) == 0 {
		words = []string{"throw"}
	}
	id := strings.Join(append(slugWords(fn, 8), words...), "-")
	if len(id) > maxIDLen {
		id = strings.TrimRight(id[:maxIDLen], "-")
	}
	return id
}

// WordsPart is the part of a check's base id after its function's: the
// words of its message (or condition). The history pairs a check whose
// function was renamed by it.
func WordsPart(c *model.Check) string {
	words := slugWords(OwnText(c), IDWords)
	if len(words) == 0 {
		words = slugWords(c.Condition, IDWords)
	}
	return strings.Join(words, "-")
}

// OwnText is the literal text the caller wrote for the message, without the
// comparison forms' "Found {} vs {}. " prefix, values left out.
func OwnText(c *model.Check) string {
	pieces := c.Pieces
	if Macros[c.Macro].Op != "" && len(pieces) >= len(comparisonPieces) {
		pieces = append([]string{strings.TrimPrefix(pieces[2], comparisonPieces[2])}, pieces[3:]...)
	}
	return strings.Join(pieces, " ")
}

// slugWords splits s into lower-case runs of letters and digits, at most n.
func slugWords(s string, n int) []string {
	var words []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool {
		return !(r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)))
	}) {
		words = append(words, strings.ToLower(w))
		if len(words) == n {
			break
		}
	}
	return words
}

// AssignIDs gives every check its id: BaseID, numbered in (file, line)
// order where several share one. It sorts cs by file and line.
func AssignIDs(cs []model.Check) {
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := cs[i].Where, cs[j].Where
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
	used := map[string]bool{}
	for i := range cs {
		base := makeBaseID(&cs[i])
		cs[i].Base = base
		id := base
		for n := 2; used[id]; n++ {
			id = base + "-" + strconv.Itoa(n)
		}
		used[id] = true
		cs[i].ID = id
	}
	numberLegacy(cs)
}

// OldWording is the words of an id after its function's: the first
// words of the message the check had when it was known by that id.
func OldWording(id, fn string) string {
	words := strings.Split(id, "-")
	if fw := slugWords(fn, 8); len(fw) > 0 && len(words) > len(fw) && strings.Join(words[:len(fw)], "-") == strings.Join(fw, "-") {
		words = words[len(fw):]
	}
	// A numbered twin's suffix is no word of the message.
	if n := len(words); n > 1 && strings.Trim(words[n-1], "0123456789") == "" {
		words = words[:n-1]
	}
	return strings.Join(words, " ")
}
