package engine_test

import (
	"context"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

// renderRig is a device with a colour (and optional depth) target.
type renderRig struct {
	t     *testing.T
	dev   *engine.Device
	q     *engine.CommandQueue
	color *engine.Texture
	depth *engine.Texture
	w, h  int
}

func newRenderRig(t *testing.T, w, h, workers int, depth bool) *renderRig {
	t.Helper()
	dev, err := engine.NewDevice(engine.DeviceOptions{Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	col, err := dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: engine.PixelFormatRGBA8Unorm,
		Width: w, Height: h, Usage: engine.TextureUsageRenderTarget | engine.TextureUsageShaderRead})
	if err != nil {
		t.Fatal(err)
	}
	r := &renderRig{t: t, dev: dev, q: dev.NewCommandQueue(), color: col, w: w, h: h}
	if depth {
		if r.depth, err = dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: engine.PixelFormatDepth32Float,
			Width: w, Height: h, Usage: engine.TextureUsageRenderTarget}); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

func (r *renderRig) library(src string) *engine.Library {
	r.t.Helper()
	lib, err := r.dev.NewLibraryWithFile("test.metal", []byte(src), engine.CompileOptions{})
	if err != nil {
		r.t.Fatal(err)
	}
	return lib
}

func (r *renderRig) pipeline(lib *engine.Library, vert, frag string, edit func(*engine.RenderPipelineDescriptor)) (*engine.RenderPipelineState, error) {
	r.t.Helper()
	vf, err := lib.Function(vert)
	if err != nil {
		r.t.Fatal(err)
	}
	desc := &engine.RenderPipelineDescriptor{VertexFunction: vf}
	if frag != "" {
		if desc.FragmentFunction, err = lib.Function(frag); err != nil {
			r.t.Fatal(err)
		}
	}
	desc.ColorAttachments[0].PixelFormat = r.color.PixelFormat()
	if r.depth != nil {
		desc.DepthAttachmentPixelFormat = r.depth.PixelFormat()
	}
	if edit != nil {
		edit(desc)
	}
	return r.dev.NewRenderPipelineState(desc)
}

// pass encodes one render pass cleared to clear, calls encode, commits
// and waits; it returns the command buffer's error.
func (r *renderRig) pass(clear [4]float64, encode func(e *engine.RenderCommandEncoder) error) error {
	r.t.Helper()
	cb := r.q.CommandBuffer(context.Background())
	var pd engine.RenderPassDescriptor
	pd.ColorAttachments[0].Texture = r.color
	pd.ColorAttachments[0].LoadAction = engine.LoadActionClear
	pd.ColorAttachments[0].ClearColor = &clear
	if r.depth != nil {
		pd.Depth.Texture = r.depth
		pd.Depth.StoreAction = engine.StoreActionStore
	}
	e, err := cb.RenderCommandEncoder(&pd)
	if err != nil {
		r.t.Fatal(err)
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

// pixels returns the colour target's bytes.
func (r *renderRig) pixels() []byte {
	r.t.Helper()
	b := make([]byte, r.w*r.h*4)
	if err := r.color.GetBytes(b, r.w*4, 0, engine.Region{Width: r.w, Height: r.h, Depth: 1}, 0, 0); err != nil {
		r.t.Fatal(err)
	}
	return b
}

func (r *renderRig) buffer(b []byte) *engine.Buffer {
	r.t.Helper()
	buf, err := r.dev.NewBufferWithBytes(b)
	if err != nil {
		r.t.Fatal(err)
	}
	return buf
}

// refTriangle rasterizes one triangle of clip-space vertices with colours
// plainly, in float64: pixel centres, 8 sub-pixel bits, the top-left rule,
// perspective-correct colour, rounding to unorm8. It returns the covered
// pixels' colours by index.
func refTriangle(w, h int, pos [3][4]float64, col [3][4]float64) map[int][4]uint8 {
	var sx, sy, iw [3]float64
	for i, p := range pos {
		iw[i] = 1 / p[3]
		x := (p[0]*iw[i] + 1) * float64(w) / 2
		y := (1 - p[1]*iw[i]) * float64(h) / 2
		sx[i], sy[i] = math.Round(x*256)/256, math.Round(y*256)/256
	}
	area := (sx[1]-sx[0])*(sy[2]-sy[0]) - (sy[1]-sy[0])*(sx[2]-sx[0])
	if area == 0 {
		return nil
	}
	order := [3]int{0, 1, 2}
	if area < 0 {
		order = [3]int{0, 2, 1}
		area = -area
	}
	out := map[int][4]uint8{}
	for y := range h {
		for x := range w {
			px, py := float64(x)+0.5, float64(y)+0.5
			var e [3]float64
			inside := true
			for k := range 3 {
				a, b := order[k], order[(k+1)%3]
				dx, dy := sx[b]-sx[a], sy[b]-sy[a]
				ev := dx*(py-sy[a]) - dy*(px-sx[a])
				topLeft := dy < 0 || (dy == 0 && dx > 0)
				if ev < 0 || (ev == 0 && !topLeft) {
					inside = false
					break
				}
				e[(k+2)%3] = ev // the weight of the vertex opposite edge k
			}
			if !inside {
				continue
			}
			var bw [3]float64
			sum := 0.0
			for k := range 3 {
				v := order[k]
				bw[v] = e[k] / area * iw[v]
				sum += bw[v]
			}
			var c [4]uint8
			for ch := range 4 {
				v := 0.0
				for k := range 3 {
					v += bw[k] / sum * col[k][ch]
				}
				c[ch] = uint8(math.Round(min(max(v, 0), 1) * 255))
			}
			out[y*w+x] = c
		}
	}
	return out
}

// TestRenderTrianglesAgainstReference draws random triangles, one pass
// each, and compares every pixel with refTriangle: coverage exactly,
// colour within one unit (float32 interpolation against float64).
func TestRenderTrianglesAgainstReference(t *testing.T) {
	const w, h = 48, 40
	r := newRenderRig(t, w, h, 0, false)
	lib := r.library(helloTriangle)
	pl, err := r.pipeline(lib, "hello_vertex", "hello_fragment", nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 9))
	covered := 0
	defer func() {
		if covered < 40*w*h/20 {
			t.Errorf("the random triangles covered only %d pixels in all", covered)
		}
	}()
	for trial := range 40 {
		var pos, col [3][4]float64
		var pf, cf []float32
		for i := range 3 {
			ww := 0.5 + rng.Float64()*2
			if trial%4 == 0 {
				ww = 1
			}
			for c := range 2 {
				pos[i][c] = (rng.Float64()*2.4 - 1.2) * ww
			}
			pos[i][2], pos[i][3] = 0.5*ww, ww
			for c := range 4 {
				col[i][c] = rng.Float64()
				if c == 3 {
					col[i][c] = 1
				}
			}
			for c := range 4 {
				pf = append(pf, float32(pos[i][c]))
				cf = append(cf, float32(col[i][c]))
			}
			for c := range 4 {
				pos[i][c] = float64(float32(pos[i][c]))
				col[i][c] = float64(float32(col[i][c]))
			}
		}
		err := r.pass([4]float64{0, 0, 0, 0}, func(e *engine.RenderCommandEncoder) error {
			e.SetRenderPipelineState(pl)
			e.SetVertexBuffer(r.buffer(floatBytes(pf)), 0, 0)
			e.SetVertexBuffer(r.buffer(floatBytes(cf)), 0, 1)
			return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 3)
		})
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		want := refTriangle(w, h, pos, col)
		got := r.pixels()
		covered += len(want)
		bad := 0
		for i := range w * h {
			g := [4]uint8(got[4*i : 4*i+4])
			c, in := want[i]
			if !in {
				c = [4]uint8{}
			}
			for ch := range 4 {
				if d := int(g[ch]) - int(c[ch]); d < -1 || d > 1 {
					if bad < 5 {
						t.Errorf("trial %d: pixel (%d, %d) = %v, reference %v (covered %v)", trial, i%w, i/w, g, c, in)
					}
					bad++
					break
				}
			}
		}
		if bad > 0 {
			t.Fatalf("trial %d: %d pixels differ", trial, bad)
		}
	}
}

// TestRenderWorkersBitIdentical renders overlapping, depth-tested,
// blended triangles on 1, 2 and 16 workers and compares the bytes.
func TestRenderWorkersBitIdentical(t *testing.T) {
	const src = `#include <metal_stdlib>
using namespace metal;
struct V { float4 position [[position]]; float3 color; float2 uv [[center_no_perspective]]; };
vertex V vmain(const device packed_float4* p [[buffer(0)]], uint vid [[vertex_id]]) {
    V o;
    float4 q = p[vid];
    o.position = q;
    o.color = float3(fract(q.x * 3.1), fract(q.y * 1.7), fract(float(vid) * 0.37));
    o.uv = q.xy;
    return o;
}
fragment float4 fmain(V in [[stage_in]]) {
    float s = sin(in.uv.x * 9.0) * 0.5 + 0.5;
    return float4(in.color * s, 0.6);
}
`
	var verts []float32
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 * 3 {
		wv := float32(0.6 + rng.Float64())
		verts = append(verts, float32(rng.Float64()*2-1)*wv, float32(rng.Float64()*2-1)*wv, float32(rng.Float64())*wv, wv)
	}
	var first []byte
	for _, workers := range []int{1, 2, 16} {
		r := newRenderRig(t, 96, 80, workers, true)
		lib := r.library(src)
		pl, err := r.pipeline(lib, "vmain", "fmain", func(d *engine.RenderPipelineDescriptor) {
			ca := &d.ColorAttachments[0]
			ca.BlendingEnabled = true
			ca.SourceRGBBlendFactor, ca.DestinationRGBBlendFactor = engine.BlendFactorSourceAlpha, engine.BlendFactorOneMinusSourceAlpha
			ca.SourceAlphaBlendFactor, ca.DestinationAlphaBlendFactor = engine.BlendFactorOne, engine.BlendFactorZero
		})
		if err != nil {
			t.Fatal(err)
		}
		less := engine.CompareFunctionLess
		ds, err := r.dev.NewDepthStencilState(&engine.DepthStencilDescriptor{DepthCompareFunction: &less, DepthWriteEnabled: true})
		if err != nil {
			t.Fatal(err)
		}
		err = r.pass([4]float64{0.1, 0.2, 0.3, 1}, func(e *engine.RenderCommandEncoder) error {
			e.SetRenderPipelineState(pl)
			e.SetDepthStencilState(ds)
			e.SetVertexBuffer(r.buffer(floatBytes(verts)), 0, 0)
			return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, len(verts)/4)
		})
		if err != nil {
			t.Fatal(err)
		}
		got := r.pixels()
		if os.Getenv("INGOT_TEST_OUT") != "" {
			f, _ := os.Create(filepath.Join(os.Getenv("INGOT_TEST_OUT"), "workers.png"))
			r.color.WritePNG(f, 0, 0, 0)
			f.Close()
		}
		if first == nil {
			first = got
			continue
		}
		if string(got) != string(first) {
			t.Fatalf("%d workers: the image differs from 1 worker's", workers)
		}
	}
}

