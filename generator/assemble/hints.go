package assemble

import (
	"regexp"
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/csrcscan"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// mention is NAME or NAME=value in a message: "NVFUSER_DISABLE=parallel_compile",
// "NVFUSER_JIT_OPT_LEVEL". A value may list several options.
var mention = regexp.MustCompile(`\b(?:PYTORCH_)?NVFUSER_[A-Z0-9_]*[A-Z0-9]\b(?:=([A-Za-z0-9_.]+(?:,[A-Za-z0-9_.]+)*))?`)

// mergeHints attaches each message that names a known variable, or a known
// option as NAME=option, to that variable's or option's page. A message
// naming an option counts for the option, not for the family variable as a
// whole. Each page lists a message once.
func mergeHints(h *model.Handbook, msgs []csrcscan.Message) {
	seen := map[string]bool{}
	add := func(list *[]model.Hint, key string, m csrcscan.Message, offset int) {
		hint := model.Hint{Kind: m.Kind, Macro: m.Macro, Message: strings.TrimSpace(m.Text),
			Where: model.Location{File: m.Where.File, Line: m.LineAt(offset)}}
		if k := key + "@" + m.Where.String(); !seen[k] {
			seen[k] = true
			*list = append(*list, hint)
		}
	}
	for _, m := range msgs {
		for _, loc := range mention.FindAllStringSubmatchIndex(m.Text, -1) {
			name := m.Text[loc[0]:loc[1]]
			name, value, _ := strings.Cut(name, "=")
			onOption := false
			if value != "" && h.Family(name) != nil {
				for _, v := range strings.Split(value, ",") {
					if o := h.Option(name, v); o != nil {
						add(&o.Hints, "opt:"+o.Key(), m, loc[0])
						onOption = true
					}
				}
			}
			if v := h.Variable(name); v != nil && !onOption {
				add(&v.Hints, "var:"+v.Name, m, loc[0])
			}
		}
	}
	for _, v := range h.Variables {
		sortHints(v.Hints)
	}
	for _, o := range h.Options {
		sortHints(o.Hints)
	}
}

func sortHints(hs []model.Hint) {
	sort.Slice(hs, func(i, j int) bool {
		a, b := hs[i].Where, hs[j].Where
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
}
