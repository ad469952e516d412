package checks

import (
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// TitleLimit is about how long a check's title may be.
const TitleLimit = 80

// Headline is a check's title: its message with each run-time value shown
// as "…", up to a sentence or clause boundary within about TitleLimit
// characters, else cut at a word. The comparison forms' "Found … vs …. "
// is nvFuser's, not the caller's: the caller's text leads when there is
// some. A check with no text of its own is titled by its condition.
func Headline(c *model.Check) string {
	t := strings.Join(strings.Fields(c.Message()), " ")
	if rest, ok := strings.CutPrefix(t, "Found {} vs {}."); ok && strings.Trim(rest, "{} .") != "" {
		t = strings.TrimSpace(rest)
	}
	if strings.Trim(t, "{} .") == "" || strings.HasPrefix(t, "Found {} vs {}.") {
		t = "Expected " + strings.Join(strings.Fields(c.Condition), " ")
		if c.Condition == "" {
			t = c.Macro + " in " + c.Function
			if c.Function == "" {
				t = c.Macro + " in " + c.InMacro
			}
		}
	}
	return Shorten(strings.ReplaceAll(t, model.Placeholder, "…"), TitleLimit)
}

// Heading is the whole message with values as "…", for a page's heading.
func Heading(c *model.Check) string {
	t := strings.Join(strings.Fields(c.Message()), " ")
	if strings.Trim(t, "{} .") == "" {
		return Headline(c)
	}
	return strings.ReplaceAll(t, model.Placeholder, "…")
}

// Shorten cuts s to about limit characters: at the last sentence end
// (". ") past a third of it, else the last clause end (", " "; " ": "),
// else the last space; never inside a word.
func Shorten(s string, limit int) string {
	r := []rune(s)
	if len(r) <= limit {
		return s
	}
	head := string(r[:limit+1])
	for _, seps := range [][]string{{". ", "! ", "? "}, {"; ", ": ", ", ", " - ", " ("}} {
		best := -1
		for _, sep := range seps {
			if i := strings.LastIndex(head, sep); i > best {
				best = i
			}
		}
		if best >= len(head)/3 {
			out := strings.TrimRight(head[:best], " ,;:-(")
			if seps[0] == ". " {
				return out + head[best:best+1]
			}
			return out + " …"
		}
	}
	if i := strings.LastIndexByte(head, ' '); i > 0 {
		return strings.TrimRight(head[:i], " ,;:") + " …"
	}
	return string(r[:limit]) + "…" // one long word
}

// ShortID is a check's short id: six base-36 characters of a 32-bit
// FNV-1a hash of its id. It is stable for as long as the id is (docs/errors.md)
// and short enough to say aloud or paste in a chat.
func ShortID(id string) string {
	h := uint32(2166136261)
	for i := 0; i < len(id); i++ {
		h ^= uint32(id[i])
		h *= 16777619
	}
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	var b [6]byte
	n := uint64(h) % 2176782336 // 36^6
	for i := 5; i >= 0; i-- {
		b[i] = digits[n%36]
		n /= 36
	}
	return "e" + string(b[:])
}
