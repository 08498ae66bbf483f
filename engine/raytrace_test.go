package engine_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"image"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/internal/testkit"
)

// Room and sphere data of the ray-tracing sample (world units; the room
// mesh is modelled in [0,2]³ and placed by its instance transform).
var (
	roomQuads = []struct {
		corners [4][3]float32
		normal  [3]float32
		color   [3]float32
	}{
		{[4][3]float32{{0, 0, 0}, {2, 0, 0}, {2, 0, 2}, {0, 0, 2}}, [3]float32{0, 1, 0}, [3]float32{0.8, 0.8, 0.8}},   // floor
		{[4][3]float32{{0, 2, 0}, {0, 2, 2}, {2, 2, 2}, {2, 2, 0}}, [3]float32{0, -1, 0}, [3]float32{0.8, 0.8, 0.8}},  // ceiling
		{[4][3]float32{{0, 0, 0}, {0, 2, 0}, {2, 2, 0}, {2, 0, 0}}, [3]float32{0, 0, 1}, [3]float32{0.8, 0.8, 0.8}},   // back
		{[4][3]float32{{0, 0, 0}, {0, 0, 2}, {0, 2, 2}, {0, 2, 0}}, [3]float32{1, 0, 0}, [3]float32{0.75, 0.1, 0.1}},  // left, red
		{[4][3]float32{{2, 0, 0}, {2, 2, 0}, {2, 2, 2}, {2, 0, 2}}, [3]float32{-1, 0, 0}, [3]float32{0.1, 0.7, 0.15}}, // right, green
	}
	sampleSpheres = [][7]float32{ // center, radius, color
		{-0.4, -0.6, -0.3, 0.4, 0.9, 0.75, 0.2},
		{0.45, -0.68, 0.25, 0.32, 0.2, 0.35, 0.9},
	}
)

// le appends little-endian values (float32, uint32, uint16) to b.
func le(b []byte, vs ...any) []byte {
	for _, v := range vs {
		b, _ = binary.Append(b, binary.LittleEndian, v)
	}
	return b
}

// sampleScene holds the host objects of the ray-tracing sample.
type sampleScene struct {
	dev                                       *engine.Device
	vertices, indices, normals, colors, boxes *engine.Buffer
	spheres, instances                        *engine.Buffer
	meshDesc, sphereDesc                      *engine.PrimitiveAccelerationStructureDescriptor
}

func newBuffer(t testing.TB, d *engine.Device, b []byte) *engine.Buffer {
	t.Helper()
	buf, err := d.NewBufferWithBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	return buf
}

// newSampleScene fills the buffers and primitive descriptors: the room
// as an indexed opaque triangle mesh, the spheres as one bounding-box
// geometry whose table offset is 2.
func newSampleScene(t testing.TB, d *engine.Device) *sampleScene {
	s := &sampleScene{dev: d}
	var vb, ib, nb, cb, bb, sb []byte
	for q, quad := range roomQuads {
		for _, c := range quad.corners {
			vb = le(vb, c[0], c[1], c[2], float32(0)) // float4 vertices (stride 16)
		}
		base := uint16(4 * q)
		ib = le(ib, base, base+1, base+2, base, base+2, base+3)
		for k := 0; k < 2; k++ {
			nb = le(nb, quad.normal[0], quad.normal[1], quad.normal[2], float32(0))
			cb = le(cb, quad.color[0], quad.color[1], quad.color[2], float32(1))
		}
	}
	for _, sp := range sampleSpheres {
		r := sp[3]
		bb = le(bb, sp[0]-r, sp[1]-r, sp[2]-r, sp[0]+r, sp[1]+r, sp[2]+r)
		sb = le(sb, sp[0], sp[1], sp[2], r, sp[4], sp[5], sp[6], float32(0))
	}
	s.vertices, s.indices = newBuffer(t, d, vb), newBuffer(t, d, ib)
	s.normals, s.colors = newBuffer(t, d, nb), newBuffer(t, d, cb)
	s.boxes, s.spheres = newBuffer(t, d, bb), newBuffer(t, d, sb)
	s.meshDesc = &engine.PrimitiveAccelerationStructureDescriptor{Geometries: []engine.AccelerationStructureGeometry{
		&engine.TriangleGeometryDescriptor{GeometryDescriptor: engine.GeometryDescriptor{Opaque: true},
			VertexBuffer: s.vertices, VertexStride: 16, VertexFormat: engine.VertexFormatFloat3,
			IndexBuffer: s.indices, IndexType: engine.IndexTypeUInt16, TriangleCount: 2 * len(roomQuads)},
	}}
	s.sphereDesc = &engine.PrimitiveAccelerationStructureDescriptor{Geometries: []engine.AccelerationStructureGeometry{
		&engine.BoundingBoxGeometryDescriptor{GeometryDescriptor: engine.GeometryDescriptor{IntersectionFunctionTableOffset: 2},
			BoundingBoxBuffer: s.boxes, BoundingBoxCount: len(sampleSpheres)},
	}}
	// Instance 0: the room moved by (-1,-1,-1), opaque; instance 1: the
	// spheres, table offset 1 (so their entry is 1 + 2 = 3).
	var inst []byte
	inst = le(inst, float32(1), float32(0), float32(0), float32(0), float32(1), float32(0), float32(0), float32(0), float32(1),
		float32(-1), float32(-1), float32(-1), uint32(4), uint32(0xFF), uint32(0), uint32(0))
	inst = le(inst, float32(1), float32(0), float32(0), float32(0), float32(1), float32(0), float32(0), float32(0), float32(1),
		float32(0), float32(0), float32(0), uint32(0), uint32(0xFF), uint32(1), uint32(1))
	s.instances = newBuffer(t, d, inst)
	return s
}

