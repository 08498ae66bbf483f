package render

import (
	"math"
	"testing"

	"github.com/ingot-render/ingot/scenes/builtin"
	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// TestMergeStaticInstances: merging keeps every instance's geometry
// (records, materials, emissive triangles) and merges exactly the static
// instances that share a transform and own their records.
func TestMergeStaticInstances(t *testing.T) {
	shared := builtin.Cornell()
	// A second placement of mesh 0 under the same transform shares its
	// records: neither placement may be merged.
	shared.Nodes = append(shared.Nodes, shared.Nodes[0])
	shared.Roots = append(shared.Roots, len(shared.Nodes)-1)
	for _, tc := range []struct {
		name       string
		scene      *model.Scene
		open, clos float32
		wantInst   int
	}{
		{"cornell", builtin.Cornell(), 0, 0, 1},
		{"showcase", builtin.Showcase(), 0, 0, 25},
		{"motion", builtin.Motion(), 0.25, 0.5, 4},
		{"shared records", shared, 0, 0, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			po := kernel.PackOptions{ShutterOpen: tc.open, ShutterClose: tc.clos}
			sep, err := kernel.Pack(tc.scene, kernel.PackOptions{ShutterOpen: tc.open, ShutterClose: tc.clos, SeparateInstances: true})
			if err != nil {
				t.Fatal(err)
			}
			m, err := kernel.Pack(tc.scene, po)
			if err != nil {
				t.Fatal(err)
			}
			if tc.wantInst >= 0 && len(m.Instances) != tc.wantInst {
				t.Errorf("%d instances after merging, want %d", len(m.Instances), tc.wantInst)
			}
			// Every instance still owns a contiguous, valid record range.
			used := make([]bool, len(m.Geometries))
			for i, in := range m.Instances {
				if int(in.GeometryBase+in.GeometryCount) > len(m.Geometries) {
					t.Fatalf("instance %d records %d+%d of %d", i, in.GeometryBase, in.GeometryCount, len(m.Geometries))
				}
				for k := in.GeometryBase; k < in.GeometryBase+in.GeometryCount; k++ {
					used[k] = true
				}
			}
			for k, u := range used {
				if !u {
					t.Errorf("record %d belongs to no instance", k)
				}
			}
			// The same triangles per transform and material, and the same
			// emitters, before and after.
			count := func(p *kernel.Packed) map[[2]any]uint32 {
				out := map[[2]any]uint32{}
				for _, in := range p.Instances {
					for k := in.GeometryBase; k < in.GeometryBase+in.GeometryCount; k++ {
						out[[2]any{in.ToWorld, p.Geometries[k].Material}] += p.Geometries[k].TriangleCount
					}
				}
				return out
			}
			a, b := count(sep), count(m)
			if len(a) != len(b) {
				t.Errorf("%d (transform, material) sets, want %d", len(b), len(a))
			}
			for k, v := range a {
				if b[k] != v {
					t.Errorf("transform/material %v: %d triangles, want %d", k[1], b[k], v)
				}
			}
			if len(m.Emissive) != len(sep.Emissive) {
				t.Fatalf("%d emissive triangles, want %d", len(m.Emissive), len(sep.Emissive))
			}
			for i, e := range m.Emissive {
				g := m.Geometries[e.Geometry]
				if g.LightBase == kernel.NoLight || uint32(i) < g.LightBase || uint32(i) >= g.LightBase+g.TriangleCount ||
					uint32(i)-g.LightBase != e.Primitive {
					t.Errorf("emissive %d: record %d lightBase %d, primitive %d", i, e.Geometry, g.LightBase, e.Primitive)
				}
				in := m.Instances[e.Instance]
				if e.Geometry < in.GeometryBase || e.Geometry >= in.GeometryBase+in.GeometryCount {
					t.Errorf("emissive %d: record %d outside instance %d", i, e.Geometry, e.Instance)
				}
				if e.P0 != sep.Emissive[i].P0 || e.Area != sep.Emissive[i].Area {
					t.Errorf("emissive %d moved", i)
				}
			}
		})
	}
}

// TestMergedRenderMatches: the merged and separate structures render the
// Cornell box alike (only ties between coincident triangles of different
// instances may resolve differently).
func TestMergedRenderMatches(t *testing.T) {
	f := smallFrame(32, 32, 4)
	a := mustRender(t, testRenderer(t, builtin.Cornell(), 2, Options{}), f)
	b := mustRender(t, testRenderer(t, builtin.Cornell(), 2, Options{SeparateInstances: true}), f)
	var diff float64
	for i := range a.Linear {
		diff = math.Max(diff, math.Abs(float64(a.Linear[i]-b.Linear[i])))
	}
	if diff > 1e-4 {
		t.Errorf("merged and separate renders differ by up to %g", diff)
	}
}
