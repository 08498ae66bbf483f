package engine

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/ingot-render/ingot/engine/internal/rasterbench"
	"github.com/ingot-render/ingot/internal/benchkit"
	"github.com/ingot-render/ingot/mesh"
)

// meshBenchCases are the mesh-pipeline benchmarks (`ingot bench mesh`): the
// bunny (69,451 triangles) and a torus of 1,048,576 triangles at 512²,
// drawn by mesh.MeshletMSL's object/mesh pipeline with meshlet culling
// ("cull") and without ("nocull"), for the framing view of rasterbench
// and one turned so that about half of the mesh is off screen ("half"),
// in meshlets of the default limits (64 vertices, 124 triangles) and of
// mesh.LargeOptions ("large": 128, 256).
// The native side of every case is the indexed vertex pipeline drawing
// the same frame with the same shaders, so the printed ratio is
// meshlet/vertex.
func meshBenchCases() []benchkit.Case {
	var cs []benchkit.Case
	for _, sc := range meshBenchScenes {
		for _, v := range meshBenchViews {
			name := fmt.Sprintf("mesh/%s-512%s-%s", sc.name, v.suffix, v.mode)
			cs = append(cs, benchkit.Case{Name: name, Unit: "Mtris/s", PerOp: float64(sc.tris), Baseline: "ingot vertex pipeline",
				Ingot: func(b *testing.B, workers int) { runMeshBench(b, sc, v, workers, true) },
				Native: func(b *testing.B) {
					runMeshBench(b, sc, v, 1, false) // one worker, as benchkit baselines run
				}})
		}
	}
	return cs
}

// meshBenchScene is a mesh of the mesh benchmarks.
type meshBenchScene struct {
	name string
	tris int
	load func() (*rasterbench.Mesh, error)
}

// meshBenchView is a view, culling mode and meshlet size of the mesh
// benchmarks.
type meshBenchView struct {
	suffix, mode string
	yaw          float32
	cull         bool
	cfg          meshletConfig
}

var meshBenchScenes = []meshBenchScene{
	{"bunny", bunnyTriangles, bunnyMesh},
	{"torus1m", 2 * torusBenchU * torusBenchV, func() (*rasterbench.Mesh, error) { return torusBenchOnce(), nil }},
}

var meshBenchViews = []meshBenchView{
	{"", "cull", 0, true, meshletDefault},
	{"", "nocull", 0, false, meshletDefault},
	{"-half", "cull", meshHalfYaw, true, meshletDefault},
	{"-half", "nocull", meshHalfYaw, false, meshletDefault},
	{"", "cull-large", 0, true, meshletLarge},
	{"", "nocull-large", 0, false, meshletLarge},
	{"-half", "cull-large", meshHalfYaw, true, meshletLarge},
}

// meshHalfYaw turns the benchmark camera so that about half of a mesh
// framed by rasterbench.NewCamera leaves the screen.
const meshHalfYaw = 0.33

// runMeshBench times frames of scene sc from view v, through the meshlet
// pipeline or the vertex pipeline, and reports the fraction of meshlets
// the object stage culls.
func runMeshBench(b *testing.B, sc meshBenchScene, v meshBenchView, workers int, meshlets bool) {
	m, err := sc.load()
	if err != nil {
		benchkit.Skip(b, err)
	}
	f, err := newMeshletFrame(m, v.cfg, 512, 512, workers)
	if err != nil {
		b.Fatal(err)
	}
	f.SetView(v.yaw, v.cull)
	if err := f.Frame(meshlets); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := f.Frame(meshlets); err != nil {
			b.Fatal(err)
		}
	}
	if meshlets {
		b.ReportMetric(f.CulledFraction(), "culled-frac")
	}
}

// torusBenchU and torusBenchV are the benchmark torus' segment counts
// (2·U·V triangles).
const torusBenchU, torusBenchV = 1024, 512

var torusBenchOnce = sync.OnceValue(func() *rasterbench.Mesh { return torusMesh(torusBenchU, torusBenchV) })

