package rt_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ingot-render/ingot/accel"
	"github.com/ingot-render/ingot/engine/rt"
	"github.com/ingot-render/ingot/shaders/lower"
)

const querySrc = `
kernel void query(primitive_acceleration_structure as [[buffer(0)]], const device Ray* rays [[buffer(1)]],
                  device Out* out [[buffer(2)]], uint id [[thread_position_in_grid]]) {
    Ray rr = rays[id];
    ray r(rr.o, rr.d, rr.tmin, rr.tmax);
    intersection_params p;
    if (id % 4 == 1) p.set_triangle_cull_mode(triangle_cull_mode::back);
    intersection_query<triangle_data> q(r, as, p);
    uint count = 0;
    while (q.next()) {
        count++;
        if (q.get_candidate_intersection_type() == intersection_type::triangle) {
            float2 b = q.get_candidate_triangle_barycentric_coord();
            if (fract((b.x + 2 * b.y) * 4) < 0.5 || q.get_candidate_primitive_id() % 5 == 0)
                q.commit_triangle_intersection();
        }
        if (id % 9 == 4 && count == 2) q.abort();
    }
    out[id].t = q.get_committed_distance();
    out[id].prim = q.get_committed_primitive_id();
    out[id].geom = q.get_committed_geometry_id();
    out[id].type = uint(q.get_committed_intersection_type());
    out[id].count = count;
    out[id].u = q.get_world_space_ray_origin().x;
}
`

// TestIntersectionQuery runs an alpha test in an intersection_query loop
// (with opaque and non-opaque geometry, culling and abort) against the
// same decisions in Go.
func TestIntersectionQuery(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	s := build(t, &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{
		&accel.TriangleGeometry{VertexData: f32bytes(soup(rng, 200, 0.3)), TriangleCount: 200},
		&accel.TriangleGeometry{GeometryCommon: accel.GeometryCommon{Opaque: true}, VertexData: f32bytes(soup(rng, 30, 0.2)), TriangleCount: 30},
	}})
	reg := rt.NewRegistry()
	reg.SetStructure(1, s)
	res := lowerKernel(t, querySrc, "query", lower.Options{})
	rays := randomRays(rng, 200)
	d := &dispatch{threads: len(rays), handles: map[int]uint64{0: 1},
		bufs: map[int][]byte{1: rayBytes(rays), 2: make([]byte, outSize*len(rays))}}
	got := run(t, reg, res, d)[2]
	multi := 0
	for i := range rays {
		var opts accel.Options
		if i%4 == 1 {
			opts.CullMode = accel.CullBack
		}
		count := uint32(0)
		tr := accel.NewTraverser()
		var rb accel.RayBatch
		rb.Set(0, &rays[i])
		tr.Begin(s, &opts, &rb)
		for tr.Step() != 0 {
			count++
			c := tr.Candidate(0)
			x := (c.Barycentrics[0] + 2*c.Barycentrics[1]) * 4
			if x-float32(math.Floor(float64(x))) < 0.5 || c.PrimitiveID%5 == 0 {
				tr.Decide(0, accel.Decision{Accept: true, Continue: true})
			} else {
				tr.Decide(0, accel.Decision{})
			}
			if i%9 == 4 && count == 2 {
				tr.Abort(0)
			}
		}
		var h accel.Hit
		tr.Hit(0, &h)
		o := readOut(got, i)
		checkHit(t, i, o, &h)
		if o.Count != count || o.U != rays[i].Origin[0] {
			t.Fatalf("ray %d: %d candidates, want %d", i, o.Count, count)
		}
		if count > 1 {
			multi++
		}
	}
	if multi < 20 {
		t.Fatalf("only %d rays with several candidates", multi)
	}
}