// instanceDesc describes the scene's instance structure over mesh and
// spheres.
func (s *sampleScene) instanceDesc(mesh, spheres *engine.AccelerationStructure) *engine.InstanceAccelerationStructureDescriptor {
	return &engine.InstanceAccelerationStructureDescriptor{InstanceDescriptorBuffer: s.instances, InstanceCount: 2,
		InstanceDescriptorType:          engine.InstanceDescriptorTypeDefault,
		InstancedAccelerationStructures: []*engine.AccelerationStructure{mesh, spheres}}
}

// newStructure allocates a structure of the size desc needs and a
// scratch buffer for it.
func newStructure(t testing.TB, d *engine.Device, desc engine.AccelerationStructureDescriptor) (*engine.AccelerationStructure, *engine.Buffer) {
	t.Helper()
	z, err := d.AccelerationStructureSizes(desc)
	if err != nil {
		t.Fatal(err)
	}
	as, err := d.NewAccelerationStructure(z.AccelerationStructureSize)
	if err != nil {
		t.Fatal(err)
	}
	scratch, err := d.NewBuffer(max(z.BuildScratchBufferSize, z.RefitScratchBufferSize))
	if err != nil {
		t.Fatal(err)
	}
	return as, scratch
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// sampleRun is a prepared sample: render dispatches the kernel once and
// returns the image; scene is the instance structure.
type sampleRun struct {
	render func() *image.NRGBA
	scene  *engine.AccelerationStructure
}

// renderSample runs the sample on a device with the given workers and
// returns the RGBA8 image.
func renderSample(t testing.TB, workers, w, h int) *image.NRGBA {
	return setupSample(t, workers, w, h).render()
}

// sampleUniforms are the kernel's Uniforms: size, 40° field of view, eye
// and light positions.
const (
	sampleFov = 40 * math.Pi / 180
	sampleEye = 3.6
)

var sampleLight = [3]float32{0, 0.85, 0.2}

// setupSample prepares the sample on a device with the given workers:
// build both primitive structures and write their compacted sizes,
// compact them and build the instance structure, as Apple's sample does;
// the returned render dispatches the kernel.
func setupSample(t testing.TB, workers, w, h int) *sampleRun {
	d := newDevice(t, engine.DeviceOptions{Workers: workers})
	ctx := context.Background()
	src, err := os.ReadFile(filepath.Join("testdata", "raytrace.metal"))
	must(t, err)
	lib, err := d.NewLibraryWithFile("raytrace.metal", src, engine.CompileOptions{})
	must(t, err)
	kernel, err := lib.Function("raytrace")
	must(t, err)
	sphereFn, err := lib.Function("sphereIntersection")
	must(t, err)
	p, err := d.NewComputePipelineState(kernel, nil, engine.ComputePipelineOptions{LinkedFunctions: []*engine.Function{sphereFn}})
	must(t, err)
	s := newSampleScene(t, d)
	q := d.NewCommandQueue()

	// 1. Build the primitive structures and write their compacted sizes.
	mesh, meshScratch := newStructure(t, d, s.meshDesc)
	sph, sphScratch := newStructure(t, d, s.sphereDesc)
	sizes, err := d.NewBuffer(8)
	must(t, err)
	cb := q.CommandBuffer(ctx)
	ae, err := cb.AccelerationStructureCommandEncoder()
	must(t, err)
	must(t, ae.BuildAccelerationStructure(mesh, s.meshDesc, meshScratch, 0))
	must(t, ae.BuildAccelerationStructure(sph, s.sphereDesc, sphScratch, 0))
	must(t, ae.WriteCompactedAccelerationStructureSize(mesh, sizes, 0))
	must(t, ae.WriteCompactedAccelerationStructureSize(sph, sizes, 4))
	must(t, ae.EndEncoding())
	must(t, cb.Commit())
	must(t, cb.WaitUntilCompleted())

	// 2. Compact and build the instance structure in one command buffer
	// (each command sees the previous one's result).
	var compacted [2]*engine.AccelerationStructure
	for i := range compacted {
		n := int(binary.LittleEndian.Uint32(sizes.Contents()[4*i:]))
		compacted[i], err = d.NewAccelerationStructure(n)
		must(t, err)
	}
	idesc := s.instanceDesc(compacted[0], compacted[1])
	scene, sceneScratch := newStructure(t, d, idesc)
	cb = q.CommandBuffer(ctx)
	ae, err = cb.AccelerationStructureCommandEncoder()
	must(t, err)
	must(t, ae.CopyAndCompactAccelerationStructure(mesh, compacted[0]))
	must(t, ae.CopyAndCompactAccelerationStructure(sph, compacted[1]))
	must(t, ae.BuildAccelerationStructure(scene, idesc, sceneScratch, 0))
	must(t, ae.EndEncoding())
	must(t, cb.Commit())
	must(t, cb.WaitUntilCompleted())

	// 3. The intersection function table: spheres at entry 1 + 2.
	table, err := p.NewIntersectionFunctionTable(engine.IntersectionFunctionTableDescriptor{FunctionCount: 4})
	must(t, err)
	handle, err := p.FunctionHandle(sphereFn)
	must(t, err)
	must(t, table.SetOpaqueTriangleIntersectionFunction(0))
	must(t, table.SetFunction(handle, 3))
	must(t, table.SetBuffer(s.spheres, 0, 0))

	out, err := d.NewBuffer(4 * w * h)
	must(t, err)
	var u []byte
	u = le(u, uint32(w), uint32(h), float32(sampleFov), float32(0), float32(0), float32(0), float32(sampleEye), float32(0),
		sampleLight[0], sampleLight[1], sampleLight[2], float32(0))
	render := func() *image.NRGBA {
		cb := q.CommandBuffer(ctx)
		ce, err := cb.ComputeCommandEncoder()
		must(t, err)
		must(t, ce.SetComputePipelineState(p))
		must(t, ce.SetAccelerationStructure(scene, 0))
		must(t, ce.SetIntersectionFunctionTable(table, 1))
		must(t, ce.SetBytes(u, 2))
		must(t, ce.SetBuffer(s.normals, 0, 3))
		must(t, ce.SetBuffer(s.colors, 0, 4))
		must(t, ce.SetBuffer(s.spheres, 0, 5))
		must(t, ce.SetBuffer(out, 0, 6))
		must(t, ce.DispatchThreads(engine.Sz(w, h, 1), engine.Sz(8, 8, 1)))
		must(t, ce.EndEncoding())
		must(t, cb.Commit())
		must(t, cb.WaitUntilCompleted())
		img := image.NewNRGBA(image.Rect(0, 0, w, h))
		copy(img.Pix, out.Contents())
		return img
	}
	return &sampleRun{render: render, scene: scene}
}

// TestRayTracingSample renders Apple's ray-tracing sample pattern end to
// end (build, compact, instance build, intersection function table,
// camera, shadow and sphere rays) and compares it with a golden image;
// 1 and 2 workers must give identical bytes.
func TestRayTracingSample(t *testing.T) {
	const w, h = 96, 64
	img := renderSample(t, 2, w, h)
	// Tolerance: the golden is this renderer's own output, so only
	// float-rounding differences across platforms are allowed (channel
	// difference ≤ 2 on ≤ 0.5 % of pixels).
	testkit.GoldenImage(t, filepath.Join("testdata", "raytrace.png"), img, testkit.Tolerance{PerChannel: 2, BadFraction: 0.005})
	one := renderSample(t, 1, w, h)
	if !bytes.Equal(one.Pix, img.Pix) {
		t.Fatal("the render differs between 1 and 2 workers")
	}
	// The scene must show every part: red and green walls, both spheres,
	// and shadow (dark floor pixels below the spheres).
	count := func(f func(r, g, b uint8) bool) int {
		n := 0
		for i := 0; i < len(img.Pix); i += 4 {
			if f(img.Pix[i], img.Pix[i+1], img.Pix[i+2]) {
				n++
			}
		}
		return n
	}
	checks := map[string]func(r, g, b uint8) bool{
		"red wall":      func(r, g, b uint8) bool { return r > 120 && g < 80 && b < 80 },
		"green wall":    func(r, g, b uint8) bool { return g > 120 && r < 80 && b < 80 },
		"yellow sphere": func(r, g, b uint8) bool { return r > 150 && g > 120 && b < 110 },
		"blue sphere":   func(r, g, b uint8) bool { return b > 150 && r < 140 },
	}
	for name, f := range checks {
		if n := count(f); n < 40 {
			t.Errorf("%s: only %d pixels", name, n)
		}
	}
}
