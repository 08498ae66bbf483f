package engine_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

const visibleSrc = `
#include <metal_stdlib>
using namespace metal;

[[visible]] float twice(float x) { return 2 * x; }
[[visible]] float square(float x) { return x * x; }

kernel void callTable(visible_function_table<float(float)> table [[buffer(0)]], device float* out [[buffer(1)]],
                      uint id [[thread_position_in_grid]]) {
    out[id] = table[id % table.size()](float(id));
}
`

// TestVisibleFunctionTable calls [[visible]] functions through a table
// set from the host; entries are chosen per lane.
func TestVisibleFunctionTable(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{Workers: 2})
	lib, err := d.NewLibraryWithSource(visibleSrc, engine.CompileOptions{})
	must(t, err)
	kernel, err := lib.Function("callTable")
	must(t, err)
	twice, err := lib.Function("twice")
	must(t, err)
	square, err := lib.Function("square")
	must(t, err)
	p, err := d.NewComputePipelineState(kernel, nil, engine.ComputePipelineOptions{LinkedFunctions: []*engine.Function{twice, square}})
	must(t, err)
	table, err := p.NewVisibleFunctionTable(engine.VisibleFunctionTableDescriptor{FunctionCount: 3})
	must(t, err)
	for i, f := range []*engine.Function{square, twice, square} {
		h, err := p.FunctionHandle(f)
		must(t, err)
		must(t, table.SetFunction(h, i))
	}
	out, err := d.NewBuffer(4 * 100)
	must(t, err)
	cb := dispatch(t, context.Background(), d.NewCommandQueue(), p, engine.Sz(100, 1, 1), engine.Sz(32, 1, 1), func(e *engine.ComputeCommandEncoder) {
		must(t, e.SetVisibleFunctionTable(table, 0))
		must(t, e.SetBuffer(out, 0, 1))
	})
	must(t, cb.Error())
	got := floats(out.Contents())
	for i, v := range got {
		want := float32(i * i)
		if i%3 == 1 {
			want = float32(2 * i)
		}
		if v != want {
			t.Fatalf("out[%d] = %v, want %v", i, v, want)
		}
	}
}

