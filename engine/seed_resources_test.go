package engine_test

import (
	"context"
	"os"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

// TestSeedResourceKinds runs the §5.2 seed kernel that takes one argument
// of every kind (buffers, an argument buffer of resources, a primitive
// acceleration structure, intersection and visible function tables, a
// texture, a texture buffer, an array of textures, a sampler, threadgroup
// memory) with each resource filled, and checks the value it computes.
func TestSeedResourceKinds(t *testing.T) {
	src, err := os.ReadFile("../shaders/testdata/seeds/000_5.2_resource_kinds.metal")
	if err != nil {
		t.Skip(err)
	}
	d := newDevice(t, engine.DeviceOptions{Workers: 2})
	q := d.NewCommandQueue()
	lib, err := d.NewLibraryWithFile("000_5.2_resource_kinds.metal", src, engine.CompileOptions{})
	must(t, err)
	kernel, err := lib.Function("resource_kinds")
	must(t, err)
	shade, err := lib.Function("shade")
	must(t, err)
	p, err := d.NewComputePipelineState(kernel, nil, engine.ComputePipelineOptions{})
	must(t, err)

	// One triangle in the plane z = 5 around the z axis.
	verts := newBuffer(t, d, le(nil, float32(-1), float32(-1), float32(5), float32(1), float32(-1), float32(5), float32(0), float32(1), float32(5)))
	desc := &engine.PrimitiveAccelerationStructureDescriptor{Geometries: []engine.AccelerationStructureGeometry{
		&engine.TriangleGeometryDescriptor{GeometryDescriptor: engine.GeometryDescriptor{Opaque: true},
			VertexBuffer: verts, VertexFormat: engine.VertexFormatFloat3, TriangleCount: 1}}}
	as, scratch := newStructure(t, d, desc)
	must(t, commitAccel(t, q, func(e *engine.AccelerationStructureCommandEncoder) {
		must(t, e.BuildAccelerationStructure(as, desc, scratch, 0))
	}))
	ift, err := p.NewIntersectionFunctionTable(engine.IntersectionFunctionTableDescriptor{FunctionCount: 1})
	must(t, err)
	vft, err := p.NewVisibleFunctionTable(engine.VisibleFunctionTableDescriptor{FunctionCount: 1})
	must(t, err)
	h, err := p.FunctionHandle(shade)
	must(t, err)
	must(t, vft.SetFunction(h, 0))

	texel := func(r, g, b, a float32) *engine.Texture {
		tx, err := d.NewTexture(engine.Texture2DDescriptor(engine.PixelFormatRGBA32Float, 1, 1, false))
		must(t, err)
		must(t, tx.ReplaceRegion(engine.Region{Width: 1, Height: 1, Depth: 1}, 0, 0, floatBytes([]float32{r, g, b, a}), 16, 0))
		return tx
	}
	tex := texel(1, 0, 0, 1)                           // tex.sample(...).x = 1
	albedo := texel(0.5, 0, 0, 1)                      // args.albedo: 0.5
	arr0, arr1 := texel(0, 7, 0, 1), texel(0, 3, 0, 1) // texs[1].sample(...).y = 3
	const n = 64
	tb, err := d.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureTypeTextureBuffer, PixelFormat: engine.PixelFormatRGBA32Float,
		Width: n, Height: 1, Depth: 1, Usage: engine.TextureUsageShaderRead})
	must(t, err)
	tbData := make([]float32, 4*n)
	for i := range n {
		tbData[4*i] = 0.25 // tb.read(tid).x
	}
	must(t, tb.ReplaceRegion(engine.Region{Width: n, Height: 1, Depth: 1}, 0, 0, floatBytes(tbData), 16*n, 0))
	smp, err := d.NewSamplerState(engine.DefaultSamplerDescriptor())
	must(t, err)
	weights := make([]float32, n)
	for i := range weights {
		weights[i] = 1
	}
	wbuf := newBuffer(t, d, floatBytes(weights))
	// MaterialArgs: albedo @0, albedo_sampler @8, weights @16.
	args := newBuffer(t, d, le(nil, albedo.GPUResourceID(), smp.GPUResourceID(), wbuf.GPUAddress()))
	out, err := d.NewBuffer(4 * n)
	must(t, err)

	cb := dispatch(t, context.Background(), q, p, engine.Sz(n, 1, 1), engine.Sz(32, 1, 1), func(e *engine.ComputeCommandEncoder) {
		must(t, e.SetBuffer(out, 0, 0))
		must(t, e.SetBytes(le(nil, float32(2), float32(0), float32(0), float32(0)), 1))
		must(t, e.SetBuffer(args, 0, 2))
		must(t, e.SetAccelerationStructure(as, 3))
		must(t, e.SetIntersectionFunctionTable(ift, 4))
		must(t, e.SetVisibleFunctionTable(vft, 5))
		must(t, e.SetTexture(tex, 0))
		must(t, e.SetTexture(tb, 1))
		must(t, e.SetTexture(arr0, 2))
		must(t, e.SetTexture(arr1, 3))
		must(t, e.SetSamplerState(smp, 0))
		must(t, e.SetThreadgroupMemoryLength(4*32, 0))
		for _, r := range []any{albedo, wbuf} {
			must(t, e.UseResource(r))
		}
	})
	must(t, cb.Error())
	// tg = 1 + 0.25 + 3; dev = shade(tg*2 + 0.5*1) + hit distance 5.
	const want = (4.25*2+0.5)*0.5 + 5
	for i, v := range floats(out.Contents()) {
		if v != want {
			t.Fatalf("dev[%d] = %v, want %v", i, v, want)
		}
	}
}
