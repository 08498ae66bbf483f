package engine_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

const ibTestedSrc = `
#include <metal_stdlib>
using namespace metal;
struct VOut { float4 pos [[position]]; float4 col [[flat]]; };
vertex VOut rect_vs(uint vid [[vertex_id]], constant float4* v [[buffer(0)]]) {
    VOut o;
    o.pos = v[2 * vid];
    o.col = v[2 * vid + 1];
    return o;
}
struct IB { float4 c [[raster_order_group(0)]]; uint n [[raster_order_group(0)]]; };
struct Out { float4 c [[color(0)]]; IB g [[imageblock_data]]; };
// Early tests: only fragments that passed them run.
fragment Out ib_early(VOut in [[stage_in]], IB old [[imageblock_data]]) {
    Out o;
    o.c = in.col;
    o.g.c = in.col;
    o.g.n = old.n + 1;
    return o;
}
// discard_fragment (never taken) moves the tests after the function.
fragment Out ib_discard(VOut in [[stage_in]], IB old [[imageblock_data]]) {
    if (in.col.a < 0.0) {
        discard_fragment();
    }
    Out o;
    o.c = in.col;
    o.g.c = in.col;
    o.g.n = old.n + 1;
    return o;
}
// A depth output moves them too.
struct DOut { float4 c [[color(0)]]; IB g [[imageblock_data]]; float z [[depth(any)]]; };
fragment DOut ib_depth(VOut in [[stage_in]], IB old [[imageblock_data]]) {
    DOut o;
    o.c = in.col;
    o.g.c = in.col;
    o.g.n = old.n + 1;
    o.z = in.pos.z;
    return o;
}
// A [[sample_mask]] output keeps samples 0 and 2 only.
struct MOut { float4 c [[color(0)]]; IB g [[imageblock_data]]; uint m [[sample_mask]]; };
fragment MOut ib_smask(VOut in [[stage_in]], IB old [[imageblock_data]]) {
    MOut o;
    o.c = in.col;
    o.g.c = in.col;
    o.g.n = old.n + 1;
    o.m = 5u;
    return o;
}
kernel void ib_dump(imageblock<IB, imageblock_layout_explicit> ib, device float4* out [[buffer(0)]], constant uint2& size [[buffer(1)]],
                    ushort2 lid [[thread_position_in_threadgroup]], uint2 gid [[thread_position_in_grid]]) {
    if (gid.x < size.x && gid.y < size.y) {
        for (ushort s = 0; s < ib.get_num_samples(); s++) {
            threadgroup_imageblock IB* e = ib.data(lid, s, imageblock_data_rate::sample);
            out[(gid.y * size.x + gid.x) * ib.get_num_samples() + s] = float4(e->c.rgb, float(e->n));
        }
    }
}
struct Px { float4 c [[color(0)]]; };
kernel void col_dump(imageblock<Px, imageblock_layout_implicit> ib, device float4* out [[buffer(2)]], constant uint2& size [[buffer(1)]],
                     ushort2 lid [[thread_position_in_threadgroup]], uint2 gid [[thread_position_in_grid]]) {
    if (gid.x < size.x && gid.y < size.y) {
        for (ushort s = 0; s < ib.get_num_samples(); s++) {
            out[(gid.y * size.x + gid.x) * ib.get_num_samples() + s] = ib.read(lid, s, imageblock_data_rate::sample).c;
        }
    }
}
`

// ibRect is an axis-aligned rectangle of pixels [x0, x1) × [y0, y1) at
// depth z in one colour, drawn as two triangles.
type ibRect struct {
	x0, y0, x1, y1 int
	z              float32
	col            [4]float32
}

// vertices returns the rectangle's vertex records (position, colour) on a
// w×h target, or a triangle whose edge crosses the pixels diagonally
// when tri is set.
func (r ibRect) vertices(w, h int, tri bool) []byte {
	X := func(x int) float32 { return 2*float32(x)/float32(w) - 1 }
	Y := func(y int) float32 { return 1 - 2*float32(y)/float32(h) }
	corners := [][2]int{{r.x0, r.y0}, {r.x1, r.y0}, {r.x0, r.y1}, {r.x1, r.y0}, {r.x1, r.y1}, {r.x0, r.y1}}
	if tri {
		corners = corners[:3]
	}
	var v []float32
	for _, c := range corners {
		v = append(v, X(c[0]), Y(c[1]), r.z, 1)
		v = append(v, r.col[:]...)
	}
	return floatBytes(v)
}

// ibTestedCase is one pass of TestImageblockWritesFollowTests.
type ibTestedCase struct {
	name    string
	frag    string
	stencil bool // stencil tests instead of depth tests
	samples int
	tri     bool // the first rectangle is a triangle (edge pixels partly covered)
	smask   bool // the function's [[sample_mask]] output keeps samples 0 and 2
}

