package fsutil

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/nvfuser-handbook/handbook/generator/internal/parallel"
)

// WriteAll writes files (contents by slash-separated path below dir)
// under dir, on every core: thousands of small files (twins, search
// documents), each a few syscalls. A file's folder is made only when the
// write says it is missing, a syscall less for each file whose folder is
// there. A name that would leave dir (absolute, "..") is refused before
// anything is written; after that, the first error in name order is
// returned, the same one every time.
func WriteAll(dir string, files map[string][]byte) error {
	names := make([]string, 0, len(files))
	for rel := range files {
		if !filepath.IsLocal(filepath.FromSlash(rel)) {
			return fmt.Errorf("%q is not a path inside %s", rel, dir)
		}
		names = append(names, rel)
	}
	sort.Strings(names)
	errs := make([]error, len(names))
	parallel.For(len(names), func(i int) {
		dst := filepath.Join(dir, filepath.FromSlash(names[i]))
		data := files[names[i]]
		err := os.WriteFile(dst, data, 0o644)
		if os.IsNotExist(err) {
			if err = os.MkdirAll(filepath.Dir(dst), 0o755); err == nil {
				err = os.WriteFile(dst, data, 0o644)
			}
		}
		errs[i] = err
	})
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