// torusMesh is a closed torus (major radius 1, minor 0.35) of nu×nv quads
// with outward counter-clockwise triangles and analytic normals, in
// rasterbench's vertex layout (position, normal).
func torusMesh(nu, nv int) *rasterbench.Mesh {
	const major, minor = 1, 0.35
	m := &rasterbench.Mesh{Verts: make([]float32, 0, 6*nu*nv), Indices: make([]uint32, 0, 6*nu*nv),
		Min: mgl32.Vec3{-major - minor, -major - minor, -minor}, Max: mgl32.Vec3{major + minor, major + minor, minor}}
	for i := range nu {
		u := 2 * math.Pi * float64(i) / float64(nu)
		cu, su := math.Cos(u), math.Sin(u)
		for j := range nv {
			w := 2 * math.Pi * float64(j) / float64(nv)
			cw, sw := math.Cos(w), math.Sin(w)
			r := major + minor*cw
			m.Verts = append(m.Verts, float32(r*cu), float32(r*su), float32(minor*sw), float32(cw*cu), float32(cw*su), float32(sw))
		}
	}
	at := func(i, j int) uint32 { return uint32((i%nu)*nv + j%nv) }
	for i := range nu {
		for j := range nv {
			a, b, c, d := at(i, j), at(i+1, j), at(i+1, j+1), at(i, j+1)
			m.Indices = append(m.Indices, a, b, c, a, c, d)
		}
	}
	return m
}

// meshletFrame is a mesh drawn through mesh.MeshletMSL, by its meshlet
// object/mesh pipeline or by its indexed vertex pipeline, on a device.
type meshletFrame struct {
	dev                       *Device
	q                         *CommandQueue
	meshP, vertP              *RenderPipelineState
	ds                        *DepthStencilState
	descs, mverts, mtris, cul *Buffer
	verts, index              *Buffer
	color, depth              *Texture
	m                         *rasterbench.Mesh
	ml                        *mesh.Meshlets
	uniforms                  []byte
	visible                   int // meshlets that survive the CPU's culling of the view
	w, h                      int
	meshThreads               int // mesh threadgroup size
}

// meshletConfig is a meshlet size of MeshletMSL: its build limits and
// mesh function (object threadgroups are always 32 threads).
type meshletConfig struct {
	opts        mesh.Options
	meshFn      string
	meshThreads int
}

var (
	meshletDefault = meshletConfig{mesh.DefaultOptions(), "meshlet_mesh", 64}
	meshletLarge   = meshletConfig{mesh.LargeOptions(), "meshlet_mesh_large", 128}
)

// meshletCache keeps the meshlets of each benchmark mesh, built once.
var meshletCache sync.Map // meshletKey → *mesh.Meshlets

type meshletKey struct {
	m    *rasterbench.Mesh
	opts mesh.Options
}

// meshletsOf builds (once) the meshlets of m with options opts.
func meshletsOf(m *rasterbench.Mesh, opts mesh.Options) (*mesh.Meshlets, error) {
	key := meshletKey{m, opts}
	if ml, ok := meshletCache.Load(key); ok {
		return ml.(*mesh.Meshlets), nil
	}
	pos := make([][3]float32, len(m.Verts)/6)
	for i := range pos {
		pos[i] = [3]float32{m.Verts[6*i], m.Verts[6*i+1], m.Verts[6*i+2]}
	}
	ml, err := mesh.Build(context.Background(), pos, m.Indices, opts)
	if err != nil {
		return nil, err
	}
	meshletCache.Store(key, ml)
	return ml, nil
}

