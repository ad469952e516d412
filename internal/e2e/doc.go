// Package e2e holds the handbook's browser tests. They build the site once
// per test binary, exactly as `go run ./cmd/gen` does (the embedded example
// plus the notes in testdata/notes), serve it on 127.0.0.1 and drive
// headless Chromium through chromedp against it. Everything is in _test.go
// files; this file only names the package.
//
// Without `chromium` on PATH the browser tests skip; TestInternalLinks needs
// no browser. Screenshots go to $HANDBOOK_ARTIFACTS, else internal/e2e/artifacts/.
package e2e
