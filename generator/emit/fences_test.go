package emit

import "testing"

func TestCleanFences(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"no fence", "a {b}\n", "a {b}\n"},
		{"fence without options", "```go\nx := map[string]int{}\n```\n", "```go\nx := map[string]int{}\n```\n"},
		{"documented options kept as written", "```go {linenos=true}\nf()\n```\n", "```go {linenos=true}\nf()\n```\n"},
		{"lineanchors dropped", "```go {linenos=true,lineanchors=\"\\\"><img src=x onerror=alert(1)>\"}\nf()\n```\n", "```go {linenos=true}\nf()\n```\n"},
		{"every option dropped", "~~~cpp {style=monokai,noclasses=true}\nint x;\n~~~\n", "~~~cpp\nint x;\n~~~\n"},
		{"in a list and a quote", "- a\n\n  ```sh {anchorlinenos=true}\n  ls\n  ```\n\n> ```py {lineanchors=x}\n> p\n> ```\n", "- a\n\n  ```sh\n  ls\n  ```\n\n> ```py\n> p\n> ```\n"},
		{"code that looks like a fence with options", "````md\n```go {lineanchors=x}\n````\n", "````md\n```go {lineanchors=x}\n````\n"},
		{"two fences", "```a {x=1}\n```\ntext\n```b {hl_lines=2}\n```\n", "```a\n```\ntext\n```b {hl_lines=\"2\"}\n```\n"}, // written in normal form
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := cleanFences(tc.in); got != tc.want {
				t.Errorf("cleanFences =\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}
