package check

import (
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// TestInboundCheckLinks: links nvFuser prints to check pages resolve when
// the check has a page, when its id is a former one (an alias) and when
// the check was removed (its own page); an id the site never had is a
// problem naming the file and line in the checkout.
func TestInboundCheckLinks(t *testing.T) {
	dir := site(t, map[string]string{
		"errors/index.html": "<p>index</p>",
		"errors/validateandcollectvectorizeinfo-vectorized-accesses-cannot-be-inline-with/index.html": "<p>check</p>",
		"errors/revert-multiple-use-of-replicated-upcast-tensor/index.html":                           `<meta http-equiv="refresh" content="0; url=/errors/x/">`,
		"errors/allocateoutput-alias-io-only-supports-tensor-found/index.html":                        "<p>removed</p>",
	})
	at := func(line int) model.Location { return model.Location{File: "csrc/exceptions.cpp", Line: line} }
	links := []model.InboundLink{
		{URL: "https://hb.example/errors/", Path: "/errors/", Where: at(1)},
		{URL: "https://hb.example/errors/validateandcollectvectorizeinfo-vectorized-accesses-cannot-be-inline-with/", Path: "/errors/validateandcollectvectorizeinfo-vectorized-accesses-cannot-be-inline-with/", Where: at(2)},
		{URL: "https://hb.example/errors/revert-multiple-use-of-replicated-upcast-tensor/", Path: "/errors/revert-multiple-use-of-replicated-upcast-tensor/", Where: at(3)},
		{URL: "https://hb.example/errors/allocateoutput-alias-io-only-supports-tensor-found/", Path: "/errors/allocateoutput-alias-io-only-supports-tensor-found/", Where: at(4)},
		{URL: "https://hb.example/errors/never-a-check/", Path: "/errors/never-a-check/", Where: at(5)},
	}
	got := Inbound(dir, links)
	if len(got) != 1 || got[0].File != "csrc/exceptions.cpp" || got[0].Line != 5 || !strings.Contains(got[0].Msg, "/errors/never-a-check/") {
		t.Errorf("problems %+v; want one, for /errors/never-a-check/ at csrc/exceptions.cpp:5", got)
	}
}
