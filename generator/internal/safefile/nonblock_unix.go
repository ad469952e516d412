//go:build unix

package safefile

import "syscall"

// nonblock opens a file without waiting (a named pipe with no writer).
const nonblock = syscall.O_NONBLOCK
