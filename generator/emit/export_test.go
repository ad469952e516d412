package emit

// MemoSizes are how many note bodies and rendered pages m keeps, for the
// tests that hold the memo to one emit's pages.
func MemoSizes(m *Memo) (bodies, pages int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.bodies), len(m.pages)
}
