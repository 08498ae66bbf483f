package rt_test

import (
	"testing"

	"github.com/ingot-render/ingot/accel"
	"github.com/ingot-render/ingot/engine/rt"
	"github.com/ingot-render/ingot/shaders/lower"
)

const equalSrc = `
struct Order { uint last; uint count; };
struct BoxResult { bool accept [[accept_intersection]]; float distance [[distance]]; };

[[intersection(bounding_box)]]
BoxResult flat(uint prim [[primitive_id]], float tmax [[max_distance]], ray_data Order& o [[payload]]) {
    BoxResult r;
    r.accept = 2.0f <= tmax;   // every box reports the same distance
    r.distance = 2.0f;
    if (r.accept) { o.last = prim; }
    o.count += 1;
    return r;
}

kernel void equal(primitive_acceleration_structure as [[buffer(0)]], intersection_function_table<> table [[buffer(4)]],
                  device Out* out [[buffer(2)]], uint id [[thread_position_in_grid]]) {
    ray r(float3(0.25f + 0.01f * id, 0.5f, -1.0f), float3(0, 0, 1));
    intersector<> i;
    Order o = {99, 0};
    auto h = i.intersect(r, as, table, o);
    out[id].t = h.distance;
    out[id].prim = h.primitive_id;
    out[id].type = uint(h.type);
    out[id].count = o.count;
    out[id].sum = o.last;
}
`

// TestEqualDistance: boxes that all report the same distance; each
// accepted candidate at a distance equal to the current closest replaces
// it (table 5.11), so the result is the last accepted one.
func TestEqualDistance(t *testing.T) {
	var boxes []float32
	for k := 0; k < 5; k++ {
		boxes = append(boxes, 0, 0, float32(k)*0.1, 1, 1, float32(k)*0.1+0.05)
	}
	s := build(t, &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{
		&accel.BoundingBoxGeometry{BoxData: f32bytes(boxes), BoxCount: 5}}})
	res := lowerKernel(t, equalSrc, "equal", lower.Options{})
	reg := rt.NewRegistry()
	reg.SetStructure(1, s)
	reg.SetTable(2, &rt.Table{Functions: []uint32{uint32(res.IntersectionFunctionIDs["flat"])}})
	const n = 40
	d := &dispatch{threads: n, handles: map[int]uint64{0: 1, 4: 2}, bufs: map[int][]byte{2: make([]byte, outSize*n)}}
	got := run(t, reg, res, d)[2]
	for i := 0; i < n; i++ {
		o := readOut(got, i)
		if o.Type != uint32(accel.HitBoundingBox) || o.T != 2 || o.Count != 5 || o.Prim != o.Sum {
			t.Fatalf("ray %d: type %d t %v after %d candidates: prim %d, last accepted %d", i, o.Type, o.T, o.Count, o.Prim, o.Sum)
		}
	}
}
