package sema

import (
	"runtime"
	"testing"
	"time"
)

func internSize() int {
	intern.Lock()
	defer intern.Unlock()
	return len(intern.m)
}

// TestInternTableReleasesTypes checks that compiling and dropping a
// program does not leave its struct-derived types in the intern table.
func TestInternTableReleasesTypes(t *testing.T) {
	check := func() {
		checkSrc(t, `struct A { float x; }; struct B { A a[4]; };
kernel void k(device A *a [[buffer(0)]], constant B &b [[buffer(1)]], device B *c [[buffer(2)]]) { a[0].x = b.a[1].x + c->a[2].x; }`)
	}
	check() // warm up: built-in derived types stay
	runtime.GC()
	before := internSize()
	for i := 0; i < 20; i++ {
		check()
	}
	grown := internSize()
	if grown <= before {
		t.Skipf("no per-program types interned (%d, %d)", before, grown)
	}
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		runtime.GC()
		if internSize() <= before+8 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("intern table holds %d entries after GC (was %d before, %d after 20 programs)", internSize(), before, grown)
}
