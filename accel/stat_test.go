package accel

import (
	"fmt"
	"os"
	"testing"

	"github.com/ingot-render/ingot/accel/internal/benchscene"
)

// TestHot reports thread CPU time per ray for working sets of rays of
// growing size (cache effects).
func TestHot(t *testing.T) {
	if os.Getenv("ACCEL_MICRO") == "" {
		t.Skip("set ACCEL_MICRO=1")
	}
	m := bunny(t)
	s := bunnyStructure(t, BuildOptions{})
	r := toRays(benchscene.IncoherentRays(m, 262144, 1), false)
	tr := NewTraverser()
	var h Hit
	for _, n := range []int{256, 4096, 262144} {
		rr := r[:n]
		reps := 262144 * 2 / n
		c0 := threadCPU()
		for k := 0; k < reps; k++ {
			for i := range rr {
				tr.Intersect(s, nil, &rr[i], nil, &h)
			}
		}
		d := threadCPU() - c0
		fmt.Printf("n=%d %.1f ns/ray\n", n, float64(d.Nanoseconds())/float64(n*reps))
	}
}
