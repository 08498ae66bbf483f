package rt_test

import (
	"math/rand/v2"
	"testing"

	"github.com/ingot-render/ingot/accel"
	"github.com/ingot-render/ingot/engine/rt"
	"github.com/ingot-render/ingot/shaders/lower"
)

const closestSrc = `
kernel void closest(primitive_acceleration_structure as [[buffer(0)]], const device Ray* rays [[buffer(1)]],
                    device Out* out [[buffer(2)]], constant uint& cull [[buffer(3)]], uint id [[thread_position_in_grid]]) {
    Ray rr = rays[id];
    ray r(rr.o, rr.d, rr.tmin, rr.tmax);
    intersector<triangle_data> i;
    if (cull == 1) i.set_triangle_cull_mode(triangle_cull_mode::front);
    if (cull == 2) i.set_triangle_cull_mode(triangle_cull_mode::back);
    if (cull == 3) { i.set_triangle_cull_mode(triangle_cull_mode::back); i.set_triangle_front_facing_winding(winding::counterclockwise); }
    intersection_result<triangle_data> h = i.intersect(r, as);
    out[id].t = h.distance;
    out[id].prim = h.primitive_id;
    out[id].geom = h.geometry_id;
    out[id].type = uint(h.type);
    out[id].u = h.triangle_barycentric_coord.x;
    out[id].v = h.triangle_barycentric_coord.y;
    out[id].front = h.triangle_front_facing ? 1 : 0;
}
`

// TestClosestHit compares intersect() on random triangle soups (two
// geometries, one non-opaque without a table: accepted) with
// accel.BruteForce for every cull mode.
func TestClosestHit(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := build(t, &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{
		&accel.TriangleGeometry{GeometryCommon: accel.GeometryCommon{Opaque: true}, VertexData: f32bytes(soup(rng, 300, 0.2)), TriangleCount: 300},
		&accel.TriangleGeometry{VertexData: f32bytes(soup(rng, 100, 0.3)), TriangleCount: 100},
	}})
	reg := rt.NewRegistry()
	if err := reg.SetStructure(7, s); err != nil {
		t.Fatal(err)
	}
	res := lowerKernel(t, closestSrc, "closest", lower.Options{})
	rays := randomRays(rng, 200)
	cases := []struct {
		name string
		opts accel.Options
	}{
		{"none", accel.Options{}},
		{"front", accel.Options{CullMode: accel.CullFront}},
		{"back", accel.Options{CullMode: accel.CullBack}},
		{"back-ccw", accel.Options{CullMode: accel.CullBack, Winding: accel.CounterClockwise}},
	}
	for ci, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := &dispatch{threads: len(rays), handles: map[int]uint64{0: 7},
				bufs: map[int][]byte{1: rayBytes(rays), 2: make([]byte, outSize*len(rays)), 3: u32bytes(uint32(ci))}}
			got := run(t, reg, res, d)[2]
			hits := 0
			for i := range rays {
				var h accel.Hit
				accel.BruteForce(s, &rays[i], &c.opts, &h)
				o := readOut(got, i)
				checkHit(t, i, o, &h)
				if h.Type != accel.HitNone {
					hits++
					if o.U != h.Barycentrics[0] || o.V != h.Barycentrics[1] || (o.Front != 0) != h.FrontFacing {
						t.Fatalf("ray %d: bary %v %v front %d, want %v %v", i, o.U, o.V, o.Front, h.Barycentrics, h.FrontFacing)
					}
				}
			}
			if hits < len(rays)/4 {
				t.Fatalf("only %d hits of %d rays: scene too sparse for a meaningful test", hits, len(rays))
			}
		})
	}
}
