package raster

import (
	"context"
	"testing"

	"github.com/ingot-render/ingot/internal/texel"
)

// TestSteadyStateAllocations checks that re-recording and flushing a pass of
// many primitives does not allocate per primitive or per fragment.
func TestSteadyStateAllocations(t *testing.T) {
	const w, h = 96, 96
	var draws []*Draw
	for seed := range uint64(20) {
		draws = append(draws, randomScene(seed, w, h, 4).draws...)
	}
	ct, _ := NewColorTarget(texel.RGBA16Float, w, h, 4, 1)
	dt, _ := NewDepthTarget(texel.Depth32Float, w, h, 4, 1)
	st, _ := NewStencilTarget(texel.Stencil8, w, h, 4, 1)
	p, err := NewPass(PassTargets{Width: w, Height: h, Samples: 4, Layers: 1, Color: [8]*ColorTarget{ct}, Depth: dt, Stencil: st}, PassOptions{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	run := func() {
		p.Reset()
		for _, d := range draws {
			if err := p.Draw(d); err != nil {
				t.Fatal(err)
			}
		}
		if err := p.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	run()
	prims := p.primCount()
	allocs := testing.AllocsPerRun(2, run)
	// Visibility-free scenes may allocate nothing; allow a handful per pass
	// (the map copy of Visibility is not called here).
	t.Logf("%v allocations per pass of %d primitives", allocs, prims)
	if allocs > 4 {
		t.Errorf("%v allocations per pass of %d primitives", allocs, prims)
	}
}

// TestLargePrimitivesStoredOnce checks that a primitive covering many tiles
// is kept once (tiles hold 4-byte references), small ones per tile.
func TestLargePrimitivesStoredOnce(t *testing.T) {
	const w, h = 1024, 1024
	ct, _ := NewColorTarget(texel.RGBA8Unorm, w, h, 1, 1)
	p, _ := NewPass(PassTargets{Width: w, Height: h, Samples: 1, Layers: 1, Color: [8]*ColorTarget{ct}}, PassOptions{Workers: 1})
	pos := append(square(0, 0, w, h, 0.5, w, h), square(40, 40, 50, 50, 0.5, w, h)...)
	if err := p.Draw(&Draw{Topology: TriangleList, Vertices: verts(pos, nil), State: defaultState(w, h), SampleMask: ^uint32(0)}); err != nil {
		t.Fatal(err)
	}
	if len(p.sets) != 1 {
		t.Fatalf("%d binners, want 1", len(p.sets))
	}
	b := p.sets[0]
	local := 0
	for _, l := range b.local {
		local += len(l)
	}
	if len(b.large) != 2 || local != 2 {
		t.Errorf("%d large and %d local primitive copies, want 2 and 2", len(b.large), local)
	}
}