// newMeshletFrame prepares the meshlet frame of m, in meshlets of cfg, on
// a w×h target of a device with the given workers.
func newMeshletFrame(m *rasterbench.Mesh, cfg meshletConfig, w, h, workers int) (*meshletFrame, error) {
	ml, err := meshletsOf(m, cfg.opts)
	if err != nil {
		return nil, fmt.Errorf("meshlets: %w", err)
	}
	dev, err := NewDevice(DeviceOptions{Workers: workers})
	if err != nil {
		return nil, err
	}
	f := &meshletFrame{dev: dev, q: dev.NewCommandQueue(), m: m, ml: ml, w: w, h: h, meshThreads: cfg.meshThreads}
	lib, err := dev.NewLibraryWithFile("meshlet.metal", []byte(mesh.MeshletMSL), CompileOptions{})
	if err != nil {
		return nil, err
	}
	fn := func(name string) *Function {
		fn, err2 := lib.Function(name)
		if err2 != nil && err == nil {
			err = err2
		}
		return fn
	}
	md := &MeshRenderPipelineDescriptor{ObjectFunction: fn("meshlet_object"), MeshFunction: fn(cfg.meshFn), FragmentFunction: fn("meshlet_fragment"),
		DepthAttachmentPixelFormat: PixelFormatDepth32Float}
	md.ColorAttachments[0].PixelFormat = PixelFormatRGBA8Unorm
	vd := &RenderPipelineDescriptor{VertexFunction: fn("meshlet_reference_vertex"), FragmentFunction: fn("meshlet_fragment"),
		DepthAttachmentPixelFormat: PixelFormatDepth32Float}
	vd.ColorAttachments[0] = ColorAttachment(PixelFormatRGBA8Unorm)
	if err != nil {
		return nil, err
	}
	if f.meshP, err = dev.NewMeshRenderPipelineState(md); err != nil {
		return nil, err
	}
	if f.vertP, err = dev.NewRenderPipelineState(vd); err != nil {
		return nil, err
	}
	less := CompareFunctionLess
	if f.ds, err = dev.NewDepthStencilState(&DepthStencilDescriptor{DepthCompareFunction: &less, DepthWriteEnabled: true}); err != nil {
		return nil, err
	}
	pk := ml.Pack()
	mv, err := ml.PackVertices(m.Verts, 6)
	if err != nil {
		return nil, err
	}
	vb := make([]byte, 4*len(m.Verts))
	for i, v := range m.Verts {
		binary.LittleEndian.PutUint32(vb[4*i:], math.Float32bits(v))
	}
	ib := make([]byte, 4*len(m.Indices))
	for i, v := range m.Indices {
		binary.LittleEndian.PutUint32(ib[4*i:], v)
	}
	for _, bb := range []struct {
		dst  **Buffer
		data []byte
	}{{&f.descs, pk.Descs}, {&f.mverts, mv}, {&f.mtris, pk.Triangles}, {&f.cul, pk.Culls}, {&f.verts, vb}, {&f.index, ib}} {
		if *bb.dst, err = dev.NewBufferWithBytes(bb.data); err != nil {
			return nil, err
		}
	}
	if f.color, err = dev.NewTexture(TextureDescriptor{TextureType: TextureType2D, PixelFormat: PixelFormatRGBA8Unorm, Width: w, Height: h,
		Usage: TextureUsageRenderTarget | TextureUsageShaderRead}); err != nil {
		return nil, err
	}
	if f.depth, err = dev.NewTexture(TextureDescriptor{TextureType: TextureType2D, PixelFormat: PixelFormatDepth32Float, Width: w, Height: h,
		Usage: TextureUsageRenderTarget}); err != nil {
		return nil, err
	}
	f.SetView(0, true)
	return f, nil
}

