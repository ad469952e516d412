package emit

import (
	"reflect"
	"testing"
)

func TestVocabulary(t *testing.T) {
	for _, c := range []struct {
		name  string
		texts []string
		want  []string
	}{
		{"words once, lower-cased, sorted", []string{"Segfault in the Segmenter", "the segfault"}, []string{"in", "segfault", "segmenter", "the"}},
		{"a joined word and its parts", []string{"seg_id and fusion-ir, csrc/a.cpp"}, []string{"a", "a.cpp", "and", "cpp", "csrc", "fusion", "fusion-ir", "id", "ir", "seg", "seg_id"}},
		{"Markdown and code marks are not words", []string{"**bold** `NVFUSER_DUMP=fusion_ir` ## x"}, []string{"bold", "dump", "fusion", "fusion_ir", "ir", "nvfuser", "nvfuser_dump", "x"}},
		{"joiners at the ends are dropped", []string{"__init__ ... -x-"}, []string{"init", "x"}},
		{"letters of any script", []string{"Größe 大小"}, []string{"größe", "大小"}},
		{"nothing", []string{"", " ,;! "}, []string{}},
		// A note's markup or script never reaches the document: only
		// letters, digits and joiners make a word (and html/template
		// escapes the words besides).
		{"markup is not a word", []string{`<script>alert("x")</script><img src=x onerror=y>`}, []string{"alert", "img", "onerror", "script", "src", "x", "y"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := vocabulary(c.texts); !reflect.DeepEqual(got, c.want) {
				t.Errorf("vocabulary(%q) = %q, want %q", c.texts, got, c.want)
			}
		})
	}
}
