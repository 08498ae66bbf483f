package rt_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ingot-render/ingot/accel"
	"github.com/ingot-render/ingot/engine/rt"
	"github.com/ingot-render/ingot/shaders/lower"
)

const sphereSrc = `
struct BoxResult { bool accept [[accept_intersection]]; float distance [[distance]]; };
struct Sphere { packed_float3 c; float r; };

[[intersection(bounding_box)]]
BoxResult sphereHit(float3 o [[origin]], float3 d [[direction]], float tmin [[min_distance]],
                    float tmax [[max_distance]], uint prim [[primitive_id]], bool opaque [[opaque]],
                    uint goff [[geometry_intersection_function_table_offset]],
                    const device Sphere* spheres [[buffer(0)]]) {
    BoxResult r; r.accept = false; r.distance = 0;
    Sphere s = spheres[prim + goff];
    float3 oc = o - float3(s.c);
    float a = dot(d, d), b = dot(oc, d), c = dot(oc, oc) - s.r * s.r;
    float disc = b * b - a * c;
    if (disc < 0 || !opaque) return r;
    float q = sqrt(disc);
    float t = (-b - q) / a;
    if (t < tmin) t = (-b + q) / a;
    if (t >= tmin && t <= tmax) { r.accept = true; r.distance = t; }
    return r;
}

kernel void spheres(primitive_acceleration_structure as [[buffer(0)]], intersection_function_table<> table [[buffer(4)]],
                    const device Ray* rays [[buffer(1)]], device Out* out [[buffer(2)]], uint id [[thread_position_in_grid]]) {
    Ray rr = rays[id];
    ray r(rr.o, rr.d, rr.tmin, rr.tmax);
    intersector<> i;
    intersection_result<> h = i.intersect(r, as, table);
    out[id].t = h.distance;
    out[id].prim = h.primitive_id;
    out[id].geom = h.geometry_id;
    out[id].type = uint(h.type);
    out[id].count = table.size();
}
`

// sphereRef is the Go twin of sphereHit.
func sphereRef(sp []float32) accel.IntersectionFunc {
	return func(c *accel.Candidate) accel.Decision {
		s := sp[4*(c.PrimitiveID+c.GeometryTableOffset):]
		o, d := c.Origin, c.Direction
		oc := [3]float32{o[0] - s[0], o[1] - s[1], o[2] - s[2]}
		dot := func(a, b [3]float32) float32 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
		a, b, cc := dot(d, d), dot(oc, d), dot(oc, oc)-s[3]*s[3]
		disc := b*b - a*cc
		if disc < 0 || !c.Opaque {
			return accel.Decision{}
		}
		q := float32(math.Sqrt(float64(disc)))
		t := (-b - q) / a
		if t < c.MinDistance {
			t = (-b + q) / a
		}
		if t >= c.MinDistance && t <= c.MaxDistance {
			return accel.Decision{Accept: true, Continue: true, Distance: t}
		}
		return accel.Decision{}
	}
}

// TestSphereIntersectionFunction: a bounding_box intersection function
// with a [[distance]] output and a table buffer, against the same
// function in Go through accel.BruteForceFunc.
func TestSphereIntersectionFunction(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n = 60
	var sp, boxes []float32
	for i := 0; i < n; i++ {
		c := [3]float32{rng.Float32(), rng.Float32(), rng.Float32()}
		r := 0.02 + 0.08*rng.Float32()
		sp = append(sp, c[0], c[1], c[2], r)
		boxes = append(boxes, c[0]-r, c[1]-r, c[2]-r, c[0]+r, c[1]+r, c[2]+r)
	}
	s := build(t, &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{
		&accel.BoundingBoxGeometry{GeometryCommon: accel.GeometryCommon{Opaque: true}, BoxData: f32bytes(boxes[:6*40]), BoxCount: 40},
		&accel.BoundingBoxGeometry{GeometryCommon: accel.GeometryCommon{Opaque: true, FunctionTableOffset: 40}, BoxData: f32bytes(boxes[6*40:]), BoxCount: n - 40},
	}})
	res := lowerKernel(t, sphereSrc, "spheres", lower.Options{})
	id := uint32(res.IntersectionFunctionIDs["sphereHit"])
	if id == 0 {
		t.Fatalf("no id for sphereHit: %v", res.IntersectionFunctionIDs)
	}
	reg := rt.NewRegistry()
	reg.SetStructure(1, s)
	fns := make([]uint32, 41)
	fns[0], fns[40] = id, id
	reg.SetTable(2, &rt.Table{Functions: fns, Buffers: []uint64{bufAddr(5)}})
	rays := randomRays(rng, 256)
	d := &dispatch{threads: len(rays), handles: map[int]uint64{0: 1, 4: 2},
		bufs: map[int][]byte{1: rayBytes(rays), 2: make([]byte, outSize*len(rays)), 5: f32bytes(sp)}}
	got := run(t, reg, res, d)[2]
	hits := 0
	for i := range rays {
		var h accel.Hit
		accel.BruteForceFunc(s, &rays[i], nil, sphereRef(sp), &h)
		o := readOut(got, i)
		// The function's own float math may round differently in Go.
		if o.Type != uint32(h.Type) || h.Type != accel.HitNone && (o.Prim != h.PrimitiveID || math.Abs(float64(o.T-h.Distance)) > 1e-5*float64(h.Distance)) {
			t.Fatalf("ray %d: type %d prim %d t %v, want %v %d %v", i, o.Type, o.Prim, o.T, h.Type, h.PrimitiveID, h.Distance)
		}
		if o.Count != 41 {
			t.Fatalf("table.size() = %d", o.Count)
		}
		if h.Type != accel.HitNone {
			hits++
		}
	}
	if hits < 30 {
		t.Fatalf("only %d sphere hits", hits)
	}
}

