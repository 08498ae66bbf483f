package engine_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/engine/internal/rasterbench"
	"github.com/ingot-render/ingot/mesh"
)

// meshletScene draws a mesh through mesh.MeshletMSL: both the object/mesh
// pipeline over its meshlets and the indexed vertex pipeline.
type meshletScene struct {
	r                 *meshRig
	m                 *rasterbench.Mesh
	ml                *mesh.Meshlets
	meshP, vertP      *engine.RenderPipelineState
	ds                *engine.DepthStencilState
	descs, mverts     *engine.Buffer
	mtris, culls      *engine.Buffer
	verts, index      *engine.Buffer
	uniforms          []byte
	cam               rasterbench.Camera
	visible, meshlets int // meshlets the CPU culling keeps, and all
}

// meshRig is a device with a colour and depth target, for tests and
// benchmarks.
type meshRig struct {
	tb           testing.TB
	dev          *engine.Device
	q            *engine.CommandQueue
	color, depth *engine.Texture
	w, h         int
}

func newMeshRig(tb testing.TB, w, h, workers int) *meshRig {
	dev, err := engine.NewDevice(engine.DeviceOptions{Workers: workers})
	if err != nil {
		tb.Fatal(err)
	}
	r := &meshRig{tb: tb, dev: dev, q: dev.NewCommandQueue(), w: w, h: h}
	if r.color, err = dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: engine.PixelFormatRGBA8Unorm,
		Width: w, Height: h, Usage: engine.TextureUsageRenderTarget | engine.TextureUsageShaderRead}); err != nil {
		tb.Fatal(err)
	}
	if r.depth, err = dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: engine.PixelFormatDepth32Float,
		Width: w, Height: h, Usage: engine.TextureUsageRenderTarget}); err != nil {
		tb.Fatal(err)
	}
	return r
}

func (r *meshRig) buffer(b []byte) *engine.Buffer {
	buf, err := r.dev.NewBufferWithBytes(b)
	if err != nil {
		r.tb.Fatal(err)
	}
	return buf
}

func (r *meshRig) pass(clear [4]float64, encode func(e *engine.RenderCommandEncoder) error) error {
	cb := r.q.CommandBuffer(context.Background())
	var pd engine.RenderPassDescriptor
	pd.ColorAttachments[0].Texture = r.color
	pd.ColorAttachments[0].LoadAction = engine.LoadActionClear
	pd.ColorAttachments[0].ClearColor = &clear
	pd.Depth.Texture = r.depth
	e, err := cb.RenderCommandEncoder(&pd)
	if err != nil {
		return err
	}
	encErr := encode(e)
	e.EndEncoding()
	if encErr != nil {
		return encErr
	}
	if err := cb.Commit(); err != nil {
		return err
	}
	return cb.WaitUntilCompleted()
}

func (r *meshRig) pixels() []byte {
	b := make([]byte, r.w*r.h*4)
	if err := r.color.GetBytes(b, r.w*4, 0, engine.Region{Width: r.w, Height: r.h, Depth: 1}, 0, 0); err != nil {
		r.tb.Fatal(err)
	}
	return b
}