// TestRenderBadInput: misuse is an error naming the field, the argument
// or the function and line, never a panic.
func TestRenderBadInput(t *testing.T) {
	const src = `#include <metal_stdlib>
using namespace metal;
struct V { float4 position [[position]]; float4 color; };
struct W { float4 position [[position]]; float3 other; };
struct VIn { float2 p [[attribute(0)]]; };
vertex V vbuf(const device float4* pos [[buffer(0)]], const device float4* col [[buffer(1)]], uint vid [[vertex_id]]) {
    V o; o.position = pos[vid]; o.color = col[vid]; return o;
}
vertex V vfetch(VIn in [[stage_in]]) { V o; o.position = float4(in.p, 0, 1); o.color = 1; return o; }
fragment float4 fplain(V in [[stage_in]]) { return in.color; }
fragment float4 fother(W in [[stage_in]]) { return float4(in.other, 1); }
fragment float4 foob(V in [[stage_in]], device float* out [[buffer(0)]]) {
    out[uint(in.position.x) * 100000u] = 1.0;
    return in.color;
}
fragment float4 floop(V in [[stage_in]], constant uint& n [[buffer(0)]]) {
    float a = 0;
    for (uint i = 0; i != n; i += 2) { a += 1; }
    return float4(a);
}
`
	r := newRenderRig(t, 16, 16, 0, false)
	lib := r.library(src)
	tri := f32s(-1, -1, 0, 1, 1, -1, 0, 1, 0, 1, 0, 1)
	col := f32s(1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1)

	if _, err := r.pipeline(lib, "vbuf", "fother", nil); err == nil || !strings.Contains(err.Error(), "other") || !strings.Contains(err.Error(), "no matching") {
		t.Errorf("mismatched stages: %v", err)
	}
	if _, err := r.pipeline(lib, "vfetch", "fplain", nil); err == nil || !strings.Contains(err.Error(), "VertexDescriptor") {
		t.Errorf("missing vertex descriptor: %v", err)
	}
	if _, err := r.pipeline(lib, "vfetch", "fplain", func(d *engine.RenderPipelineDescriptor) {
		d.VertexDescriptor = &engine.VertexDescriptor{Attributes: map[int]engine.VertexAttributeDescriptor{0: {Format: 999, BufferIndex: 0}},
			Layouts: map[int]engine.VertexBufferLayoutDescriptor{0: {Stride: 8}}}
	}); err == nil || !strings.Contains(err.Error(), "VertexDescriptor.Attributes[0].Format") {
		t.Errorf("bad attribute format: %v", err)
	}
	if _, err := r.pipeline(lib, "vbuf", "fplain", func(d *engine.RenderPipelineDescriptor) { d.RasterSampleCount = 3 }); err == nil || !strings.Contains(err.Error(), "RasterSampleCount") {
		t.Errorf("bad sample count: %v", err)
	}
	if _, err := r.pipeline(lib, "vbuf", "fplain", func(d *engine.RenderPipelineDescriptor) {
		d.ColorAttachments[0].PixelFormat = engine.PixelFormatRGBA32Uint
	}); err == nil || !strings.Contains(err.Error(), "ColorAttachments[0]") {
		t.Errorf("float output to an integer format: %v", err)
	}

	plain, err := r.pipeline(lib, "vbuf", "fplain", nil)
	if err != nil {
		t.Fatal(err)
	}
	err = r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
		e.SetRenderPipelineState(plain)
		e.SetVertexBuffer(r.buffer(tri), 0, 0)
		return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 3)
	})
	if err == nil || !strings.Contains(err.Error(), "missing buffer at index 1") || !strings.Contains(err.Error(), `"col"`) {
		t.Errorf("missing vertex buffer: %v", err)
	}
	err = r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
		e.SetRenderPipelineState(plain)
		e.SetVertexBuffer(r.buffer(tri), 0, 0)
		e.SetVertexBuffer(r.buffer(col), 0, 1)
		return e.DrawIndexedPrimitives(engine.PrimitiveTypeTriangle, 6, engine.IndexTypeUInt16, r.buffer(make([]byte, 8)), 0, 1, 0, 0)
	})
	if err == nil || !strings.Contains(err.Error(), "index buffer has 8") {
		t.Errorf("index buffer too short: %v", err)
	}
	err = r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
		e.SetRenderPipelineState(plain)
		e.SetVertexBuffer(r.buffer(tri), 0, 0)
		e.SetVertexBuffer(r.buffer(col), 0, 1)
		return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 6)
	})
	if err == nil || !strings.Contains(err.Error(), "vbuf") || !strings.Contains(err.Error(), "test.metal:") {
		t.Errorf("a draw past the vertex buffer: %v", err)
	}

	fetch, err := r.pipeline(lib, "vfetch", "fplain", func(d *engine.RenderPipelineDescriptor) {
		d.VertexDescriptor = &engine.VertexDescriptor{Attributes: map[int]engine.VertexAttributeDescriptor{0: {Format: engine.AttributeFormatFloat2, BufferIndex: 3}},
			Layouts: map[int]engine.VertexBufferLayoutDescriptor{3: {Stride: 8}}}
	})
	if err != nil {
		t.Fatal(err)
	}
	err = r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
		e.SetRenderPipelineState(fetch)
		e.SetVertexBuffer(r.buffer(f32s(-1, -1, 1, -1)), 0, 3)
		return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 3)
	})
	if err == nil || !strings.Contains(err.Error(), "vertex fetch") || !strings.Contains(err.Error(), "index 3") {
		t.Errorf("vertex fetch past the buffer: %v", err)
	}

	oob, err := r.pipeline(lib, "vbuf", "foob", nil)
	if err != nil {
		t.Fatal(err)
	}
	err = r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
		e.SetRenderPipelineState(oob)
		e.SetVertexBuffer(r.buffer(tri), 0, 0)
		e.SetVertexBuffer(r.buffer(col), 0, 1)
		e.SetFragmentBuffer(r.buffer(make([]byte, 64)), 0, 0)
		return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 3)
	})
	if err == nil || !strings.Contains(err.Error(), "foob") || !strings.Contains(err.Error(), "test.metal:13") {
		t.Errorf("fragment out of bounds: %v", err)
	}

	loop, err := r.pipeline(lib, "vbuf", "floop", nil)
	if err != nil {
		t.Fatal(err)
	}
	cb := r.q.CommandBuffer(context.Background())
	cb.SetInstructionBudget(1 << 20)
	var pd engine.RenderPassDescriptor
	pd.ColorAttachments[0].Texture = r.color
	e, _ := cb.RenderCommandEncoder(&pd)
	e.SetRenderPipelineState(loop)
	e.SetVertexBuffer(r.buffer(tri), 0, 0)
	e.SetVertexBuffer(r.buffer(col), 0, 1)
	n := make([]byte, 4)
	binary.LittleEndian.PutUint32(n, 7) // odd: i != n never holds
	e.SetFragmentBytes(n, 0)
	e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 3)
	e.EndEncoding()
	cb.Commit()
	if err := cb.WaitUntilCompleted(); err == nil || !strings.Contains(err.Error(), "floop") {
		t.Errorf("a runaway fragment loop: %v", err)
	}
}