// TestRayTracingMisuse: every misuse of the ray-tracing API is an error
// naming the offending argument or descriptor field.
func TestRayTracingMisuse(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{Workers: 1})
	other := newDevice(t, engine.DeviceOptions{Workers: 1})
	q := d.NewCommandQueue()
	s := newSampleScene(t, d)
	lib, err := d.NewLibraryWithSource(offsetSrc, engine.CompileOptions{})
	must(t, err)
	kernel, err := lib.Function("probe")
	must(t, err)
	unitBox, err := lib.Function("unitBox")
	must(t, err)
	p, err := d.NewComputePipelineState(kernel, nil, engine.ComputePipelineOptions{LinkedFunctions: []*engine.Function{unitBox}})
	must(t, err)
	pNone, err := d.NewComputePipelineState(kernel, nil, engine.ComputePipelineOptions{LinkedFunctions: []*engine.Function{}})
	must(t, err)
	mesh, scratch := newStructure(t, d, s.meshDesc)
	tiny, err := d.NewAccelerationStructure(16)
	must(t, err)
	small, err := d.NewBuffer(4)
	must(t, err)
	otherBuf, err := other.NewBuffer(64)
	must(t, err)
	table, err := p.NewIntersectionFunctionTable(engine.IntersectionFunctionTableDescriptor{FunctionCount: 2})
	must(t, err)
	noVertices := &engine.PrimitiveAccelerationStructureDescriptor{Geometries: []engine.AccelerationStructureGeometry{
		&engine.TriangleGeometryDescriptor{TriangleCount: 1}}}
	// encode runs f on an acceleration structure encoder and returns the
	// encoding error, or else the command buffer's.
	encode := func(f func(e *engine.AccelerationStructureCommandEncoder) error) error {
		cb := q.CommandBuffer(context.Background())
		e, err := cb.AccelerationStructureCommandEncoder()
		must(t, err)
		if err := f(e); err != nil {
			e.EndEncoding()
			return err
		}
		must(t, e.EndEncoding())
		must(t, cb.Commit())
		return cb.WaitUntilCompleted()
	}
	compute := func(f func(e *engine.ComputeCommandEncoder) error) error {
		cb := q.CommandBuffer(context.Background())
		e, err := cb.ComputeCommandEncoder()
		must(t, err)
		must(t, e.SetComputePipelineState(p))
		if err := f(e); err != nil {
			e.EndEncoding()
			return err
		}
		if err := e.DispatchThreads(engine.Sz(1, 1, 1), engine.Sz(1, 1, 1)); err != nil {
			e.EndEncoding()
			return err
		}
		must(t, e.EndEncoding())
		must(t, cb.Commit())
		return cb.WaitUntilCompleted()
	}
	cases := []struct {
		name string
		err  func() error
		want []string
	}{
		{"sizes of nil descriptor", func() error { _, err := d.AccelerationStructureSizes(nil); return err }, []string{"descriptor is nil"}},
		{"sizes without vertex buffer", func() error { _, err := d.AccelerationStructureSizes(noVertices); return err }, []string{"Geometries[0].VertexBuffer is nil"}},
		{"sizes with a nil geometry", func() error {
			_, err := d.AccelerationStructureSizes(&engine.PrimitiveAccelerationStructureDescriptor{
				Geometries: []engine.AccelerationStructureGeometry{(*engine.BoundingBoxGeometryDescriptor)(nil)}})
			return err
		}, []string{"Geometries[0] is nil"}},
		{"zero-size structure", func() error { _, err := d.NewAccelerationStructure(0); return err }, []string{"size is 0"}},
		{"build without vertex buffer", func() error {
			return encode(func(e *engine.AccelerationStructureCommandEncoder) error {
				return e.BuildAccelerationStructure(mesh, noVertices, scratch, 0)
			})
		}, []string{"BuildAccelerationStructure", "Geometries[0].VertexBuffer"}},
		{"scratch too small", func() error {
			return encode(func(e *engine.AccelerationStructureCommandEncoder) error {
				return e.BuildAccelerationStructure(mesh, s.meshDesc, small, 0)
			})
		}, []string{"scratchBuffer"}},
		{"nil destination", func() error {
			return encode(func(e *engine.AccelerationStructureCommandEncoder) error {
				return e.BuildAccelerationStructure(nil, s.meshDesc, scratch, 0)
			})
		}, []string{"accelerationStructure is nil"}},
		{"scratch of another device", func() error {
			return encode(func(e *engine.AccelerationStructureCommandEncoder) error {
				return e.BuildAccelerationStructure(mesh, s.meshDesc, otherBuf, 0)
			})
		}, []string{"scratchBuffer belongs to another device"}},
		{"build from nil descriptor", func() error {
			return encode(func(e *engine.AccelerationStructureCommandEncoder) error {
				return e.BuildAccelerationStructure(mesh, (*engine.PrimitiveAccelerationStructureDescriptor)(nil), scratch, 0)
			})
		}, []string{"BuildAccelerationStructure", "descriptor is nil"}},
		{"refit from nil descriptor", func() error {
			return encode(func(e *engine.AccelerationStructureCommandEncoder) error {
				return e.RefitAccelerationStructure(mesh, (*engine.InstanceAccelerationStructureDescriptor)(nil), nil, scratch, 0)
			})
		}, []string{"RefitAccelerationStructure", "descriptor is nil"}},
		{"refit without usage", func() error {
			return encode(func(e *engine.AccelerationStructureCommandEncoder) error {
				return e.RefitAccelerationStructure(mesh, s.meshDesc, nil, scratch, 0)
			})
		}, []string{"RefitAccelerationStructure", "Usage"}},
		{"structure too small", func() error {
			return encode(func(e *engine.AccelerationStructureCommandEncoder) error {
				return e.BuildAccelerationStructure(tiny, s.meshDesc, scratch, 0)
			})
		}, []string{"BuildAccelerationStructure", "has 16"}},
		{"copy of unbuilt structure", func() error {
			return encode(func(e *engine.AccelerationStructureCommandEncoder) error {
				return e.CopyAccelerationStructure(tiny, mesh)
			})
		}, []string{"sourceAccelerationStructure", "not been built"}},
		{"instance of unbuilt structure", func() error {
			idesc := s.instanceDesc(tiny, tiny)
			top, sc := newStructure(t, d, idesc)
			return encode(func(e *engine.AccelerationStructureCommandEncoder) error {
				return e.BuildAccelerationStructure(top, idesc, sc, 0)
			})
		}, []string{"InstancedAccelerationStructures[0]", "not been built"}},
		{"compacted size misaligned", func() error {
			return encode(func(e *engine.AccelerationStructureCommandEncoder) error {
				return e.WriteCompactedAccelerationStructureSize(mesh, small, 2)
			})
		}, []string{"WriteCompactedAccelerationStructureSize", "offset 2"}},
		{"negative table size", func() error {
			_, err := p.NewIntersectionFunctionTable(engine.IntersectionFunctionTableDescriptor{FunctionCount: -1})
			return err
		}, []string{"FunctionCount is -1"}},
		{"table index out of range", func() error { return table.SetOpaqueTriangleIntersectionFunction(2) }, []string{"index 2"}},
		{"table buffer index out of range", func() error { return table.SetBuffer(small, 0, 31) }, []string{"SetBuffer", "index 31"}},
		{"handle of unlinked function", func() error { _, err := pNone.FunctionHandle(unitBox); return err }, []string{"unitBox", "LinkedFunctions"}},
		{"handle of a kernel", func() error { _, err := p.FunctionHandle(kernel); return err }, []string{"probe", "kernel"}},
		{"kernel linked", func() error {
			_, err := d.NewComputePipelineState(kernel, nil, engine.ComputePipelineOptions{LinkedFunctions: []*engine.Function{kernel}})
			return err
		}, []string{"LinkedFunctions[0]", "probe"}},
		{"table bound as structure", func() error {
			return compute(func(e *engine.ComputeCommandEncoder) error {
				must(t, e.SetIntersectionFunctionTable(table, 0))
				must(t, e.SetIntersectionFunctionTable(table, 1))
				return e.SetBuffer(small, 0, 2)
			})
		}, []string{`argument "as"`, "intersection function table", "acceleration structure"}},
		{"structure missing", func() error {
			return compute(func(e *engine.ComputeCommandEncoder) error {
				must(t, e.SetIntersectionFunctionTable(table, 1))
				return e.SetBuffer(small, 0, 2)
			})
		}, []string{`argument "as"`, "index 0"}},
		{"unbuilt structure bound", func() error {
			return compute(func(e *engine.ComputeCommandEncoder) error {
				must(t, e.SetAccelerationStructure(tiny, 0))
				must(t, e.SetIntersectionFunctionTable(table, 1))
				return e.SetBuffer(small, 0, 2)
			})
		}, []string{`argument "as"`, "not been built"}},
	}
	for _, c := range cases {
		err := c.err()
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		t.Logf("%s: %v", c.name, err)
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not mention %q", c.name, err, w)
			}
		}
	}
}
