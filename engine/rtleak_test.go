package engine_test

import (
	"context"
	"testing"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/engine/exec"
)

const faultingBoxSrc = `
#include <metal_stdlib>
using namespace metal;
using namespace raytracing;
struct Hit { bool accept [[accept_intersection]]; float distance [[distance]]; };

// badBox writes past the end of its buffer: the dispatch faults in the
// middle of a traversal.
[[intersection(bounding_box, instancing)]]
Hit badBox(float tmin [[min_distance]], device uint* seen [[buffer(0)]]) {
    seen[1000000] = 1u;
    Hit h; h.accept = true; h.distance = tmin + 2.0f; return h;
}

kernel void probe(instance_acceleration_structure as [[buffer(0)]],
                  intersection_function_table<instancing> table [[buffer(1)]],
                  device float* out [[buffer(2)]], uint id [[thread_position_in_grid]]) {
    ray r(float3(0.5f, 0.5f, -2.0f), float3(0, 0, 1), 0.0f, 10.0f);
    intersector<instancing> i;
    auto h = i.intersect(r, as, 0xFF, table);
    out[id] = h.type == intersection_type::bounding_box ? h.distance : -1.0f;
}
`

// TestFaultInTraversalReleasesTracers: a dispatch that faults inside an
// intersection function leaves no ray traversal state behind, so a
// long-running device keeps tracing after any number of such faults.
func TestFaultInTraversalReleasesTracers(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{Workers: 2})
	q := d.NewCommandQueue()
	lib, err := d.NewLibraryWithSource(faultingBoxSrc, engine.CompileOptions{})
	must(t, err)
	kernel, err := lib.Function("probe")
	must(t, err)
	fn, err := lib.Function("badBox")
	must(t, err)
	p, err := d.NewComputePipelineState(kernel, nil, engine.ComputePipelineOptions{LinkedFunctions: []*engine.Function{fn}})
	must(t, err)
	boxes := newBuffer(t, d, le(nil, float32(0), float32(0), float32(0), float32(1), float32(1), float32(1)))
	desc := &engine.PrimitiveAccelerationStructureDescriptor{Geometries: []engine.AccelerationStructureGeometry{
		&engine.BoundingBoxGeometryDescriptor{BoundingBoxBuffer: boxes, BoundingBoxCount: 1}}}
	prim, scratch := newStructure(t, d, desc)
	instBuf := newBuffer(t, d, le(nil, float32(1), float32(0), float32(0), float32(0), float32(1), float32(0), float32(0), float32(0), float32(1),
		float32(0), float32(0), float32(0), uint32(0), uint32(0xFF), uint32(0), uint32(0)))
	idesc := &engine.InstanceAccelerationStructureDescriptor{InstanceDescriptorBuffer: instBuf, InstanceCount: 1,
		InstancedAccelerationStructures: []*engine.AccelerationStructure{prim}}
	top, topScratch := newStructure(t, d, idesc)
	must(t, commitAccel(t, q, func(e *engine.AccelerationStructureCommandEncoder) {
		must(t, e.BuildAccelerationStructure(prim, desc, scratch, 0))
		must(t, e.BuildAccelerationStructure(top, idesc, topScratch, 0))
	}))
	table, err := p.NewIntersectionFunctionTable(engine.IntersectionFunctionTableDescriptor{FunctionCount: 1})
	must(t, err)
	h, err := p.FunctionHandle(fn)
	must(t, err)
	must(t, table.SetFunction(h, 0))
	seen, err := d.NewBuffer(4)
	must(t, err)
	must(t, table.SetBuffer(seen, 0, 0))
	out, err := d.NewBuffer(4 * 256)
	must(t, err)
	for range 3 {
		cb := dispatch(t, context.Background(), q, p, engine.Sz(256, 1, 1), engine.Sz(64, 1, 1), func(e *engine.ComputeCommandEncoder) {
			must(t, e.SetAccelerationStructure(top, 0))
			must(t, e.SetIntersectionFunctionTable(table, 1))
			must(t, e.SetBuffer(out, 0, 2))
		})
		// The intersection function runs inside the kernel: the fault names
		// the kernel and badBox's line.
		if f := faultOf(t, cb); f.Kind != exec.FaultOutOfBounds || f.Pos.Line != 11 {
			t.Fatalf("fault %v, want an out-of-bounds write at badBox's line 11", f)
		}
		if n := d.RayTracingRegistry().InFlight(); n != 0 {
			t.Fatalf("%d ray traversals still in flight after the faulting dispatch ended", n)
		}
	}
}
