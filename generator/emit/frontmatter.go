package emit

import (
	"bytes"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// Link is a labelled URL in front matter.
type Link struct {
	Text string `toml:"text"`
	URL  string `toml:"url,omitempty"`
	// Subject is a commit's subject, for a link to a commit (pages show
	// "subject (date, hash)"); "" for every other link.
	Subject string `toml:"subject,omitempty"`
}

// Ref is a page the current one links to: another note, an option.
type Ref struct {
	ID    string `toml:"id,omitempty"`
	Title string `toml:"title"`
	// URL is the page's address: lists of many references render without
	// a page lookup each (gen check still proves every link).
	URL    string `toml:"url"`
	Kind   string `toml:"kind,omitempty"`
	Status string `toml:"status,omitempty"`
	Note   string `toml:"note,omitempty"`
}

// page is one content file: TOML front matter, then a Markdown body.
type page struct {
	front any
	body  string
	// twinAt is the site path of the page's Markdown twin, from the
	// generator/urls call that named the page; "" for a page without one.
	// Its front matter then says so first (twin = true), before any
	// table, so that it is a top-level key whatever the page's shape
	// (templates link the twin, partial md/twin-url.md).
	twinAt string
	// search is the page's search document when emit writes it (a
	// check page: checksearch.go), not Hugo.
	search searchDoc
}

// searchDoc is a search document and its file below the rendered site.
type searchDoc struct {
	file string
	doc  []byte
}

// renderAt encodes the page, and says on which line of the output the
// body starts (what maps Hugo's line numbers back to the note's).
// The encoder is go-toml's, the TOML package Hugo reads front matter
// with: four times faster than BurntSushi/toml on the real handbook's
// 7,000 pages (docs/benchmarks.md). It writes struct fields in
// declaration order and map keys sorted, so the output is byte-stable.
func (p page) renderAt() ([]byte, int, error) {
	var buf bytes.Buffer
	buf.WriteString("+++\n")
	if p.twinAt != "" {
		buf.WriteString("twin = true\n")
	}
	enc := toml.NewEncoder(&buf)
	if err := enc.Encode(p.front); err != nil {
		return nil, 0, err
	}
	buf.WriteString("+++\n")
	bodyLine := 0
	if p.body != "" {
		buf.WriteString("\n")
		bodyLine = bytes.Count(buf.Bytes(), []byte("\n")) + 1
		buf.WriteString(strings.TrimRight(p.body, "\n"))
		buf.WriteString("\n")
	}
	return buf.Bytes(), bodyLine, nil
}
