// Command evallookup measures the error lookup of a built handbook on
// corpora of error texts whose answers are known: for each error it asks
// the lookup what ranks first and counts how often that is the page of the
// check that raised the error (or a note that explains it), how often the
// right page is in the top three, and how often something unrelated comes
// first, for errors nvFuser raised and for errors it did not.
//
//	go run ./cmd/gen --source ../Fuser --notes ../shared/seeds --out /tmp/site
//	go run ./internal/cmd/evallookup -site /tmp/site                     # the team corpus
//	go run ./internal/cmd/evallookup -site /tmp/site /work/eval/real-errors -v
//
// A corpus folder is either the team corpus layout (internal/errcorpus:
// headered case files) or a folder of pasted errors with an answers.tsv.
// With -source, each expected check is also looked for in that checkout,
// and those no longer in it (removed or moved away since the error was
// pasted) are counted separately. docs/errors-evaluation.md records the
// figures and the method.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/nvfuser-handbook/handbook/generator/lookup"
	"github.com/nvfuser-handbook/handbook/internal/errcorpus"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "evallookup:", err)
		os.Exit(1)
	}
}

func run(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("evallookup", flag.ContinueOnError)
	site := fs.String("site", "public", "the built handbook (its api/lookup.json, and the check facts in it and in api/errors.json when present)")
	source := fs.String("source", "", "an nvFuser checkout: also report which expected checks are no longer in it")
	verbose := fs.Bool("v", false, "list every case: expected, first result, verdict")
	if err := fs.Parse(args); err != nil {
		return err
	}
	dirs := fs.Args()
	if len(dirs) == 0 {
		dirs = []string{errcorpus.Dir()}
	}
	idx, err := lookup.Load(*site)
	if err != nil {
		return err
	}
	checks, err := loadCheckRecords(*site)
	if err != nil {
		return err
	}
	var scores []score
	for _, dir := range dirs {
		cases, err := errcorpus.Load(dir)
		if err != nil {
			return err
		}
		s := score{corpus: dir}
		if dir == errcorpus.Dir() {
			s.corpus = "team corpus (internal/errcorpus/cases)"
		}
		for i := range cases {
			c := &cases[i]
			v := judge(c, results(idx, c.Text), checks)
			if *source != "" && c.Expect != nil {
				if _, err := errcorpus.Locate(*source, *c.Expect); err != nil {
					v.gone = true
				}
			}
			s.add(v)
			if *verbose {
				fmt.Fprintln(out, v.line(c))
			}
		}
		scores = append(scores, s)
	}
	if *verbose {
		fmt.Fprintln(out)
	}
	writeTable(out, scores, *source != "")
	return nil
}

// results ranks the text and returns each match as generic JSON, so the
// judge reads whatever a match carries (a check's file, function and
// message once the lookup names them) without depending on its Go type.
func results(idx *lookup.Index, text string) []map[string]any {
	var out []map[string]any
	data, err := json.Marshal(idx.Rank(text))
	if err != nil {
		panic(err) // lookup.Match is plain data
	}
	if err := json.Unmarshal(data, &out); err != nil {
		panic(err)
	}
	return out
}
