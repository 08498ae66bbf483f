package rt_test

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ingot-render/ingot/accel"
	"github.com/ingot-render/ingot/engine/rt"
	"github.com/ingot-render/ingot/shaders/lower"
)

const instanceSrc = `
kernel void inst(instance_acceleration_structure as [[buffer(0)]], const device Ray* rays [[buffer(1)]],
                 device Out* out [[buffer(2)]], const device uint* masks [[buffer(3)]], uint id [[thread_position_in_grid]]) {
    Ray rr = rays[id];
    ray r(rr.o, rr.d, rr.tmin, rr.tmax);
    intersector<instancing, triangle_data, world_space_data> i;
    auto h = i.intersect(r, as, masks[id]);
    out[id].t = h.distance;
    out[id].prim = h.primitive_id;
    out[id].geom = h.geometry_id;
    out[id].type = uint(h.type);
    out[id].inst = h.instance_id;
    out[id].count = h.user_instance_id;
    // object-space hit point through the returned transform, as a check value
    float3 p = r.origin + r.direction * h.distance;
    float3 q = h.world_to_object_transform * float4(p, 1);
    out[id].u = q.x;
    out[id].v = h.triangle_barycentric_coord.y;
}
`

func rotY(a float32, tr [3]float32, s float32) accel.Float4x3 {
	c, sn := float32(math.Cos(float64(a)))*s, float32(math.Sin(float64(a)))*s
	return accel.Float4x3{c, 0, -sn, 0, s, 0, sn, 0, c, tr[0], tr[1], tr[2]}
}

// TestInstances: an instance structure with transformed, masked
// instances of two primitive structures, against accel.BruteForce.
func TestInstances(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	a := build(t, &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{
		&accel.TriangleGeometry{GeometryCommon: accel.GeometryCommon{Opaque: true}, VertexData: f32bytes(soup(rng, 150, 0.25)), TriangleCount: 150}}})
	b := build(t, &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{
		&accel.TriangleGeometry{GeometryCommon: accel.GeometryCommon{Opaque: true}, VertexData: f32bytes(soup(rng, 80, 0.3)), TriangleCount: 80},
		&accel.TriangleGeometry{GeometryCommon: accel.GeometryCommon{Opaque: true}, VertexData: f32bytes(soup(rng, 80, 0.3)), TriangleCount: 80}}})
	var insts []accel.Instance
	for k := 0; k < 6; k++ {
		insts = append(insts, accel.Instance{
			Transform:      rotY(rng.Float32()*3, [3]float32{rng.Float32() - 0.5, rng.Float32() - 0.5, rng.Float32() - 0.5}, 0.5+rng.Float32()),
			Mask:           1 << uint(k%3),
			StructureIndex: uint32(k % 2),
			UserID:         100 + uint32(k),
		})
	}
	s, err := accel.BuildInstance(context.Background(), &accel.InstanceDescriptor{Instances: insts, Structures: []*accel.Structure{a, b}})
	if err != nil {
		t.Fatal(err)
	}
	reg := rt.NewRegistry()
	reg.SetStructure(3, s)
	res := lowerKernel(t, instanceSrc, "inst", lower.Options{})
	rays := randomRays(rng, 256)
	var masks []uint32
	for i := range rays {
		rays[i].Origin = [3]float32{rays[i].Origin[0]*2 - 1, rays[i].Origin[1]*2 - 1, rays[i].Origin[2]*2 - 1}
		rays[i].Direction = [3]float32{-rays[i].Origin[0] + rng.Float32() - 0.5, -rays[i].Origin[1] + rng.Float32() - 0.5, -rays[i].Origin[2] + rng.Float32() - 0.5}
		rays[i].Mask = []uint32{0xFF, 1, 2, 4, 5, 0}[i%6]
		masks = append(masks, rays[i].Mask)
	}
	d := &dispatch{threads: len(rays), handles: map[int]uint64{0: 3},
		bufs: map[int][]byte{1: rayBytes(rays), 2: make([]byte, outSize*len(rays)), 3: u32bytes(masks...)}}
	got := run(t, reg, res, d)[2]
	hits := 0
	for i := range rays {
		var h accel.Hit
		accel.BruteForce(s, &rays[i], &accel.Options{WorldSpaceData: true}, &h)
		o := readOut(got, i)
		checkHit(t, i, o, &h)
		if h.Type == accel.HitNone {
			continue
		}
		hits++
		if o.Inst != h.InstanceID[0] || o.Count != h.UserInstanceID[0] || o.V != h.Barycentrics[1] {
			t.Fatalf("ray %d: instance %d user %d, want %d %d", i, o.Inst, o.Count, h.InstanceID[0], h.UserInstanceID[0])
		}
		r := rays[i]
		p := [3]float32{r.Origin[0] + r.Direction[0]*h.Distance, r.Origin[1] + r.Direction[1]*h.Distance, r.Origin[2] + r.Direction[2]*h.Distance}
		q := h.WorldToObject.Point(p)
		if math.Abs(float64(o.U-q[0])) > 1e-4 {
			t.Fatalf("ray %d: object-space x %v, want %v", i, o.U, q[0])
		}
	}
	if hits < 40 {
		t.Fatalf("only %d hits", hits)
	}
}
