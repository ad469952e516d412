package notes

import (
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// shellLangs are fence languages whose every line (or every prompt line,
// when the block shows prompts) is a command.
var shellLangs = map[string]bool{
	"bash": true, "sh": true, "shell": true, "zsh": true, "console": true,
	"shell-session": true, "sh-session": true, "shellsession": true,
	"terminal": true, "fish": true,
}

// plainLangs are fences that may hold commands among other text (logs,
// transcripts); only lines that look like commands are taken from them.
var plainLangs = map[string]bool{"": true, "text": true, "txt": true, "plaintext": true, "log": true, "output": true}

// commands extracts commands from shell and plain code blocks and from
// inline code. Continuation lines ending in "\" are joined. When a block
// shows prompts ("$ cmd"), only prompt lines are commands and the rest is
// output.
func (x *extractor) commands() {
	for _, b := range x.doc.blocks {
		shell := shellLangs[b.lang]
		if !shell && !plainLangs[b.lang] {
			continue
		}
		prompts := false
		for _, ui := range b.units {
			if _, ok := stripPrompt(x.doc.units[ui].text); ok {
				prompts = true
				break
			}
		}
		for i := 0; i < len(b.units); i++ {
			u := x.doc.units[b.units[i]]
			t, prompted := stripPrompt(u.text)
			t = strings.TrimSpace(t)
			for strings.HasSuffix(t, `\`) && i+1 < len(b.units) {
				i++
				t = strings.TrimSpace(strings.TrimSuffix(t, `\`)) + " " + strings.TrimSpace(x.doc.units[b.units[i]].text)
			}
			t = strings.TrimSpace(strings.TrimSuffix(t, `\`))
			switch {
			case t == "" || strings.HasPrefix(t, "#"):
				continue
			case prompts && !prompted:
				continue
			case !shell && !prompted && !commandStart(t):
				continue
			}
			x.command(t, u.line)
		}
	}
	for _, u := range x.doc.units {
		if u.kind == unitCode && commandStart(u.text) {
			x.command(u.text, u.line)
		}
	}
}

func (x *extractor) command(t string, line int) {
	x.note.Commands = append(x.note.Commands, model.Command{Text: t, Kind: commandKind(t), Line: line})
}
