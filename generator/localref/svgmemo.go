package localref

import (
	"crypto/sha256"
	"sync"
)

// svgVerdicts keeps svgActive's answer for each SVG content seen in this
// process: gen serve resolves every note's images again after any edit,
// and reading nvFuser's figures token by token was a twentieth of a note
// edit's work on the real handbook. Keyed by the content's digest, so an
// edited figure is read again; bounded, since a long session may see many.
var svgVerdicts = struct {
	sync.Mutex
	m map[[sha256.Size]byte]string
}{m: map[[sha256.Size]byte]string{}}

// maxSVGVerdicts bounds svgVerdicts: past it, the memo starts over.
const maxSVGVerdicts = 4096

// svgVerdict is svgActive(data), from the memo when the same content was
// judged before.
func svgVerdict(data []byte) string {
	key := sha256.Sum256(data)
	svgVerdicts.Lock()
	why, ok := svgVerdicts.m[key]
	svgVerdicts.Unlock()
	if ok {
		return why
	}
	why = svgActive(data)
	svgVerdicts.Lock()
	if len(svgVerdicts.m) >= maxSVGVerdicts {
		clear(svgVerdicts.m)
	}
	svgVerdicts.m[key] = why
	svgVerdicts.Unlock()
	return why
}
