package emit

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gohugoio/hugo/parser/metadecoders"
)

// fuzzFront is front matter of the shapes pages use: plain keys, a table,
// an array of tables, a list of strings.
type fuzzFront struct {
	Title   string   `toml:"title"`
	Aliases []string `toml:"aliases,omitempty"`
	Params  struct {
		Message string `toml:"message,omitempty"`
		Where   Link   `toml:"where"`
		Refs    []Ref  `toml:"refs,omitempty"`
	} `toml:"params"`
}

// FuzzFrontMatter: whatever a note, a doc or nvFuser's code puts in a
// string, Hugo's own decoder reads the front matter emit wrote back to
// the same string, and the body starts on the line renderAt says.
func FuzzFrontMatter(f *testing.F) {
	for _, s := range []string{"plain", "it's \"quoted\"", "'''", `"""`, "two\nlines", "tab\there", "\x00\x1b\x7f", "+++", "a = 'b'\n[params]", "\u2028\ufeff", "\\u0041"} {
		f.Add(s, "body "+s)
	}
	f.Fuzz(func(t *testing.T, s, body string) {
		if !utf8.ValidString(s) {
			s = strings.ToValidUTF8(s, "?") // the model's strings are text
		}
		var fm fuzzFront
		fm.Title, fm.Aliases = s, []string{s, "/x/"}
		fm.Params.Message, fm.Params.Where = s, Link{Text: s, URL: "/u/" + s}
		fm.Params.Refs = []Ref{{Title: s, URL: "/r/"}, {Title: "t", URL: s, Kind: s}}
		body = strings.ReplaceAll(body, "+++", "") // emit's bodies never hold the fence: Markdown it made
		out, bodyLine, err := page{front: fm, body: body, twinAt: "/x/"}.renderAt()
		if err != nil {
			t.Fatal(err)
		}
		text := string(out)
		if !strings.HasPrefix(text, "+++\ntwin = true\n") {
			t.Fatalf("front matter does not open with the twin flag:\n%s", text)
		}
		end := strings.Index(text[4:], "\n+++\n")
		if end < 0 {
			t.Fatalf("no closing fence:\n%s", text)
		}
		m, err := metadecoders.Default.UnmarshalToMap([]byte(text[4:4+end+1]), metadecoders.TOML)
		if err != nil {
			t.Fatalf("Hugo cannot read the front matter: %v\n%s", err, text)
		}
		params, _ := m["params"].(map[string]any)
		where, _ := params["where"].(map[string]any)
		refs, _ := params["refs"].([]any)
		// An empty message is left out (omitempty): read back as "".
		message, _ := params["message"].(string)
		if m["title"] != s || message != s || where["text"] != s || len(refs) != 2 {
			t.Fatalf("read back differently: %#v\nfrom\n%s", m, text)
		}
		if ref, _ := refs[1].(map[string]any); ref["url"] != s {
			t.Fatalf("ref url read back as %#v from\n%s", ref["url"], text)
		}
		if body != "" {
			lines := strings.Split(text, "\n")
			if bodyLine < 1 || bodyLine > len(lines) || !strings.HasPrefix(strings.Join(lines[bodyLine-1:], "\n"), strings.TrimRight(body, "\n")) {
				t.Fatalf("body said to start on line %d of\n%s", bodyLine, text)
			}
		}
	})
}
