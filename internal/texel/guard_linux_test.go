//go:build linux

package texel

import (
	"syscall"
	"testing"
)

// guardedBytes returns n bytes of fresh memory next to an inaccessible
// page: right after them when atEnd, else right before them, so that a
// read past the end (or before the start) of the slice faults.
func guardedBytes(t testing.TB, n int, atEnd bool) []byte {
	pg := syscall.Getpagesize()
	span := (n + pg - 1) / pg * pg
	m, err := syscall.Mmap(-1, 0, span+2*pg, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatalf("mmap: %v", err)
	}
	t.Cleanup(func() { _ = syscall.Munmap(m) })
	if err := syscall.Mprotect(m[:pg], syscall.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	if err := syscall.Mprotect(m[pg+span:], syscall.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	if atEnd {
		return m[pg+span-n : pg+span : pg+span]
	}
	return m[pg : pg+n : pg+n]
}
