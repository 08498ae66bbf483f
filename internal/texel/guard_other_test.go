//go:build !linux

package texel

import "testing"

// guardedBytes returns n bytes in an allocation of exactly n bytes (no
// guard page on this system).
func guardedBytes(_ testing.TB, n int, _ bool) []byte { return make([]byte, n) }
