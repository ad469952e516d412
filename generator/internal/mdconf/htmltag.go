package mdconf

import (
	"regexp"
	"strings"
)

// What raw HTML in a note is text: the emit stage's sanitizer shows such a
// tag as written, and the notes stage keeps it in a summary, so both ask
// here.

// htmlElements are the names HTML gives elements (besides those
// htmlPolicy keeps: script, style, iframe, form, svg, ...), with SVG's and
// MathML's common ones. A tag with
// any other name is not HTML: "std::vector<int>", "<module>" in a
// traceback, "NVFUSER_DUMP=<option>". GitHub drops those too; a
// debugging handbook shows them as the text they are.
var htmlElements = func() map[string]bool {
	m := map[string]bool{}
	for _, e := range strings.Fields(`a abbr acronym address applet area article aside audio b base
		basefont bdi bdo bgsound big blink blockquote body br button canvas caption center cite
		code col colgroup data datalist dd del details dfn dialog dir div dl dt em embed fieldset
		figcaption figure font footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr
		html i iframe image img input ins isindex kbd keygen label legend li link listing main map
		mark marquee math menu menuitem meta meter multicol nav nextid nobr noembed noframes
		noscript object ol optgroup option output p param picture plaintext portal pre progress q
		rb rp rt rtc ruby s samp script search section select slot small source spacer span strike
		strong style sub summary sup svg table tbody td template textarea tfoot th thead time title
		tr track tt u ul var video wbr xmp
		circle clippath defs ellipse foreignobject g line lineargradient marker mask path pattern
		polygon polyline radialgradient rect stop symbol text tspan use
		mi mn mo mrow ms mtext msub msup mfrac msqrt mroot mtable mtr mtd semantics annotation`) {
		m[e] = true
	}
	return m
}()

// tagNameRE reads the element name of a tag ("<b ...>", "</b>").
var tagNameRE = regexp.MustCompile(`^</?([A-Za-z][A-Za-z0-9-]*)`)

// NotHTML reports whether the raw HTML fragment frag opens with a tag
// whose name is no HTML element's (see htmlElements).
func NotHTML(frag string) bool {
	m := tagNameRE.FindStringSubmatch(frag)
	return m != nil && !htmlElements[strings.ToLower(m[1])]
}
