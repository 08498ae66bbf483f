package rt_test

import (
	"context"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ingot-render/ingot/accel"
	"github.com/ingot-render/ingot/engine/rt"
	"github.com/ingot-render/ingot/shaders/lower"
)

const inputsSrc = `
struct Rec {
    uint count, prim, geom, inst, user, ioff, goff, opaque;
    float3 o, d, wo, wd;
    float tmin, tmax;
    float4x3 o2w, w2o;
};

// probe records the inputs of the first candidate and rejects them all.
[[intersection(bounding_box, instancing, world_space_data)]]
bool probe(float3 o [[origin]], float3 d [[direction]], float tmin [[min_distance]], float tmax [[max_distance]],
           uint prim [[primitive_id]], uint geom [[geometry_id]], uint inst [[instance_id]], uint user [[user_instance_id]],
           float3 wo [[world_space_origin]], float3 wd [[world_space_direction]], bool opaque [[opaque]],
           uint ioff [[instance_intersection_function_table_offset]], uint goff [[geometry_intersection_function_table_offset]],
           float4x3 o2w [[object_to_world_transform]], float4x3 w2o [[world_to_object_transform]],
           ray_data Rec& rec [[payload]]) {
    if (rec.count++ == 0) {
        rec.prim = prim; rec.geom = geom; rec.inst = inst; rec.user = user; rec.ioff = ioff; rec.goff = goff;
        rec.opaque = opaque ? 1 : 0;
        rec.o = o; rec.d = d; rec.wo = wo; rec.wd = wd; rec.tmin = tmin; rec.tmax = tmax;
        rec.o2w = o2w; rec.w2o = w2o;
    }
    return false;
}

kernel void inputs(instance_acceleration_structure as [[buffer(0)]],
                   intersection_function_table<instancing, world_space_data> table [[buffer(4)]],
                   const device Ray* rays [[buffer(1)]], device Rec* out [[buffer(2)]], uint id [[thread_position_in_grid]]) {
    Ray rr = rays[id];
    intersector<instancing, world_space_data> i;
    Rec rec;
    rec.count = 0;
    i.intersect(ray(rr.o, rr.d, rr.tmin, rr.tmax), as, 0xFFu, table, rec);
    out[id] = rec;
}
`

const recSize = 240

// TestIntersectionInputs checks every table 5.10 input an instanced
// bounding-box function can read against accel's candidate.
func TestIntersectionInputs(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	var boxes []float32
	for k := 0; k < 30; k++ {
		c := [3]float32{rng.Float32(), rng.Float32(), rng.Float32()}
		boxes = append(boxes, c[0]-0.1, c[1]-0.1, c[2]-0.1, c[0]+0.1, c[1]+0.1, c[2]+0.1)
	}
	p := build(t, &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{
		&accel.BoundingBoxGeometry{GeometryCommon: accel.GeometryCommon{FunctionTableOffset: 1}, BoxData: f32bytes(boxes[:90]), BoxCount: 15},
		&accel.BoundingBoxGeometry{GeometryCommon: accel.GeometryCommon{Opaque: true, FunctionTableOffset: 2}, BoxData: f32bytes(boxes[90:]), BoxCount: 15}}})
	s, err := accel.BuildInstance(context.Background(), &accel.InstanceDescriptor{Structures: []*accel.Structure{p}, Instances: []accel.Instance{
		{Transform: rotY(0.3, [3]float32{0.1, 0, 0}, 1), Mask: 1, UserID: 41, FunctionTableOffset: 0},
		{Transform: rotY(-0.7, [3]float32{0, 0.2, 0.1}, 0.8), Mask: 2, UserID: 42, FunctionTableOffset: 1, Options: accel.InstanceOpaque},
	}})
	if err != nil {
		t.Fatal(err)
	}
	res := lowerKernel(t, inputsSrc, "inputs", lower.Options{})
	id := uint32(res.IntersectionFunctionIDs["probe"])
	reg := rt.NewRegistry()
	reg.SetStructure(1, s)
	reg.SetTable(2, &rt.Table{Functions: []uint32{id, id, id, id}})
	rays := randomRays(rng, 128)
	d := &dispatch{threads: len(rays), handles: map[int]uint64{0: 1, 4: 2},
		bufs: map[int][]byte{1: rayBytes(rays), 2: make([]byte, recSize*len(rays))}}
	got := run(t, reg, res, d)[2]
	seen := 0
	for i := range rays {
		var first accel.Candidate
		n := uint32(0)
		s.Intersect(rays[i], &accel.Options{WorldSpaceData: true}, func(c *accel.Candidate) accel.Decision {
			if n == 0 {
				first = *c
			}
			n++
			return accel.Decision{}
		})
		b := got[i*recSize:]
		u := func(k int) uint32 { return binary.LittleEndian.Uint32(b[4*k:]) }
		f := func(off int) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(b[off:])) }
		if u(0) != n {
			t.Fatalf("ray %d: %d candidates, want %d", i, u(0), n)
		}
		if n == 0 {
			continue
		}
		seen++
		c := &first
		opaque := uint32(0)
		if c.Opaque {
			opaque = 1
		}
		wantU := []uint32{c.PrimitiveID, c.GeometryID, c.InstanceID[0], c.UserInstanceID[0], c.InstanceTableOffset, c.GeometryTableOffset, opaque}
		for k, w := range wantU {
			if u(k+1) != w {
				t.Fatalf("ray %d: field %d = %d, want %d (%v)", i, k+1, u(k+1), w, wantU)
			}
		}
		vecs := [][3]float32{c.Origin, c.Direction, c.WorldOrigin, c.WorldDirection}
		for k, v := range vecs {
			for j := 0; j < 3; j++ {
				if g := f(32 + 16*k + 4*j); g != v[j] {
					t.Fatalf("ray %d: vector %d[%d] = %v, want %v", i, k, j, g, v[j])
				}
			}
		}
		if f(96) != c.MinDistance || f(100) != c.MaxDistance {
			t.Fatalf("ray %d: interval %v %v, want %v %v", i, f(96), f(100), c.MinDistance, c.MaxDistance)
		}
		for m, mat := range []accel.Float4x3{c.ObjectToWorld, c.WorldToObject} {
			for col := 0; col < 4; col++ {
				for r := 0; r < 3; r++ {
					if g := f(112 + 64*m + 16*col + 4*r); g != mat[3*col+r] {
						t.Fatalf("ray %d: matrix %d [%d][%d] = %v, want %v", i, m, col, r, g, mat[3*col+r])
					}
				}
			}
		}
	}
	if seen < 20 {
		t.Fatalf("only %d rays reached a box", seen)
	}
}