const alphaSrc = `
struct Payload { uint count; uint sum; };
struct TriResult { bool accept [[accept_intersection]]; bool more [[continue_search]]; };

// alphaTest rejects by a procedural pattern on the barycentrics and counts
// every candidate in the payload (kept for rejected ones too).
[[intersection(triangle, triangle_data)]]
TriResult alphaTest(uint prim [[primitive_id]], float2 b [[barycentric_coord]], float t [[distance]],
                    bool front [[front_facing]], ray_data Payload& p [[payload]], constant uint& mode [[buffer(0)]]) {
    p.count += 1;
    p.sum += prim;
    TriResult r;
    r.more = true;
    if (mode == 0) r.accept = fract((b.x + 2 * b.y) * 4) < 0.5 || prim % 5 == 0;
    else if (mode == 1) r.accept = false;
    else { r.accept = true; r.more = false; }
    return r;
}

kernel void alpha(primitive_acceleration_structure as [[buffer(0)]], intersection_function_table<triangle_data> table [[buffer(4)]],
                  const device Ray* rays [[buffer(1)]], device Out* out [[buffer(2)]], uint id [[thread_position_in_grid]]) {
    Ray rr = rays[id];
    ray r(rr.o, rr.d, rr.tmin, rr.tmax);
    intersector<triangle_data> i;
    Payload p = {0, 0};
    auto h = i.intersect(r, as, table, p);
    out[id].t = h.distance;
    out[id].prim = h.primitive_id;
    out[id].geom = h.geometry_id;
    out[id].type = uint(h.type);
    out[id].count = p.count;
    out[id].sum = p.sum;
}
`

// TestTriangleIntersectionFunction covers an alpha-test triangle function
// (mode 0), payload accumulation across rejected candidates (mode 1) and
// continue_search=false (mode 2), each against the same decisions in Go
// through the single-ray traversal (same candidate order).
func TestTriangleIntersectionFunction(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	s := build(t, &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{
		&accel.TriangleGeometry{VertexData: f32bytes(soup(rng, 250, 0.3)), TriangleCount: 250},
	}})
	res := lowerKernel(t, alphaSrc, "alpha", lower.Options{})
	reg := rt.NewRegistry()
	reg.SetStructure(1, s)
	reg.SetTable(2, &rt.Table{Functions: []uint32{uint32(res.IntersectionFunctionIDs["alphaTest"])}, Buffers: []uint64{bufAddr(6)}})
	rays := randomRays(rng, 200)
	for mode := uint32(0); mode < 3; mode++ {
		d := &dispatch{threads: len(rays), handles: map[int]uint64{0: 1, 4: 2},
			bufs: map[int][]byte{1: rayBytes(rays), 2: make([]byte, outSize*len(rays)), 6: u32bytes(mode)}}
		got := run(t, reg, res, d)[2]
		counted := 0
		for i := range rays {
			var count, sum uint32
			fn := func(c *accel.Candidate) accel.Decision {
				count++
				sum += c.PrimitiveID
				b := c.Barycentrics
				x := (b[0] + 2*b[1]) * 4
				switch mode {
				case 0:
					return accel.Decision{Accept: x-float32(math.Floor(float64(x))) < 0.5 || c.PrimitiveID%5 == 0, Continue: true}
				case 1:
					return accel.Decision{}
				}
				return accel.Decision{Accept: true}
			}
			h := s.Intersect(rays[i], nil, fn)
			o := readOut(got, i)
			checkHit(t, i, o, &h)
			if o.Count != count || o.Sum != sum {
				t.Fatalf("mode %d ray %d: payload count %d sum %d, want %d %d", mode, i, o.Count, o.Sum, count, sum)
			}
			if mode == 1 && o.Type != 0 {
				t.Fatalf("ray %d: hit although every candidate was rejected", i)
			}
			if mode == 2 && h.Type != accel.HitNone && count != 1 {
				t.Fatalf("ray %d: continue_search=false ran %d candidates", i, count)
			}
			if count > 1 {
				counted++
			}
		}
		if mode != 2 && counted < 20 {
			t.Fatalf("mode %d: only %d rays with several candidates", mode, counted)
		}
	}
}