// Imageblock writes of fragments that fail the depth or stencil test are
// dropped as their colour writes are, whether the tests run before the
// function or after it (discard_fragment, a depth output), per sample in
// a multisampled pass, where a [[sample_mask]] output drops samples from
// both too. Three rectangles, drawn in order: A near (z 0.25),
// B covering the target far (z 0.75), C between (z 0.5); with stencil
// tests A writes 1, B passes where it is 0 and C where it is not (the
// multisampled passes: a triangle half of A, then B). The
// explicit imageblock keeps the last kept fragment's colour and counts
// the kept fragments; a tile function dumps it and the colour attachment.
func TestImageblockWritesFollowTests(t *testing.T) {
	const w, h = 32, 32
	red, green, blue := [4]float32{1, 0, 0, 1}, [4]float32{0, 1, 0, 1}, [4]float32{0, 0, 1, 1}
	A := ibRect{4, 4, 20, 24, 0.25, red}
	B := ibRect{0, 0, w, h, 0.75, green}
	C := ibRect{12, 8, 28, 16, 0.5, blue}
	in := func(r ibRect, x, y int) bool { return x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1 }
	// want is the plain expected pixel: colour and kept-fragment count.
	want := func(stencil bool, x, y int) ([4]float32, float32) {
		a, c := in(A, x, y), in(C, x, y)
		switch {
		case stencil && a && c:
			return blue, 2
		case a:
			return red, 1
		case !stencil && c:
			return blue, 2
		}
		return green, 1
	}
	cases := []ibTestedCase{
		{name: "early depth", frag: "ib_early"},
		{name: "discard depth", frag: "ib_discard"},
		{name: "depth output", frag: "ib_depth"},
		{name: "discard stencil", frag: "ib_discard", stencil: true},
		{name: "early stencil", frag: "ib_early", stencil: true},
		{name: "discard depth 4x", frag: "ib_discard", samples: 4, tri: true},
		{name: "depth output 4x", frag: "ib_depth", samples: 4, tri: true},
		{name: "sample mask output 4x", frag: "ib_smask", samples: 4, smask: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var first []float32
			for _, workers := range []int{1, 2} {
				rects := []ibRect{A, B, C}
				if tc.tri || tc.smask {
					rects = rects[:2]
				}
				ib, col := ibTestedPass(t, tc, workers, w, h, rects)
				ns := max(tc.samples, 1)
				for i := range w * h * ns {
					x, y := i/ns%w, i/ns/w
					g, c := ib[4*i:4*i+4], col[4*i:4*i+4]
					// Every kept fragment's colour matches the attachment's.
					if g[0] != c[0] || g[1] != c[1] || g[2] != c[2] {
						t.Fatalf("%s, %d workers: pixel (%d, %d) sample %d: imageblock colour %v, attachment %v", tc.name, workers, x, y, i%ns, g[:3], c[:3])
					}
					if tc.tri {
						// Samples A's triangle covers keep A (count 1), the
						// others B, which read the count of the pixel's
						// first sample (B covers them all).
						wn := float32(1)
						if g[1] == 1 && ib[4*(i-i%ns)] == 1 {
							wn = 2
						}
						if g[3] != wn || g[0]+g[1] != 1 || g[2] != 0 {
							t.Fatalf("%s, %d workers: pixel (%d, %d) sample %d: imageblock %v, want red or green after %v fragments", tc.name, workers, x, y, i%ns, g, wn)
						}
						continue
					}
					if tc.smask && i%2 == 1 {
						// Samples 1 and 3: never written.
						if g[0] != 0 || g[1] != 0 || g[2] != 0 || g[3] != 0 {
							t.Fatalf("%s, %d workers: pixel (%d, %d) sample %d: imageblock %v, want zeros", tc.name, workers, x, y, i%ns, g)
						}
						continue
					}
					wc, wn := want(tc.stencil, x, y)
					if tc.smask && !in(A, x, y) {
						wc, wn = green, 1
					}
					if g[0] != wc[0] || g[1] != wc[1] || g[2] != wc[2] || g[3] != wn {
						t.Fatalf("%s, %d workers: pixel (%d, %d): imageblock %v, want colour %v after %v fragments", tc.name, workers, x, y, g, wc[:3], wn)
					}
				}
				if tc.tri {
					mixed := 0
					for p := range w * h {
						r := 0
						for s := range ns {
							if ib[4*(p*ns+s)] == 1 {
								r++
							}
						}
						if r > 0 && r < ns {
							mixed++
						}
					}
					if mixed < 8 {
						t.Fatalf("%s: only %d pixels with samples of both A and B", tc.name, mixed)
					}
				}
				if first == nil {
					first = ib
				} else {
					for i := range ib {
						if math.Float32bits(ib[i]) != math.Float32bits(first[i]) {
							t.Fatalf("%s: 2 workers differ from 1 at word %d", tc.name, i)
						}
					}
				}
			}
		})
	}
}

