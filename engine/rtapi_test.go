package engine_test

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/accel"
	"github.com/ingot-render/ingot/engine"
)

// soupBytes returns n random triangles in [0,1]³ as packed float3 vertices.
func soupBytes(rng *rand.Rand, n int, shift float32) []byte {
	var b []byte
	for i := 0; i < n; i++ {
		c := [3]float32{rng.Float32(), rng.Float32(), rng.Float32()}
		for j := 0; j < 9; j++ {
			b = le(b, c[j%3]+(rng.Float32()-0.5)*0.3+shift)
		}
	}
	return b
}

// sameHits traces rays through a and b and fails on the first ray whose
// hits differ.
func sameHits(t *testing.T, what string, a, b *accel.Structure, rng *rand.Rand) {
	t.Helper()
	hits := 0
	for i := 0; i < 300; i++ {
		o := [3]float32{-1 + 3*rng.Float32(), -1 + 3*rng.Float32(), -1 + 3*rng.Float32()}
		tg := [3]float32{rng.Float32(), rng.Float32(), rng.Float32()}
		r := accel.NewRay(o, [3]float32{tg[0] - o[0], tg[1] - o[1], tg[2] - o[2]})
		r.MaxDistance = 10
		ha, hb := a.Intersect(r, nil, nil), b.Intersect(r, nil, nil)
		if ha.Type != hb.Type || ha.PrimitiveID != hb.PrimitiveID || ha.Distance != hb.Distance {
			t.Fatalf("%s: ray %d: hit %v %d %v, want %v %d %v", what, i, ha.Type, ha.PrimitiveID, ha.Distance, hb.Type, hb.PrimitiveID, hb.Distance)
		}
		if ha.Type != accel.HitNone {
			hits++
		}
	}
	if hits < 50 {
		t.Fatalf("%s: only %d hits", what, hits)
	}
}

// commit runs f on a new acceleration structure encoder and waits.
func commitAccel(t *testing.T, q *engine.CommandQueue, f func(e *engine.AccelerationStructureCommandEncoder)) error {
	t.Helper()
	cb := q.CommandBuffer(context.Background())
	e, err := cb.AccelerationStructureCommandEncoder()
	must(t, err)
	f(e)
	_ = e.EndEncoding()
	must(t, cb.Commit())
	return cb.WaitUntilCompleted()
}

// TestAccelerationStructureCommands: build, refit (in place and into
// another structure), copy and compact through the encoder give the same
// structures as accel does directly, and the compacted size written to a
// buffer is accel's.
func TestAccelerationStructureCommands(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	d := newDevice(t, engine.DeviceOptions{Workers: 2})
	q := d.NewCommandQueue()
	const n = 200
	vb := newBuffer(t, d, soupBytes(rng, n, 0))
	desc := &engine.PrimitiveAccelerationStructureDescriptor{Usage: engine.AccelerationStructureUsageRefit,
		Geometries: []engine.AccelerationStructureGeometry{&engine.TriangleGeometryDescriptor{
			GeometryDescriptor: engine.GeometryDescriptor{Opaque: true}, VertexBuffer: vb, TriangleCount: n}}}
	direct := func() *accel.Structure {
		s, err := accel.BuildPrimitive(context.Background(), &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{
			&accel.TriangleGeometry{GeometryCommon: accel.GeometryCommon{Opaque: true}, VertexData: vb.Contents(), TriangleCount: n}}})
		must(t, err)
		return s
	}
	as, scratch := newStructure(t, d, desc)
	other, _ := newStructure(t, d, desc)
	copied, _ := newStructure(t, d, desc)
	sizeBuf, err := d.NewBuffer(16)
	must(t, err)
	must(t, commitAccel(t, q, func(e *engine.AccelerationStructureCommandEncoder) {
		must(t, e.BuildAccelerationStructure(as, desc, scratch, 0))
		must(t, e.CopyAccelerationStructure(as, copied))
		must(t, e.WriteCompactedAccelerationStructureSize(as, sizeBuf, 8))
	}))
	want := direct()
	if got := as.Structure(); got == nil || got.Sizes() != want.Sizes() {
		t.Fatalf("built sizes %+v, want %+v", as.Structure().Sizes(), want.Sizes())
	}
	sameHits(t, "build", as.Structure(), want, rng)
	sameHits(t, "copy", copied.Structure(), want, rng)
	if got, w := binary32(sizeBuf.Contents(), 8), want.Compact().Sizes().Bytes; int(got) != w {
		t.Fatalf("compacted size %d, want %d", got, w)
	}

	// Move the vertices; refit into other, then in place.
	moved := soupBytes(rand.New(rand.NewPCG(1, 2)), n, 0.25)
	copy(vb.Contents(), moved)
	must(t, commitAccel(t, q, func(e *engine.AccelerationStructureCommandEncoder) {
		must(t, e.RefitAccelerationStructure(as, desc, other, scratch, 0))
	}))
	refitWant := want.Copy()
	must(t, refitWant.Refit(context.Background(), &accel.PrimitiveDescriptor{Geometries: []accel.Geometry{
		&accel.TriangleGeometry{GeometryCommon: accel.GeometryCommon{Opaque: true}, VertexData: moved, TriangleCount: n}}}))
	sameHits(t, "refit into another structure", other.Structure(), refitWant, rng)
	sameHits(t, "source after refit into another", as.Structure(), want, rng)
	must(t, commitAccel(t, q, func(e *engine.AccelerationStructureCommandEncoder) {
		must(t, e.RefitAccelerationStructure(as, desc, nil, scratch, 0))
	}))
	sameHits(t, "refit in place", as.Structure(), refitWant, rng)

	// Compact into a structure of exactly the reported size; one byte
	// less fails the command buffer.
	size := int(binary32(sizeBuf.Contents(), 8))
	compact, err := d.NewAccelerationStructure(size)
	must(t, err)
	must(t, commitAccel(t, q, func(e *engine.AccelerationStructureCommandEncoder) {
		must(t, e.CopyAndCompactAccelerationStructure(copied, compact))
	}))
	sameHits(t, "compact", compact.Structure(), want, rng)
	small, err := d.NewAccelerationStructure(size - 1)
	must(t, err)
	err = commitAccel(t, q, func(e *engine.AccelerationStructureCommandEncoder) {
		must(t, e.CopyAndCompactAccelerationStructure(copied, small))
	})
	if err == nil || !strings.Contains(err.Error(), "CopyAndCompactAccelerationStructure") || !strings.Contains(err.Error(), "bytes") {
		t.Fatalf("compacting into a structure too small: %v", err)
	}
}

