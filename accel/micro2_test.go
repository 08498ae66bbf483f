package accel

import (
	"os"
	"testing"

	"github.com/ingot-render/ingot/accel/internal/benchscene"
)

func TestMicroIncoherentProfile(t *testing.T) {
	if os.Getenv("ACCEL_MICRO") == "" {
		t.Skip()
	}
	m := bunny(t)
	s := bunnyStructure(t, BuildOptions{})
	r := toRays(benchscene.IncoherentRays(m, 262144, 1), false)
	tr := NewTraverser()
	var h Hit
	for rep := 0; rep < 5; rep++ {
		for i := range r {
			tr.Intersect(s, nil, &r[i], nil, &h)
		}
	}
}
