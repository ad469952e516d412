package notes

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// finish sorts and deduplicates every list so output is deterministic and
// independent of extraction order. Where an item occurs on several lines,
// the first occurrence is kept. Commands and signatures keep document
// order (line, then text) because that is the order a reader follows;
// everything else is sorted by value.
func finish(n *model.Note) {
	n.Commands = dedupFirst(n.Commands,
		func(c model.Command) string { return c.Text },
		func(c model.Command) int { return c.Line },
		func(a, b model.Command) int { return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Text, b.Text)) })
	n.Signatures = dedupFirst(n.Signatures,
		func(s model.Signature) string { return s.Kind + "\x00" + s.Text },
		func(s model.Signature) int { return s.Line },
		func(a, b model.Signature) int {
			return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Text, b.Text))
		})
	n.Env = dedupFirst(n.Env,
		func(e model.EnvSetting) string { return e.Name + "=" + e.Value },
		func(e model.EnvSetting) int { return e.Line },
		func(a, b model.EnvSetting) int {
			return cmp.Or(cmp.Compare(a.Name, b.Name), cmp.Compare(a.Value, b.Value))
		})
	n.Options = dedupFirst(n.Options,
		func(o model.OptionUse) string { return optionKey(o) },
		func(o model.OptionUse) int { return o.Line },
		func(a, b model.OptionUse) int { return cmp.Compare(optionKey(a), optionKey(b)) })
	n.Files = dedupFirst(n.Files,
		func(f model.FileRef) string { return f.String() },
		func(f model.FileRef) int { return f.Line },
		func(a, b model.FileRef) int {
			return cmp.Or(cmp.Compare(a.Path, b.Path), cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End))
		})
	for _, p := range []*[]string{&n.Aliases, &n.Symbols, &n.Tests, &n.Commits, &n.Issues, &n.Tools, &n.Dates} {
		*p = sortedSet(*p)
	}
	slices.SortFunc(n.Issues, func(a, b string) int {
		return cmp.Or(cmp.Compare(len(a), len(b)), cmp.Compare(a, b)) // numeric order for "#n"
	})
}

// optionKey includes Known so a malformed spelling of an option is kept
// next to a well-formed one; args are joined with NUL so ["3,4"] (from an
// unclosed parenthesis) and ["3", "4"] differ.
func optionKey(o model.OptionUse) string {
	return fmt.Sprintf("%s=%s(%s)%t", o.Env, o.Name, strings.Join(o.Args, "\x00"), o.Known)
}

// dedupFirst keeps, for each key, the item with the smallest line, then
// sorts with less.
func dedupFirst[T any](items []T, key func(T) string, line func(T) int, less func(a, b T) int) []T {
	if len(items) == 0 {
		return nil
	}
	best := map[string]int{}
	var out []T
	for _, it := range items {
		k := key(it)
		if i, ok := best[k]; ok {
			if line(it) < line(out[i]) {
				out[i] = it
			}
			continue
		}
		best[k] = len(out)
		out = append(out, it)
	}
	slices.SortStableFunc(out, less)
	return out
}

func sortedSet(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	slices.Sort(s)
	return slices.Compact(s)
}