const offsetSrc = `
#include <metal_stdlib>
using namespace metal;
using namespace raytracing;
struct Hit { bool accept [[accept_intersection]]; float distance [[distance]]; };

// unitBox accepts every box at distance 2 and records the
// function table offset it saw.
[[intersection(bounding_box, instancing)]]
Hit unitBox(float tmin [[min_distance]], uint goff [[geometry_intersection_function_table_offset]],
            device uint* seen [[buffer(0)]]) {
    seen[0] = goff + 100;
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

// TestFunctionTableIndex: the table entry an intersection runs is the
// instance's offset plus the geometry's, as in Metal.
func TestFunctionTableIndex(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{Workers: 2})
	q := d.NewCommandQueue()
	lib, err := d.NewLibraryWithSource(offsetSrc, engine.CompileOptions{})
	must(t, err)
	kernel, err := lib.Function("probe")
	must(t, err)
	fn, err := lib.Function("unitBox")
	must(t, err)
	p, err := d.NewComputePipelineState(kernel, nil, engine.ComputePipelineOptions{LinkedFunctions: []*engine.Function{fn}})
	must(t, err)
	boxes := newBuffer(t, d, le(nil, float32(0), float32(0), float32(0), float32(1), float32(1), float32(1)))
	seen, err := d.NewBuffer(4)
	must(t, err)
	out, err := d.NewBuffer(4)
	must(t, err)
	for _, tc := range []struct{ inst, geom, entry int }{{0, 0, 0}, {1, 2, 3}, {1, 2, 2}, {1, 2, 1}, {4, 3, 7}, {0, 5, 5}} {
		desc := &engine.PrimitiveAccelerationStructureDescriptor{Geometries: []engine.AccelerationStructureGeometry{
			&engine.BoundingBoxGeometryDescriptor{GeometryDescriptor: engine.GeometryDescriptor{IntersectionFunctionTableOffset: tc.geom},
				BoundingBoxBuffer: boxes, BoundingBoxCount: 1}}}
		prim, scratch := newStructure(t, d, desc)
		instBuf := newBuffer(t, d, le(nil, float32(1), float32(0), float32(0), float32(0), float32(1), float32(0), float32(0), float32(0), float32(1),
			float32(0), float32(0), float32(0), uint32(0), uint32(0xFF), uint32(tc.inst), uint32(0)))
		idesc := &engine.InstanceAccelerationStructureDescriptor{InstanceDescriptorBuffer: instBuf, InstanceCount: 1,
			InstancedAccelerationStructures: []*engine.AccelerationStructure{prim}}
		top, topScratch := newStructure(t, d, idesc)
		must(t, commitAccel(t, q, func(e *engine.AccelerationStructureCommandEncoder) {
			must(t, e.BuildAccelerationStructure(prim, desc, scratch, 0))
			must(t, e.BuildAccelerationStructure(top, idesc, topScratch, 0))
		}))
		table, err := p.NewIntersectionFunctionTable(engine.IntersectionFunctionTableDescriptor{FunctionCount: 8})
		must(t, err)
		h, err := p.FunctionHandle(fn)
		must(t, err)
		must(t, table.SetFunction(h, tc.entry))
		must(t, table.SetBuffer(seen, 0, 0))
		copy(seen.Contents(), make([]byte, 4))
		cb := dispatch(t, context.Background(), q, p, engine.Sz(1, 1, 1), engine.Sz(1, 1, 1), func(e *engine.ComputeCommandEncoder) {
			must(t, e.SetAccelerationStructure(top, 0))
			must(t, e.SetIntersectionFunctionTable(table, 1))
			must(t, e.SetBuffer(out, 0, 2))
		})
		must(t, cb.Error())
		got := math.Float32frombits(binary32(out.Contents(), 0))
		hit := tc.inst+tc.geom == tc.entry
		if hit != (got == 2) {
			t.Errorf("instance offset %d + geometry offset %d, function at entry %d: distance %v", tc.inst, tc.geom, tc.entry, got)
		}
		if s := binary32(seen.Contents(), 0); hit && int(s) != tc.geom+100 {
			t.Errorf("instance offset %d + geometry offset %d: the function saw geometry offset %d", tc.inst, tc.geom, int(s)-100)
		}
	}
}

const orderSrc = `
#include <metal_stdlib>
using namespace metal;
using namespace raytracing;
kernel void place(device packed_float3* v [[buffer(0)]], constant float& z [[buffer(1)]], uint i [[thread_position_in_grid]]) {
    float2 c[3] = { float2(-1, -1), float2(1, -1), float2(0, 1) };
    v[i] = packed_float3(c[i].x, c[i].y, z);
}
kernel void trace(primitive_acceleration_structure as [[buffer(0)]], device float* out [[buffer(1)]],
                  uint i [[thread_position_in_grid]]) {
    intersector<> x;
    auto h = x.intersect(ray(float3(0, 0, 0), float3(0, 0, 1)), as);
    out[i] = h.type == intersection_type::triangle ? h.distance : -1.0f;
}
`

// TestBuildOrdering: in one command buffer a kernel writes the vertices,
// a build reads them, a kernel traces the result, then the same again
// with other vertices: every command sees the one before it.
func TestBuildOrdering(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{Workers: 2})
	lib, err := d.NewLibraryWithSource(orderSrc, engine.CompileOptions{})
	must(t, err)
	pipe := func(name string) *engine.ComputePipelineState {
		fn, err := lib.Function(name)
		must(t, err)
		p, err := d.NewComputePipelineState(fn, nil, engine.ComputePipelineOptions{})
		must(t, err)
		return p
	}
	place, trace := pipe("place"), pipe("trace")
	vb, err := d.NewBuffer(36)
	must(t, err)
	out, err := d.NewBuffer(8)
	must(t, err)
	desc := &engine.PrimitiveAccelerationStructureDescriptor{Geometries: []engine.AccelerationStructureGeometry{
		&engine.TriangleGeometryDescriptor{GeometryDescriptor: engine.GeometryDescriptor{Opaque: true}, VertexBuffer: vb, TriangleCount: 1}}}
	as, scratch := newStructure(t, d, desc)
	cb := d.NewCommandQueue().CommandBuffer(context.Background())
	for k, z := range []float32{3, 5} {
		ce, err := cb.ComputeCommandEncoder()
		must(t, err)
		must(t, ce.SetComputePipelineState(place))
		must(t, ce.SetBuffer(vb, 0, 0))
		must(t, ce.SetBytes(le(nil, z), 1))
		must(t, ce.DispatchThreads(engine.Sz(3, 1, 1), engine.Sz(3, 1, 1)))
		must(t, ce.EndEncoding())
		ae, err := cb.AccelerationStructureCommandEncoder()
		must(t, err)
		must(t, ae.BuildAccelerationStructure(as, desc, scratch, 0))
		must(t, ae.EndEncoding())
		ce, err = cb.ComputeCommandEncoder()
		must(t, err)
		must(t, ce.SetComputePipelineState(trace))
		must(t, ce.SetAccelerationStructure(as, 0))
		must(t, ce.SetBuffer(out, 4*k, 1))
		must(t, ce.DispatchThreads(engine.Sz(1, 1, 1), engine.Sz(1, 1, 1)))
		must(t, ce.EndEncoding())
	}
	must(t, cb.Commit())
	must(t, cb.WaitUntilCompleted())
	if got := floats(out.Contents()); got[0] != 3 || got[1] != 5 {
		t.Fatalf("distances %v, want [3 5]", got)
	}
}