func newMeshletScene(tb testing.TB, r *meshRig, m *rasterbench.Mesh) *meshletScene {
	pos := make([][3]float32, len(m.Verts)/6)
	for i := range pos {
		pos[i] = [3]float32{m.Verts[6*i], m.Verts[6*i+1], m.Verts[6*i+2]}
	}
	ml, err := mesh.Build(context.Background(), pos, m.Indices, mesh.DefaultOptions())
	if err != nil {
		tb.Fatal(err)
	}
	s := &meshletScene{r: r, m: m, ml: ml, meshlets: len(ml.Meshlets)}
	lib, err := r.dev.NewLibraryWithFile("meshlet.metal", []byte(mesh.MeshletMSL), engine.CompileOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	fn := func(name string) *engine.Function {
		f, err := lib.Function(name)
		if err != nil {
			tb.Fatal(err)
		}
		return f
	}
	md := &engine.MeshRenderPipelineDescriptor{ObjectFunction: fn("meshlet_object"), MeshFunction: fn("meshlet_mesh"), FragmentFunction: fn("meshlet_fragment"),
		DepthAttachmentPixelFormat: engine.PixelFormatDepth32Float}
	md.ColorAttachments[0].PixelFormat = engine.PixelFormatRGBA8Unorm
	if s.meshP, err = r.dev.NewMeshRenderPipelineState(md); err != nil {
		tb.Fatal(err)
	}
	vd := &engine.RenderPipelineDescriptor{VertexFunction: fn("meshlet_reference_vertex"), FragmentFunction: fn("meshlet_fragment"),
		DepthAttachmentPixelFormat: engine.PixelFormatDepth32Float}
	vd.ColorAttachments[0].PixelFormat = engine.PixelFormatRGBA8Unorm
	if s.vertP, err = r.dev.NewRenderPipelineState(vd); err != nil {
		tb.Fatal(err)
	}
	less := engine.CompareFunctionLess
	if s.ds, err = r.dev.NewDepthStencilState(&engine.DepthStencilDescriptor{DepthCompareFunction: &less, DepthWriteEnabled: true}); err != nil {
		tb.Fatal(err)
	}
	pk := ml.Pack()
	mv, err := ml.PackVertices(m.Verts, 6)
	if err != nil {
		tb.Fatal(err)
	}
	s.descs, s.mverts, s.mtris, s.culls = r.buffer(pk.Descs), r.buffer(mv), r.buffer(pk.Triangles), r.buffer(pk.Culls)
	s.verts = r.buffer(f32le(m.Verts...))
	idx := make([]byte, 4*len(m.Indices))
	for i, v := range m.Indices {
		binary.LittleEndian.PutUint32(idx[4*i:], v)
	}
	s.index = r.buffer(idx)
	return s
}

// setCamera looks at the mesh as rasterbench's camera does, with the view
// turned by yaw radians (a large yaw puts part of the mesh off screen).
func (s *meshletScene) setCamera(yaw float32, cull bool) {
	c := rasterbench.NewCamera(s.m, s.r.w, s.r.h)
	center := s.m.Min.Add(s.m.Max).Mul(0.5)
	dir := center.Sub(c.Eye)
	turned := mgl32.Rotate3DY(yaw).Mul3x1(dir)
	radius := float64(s.m.Max.Sub(s.m.Min).Len()) / 2
	dist := float64(dir.Len())
	near, far := 0.5*(dist-radius), dist+2*radius
	f := 1 / math.Tan(20*math.Pi/180)
	proj := mgl32.Mat4{float32(f), 0, 0, 0, 0, float32(f), 0, 0, 0, 0, float32(far / (near - far)), -1, 0, 0, float32(near * far / (near - far)), 0}
	c.MVP = proj.Mul4(mgl32.LookAtV(c.Eye, c.Eye.Add(turned), mgl32.Vec3{0, 1, 0}))
	s.cam = c
	mvp := [16]float32(c.MVP)
	planes := mesh.FrustumPlanes(&mvp)
	u := append([]float32(nil), mvp[:]...)
	for _, p := range planes {
		u = append(u, p[:]...)
	}
	u = append(u, c.Eye[0], c.Eye[1], c.Eye[2], 1)
	b := f32le(u...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(s.ml.Meshlets)))
	b = binary.LittleEndian.AppendUint32(b, b2u(cull))
	b = append(b, make([]byte, 8)...)
	s.uniforms = b
	s.visible = 0
	eye := [3]float32(c.Eye)
	for i := range s.ml.Bounds {
		bd := &s.ml.Bounds[i]
		if !cull || !bd.OutsideFrustum(&planes) && !bd.BackFacing(eye) {
			s.visible++
		}
	}
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// draw renders one frame with the meshlet pipeline or the vertex pipeline.
func (s *meshletScene) draw(meshlets bool) error {
	return s.r.pass([4]float64{0, 0, 0, 1}, func(e *engine.RenderCommandEncoder) error {
		e.SetDepthStencilState(s.ds)
		e.SetCullMode(engine.CullModeBack)
		e.SetFrontFacingWinding(engine.WindingCounterClockwise) // OBJ's outward faces; mesh.Bounds' convention
		if meshlets {
			e.SetRenderPipelineState(s.meshP)
			e.SetObjectBuffer(s.culls, 0, 0)
			e.SetObjectBytes(s.uniforms, 1)
			e.SetMeshBuffer(s.descs, 0, 0)
			e.SetMeshBuffer(s.mtris, 0, 2)
			e.SetMeshBuffer(s.mverts, 0, 3)
			e.SetMeshBytes(s.uniforms, 4)
			groups := (len(s.ml.Meshlets) + 31) / 32
			return e.DrawMeshThreadgroups(engine.Size{Width: groups, Height: 1, Depth: 1}, engine.Size{Width: 32, Height: 1, Depth: 1}, engine.Size{Width: 64, Height: 1, Depth: 1})
		}
		e.SetRenderPipelineState(s.vertP)
		e.SetVertexBuffer(s.verts, 0, 3)
		e.SetVertexBytes(s.uniforms, 4)
		return e.DrawIndexedPrimitives(engine.PrimitiveTypeTriangle, len(s.m.Indices), engine.IndexTypeUInt32, s.index, 0, 1, 0, 0)
	})
}

// TestMeshletBunny draws the bunny through meshlets with frustum and cone
// culling in the object stage and through the vertex pipeline, for a
// centred view and one with part of the bunny off screen, and requires the
// same image.
func TestMeshletBunny(t *testing.T) {
	m, err := rasterbench.LoadOBJ(rasterbench.BunnyPath())
	if err != nil {
		t.Skipf("bunny mesh: %v", err)
	}
	r := newMeshRig(t, 128, 128, 2)
	s := newMeshletScene(t, r, m)
	for _, view := range []struct {
		name string
		yaw  float32
		cull bool
	}{{"centred", 0, true}, {"half off screen", 0.33, true}, {"no culling", 0.33, false}} {
		t.Run(view.name, func(t *testing.T) {
			s.setCamera(view.yaw, view.cull)
			if err := s.draw(false); err != nil {
				t.Fatal(err)
			}
			want := r.pixels()
			if err := s.draw(true); err != nil {
				t.Fatal(err)
			}
			got := r.pixels()
			if c := coverage0(want); c < 500 {
				t.Fatalf("only %d pixels covered", c)
			}
			t.Logf("%d of %d meshlets survive culling (%.0f %% culled)", s.visible, s.meshlets, 100*float64(s.meshlets-s.visible)/float64(s.meshlets))
			if d := countDiff(got, want); d != 0 {
				t.Errorf("meshlet and vertex pipelines differ in %d pixels", d)
			}
		})
	}
}

func coverage0(px []byte) int {
	n := 0
	for i := 0; i < len(px); i += 4 {
		if px[i] != 0 || px[i+1] != 0 || px[i+2] != 0 {
			n++
		}
	}
	return n
}

// BenchmarkMeshletBunny times the bunny drawn by the vertex pipeline and by
// the meshlet pipeline with culling, for a centred view (only back faces
// cull) and one with half of the bunny off screen, reporting the ratio
// meshlet/vertex and the fraction of meshlets culled.
func BenchmarkMeshletBunny(b *testing.B) {
	m, err := rasterbench.LoadOBJ(rasterbench.BunnyPath())
	if err != nil {
		b.Skipf("bunny mesh: %v", err)
	}
	for _, size := range []int{256, 512} {
		for _, view := range []struct {
			name string
			yaw  float32
		}{{"centred", 0}, {"half-off-screen", 0.33}} {
			for _, cull := range []bool{true, false} {
				b.Run(fmt.Sprintf("size=%d/%s/cull=%v", size, view.name, cull), func(b *testing.B) {
					r := newMeshRig(b, size, size, 0)
					s := newMeshletScene(b, r, m)
					s.setCamera(view.yaw, cull)
					frame := func(meshlets bool) time.Duration {
						start := time.Now()
						if err := s.draw(meshlets); err != nil {
							b.Fatal(err)
						}
						return time.Since(start)
					}
					frame(true)
					frame(false)
					var tv, tm time.Duration
					for b.Loop() {
						tv += frame(false)
						tm += frame(true)
					}
					b.ReportMetric(float64(tv.Nanoseconds())/1e6/float64(b.N), "vertex-ms")
					b.ReportMetric(float64(tm.Nanoseconds())/1e6/float64(b.N), "meshlet-ms")
					b.ReportMetric(float64(tm)/float64(tv), "meshlet/vertex")
					b.ReportMetric(float64(s.meshlets-s.visible)/float64(s.meshlets), "culled-frac")
				})
			}
		}
	}
}
