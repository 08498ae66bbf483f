package accel

import (
	"fmt"
	"os"
	"runtime"
	"testing"
	"time"
)

// TestOverheadCPU measures the per-ray cost of rays that miss the root box.
func TestOverheadCPU(t *testing.T) {
	if os.Getenv("ACCEL_MICRO") == "" {
		t.Skip()
	}
	s := bunnyStructure(t, BuildOptions{})
	r := NewRay([3]float32{10, 10, 10}, [3]float32{1, 0, 0})
	tr := NewTraverser()
	var h Hit
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c0 := threadCPU()
	const n = 2000000
	for i := 0; i < n; i++ {
		tr.Intersect(s, nil, &r, nil, &h)
	}
	fmt.Printf("miss-root overhead %.1f ns/ray\n", float64((threadCPU()-c0).Nanoseconds())/n)
	_ = time.Now
}
