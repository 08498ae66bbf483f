package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestTuneGCForCompile: no collection (and a heap limit) until the first
// collection, GOGC=compileGCPercent without a limit after it, and the
// previous settings back on restore.
func TestTuneGCForCompile(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	restore := tuneGCForCompile()
	if p := debug.SetGCPercent(-1); p != -1 {
		t.Errorf("GC percent during the compile = %d, want -1 (off)", p)
	}
	if l := debug.SetMemoryLimit(-1); l != compileHeapStart {
		t.Errorf("memory limit during the compile = %d, want %d", l, compileHeapStart)
	}
	// The first collection switches to proportional collection.
	var p int
	for range 100 {
		runtime.GC()
		time.Sleep(time.Millisecond)
		if p = debug.SetGCPercent(-1); p != -1 {
			debug.SetGCPercent(p)
			break
		}
	}
	if p != compileGCPercent {
		t.Errorf("GC percent after the first collection = %d, want %d", p, compileGCPercent)
	}
	if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 {
		t.Errorf("memory limit after the first collection = %d, want none", l)
	}
	restore()
	if p := debug.SetGCPercent(-1); p != 100 {
		t.Errorf("GC percent after restore = %d, want 100", p)
	}
	debug.SetGCPercent(100)
}
