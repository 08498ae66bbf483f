package engine_test

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/ingot-render/ingot/engine"
)

// phongSrc is the per-pixel Phong shader of the peers' bunny benchmark
// (fauxgl's PhongShader, Mesa's gl_bench): ambient 0.2, diffuse 0.8,
// specular 1.0^32, object colour #468966.
const phongSrc = `#include <metal_stdlib>
using namespace metal;
struct Uniforms { float4x4 mvp; float3 light; float3 eye; };
struct VIn { float3 position [[attribute(0)]]; float3 normal [[attribute(1)]]; };
struct VOut { float4 position [[position]]; float3 world; float3 normal; };
vertex VOut phong_vertex(VIn in [[stage_in]], constant Uniforms& u [[buffer(1)]]) {
    VOut o;
    o.position = u.mvp * float4(in.position, 1.0);
    o.world = in.position;
    o.normal = in.normal;
    return o;
}
fragment float4 phong_fragment(VOut in [[stage_in]], constant Uniforms& u [[buffer(1)]]) {
    float3 n = normalize(in.normal);
    float3 color = float3(0x46, 0x89, 0x66) / 255.0;
    float diffuse = max(dot(n, u.light), 0.0);
    float light = 0.2 + 0.8 * diffuse;
    if (diffuse > 0.0) {
        float3 camera = normalize(u.eye - in.world);
        float3 reflected = reflect(-u.light, n);
        float specular = max(dot(camera, reflected), 0.0);
        if (specular > 0.0) {
            light += pow(specular, 32.0);
        }
    }
    return float4(min(color * light, 1.0), 1.0);
}
`

// objMesh is a triangle mesh read from an OBJ file: positions, smooth
// area-weighted normals (interleaved, 6 floats per vertex) and indices.
type objMesh struct {
	verts   []float32
	indices []uint32
	min     mgl32.Vec3
	max     mgl32.Vec3
}

// loadOBJ reads the v and f lines of an OBJ file (polygons fanned).
func loadOBJ(path string) (*objMesh, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var pos []mgl32.Vec3
	m := &objMesh{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 {
			continue
		}
		switch fs[0] {
		case "v":
			var p mgl32.Vec3
			for i := range 3 {
				v, err := strconv.ParseFloat(fs[1+i], 32)
				if err != nil {
					return nil, err
				}
				p[i] = float32(v)
			}
			pos = append(pos, p)
		case "f":
			var idx []uint32
			for _, s := range fs[1:] {
				s, _, _ = strings.Cut(s, "/")
				v, err := strconv.Atoi(s)
				if err != nil {
					return nil, err
				}
				if v < 0 {
					v += len(pos) + 1
				}
				idx = append(idx, uint32(v-1))
			}
			for i := 1; i+1 < len(idx); i++ {
				m.indices = append(m.indices, idx[0], idx[i], idx[i+1])
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	nrm := make([]mgl32.Vec3, len(pos))
	for i := 0; i < len(m.indices); i += 3 {
		a, b, c := pos[m.indices[i]], pos[m.indices[i+1]], pos[m.indices[i+2]]
		n := b.Sub(a).Cross(c.Sub(a))
		for _, k := range m.indices[i : i+3] {
			nrm[k] = nrm[k].Add(n)
		}
	}
	m.min, m.max = pos[0], pos[0]
	for i, p := range pos {
		n := nrm[i]
		if l := n.Len(); l > 0 {
			n = n.Mul(1 / l)
		}
		m.verts = append(m.verts, p[0], p[1], p[2], n[0], n[1], n[2])
		for c := range 3 {
			m.min[c], m.max[c] = min(m.min[c], p[c]), max(m.max[c], p[c])
		}
	}
	return m, nil
}

// bunnyScene is the peers' common bunny setup on a device: the pipeline,
// buffers and targets of one frame.
type bunnyScene struct {
	dev          *engine.Device
	q            *engine.CommandQueue
	pl           *engine.RenderPipelineState
	ds           *engine.DepthStencilState
	vb, ib, ub   *engine.Buffer
	color, depth *engine.Texture
	count        int
}

func newBunnyScene(tb testing.TB, w, h, workers int) *bunnyScene {
	tb.Helper()
	path := filepath.Join("..", "..", "shared", "scenes", "bunny", "bunny.obj")
	m, err := loadOBJ(path)
	if err != nil {
		tb.Skipf("bunny mesh: %v", err)
	}
	dev, err := engine.NewDevice(engine.DeviceOptions{Workers: workers})
	if err != nil {
		tb.Fatal(err)
	}
	s := &bunnyScene{dev: dev, q: dev.NewCommandQueue(), count: len(m.indices)}
	lib, err := dev.NewLibraryWithFile("phong.metal", []byte(phongSrc), engine.CompileOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	vf, _ := lib.Function("phong_vertex")
	ff, _ := lib.Function("phong_fragment")
	desc := &engine.RenderPipelineDescriptor{VertexFunction: vf, FragmentFunction: ff, DepthAttachmentPixelFormat: engine.PixelFormatDepth32Float,
		VertexDescriptor: &engine.VertexDescriptor{
			Attributes: map[int]engine.VertexAttributeDescriptor{0: {Format: engine.AttributeFormatFloat3}, 1: {Format: engine.AttributeFormatFloat3, Offset: 12}},
			Layouts:    map[int]engine.VertexBufferLayoutDescriptor{0: {Stride: 24}}}}
	desc.ColorAttachments[0] = engine.ColorAttachment(engine.PixelFormatRGBA8Unorm)
	if s.pl, err = dev.NewRenderPipelineState(desc); err != nil {
		tb.Fatal(err)
	}
	less := engine.CompareFunctionLess
	if s.ds, err = dev.NewDepthStencilState(&engine.DepthStencilDescriptor{DepthCompareFunction: &less, DepthWriteEnabled: true}); err != nil {
		tb.Fatal(err)
	}
	s.vb, _ = dev.NewBufferWithBytes(floatBytes(m.verts))
	ib := make([]byte, 4*len(m.indices))
	for i, v := range m.indices {
		binary.LittleEndian.PutUint32(ib[4*i:], v)
	}
	s.ib, _ = dev.NewBufferWithBytes(ib)

	// The peers' camera: look at the bounds' centre from (0.4, 0.3, 1), a
	// 40° vertical field of view, the bounding sphere just fitting.
	center := m.min.Add(m.max).Mul(0.5)
	radius := float64(m.max.Sub(m.min).Len()) / 2
	dist := radius / math.Sin(20*math.Pi/180)
	eye := center.Add(mgl32.Vec3{0.4, 0.3, 1}.Normalize().Mul(float32(dist)))
	near, far := 0.5*(dist-radius), dist+2*radius
	proj := metalPerspective(40*math.Pi/180, float64(w)/float64(h), near, far)
	mvp := proj.Mul4(mgl32.LookAtV(eye, center, mgl32.Vec3{0, 1, 0}))
	light := mgl32.Vec3{-0.5, 1, 0.8}.Normalize()
	u := make([]float32, 16+4+4)
	copy(u, mvp[:])
	copy(u[16:], light[:])
	copy(u[20:], eye[:])
	s.ub, _ = dev.NewBufferWithBytes(floatBytes(u))
	s.color, _ = dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: engine.PixelFormatRGBA8Unorm, Width: w, Height: h, Usage: engine.TextureUsageRenderTarget})
	s.depth, _ = dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: engine.PixelFormatDepth32Float, Width: w, Height: h, Usage: engine.TextureUsageRenderTarget})
	return s
}

