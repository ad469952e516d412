//go:build !unix

package safefile

// nonblock is nothing where there are no named pipes to wait on.
const nonblock = 0