// ibTestedPass runs one pass of tc and returns the explicit imageblock
// (colour, count) and the colour attachment of every sample.
func ibTestedPass(t *testing.T, tc ibTestedCase, workers, w, h int, rects []ibRect) (ib, col []float32) {
	t.Helper()
	ns := max(tc.samples, 1)
	dev, err := engine.NewDevice(engine.DeviceOptions{Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	lib, err := dev.NewLibraryWithFile("ibtested.metal", []byte(ibTestedSrc), engine.CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	fn := func(name string) *engine.Function {
		f, err := lib.Function(name)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	tex := func(f engine.PixelFormat) *engine.Texture {
		d := engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: f, Width: w, Height: h, Usage: engine.TextureUsageRenderTarget}
		if ns > 1 {
			d.TextureType, d.SampleCount = engine.TextureType2DMultisample, ns
		}
		x, err := dev.NewTexture(d)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	color := tex(engine.PixelFormatRGBA8Unorm)
	var ds *engine.Texture
	pd := &engine.RenderPipelineDescriptor{VertexFunction: fn("rect_vs"), FragmentFunction: fn(tc.frag), RasterSampleCount: ns}
	pd.ColorAttachments[0].PixelFormat = color.PixelFormat()
	if tc.stencil {
		ds = tex(engine.PixelFormatStencil8)
		pd.StencilAttachmentPixelFormat = ds.PixelFormat()
	} else {
		ds = tex(engine.PixelFormatDepth32Float)
		pd.DepthAttachmentPixelFormat = ds.PixelFormat()
	}
	pipe, err := dev.NewRenderPipelineState(pd)
	if err != nil {
		t.Fatal(err)
	}
	tile := func(name string) *engine.TileRenderPipelineState {
		td := &engine.TileRenderPipelineDescriptor{TileFunction: fn(name), RasterSampleCount: ns}
		td.ColorAttachments[0].PixelFormat = color.PixelFormat()
		p, err := dev.NewTileRenderPipelineState(td)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	dump, cdump := tile("ib_dump"), tile("col_dump")
	less, always, equal, notEqual := engine.CompareFunctionLess, engine.CompareFunctionAlways, engine.CompareFunctionEqual, engine.CompareFunctionNotEqual
	var states []*engine.DepthStencilState
	for i := range rects {
		d := &engine.DepthStencilDescriptor{DepthCompareFunction: &less, DepthWriteEnabled: true}
		if tc.stencil {
			st := &engine.StencilDescriptor{StencilCompareFunction: []engine.CompareFunction{always, equal, notEqual}[i], DepthStencilPassOperation: engine.StencilOperationKeep}
			if i == 0 {
				st.DepthStencilPassOperation = engine.StencilOperationReplace
			}
			d = &engine.DepthStencilDescriptor{DepthCompareFunction: &always, FrontFaceStencil: st, BackFaceStencil: st}
		}
		s, err := dev.NewDepthStencilState(d)
		if err != nil {
			t.Fatal(err)
		}
		states = append(states, s)
	}
	ibOut, err := dev.NewBuffer(w * h * ns * 16)
	if err != nil {
		t.Fatal(err)
	}
	colOut, err := dev.NewBuffer(w * h * ns * 16)
	if err != nil {
		t.Fatal(err)
	}
	cb := dev.NewCommandQueue().CommandBuffer(context.Background())
	var rp engine.RenderPassDescriptor
	rp.ColorAttachments[0].Texture, rp.ColorAttachments[0].LoadAction = color, engine.LoadActionClear
	if tc.stencil {
		rp.Stencil.Texture, rp.Stencil.LoadAction = ds, engine.LoadActionClear
	} else {
		rp.Depth.Texture, rp.Depth.LoadAction = ds, engine.LoadActionClear
	}
	rp.TileWidth, rp.TileHeight = 16, 16
	rp.ImageblockSampleLength = 32
	e, err := cb.RenderCommandEncoder(&rp)
	if err != nil {
		t.Fatal(err)
	}
	size := binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, uint32(w)), uint32(h))
	steps := []error{e.SetRenderPipelineState(pipe)}
	for i, r := range rects {
		ref := uint32(0)
		if i == 0 {
			ref = 1
		}
		steps = append(steps, e.SetDepthStencilState(states[i]), e.SetStencilReferenceValue(ref), e.SetVertexBytes(r.vertices(w, h, tc.tri && i == 0), 0))
		n := 6
		if tc.tri && i == 0 {
			n = 3
		}
		steps = append(steps, e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, n))
	}
	steps = append(steps, e.SetTileBuffer(ibOut, 0, 0), e.SetTileBuffer(colOut, 0, 2), e.SetTileBytes(size, 1),
		e.SetTileRenderPipelineState(dump), e.DispatchThreadsPerTile(engine.Sz(16, 16, 1)),
		e.SetTileRenderPipelineState(cdump), e.DispatchThreadsPerTile(engine.Sz(16, 16, 1)))
	for i, err := range steps {
		if err != nil {
			t.Fatalf("%s: encoding step %d: %v", tc.name, i, err)
		}
	}
	e.EndEncoding()
	if err := cb.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := cb.WaitUntilCompleted(); err != nil {
		t.Fatal(fmt.Errorf("%s: %w", tc.name, err))
	}
	words := func(b []byte) []float32 {
		out := make([]float32, len(b)/4)
		for i := range out {
			out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
		}
		return out
	}
	return words(ibOut.Contents()), words(colOut.Contents())
}