// SetView points the camera of rasterbench.NewCamera turned by yaw radians
// about the vertical axis (meshHalfYaw puts half of the mesh off screen)
// and sets whether the object stage culls meshlets.
func (f *meshletFrame) SetView(yaw float32, cull bool) {
	c := rasterbench.NewCamera(f.m, f.w, f.h)
	center := f.m.Min.Add(f.m.Max).Mul(0.5)
	dir := center.Sub(c.Eye)
	turned := mgl32.Rotate3DY(yaw).Mul3x1(dir)
	radius := float64(f.m.Max.Sub(f.m.Min).Len()) / 2
	dist := float64(dir.Len())
	near, far := 0.5*(dist-radius), dist+2*radius
	fy := 1 / math.Tan(20*math.Pi/180)
	fx := fy * float64(f.h) / float64(f.w)
	proj := mgl32.Mat4{float32(fx), 0, 0, 0, 0, float32(fy), 0, 0, 0, 0, float32(far / (near - far)), -1, 0, 0, float32(near * far / (near - far)), 0}
	mvp := [16]float32(proj.Mul4(mgl32.LookAtV(c.Eye, c.Eye.Add(turned), mgl32.Vec3{0, 1, 0})))
	planes := mesh.FrustumPlanes(&mvp)
	f.uniforms = meshletUniforms(&mvp, &planes, [3]float32(c.Eye), len(f.ml.Meshlets), cull)
	f.visible = 0
	eye := [3]float32(c.Eye)
	for i := range f.ml.Bounds {
		bd := &f.ml.Bounds[i]
		if !cull || !bd.OutsideFrustum(&planes) && !bd.BackFacing(eye) {
			f.visible++
		}
	}
}

// meshletUniforms lays out MeshletMSL's MeshletUniforms.
func meshletUniforms(mvp *[16]float32, planes *[6][4]float32, eye [3]float32, meshlets int, cull bool) []byte {
	b := make([]byte, 0, 192)
	put := func(v ...float32) {
		for _, x := range v {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
		}
	}
	put(mvp[:]...)
	for _, p := range planes {
		put(p[:]...)
	}
	put(eye[0], eye[1], eye[2], 1)
	b = binary.LittleEndian.AppendUint32(b, uint32(meshlets))
	c := uint32(0)
	if cull {
		c = 1
	}
	b = binary.LittleEndian.AppendUint32(b, c)
	return append(b, make([]byte, 8)...)
}

// CulledFraction is the fraction of meshlets the current view culls.
func (f *meshletFrame) CulledFraction() float64 {
	return float64(len(f.ml.Meshlets)-f.visible) / float64(len(f.ml.Meshlets))
}

// Frame renders one frame with the meshlet pipeline (meshlets) or the
// indexed vertex pipeline.
func (f *meshletFrame) Frame(meshlets bool) error {
	cb := f.q.CommandBuffer(context.Background())
	var pd RenderPassDescriptor
	pd.ColorAttachments[0].Texture = f.color
	pd.ColorAttachments[0].LoadAction = LoadActionClear
	cc := [4]float64{0, 0, 0, 1}
	pd.ColorAttachments[0].ClearColor = &cc
	pd.Depth.Texture = f.depth
	pd.Depth.StoreAction = StoreActionDontCare
	e, err := cb.RenderCommandEncoder(&pd)
	if err != nil {
		return err
	}
	e.SetDepthStencilState(f.ds)
	e.SetCullMode(CullModeBack)
	e.SetFrontFacingWinding(WindingCounterClockwise)
	if meshlets {
		e.SetRenderPipelineState(f.meshP)
		e.SetObjectBuffer(f.cul, 0, 0)
		e.SetObjectBytes(f.uniforms, 1)
		e.SetMeshBuffer(f.descs, 0, 0)
		e.SetMeshBuffer(f.mtris, 0, 2)
		e.SetMeshBuffer(f.mverts, 0, 3)
		e.SetMeshBytes(f.uniforms, 4)
		groups := (len(f.ml.Meshlets) + 31) / 32
		err = e.DrawMeshThreadgroups(Size{Width: groups, Height: 1, Depth: 1}, Size{Width: 32, Height: 1, Depth: 1}, Size{Width: f.meshThreads, Height: 1, Depth: 1})
	} else {
		e.SetRenderPipelineState(f.vertP)
		e.SetVertexBuffer(f.verts, 0, 3)
		e.SetVertexBytes(f.uniforms, 4)
		err = e.DrawIndexedPrimitives(PrimitiveTypeTriangle, len(f.m.Indices), IndexTypeUInt32, f.index, 0, 1, 0, 0)
	}
	if err != nil {
		e.EndEncoding()
		return err
	}
	if err := e.EndEncoding(); err != nil {
		return err
	}
	if err := cb.Commit(); err != nil {
		return err
	}
	return cb.WaitUntilCompleted()
}
