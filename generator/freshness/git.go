package freshness

import "github.com/nvfuser-handbook/handbook/generator/internal/gitcmd"

// git runs one git command in dir and returns its standard output.
func git(dir string, args ...string) (string, error) {
	out, err := gitcmd.Run(dir, args...)
	return string(out), err
}

// lines splits command output into its non-empty lines.
func lines(s string) []string { return gitcmd.Lines([]byte(s)) }
