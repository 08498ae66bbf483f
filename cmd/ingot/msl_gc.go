package main

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
)

// A compile is short and most of what it allocates stays live to the end
// (the typing of every function body, kept for reflection and lowering),
// so with Go's default GOGC=100 the collector re-marks a growing heap
// about twenty times on a large translation unit: a third of the CPU
// time of MLX's reduce.metal. The msl commands therefore run without
// collection until the heap reaches compileHeapStart (the corpus's largest
// compile peaks at about 400 MB), and from the first collection on with
// GOGC=compileGCPercent, whose peak heap stays within five times the live
// heap. cmd/compile starts with a large heap goal for the same reason.
const (
	compileHeapStart = 512 << 20
	compileGCPercent = 400
)

// tuneGCForCompile sets the collector for a compile (unless the user set
// GOGC or GOMEMLIMIT) and returns the function that restores the previous
// settings.
func tuneGCForCompile() (restore func()) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	var mu sync.Mutex
	done := false
	oldPercent := debug.SetGCPercent(-1)
	oldLimit := debug.SetMemoryLimit(compileHeapStart)
	// The first collection (at the limit) finalizes the sentinel: from then
	// on the heap grows in proportion to the live heap, without a limit.
	sentinel := &struct {
		p *int
		_ [64]byte
	}{}
	runtime.SetFinalizer(sentinel, func(any) {
		mu.Lock()
		defer mu.Unlock()
		if !done {
			debug.SetGCPercent(compileGCPercent)
			debug.SetMemoryLimit(math.MaxInt64)
		}
	})
	return func() {
		mu.Lock()
		defer mu.Unlock()
		done = true
		debug.SetGCPercent(oldPercent)
		debug.SetMemoryLimit(oldLimit)
	}
}
