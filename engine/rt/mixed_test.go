package rt_test

import (
	"math/rand/v2"
	"testing"

	"github.com/ingot-render/ingot/accel"
	"github.com/ingot-render/ingot/engine/rt"
	"github.com/ingot-render/ingot/shaders/lower"
)

const mixedSrc = `
kernel void mixed(primitive_acceleration_structure a [[buffer(0)]], primitive_acceleration_structure b [[buffer(5)]],
                  const device Ray* rays [[buffer(1)]], device Out* out [[buffer(2)]], uint id [[thread_position_in_grid]]) {
    Ray rr = rays[id];
    ray r(rr.o, rr.d, rr.tmin, rr.tmax);
    intersector<triangle_data> i;
    if (id % 3 == 1) i.set_triangle_cull_mode(triangle_cull_mode::back);
    if (id % 5 == 2) i.accept_any_intersection(true);
    intersection_result<triangle_data> h;
    if (id % 4 != 3)   // some lanes do not trace at all
        h = i.intersect(r, (id & 1) ? a : b);
    out[id].t = h.distance;
    out[id].prim = h.primitive_id;
    out[id].geom = h.geometry_id;
    out[id].type = uint(h.type);
}

kernel void motion(acceleration_structure<primitive_motion> as [[buffer(0)]], const device Ray* rays [[buffer(1)]],
                   device Out* out [[buffer(2)]], uint id [[thread_position_in_grid]]) {
    Ray rr = rays[id];
    ray r(rr.o, rr.d, rr.tmin, rr.tmax);
    intersector<primitive_motion> i;
    auto h = i.intersect(r, as, float(id % 8) / 7.0f);
    out[id].t = h.distance;
    out[id].prim = h.primitive_id;
    out[id].geom = h.geometry_id;
    out[id].type = uint(h.type);
}
`

// TestMixedLanes: lanes of one batch trace different structures with
// different options (several traversal groups per rt.begin), and some
// lanes none at all.
func TestMixedLanes(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	sa := build(t, &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{
		&accel.TriangleGeometry{GeometryCommon: accel.GeometryCommon{Opaque: true}, VertexData: f32bytes(soup(rng, 200, 0.25)), TriangleCount: 200}}})
	sb := build(t, &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{
		&accel.TriangleGeometry{GeometryCommon: accel.GeometryCommon{Opaque: true}, VertexData: f32bytes(soup(rng, 200, 0.25)), TriangleCount: 200}}})
	reg := rt.NewRegistry()
	reg.SetStructure(10, sa)
	reg.SetStructure(11, sb)
	res := lowerKernel(t, mixedSrc, "mixed", lower.Options{})
	rays := randomRays(rng, 192)
	d := &dispatch{threads: len(rays), handles: map[int]uint64{0: 10, 5: 11},
		bufs: map[int][]byte{1: rayBytes(rays), 2: make([]byte, outSize*len(rays))}}
	got := run(t, reg, res, d)[2]
	for i := range rays {
		o := readOut(got, i)
		if i%4 == 3 {
			if o.Type != 0 {
				t.Fatalf("ray %d: untraced lane has a hit", i)
			}
			continue
		}
		s := sb
		if i&1 != 0 {
			s = sa
		}
		var opts accel.Options
		if i%3 == 1 {
			opts.CullMode = accel.CullBack
		}
		var h accel.Hit
		if i%5 == 2 {
			// any hit: the first accepted one; only its existence is fixed.
			accel.BruteForce(s, &rays[i], &opts, &h)
			if (o.Type != 0) != (h.Type != accel.HitNone) {
				t.Fatalf("ray %d: any-hit type %d, closest %v", i, o.Type, h.Type)
			}
			continue
		}
		accel.BruteForce(s, &rays[i], &opts, &h)
		checkHit(t, i, o, &h)
	}
}

// TestMotion: primitive motion at eight ray times against accel.BruteForce.
func TestMotion(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	k0 := soup(rng, 150, 0.25)
	k1 := make([]float32, len(k0))
	for i := range k0 {
		k1[i] = k0[i] + 0.3*float32(i%3)*rng.Float32()
	}
	s := build(t, &accel.PrimitiveDescriptor{MotionKeyframeCount: 2, MotionEndTime: 1, Geometries: []accel.Geometry{
		&accel.TriangleGeometry{GeometryCommon: accel.GeometryCommon{Opaque: true}, TriangleCount: 150,
			MotionVertexData: []accel.KeyframeData{{Data: f32bytes(k0)}, {Data: f32bytes(k1)}}}}})
	reg := rt.NewRegistry()
	reg.SetStructure(1, s)
	res := lowerKernel(t, mixedSrc, "motion", lower.Options{})
	rays := randomRays(rng, 256)
	d := &dispatch{threads: len(rays), handles: map[int]uint64{0: 1},
		bufs: map[int][]byte{1: rayBytes(rays), 2: make([]byte, outSize*len(rays))}}
	got := run(t, reg, res, d)[2]
	hits := 0
	for i := range rays {
		r := rays[i]
		r.Time = float32(i%8) / 7
		var h accel.Hit
		accel.BruteForce(s, &r, nil, &h)
		checkHit(t, i, readOut(got, i), &h)
		if h.Type != accel.HitNone {
			hits++
		}
	}
	if hits < 50 {
		t.Fatalf("only %d hits", hits)
	}
}
