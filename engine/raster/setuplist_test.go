package raster

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/ingot-render/ingot/internal/texel"
)

// TestListSetupMatchesAssemble sets up triangle lists (with clipped and
// culled triangles, restart indices, depth bias, large triangles, serial
// and parallel binners) through assembleList, with the AVX2 culling scan
// and with the Go loop, and through assemble and compares the binners'
// tile lists, primitives and clipped varyings.
func TestListSetupMatchesAssemble(t *testing.T) {
	defer func(asm bool) { listSetupOff, useCullAsm = false, asm }(useCullAsm)
	type variant struct {
		name    string
		sc      *scene
		workers int
	}
	var vs []variant
	for seed := range uint64(6) {
		sc := pixelScene(seed, 90, 70)
		if seed%2 == 1 {
			for _, d := range sc.draws {
				d.State.DepthBias, d.State.DepthSlope = 3, 0.5
			}
		}
		if seed == 4 {
			// A restart index inside the list: the rest goes to assemble.
			d := sc.draws[0]
			if d.Indices == nil {
				d.Indices = make([]uint32, d.Vertices.Count)
				for i := range d.Indices {
					d.Indices[i] = uint32(i)
				}
			}
			d.Indices[len(d.Indices)/2+1] = RestartIndex
		}
		vs = append(vs, variant{"pixel scene", sc, 1})
	}
	// Every cull mode and winding (the AVX2 culling scan's keep masks).
	for k := range 6 {
		sc := pixelScene(uint64(10+k), 90, 70)
		for _, d := range sc.draws {
			d.State.Cull = []CullMode{CullNone, CullBack, CullFront}[k%3]
			d.State.Front = []Winding{Clockwise, CounterClockwise}[k/3]
		}
		vs = append(vs, variant{"pixel scene, cull and winding", sc, 1})
	}
	vs = append(vs, variant{"big scene, serial", bigScene(96, 80), 1}, variant{"big scene, 3 binners", bigScene(96, 80), 3})
	asms := []bool{false}
	if useCullAsm {
		asms = append(asms, true)
	}
	for i, v := range vs {
		for _, asm := range asms {
			useCullAsm = asm
			compareListSetup(t, i, v.name, v.sc, v.workers)
		}
	}
}

// compareListSetup sets up the draws of sc (case i, name) on a pass of
// workers through assemble and through assembleList and compares the
// binners.
func compareListSetup(t *testing.T, i int, name string, sc *scene, workers int) {
	t.Helper()
	name = fmt.Sprintf("%s, AVX2 scan %v", name, useCullAsm)
	var sets [2][]*binner
	for k, off := range []bool{true, false} {
		listSetupOff = off
		dt, err := NewDepthTarget(texel.Depth32Float, sc.w, sc.h, 1, 1)
		if err != nil {
			t.Fatal(err)
		}
		p, err := NewPass(PassTargets{Width: sc.w, Height: sc.h, Samples: 1, Layers: 1, Depth: dt}, PassOptions{Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range sc.draws {
			if err := p.Draw(d); err != nil {
				t.Fatal(err)
			}
		}
		sets[k] = p.sets
	}
	a, b := sets[0], sets[1]
	if len(a) != len(b) {
		t.Fatalf("%d %s: %d binners, assemble's %d", i, name, len(b), len(a))
	}
	n := 0
	for j := range a {
		n += b[j].nprims
		if a[j].nprims != b[j].nprims || !reflect.DeepEqual(a[j].bins, b[j].bins) || !reflect.DeepEqual(a[j].local, b[j].local) ||
			!reflect.DeepEqual(a[j].large, b[j].large) || !reflect.DeepEqual(a[j].extra, b[j].extra) || !reflect.DeepEqual(a[j].exts, b[j].exts) {
			t.Errorf("%d %s: binner %d differs from assemble's (%d primitives, assemble %d)", i, name, j, b[j].nprims, a[j].nprims)
		}
	}
	if n == 0 {
		t.Errorf("%d %s: no primitive was binned", i, name)
	}
}
