package accel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// sameBuild reports the first difference between two structures' nodes,
// slot data and vertex data, or nil.
func sameBuild(a, b *Structure) error {
	if len(a.nodes4) != len(b.nodes4) || len(a.nodes8) != len(b.nodes8) {
		return fmt.Errorf("%d+%d nodes, want %d+%d", len(a.nodes4), len(a.nodes8), len(b.nodes4), len(b.nodes8))
	}
	for i := range a.nodes4 {
		if a.nodes4[i] != b.nodes4[i] {
			return fmt.Errorf("4-wide node %d differs", i)
		}
	}
	for i := range a.nodes8 {
		if a.nodes8[i] != b.nodes8[i] {
			return fmt.Errorf("8-wide node %d differs", i)
		}
	}
	if !slices.Equal(a.ids, b.ids) || !slices.Equal(a.slotInfo, b.slotInfo) || a.info0 != b.info0 {
		return fmt.Errorf("slot data differs")
	}
	if len(a.verts) != len(b.verts) || len(a.tri4) != len(b.tri4) {
		return fmt.Errorf("vertex layout differs")
	}
	for i := range a.verts {
		if math.Float32bits(a.verts[i]) != math.Float32bits(b.verts[i]) {
			return fmt.Errorf("vertex data differs at %d", i)
		}
	}
	for i := range a.tri4 {
		if math.Float32bits(a.tri4[i]) != math.Float32bits(b.tri4[i]) {
			return fmt.Errorf("grouped vertex data differs at %d", i)
		}
	}
	return nil
}

// TestBinAsmMatchesGo builds soups (uniform, clustered, flat and with
// coincident centroids) and, where the scenes are present, the bunny,
// with the assembly binning (binRefs) and with builder.bin's Go loop (the
// soups at every quality, width and worker count, the bunny at the
// default ones): the structures must be identical.
func TestBinAsmMatchesGo(t *testing.T) {
	if !useBinAsm {
		t.Skip("no AVX2")
	}
	rng := rand.New(rand.NewPCG(11, 12))
	type mesh struct {
		name string
		g    Geometry
		all  bool // every quality, width and worker count (else medium, 8-wide, 1 worker)
	}
	var meshes []mesh
	for _, c := range []struct {
		name string
		n    int
		size float32
	}{{"soup", 6000, 0.02}, {"big", 3000, 0.5}, {"tiny", 20000, 1e-4}} {
		meshes = append(meshes, mesh{c.name, soupGeometry(soup(rng, c.n, c.size), true), true})
	}
	flat := soup(rng, 5000, 0.03)
	for i := 2; i < len(flat); i += 3 {
		flat[i] = 0.25 // every vertex in the plane z = 0.25
	}
	meshes = append(meshes, mesh{"flat", soupGeometry(flat, true), true})
	same := soup(rng, 4000, 0.01)
	for i := 0; i < len(same); i += 9 * 4 { // groups of four identical triangles
		for j := 9; j < 36 && i+j < len(same); j++ {
			same[i+j] = same[i+j%9]
		}
	}
	meshes = append(meshes, mesh{"coincident", soupGeometry(same, true), true})
	if _, err := os.Stat(filepath.Join(scenesDir, "bunny", "bunny.obj")); err == nil {
		m := bunny(t)
		meshes = append(meshes, mesh{"bunny", MeshGeometry(m.Positions, m.Indices), false})
	}
	defer func() { disableBinAsm = false }()
	for _, m := range meshes {
		for _, q := range []BuildQuality{QualityFast, QualityMedium, QualityHigh} {
			for _, w := range []int{4, 8} {
				for _, workers := range []int{1, 2} {
					if !m.all && (q != QualityMedium || w != 8 || workers != 1) {
						continue
					}
					o := BuildOptions{Width: w, Quality: q, Workers: workers}
					disableBinAsm = false
					a := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{m.g}, Build: o})
					disableBinAsm = true
					b := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{m.g}, Build: o})
					if err := sameBuild(a, b); err != nil {
						t.Fatalf("%s %+v: assembly binning: %v", m.name, o, err)
					}
				}
			}
		}
	}
}
