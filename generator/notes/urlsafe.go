package notes

import "github.com/nvfuser-handbook/handbook/generator/internal/urlsafe"

// URLSafety says whether a URL written in a note may become a link: only
// http, https and mailto URLs, fragments and relative URLs may (see
// urlsafe.Check, which linkify and emit apply to the links they make).
func URLSafety(dest string) (safe bool, why string) { return urlsafe.Check(dest) }
