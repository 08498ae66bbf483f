package rt_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/ingot-render/ingot/accel"
	"github.com/ingot-render/ingot/engine/rt"
	"github.com/ingot-render/ingot/shaders/lower"
)

const splitSrc = `
struct Payload { uint count; uint sum; };

// alphaTest accepts a candidate by its primitive id and counts every
// candidate in the payload.
[[intersection(triangle, triangle_data, instancing)]]
bool alphaTest(uint prim [[primitive_id]], uint inst [[instance_id]], ray_data Payload& p [[payload]]) {
    p.count += 1;
    p.sum += prim;
    return (prim * 7u + inst) % 3u != 0u;
}

kernel void split(instance_acceleration_structure as [[buffer(0)]],
                  intersection_function_table<triangle_data, instancing> table [[buffer(4)]],
                  const device Ray* rays [[buffer(1)]], device Out* out [[buffer(2)]], uint id [[thread_position_in_grid]]) {
    Ray rr = rays[id];
    ray r(rr.o, rr.d, rr.tmin, rr.tmax);
    intersector<triangle_data, instancing> i;
    if (id % 4 == 1) i.set_triangle_cull_mode(triangle_cull_mode::back);
    Payload p = {0, 0};
    auto h = i.intersect(r, as, 0xff, table, p);
    out[id].t = h.distance;
    out[id].prim = h.primitive_id;
    out[id].geom = h.geometry_id;
    out[id].type = uint(h.type);
    out[id].inst = h.instance_id;
    out[id].count = p.count;
}
`

// TestSplitIntersectionFunction: an instance structure over an opaque
// structure and an alpha-tested one (the split traversal: the opaque
// instances by the batch kernels, then the others) gives the closest hits
// of the single-ray traversal with the same decisions, while the
// intersection function sees fewer candidates (none beyond the nearest
// opaque hit).
func TestSplitIntersectionFunction(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	opaque := build(t, &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{
		&accel.TriangleGeometry{GeometryCommon: accel.GeometryCommon{Opaque: true}, VertexData: f32bytes(soup(rng, 300, 0.25)), TriangleCount: 300}}})
	alpha := build(t, &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{
		&accel.TriangleGeometry{VertexData: f32bytes(soup(rng, 800, 0.3)), TriangleCount: 800}}})
	var insts []accel.Instance
	for k := 0; k < 4; k++ {
		insts = append(insts, accel.Instance{Transform: rotY(rng.Float32()*3, [3]float32{rng.Float32() - 0.5, rng.Float32() - 0.5, rng.Float32() - 0.5}, 0.7+rng.Float32()*0.5),
			Mask: 0xff, StructureIndex: uint32(k % 2)})
	}
	s, err := accel.BuildInstance(context.Background(), &accel.InstanceDescriptor{Instances: insts, Structures: []*accel.Structure{opaque, alpha}})
	if err != nil {
		t.Fatal(err)
	}
	res := lowerKernel(t, splitSrc, "split", lower.Options{})
	reg := rt.NewRegistry()
	reg.SetStructure(1, s)
	reg.SetTable(2, &rt.Table{Functions: []uint32{uint32(res.IntersectionFunctionIDs["alphaTest"])}})
	rays := randomRays(rng, 256)
	d := &dispatch{threads: len(rays), handles: map[int]uint64{0: 1, 4: 2},
		bufs: map[int][]byte{1: rayBytes(rays), 2: make([]byte, outSize*len(rays))}}
	got := run(t, reg, res, d)[2]
	var nsplit, nsingle, hits uint32
	for i := range rays {
		var count uint32
		fn := func(c *accel.Candidate) accel.Decision {
			count++
			return accel.Decision{Accept: (c.PrimitiveID*7+c.InstanceID[0])%3 != 0, Continue: true}
		}
		var o accel.Options
		if i%4 == 1 {
			o.CullMode = accel.CullBack
		}
		h := s.Intersect(rays[i], &o, fn)
		g := readOut(got, i)
		checkHit(t, i, g, &h)
		if h.Type != accel.HitNone {
			hits++
			if g.Inst != h.InstanceID[0] {
				t.Fatalf("ray %d: instance %d, want %d", i, g.Inst, h.InstanceID[0])
			}
		}
		nsplit += g.Count
		nsingle += count
	}
	if hits < 50 || nsingle < 200 || nsplit >= nsingle {
		t.Fatalf("%d hits; %d candidates, the single-ray traversal %d", hits, nsplit, nsingle)
	}
	t.Logf("%d hits; %d candidates, the single-ray traversal %d", hits, nsplit, nsingle)
}