// metalPerspective is a right-handed perspective projection onto Metal's
// clip space (z in [0, w]).
func metalPerspective(fovy, aspect, near, far float64) mgl32.Mat4 {
	f := 1 / math.Tan(fovy/2)
	return mgl32.Mat4{
		float32(f / aspect), 0, 0, 0,
		0, float32(f), 0, 0,
		0, 0, float32(far / (near - far)), -1,
		0, 0, float32(near * far / (near - far)), 0,
	}
}

// frame renders one frame: clear, draw, store.
func (s *bunnyScene) frame() error {
	cb := s.q.CommandBuffer(context.Background())
	var pd engine.RenderPassDescriptor
	pd.ColorAttachments[0].Texture = s.color
	pd.ColorAttachments[0].LoadAction = engine.LoadActionClear
	pd.ColorAttachments[0].ClearColor = &[4]float64{1, 0.973, 0.89, 1}
	pd.Depth.Texture = s.depth
	pd.Depth.StoreAction = engine.StoreActionDontCare
	e, err := cb.RenderCommandEncoder(&pd)
	if err != nil {
		return err
	}
	e.SetRenderPipelineState(s.pl)
	e.SetDepthStencilState(s.ds)
	e.SetCullMode(engine.CullModeBack)
	e.SetFrontFacingWinding(engine.WindingCounterClockwise)
	e.SetVertexBuffer(s.vb, 0, 0)
	e.SetVertexBuffer(s.ub, 0, 1)
	e.SetFragmentBuffer(s.ub, 0, 1)
	if err := e.DrawIndexedPrimitives(engine.PrimitiveTypeTriangle, s.count, engine.IndexTypeUInt32, s.ib, 0, 1, 0, 0); err != nil {
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

// BenchmarkRenderBunny renders the peers' bunny frame (69,451 triangles,
// per-pixel Phong in MSL, depth test, back-face culling).
func BenchmarkRenderBunny(b *testing.B) {
	for _, size := range []int{512, 1024} {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("size=%d/workers=%d", size, workers), func(b *testing.B) {
				s := newBunnyScene(b, size, size, workers)
				if err := s.frame(); err != nil {
					b.Fatal(err)
				}
				b.ResetTimer()
				start, cpu0 := time.Now(), processCPU()
				for b.Loop() {
					if err := s.frame(); err != nil {
						b.Fatal(err)
					}
				}
				ms := float64(time.Since(start).Nanoseconds()) / 1e6 / float64(b.N)
				b.ReportMetric(ms, "ms/frame")
				b.ReportMetric(float64((processCPU()-cpu0).Nanoseconds())/1e6/float64(b.N), "cpu-ms/frame")
				b.ReportMetric(float64(s.count/3)/ms/1e3, "Mtris/s")
			})
		}
	}
}

// processCPU returns the process's user and system CPU time.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestRenderBunnyImage renders the bunny frame and compares it with the
// golden PNG.
func TestRenderBunnyImage(t *testing.T) {
	s := newBunnyScene(t, 512, 512, 0)
	if err := s.frame(); err != nil {
		t.Fatal(err)
	}
	if out := os.Getenv("INGOT_TEST_OUT"); out != "" {
		f, _ := os.Create(filepath.Join(out, "bunny.png"))
		s.color.WritePNG(f, 0, 0, 0)
		f.Close()
	}
}
