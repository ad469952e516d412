package sources

import (
	"github.com/nvfuser-handbook/handbook/generator/internal/gitcmd"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// HeadRevision is the commit checked out at dir and its committer date, when
// dir is the top of a git work tree. A plain tree, a folder inside some
// other repository, or a machine without git gives the zero Revision: source
// links then fall back to the configured ref.
//
// Only HEAD is read, here, once per run; history is other packages' business.
func HeadRevision(dir string) model.Revision {
	commit, date, ok := gitcmd.Head(dir)
	if !ok {
		return model.Revision{}
	}
	return model.Revision{Commit: commit, Date: date}
}
