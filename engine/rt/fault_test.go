package rt_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/accel"
	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/rt"
	"github.com/ingot-render/ingot/shaders/lower"
)

const faultSrc = `
[[intersection(bounding_box)]]
bool bad(uint prim [[primitive_id]], device uint* counts [[buffer(0)]]) {
    counts[(prim + 1) * 1000000] += 1;   // out of bounds
    return true;
}
kernel void faulty(primitive_acceleration_structure as [[buffer(0)]], intersection_function_table<> table [[buffer(4)]],
                   device Out* out [[buffer(2)]], uint id [[thread_position_in_grid]]) {
    intersector<> i;
    auto h = i.intersect(ray(float3(0.5f, 0.5f, -1), float3(0, 0, 1)), as, table);
    out[id].type = uint(h.type);
}
`

// TestFaults: unknown handles and faulting intersection functions stop
// the dispatch with an *exec.Fault, never a panic.
func TestFaults(t *testing.T) {
	s := build(t, &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{
		&accel.BoundingBoxGeometry{BoxData: f32bytes([]float32{0, 0, 0, 1, 1, 1, 0, 0, 2, 1, 1, 3}), BoxCount: 2}}})
	res := lowerKernel(t, faultSrc, "faulty", lower.Options{})
	reg := rt.NewRegistry()
	reg.SetStructure(1, s)
	reg.SetTable(2, &rt.Table{Functions: []uint32{uint32(res.IntersectionFunctionIDs["bad"])}, Buffers: []uint64{bufAddr(3)}})
	pl, err := exec.Compile(res.Program, res.Entry, exec.Options{Intrinsics: rt.Intrinsics(reg)})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name        string
		accel, tabl uint64
		want        string
	}{
		{"unknown structure", 99, 2, "unknown acceleration structure"},
		{"unknown table", 1, 98, "unknown intersection function table"},
		{"function fault", 1, 2, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := &dispatch{threads: 64, handles: map[int]uint64{0: c.accel, 4: c.tabl},
				bufs: map[int][]byte{2: make([]byte, outSize*64), 3: make([]byte, 16)}}
			args, mem, _ := d.build(t, res)
			err := pl.Run(context.Background(), exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{64, 1, 1}, [3]uint32{64, 1, 1}), Args: args, Memory: mem})
			var f *exec.Fault
			if !errors.As(err, &f) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want a fault containing %q", err, c.want)
			}
		})
	}
}
