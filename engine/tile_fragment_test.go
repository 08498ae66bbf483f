package engine_test

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/internal/fmath"
	"github.com/ingot-render/ingot/internal/testkit"
	"github.com/ingot-render/ingot/shaders/diag"
)

const fragTileSrc = `
#include <metal_stdlib>
using namespace metal;

struct VOut { float4 pos [[position]]; float4 col; };

vertex VOut tri_vs(uint vid [[vertex_id]], constant float4* v [[buffer(0)]]) {
    VOut o;
    o.pos = v[2 * vid];
    o.col = v[2 * vid + 1];
    return o;
}

fragment float4 tri_fs(VOut in [[stage_in]]) { return in.col; }

// Tone-maps the pixel's colour in place (Reinhard after an exposure): a
// fragment-based tile function, and the fragment function of a
// full-screen draw in the multi-pass reference.
fragment half4 tonemap(half4 c [[color(0)]], constant float& exposure [[buffer(0)]]) {
    float3 v = float3(c.rgb) * exposure;
    return half4(half3(v / (1.0f + v)), c.a);
}

// The same tone map as a kernel-based tile function.
struct Px16 { half4 color [[color(0)]]; };
kernel void tonemap_kernel(imageblock<Px16, imageblock_layout_implicit> ib, constant float& exposure [[buffer(0)]],
                           ushort2 lid [[thread_position_in_threadgroup]]) {
    Px16 p = ib.read(lid);
    float3 v = float3(p.color.rgb) * exposure;
    p.color = half4(half3(v / (1.0f + v)), p.color.a);
    ib.write(p, lid);
}

// Records its inputs per pixel: the tile inputs, derivatives of the
// position (2×2 quads with helper lanes), and a value a tile kernel left
// in persistent threadgroup memory.
fragment void probe(float4 pos [[position]], ushort2 p [[pixel_position_in_tile]], ushort2 n [[pixels_per_tile]],
                    uint t [[tile_index]], uint layer [[render_target_array_index]], uint mask [[sample_mask]],
                    threadgroup uint* tg [[threadgroup(0)]],
                    device uint4* out [[buffer(0)]], constant uint2& size [[buffer(1)]]) {
    uint2 px = uint2(pos.xy);
    float dx = dfdx(pos.x), dy = dfdy(pos.y);
    out[(layer * size.y + px.y) * size.x + px.x] = uint4(uint(p.x) | uint(p.y) << 8 | uint(n.x) << 16 | uint(n.y) << 24,
                                     t | layer << 16,
                                     uint(dx * 16) | uint(dy * 16) << 8 | uint(fract(pos.x) * 16) << 16 | uint(pos.z == 0 && pos.w == 1) << 24,
                                     tg[0] | mask << 16);
}

// Leaves tile_index + 1 in persistent threadgroup memory.
kernel void mark(threadgroup uint* tg [[threadgroup(0)]], uint tix [[tile_index]], ushort2 lid [[thread_position_in_threadgroup]]) {
    if (lid.x == 0 && lid.y == 0) {
        tg[0] = tix + 1;
    }
}

// Sample-rate: sample s of a pixel gets (s / 4, the sample's x offset).
fragment half4 per_sample(uint s [[sample_id]], float4 pos [[position]]) {
    return half4(half(s) / 4.0h, half(fract(pos.x)), 0.0h, 1.0h);
}

struct Masked { half4 c [[color(0)]]; uint m [[sample_mask]]; };

// Pixel-rate, writing only samples 0 and 2.
fragment Masked masked(uint m [[sample_mask]]) {
    Masked o;
    o.c = half4(1.0h, half(m) / 16.0h, 0.0h, 1.0h);
    o.m = 0x5;
    return o;
}

struct Px { half4 color [[color(0)]]; };

// Copies every sample of the implicit imageblock to a buffer (RGBA8 words).
kernel void dump_samples(imageblock<Px, imageblock_layout_implicit> ib, device uint* out [[buffer(0)]], constant uint2& size [[buffer(1)]],
                         ushort2 lid [[thread_position_in_threadgroup]], uint2 gid [[thread_position_in_grid]]) {
    if (gid.x >= size.x || gid.y >= size.y) {
        return;
    }
    ushort n = ib.get_num_samples();
    for (ushort s = 0; s < n; s++) {
        Px p = ib.read(lid, s, imageblock_data_rate::sample);
        out[(gid.y * size.x + gid.x) * n + s] = pack_float_to_unorm4x8(float4(p.color));
    }
}

// Copies a tile texture through a sampler (an implicit-LOD sample: 2×2
// quads).
fragment half4 blit(float4 pos [[position]], texture2d<half> src [[texture(0)]], sampler smp [[sampler(0)]]) {
    return src.sample(smp, pos.xy / float2(src.get_width(), src.get_height()));
}

// Writes past its buffer in the second row of pixels.
fragment void overrun(float4 pos [[position]], device uint* out [[buffer(0)]]) {
    out[uint(pos.y) * 4096 + uint(pos.x)] = 1;
}

// The explicit imageblock: draws count their fragments and keep their
// colour; a fragment-based tile function lights the pixel from it and
// marks the count; a tile kernel reads the count back.
struct GB { float4 albedo [[raster_order_group(0)]]; uint count [[raster_order_group(0)]]; };
struct GOut { float4 col [[color(0)]]; GB g [[imageblock_data]]; };

fragment GOut gbuffer(VOut in [[stage_in]], GB g [[imageblock_data]]) {
    GOut o;
    o.col = float4(0, 0, 0, 1);
    o.g.albedo = in.col;
    o.g.count = g.count + 1;
    return o;
}

struct LOut { half4 c [[color(0)]]; GB g [[imageblock_data]]; };

fragment LOut light(GB g [[imageblock_data]], constant float4& l [[buffer(0)]]) {
    LOut o;
    o.c = half4(g.albedo * l);
    o.g = g;
    o.g.count = g.count * 10 + 1;
    return o;
}

kernel void read_count(imageblock<GB> gb, device uint* out [[buffer(0)]], constant uint2& size [[buffer(1)]],
                       ushort2 lid [[thread_position_in_threadgroup]], uint2 gid [[thread_position_in_grid]]) {
    if (gid.x < size.x && gid.y < size.y) {
        out[gid.y * size.x + gid.x] = gb.data(lid)->count;
    }
}
`

// fragTileRig renders into one colour target of any format and sample
// count.
type fragTileRig struct {
	t      testing.TB
	dev    *engine.Device
	q      *engine.CommandQueue
	lib    *engine.Library
	color  *engine.Texture // the colour attachment
	format engine.PixelFormat
	w, h   int
	ms     int
}

func newFragTileRig(t testing.TB, w, h, workers int, f engine.PixelFormat, samples int) *fragTileRig {
	t.Helper()
	dev, err := engine.NewDevice(engine.DeviceOptions{Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	lib, err := dev.NewLibraryWithFile("fragtile.metal", []byte(fragTileSrc), engine.CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	td := engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: f, Width: w, Height: h,
		Usage: engine.TextureUsageRenderTarget | engine.TextureUsageShaderRead}
	if samples > 1 {
		td.TextureType, td.SampleCount, td.StorageMode, td.Usage = engine.TextureType2DMultisample, samples, engine.StorageModeMemoryless, engine.TextureUsageRenderTarget
	}
	col, err := dev.NewTexture(td)
	if err != nil {
		t.Fatal(err)
	}
	return &fragTileRig{t: t, dev: dev, q: dev.NewCommandQueue(), lib: lib, color: col, format: f, w: w, h: h, ms: max(samples, 1)}
}

func (r *fragTileRig) fn(name string) *engine.Function {
	r.t.Helper()
	fn, err := r.lib.Function(name)
	if err != nil {
		r.t.Fatal(err)
	}
	return fn
}

// tile returns the tile pipeline of function name.
func (r *fragTileRig) tile(name string) *engine.TileRenderPipelineState {
	r.t.Helper()
	desc := &engine.TileRenderPipelineDescriptor{Label: name, TileFunction: r.fn(name), RasterSampleCount: r.ms}
	desc.ColorAttachments[0].PixelFormat = r.format
	p, err := r.dev.NewTileRenderPipelineState(desc)
	if err != nil {
		r.t.Fatal(err)
	}
	return p
}

// draw returns a render pipeline (blend: source-alpha over).
func (r *fragTileRig) draw(frag string, blend bool) *engine.RenderPipelineState {
	r.t.Helper()
	desc := &engine.RenderPipelineDescriptor{VertexFunction: r.fn("tri_vs"), FragmentFunction: r.fn(frag), RasterSampleCount: r.ms}
	desc.ColorAttachments[0].PixelFormat = r.format
	if blend {
		a := &desc.ColorAttachments[0]
		a.BlendingEnabled = true
		a.SourceRGBBlendFactor, a.DestinationRGBBlendFactor = engine.BlendFactorSourceAlpha, engine.BlendFactorOneMinusSourceAlpha
		a.SourceAlphaBlendFactor, a.DestinationAlphaBlendFactor = engine.BlendFactorOne, engine.BlendFactorOneMinusSourceAlpha
	}
	p, err := r.dev.NewRenderPipelineState(desc)
	if err != nil {
		r.t.Fatal(err)
	}
	return p
}

// run encodes one pass (load: keep the target, else clear to clear).
func (r *fragTileRig) run(load bool, clear [4]float64, edit func(*engine.RenderPassDescriptor), encode func(e *engine.RenderCommandEncoder) error) error {
	r.t.Helper()
	cb := r.q.CommandBuffer(context.Background())
	var pd engine.RenderPassDescriptor
	a := &pd.ColorAttachments[0]
	a.Texture, a.LoadAction, a.ClearColor = r.color, engine.LoadActionClear, &clear
	if load {
		a.LoadAction = engine.LoadActionLoad
	}
	if r.ms > 1 {
		a.StoreAction = engine.StoreActionDontCare
	}
	if edit != nil {
		edit(&pd)
	}
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

// triangle draws one triangle of colour col.
func (r *fragTileRig) triangle(e *engine.RenderCommandEncoder, p *engine.RenderPipelineState, xy [6]float32, col [4]float32) error {
	return drawTriangle(e, p, xy, col)
}

// tileDispatch binds p and dispatches tw × th threads per tile.
func tileDispatch(e *engine.RenderCommandEncoder, p *engine.TileRenderPipelineState, tw, th int) error {
	if err := e.SetTileRenderPipelineState(p); err != nil {
		return err
	}
	return e.DispatchThreadsPerTile(engine.Sz(tw, th, 1))
}

// bytes returns the colour target's bytes.
func (r *fragTileRig) bytes() []byte {
	r.t.Helper()
	bpp := r.format.BytesPerPixel()
	b := make([]byte, r.w*r.h*bpp)
	if err := r.color.GetBytes(b, r.w*bpp, 0, engine.Region{Width: r.w, Height: r.h, Depth: 1}, 0, 0); err != nil {
		r.t.Fatal(err)
	}
	return b
}

// A fragment-based tile function tone-maps the HDR implicit imageblock
// between a draw before it and a blended draw after it: the bytes of the
// three-pass reference (draw, a full-screen draw of the same fragment
// function reading [[color(0)]], the blended draw) and of the same tone map
// as a kernel-based tile function, on 1 and 2 workers and
// every tile size; a dispatch smaller than the tile tone-maps only the
// pixels at each tile's origin; spot pixels match the formula.
func TestTileFragmentToneMapMidPass(t *testing.T) {
	const w, h = 75, 53
	const exposure = 1.5
	a, ca := [6]float32{-1.1, -0.9, 0.8, 1.0, -0.3, 0.7}, [4]float32{3.0, 0.5, 1.25, 1}
	b, cb := [6]float32{1.0, -1.0, -0.9, 0.2, 0.6, 0.9}, [4]float32{0.2, 0.7, 0.95, 0.6}
	full := [6]float32{-1, -1, 3, -1, -1, 3}
	clear := [4]float64{0.5, 0.25, 2, 1}
	var first []byte
	for _, workers := range []int{1, 2} {
		r := newFragTileRig(t, w, h, workers, engine.PixelFormatRGBA16Float, 1)
		plain, blended, screen := r.draw("tri_fs", false), r.draw("tri_fs", true), r.draw("tonemap", false)
		tm, tk := r.tile("tonemap"), r.tile("tonemap_kernel")
		// References: with the tone map as a full-screen draw, and without.
		var ref [2][]byte
		for k := range ref {
			if err := r.run(false, clear, nil, func(e *engine.RenderCommandEncoder) error { return r.triangle(e, plain, a, ca) }); err != nil {
				t.Fatal(err)
			}
			if k == 0 {
				if err := r.run(true, clear, nil, func(e *engine.RenderCommandEncoder) error {
					if err := e.SetFragmentBytes(f32Bytes([]float32{exposure}), 0); err != nil {
						return err
					}
					return r.triangle(e, screen, full, [4]float32{})
				}); err != nil {
					t.Fatal(err)
				}
			}
			if err := r.run(true, clear, nil, func(e *engine.RenderCommandEncoder) error { return r.triangle(e, blended, b, cb) }); err != nil {
				t.Fatal(err)
			}
			ref[k] = r.bytes()
		}
		if workers == 1 {
			first = ref[0]
		} else if string(first) != string(ref[0]) {
			t.Fatal("the reference differs on 2 workers")
		}
		for _, ts := range [][2]int{{16, 16}, {32, 16}, {32, 32}} {
			// The kernel-based tile function gives the same bytes.
			err := r.run(false, clear, func(d *engine.RenderPassDescriptor) { d.TileWidth, d.TileHeight = ts[0], ts[1] }, func(e *engine.RenderCommandEncoder) error {
				if err := r.triangle(e, plain, a, ca); err != nil {
					return err
				}
				if err := e.SetTileBytes(f32Bytes([]float32{exposure}), 0); err != nil {
					return err
				}
				if err := tileDispatch(e, tk, ts[0], ts[1]); err != nil {
					return err
				}
				return r.triangle(e, blended, b, cb)
			})
			if err != nil {
				t.Fatal(err)
			}
			if got := r.bytes(); string(got) != string(ref[0]) {
				t.Fatalf("workers %d tile %v: the kernel-based tone map differs from the reference at byte %d", workers, ts, firstDiff(got, ref[0]))
			}
			for _, tg := range [][2]int{ts, {8, 4}, {5, 3}} {
				name := fmt.Sprintf("workers %d tile %v threads %v", workers, ts, tg)
				err := r.run(false, clear, func(d *engine.RenderPassDescriptor) { d.TileWidth, d.TileHeight = ts[0], ts[1] }, func(e *engine.RenderCommandEncoder) error {
					if err := r.triangle(e, plain, a, ca); err != nil {
						return err
					}
					if err := e.SetTileBytes(f32Bytes([]float32{exposure}), 0); err != nil {
						return err
					}
					if err := tileDispatch(e, tm, tg[0], tg[1]); err != nil {
						return err
					}
					return r.triangle(e, blended, b, cb)
				})
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				got := r.bytes()
				for y := range h {
					for x := range w {
						want := ref[1]
						if x%ts[0] < tg[0] && y%ts[1] < tg[1] {
							want = ref[0]
						}
						o := (y*w + x) * 8
						if string(got[o:o+8]) != string(want[o:o+8]) {
							t.Fatalf("%s: pixel (%d, %d) is %x, the reference %x", name, x, y, got[o:o+8], want[o:o+8])
						}
					}
				}
			}
		}
	}
	// Every pixel of a pass without the second draw is the formula of the
	// pass without the dispatch.
	r := newFragTileRig(t, w, h, 2, engine.PixelFormatRGBA16Float, 1)
	plain, tm := r.draw("tri_fs", false), r.tile("tonemap")
	var got [2][]byte
	for k := range got {
		if err := r.run(false, clear, nil, func(e *engine.RenderCommandEncoder) error {
			if err := r.triangle(e, plain, a, ca); err != nil || k == 0 {
				return err
			}
			if err := e.SetTileBytes(f32Bytes([]float32{exposure}), 0); err != nil {
				return err
			}
			return tileDispatch(e, tm, 32, 32)
		}); err != nil {
			t.Fatal(err)
		}
		got[k] = r.bytes()
	}
	half := func(b []byte, i int) float32 { return fmath.HalfToFloat32(binary.LittleEndian.Uint16(b[2*i:])) }
	for i := range w * h {
		for c := range 4 {
			v := half(got[0], 4*i+c)
			want := v
			if c < 3 {
				v *= exposure
				want = v / (1 + v)
			}
			if g := half(got[1], 4*i+c); math.Abs(float64(g-want)) > 1e-3 {
				t.Fatalf("pixel (%d, %d) channel %d is %v, want %v (tone-mapped from %v)", i%w, i/w, c, g, want, half(got[0], 4*i+c))
			}
		}
	}
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := range w * h {
		for c := range 4 {
			v := fmath.HalfToFloat32(binary.LittleEndian.Uint16(first[8*i+2*c:]))
			img.Pix[4*i+c] = uint8(math.Round(math.Min(math.Max(float64(v), 0), 1) * 255))
		}
	}
	testkit.GoldenImage(t, filepath.Join("testdata", "tile_fragment_tonemap.png"), img, testkit.Tolerance{})
}

// The inputs of a fragment-based tile function: [[position]] at the pixel
// centre (z 0, w 1), the pixel in its tile, the tile size and index, the
// layer, every sample in [[sample_mask]], derivatives across 2×2 quads
// (with helper lanes where threadsPerTile is odd), and persistent
// threadgroup memory a tile kernel wrote; pixels outside threadsPerTile
// do not run.
func TestTileFragmentFunctionInputs(t *testing.T) {
	const w, h = 40, 24
	for _, c := range []struct {
		tg     [2]int
		layers int
	}{{[2]int{32, 16}, 1}, {[2]int{5, 3}, 1}, {[2]int{6, 4}, 2}} {
		tg := c.tg
		r := newFragTileRig(t, w, h, 2, engine.PixelFormatRGBA8Unorm, 1)
		if c.layers > 1 {
			tex, err := r.dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2DArray, PixelFormat: engine.PixelFormatRGBA8Unorm,
				Width: w, Height: h, ArrayLength: c.layers, Usage: engine.TextureUsageRenderTarget})
			if err != nil {
				t.Fatal(err)
			}
			r.color = tex
		}
		mark, probe := r.tile("mark"), r.tile("probe")
		out := make([]byte, w*h*c.layers*16)
		for i := range out {
			out[i] = 0xff
		}
		buf, err := r.dev.NewBufferWithBytes(out)
		if err != nil {
			t.Fatal(err)
		}
		err = r.run(false, [4]float64{}, func(d *engine.RenderPassDescriptor) {
			d.TileWidth, d.TileHeight, d.ThreadgroupMemoryLength = 32, 16, 16
			if c.layers > 1 {
				d.RenderTargetArrayLength = c.layers
			}
		}, func(e *engine.RenderCommandEncoder) error {
			if err := e.SetThreadgroupMemoryLength(16, 0, 0); err != nil {
				return err
			}
			if err := tileDispatch(e, mark, 32, 16); err != nil {
				return err
			}
			if err := e.SetTileBuffer(buf, 0, 0); err != nil {
				return err
			}
			if err := e.SetTileBytes(binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, w), h), 1); err != nil {
				return err
			}
			return tileDispatch(e, probe, tg[0], tg[1])
		})
		if err != nil {
			t.Fatal(err)
		}
		data := buf.Contents()
		for l := range c.layers {
			for y := range h {
				for x := range w {
					o := ((l*h+y)*w + x) * 16
					var v [4]uint32
					for i := range v {
						v[i] = binary.LittleEndian.Uint32(data[o+4*i:])
					}
					lx, ly := x%32, y%16
					if lx >= tg[0] || ly >= tg[1] {
						if v != [4]uint32{^uint32(0), ^uint32(0), ^uint32(0), ^uint32(0)} {
							t.Fatalf("threads %v: pixel (%d, %d, %d) outside the dispatch written: %x", tg, x, y, l, v)
						}
						continue
					}
					tix := uint32(l*4 + y/16*2 + x/32)
					want := [4]uint32{uint32(lx | ly<<8 | 32<<16 | 16<<24), tix | uint32(l)<<16, 16 | 16<<8 | 8<<16 | 1<<24, tix + 1 | 1<<16}
					if v != want {
						t.Fatalf("threads %v: pixel (%d, %d, %d): %x, want %x", tg, x, y, l, v, want)
					}
				}
			}
		}
	}
}

// Sample-rate fragment tile functions run once per sample at the sample's
// position; a pixel-rate one's [[sample_mask]] output keeps its colour out
// of the samples it drops. A tile kernel reads every sample back.
func TestTileFragmentMSAA(t *testing.T) {
	const w, h = 40, 24
	pos := [4]float64{0.375, 0.875, 0.125, 0.625}
	unorm := func(v float64) uint32 { return uint32(math.Round(v * 255)) }
	word := func(c [4]float64) uint32 {
		return unorm(c[0]) | unorm(c[1])<<8 | unorm(c[2])<<16 | unorm(c[3])<<24
	}
	clear := [4]float64{0, 0, 1, 1}
	for _, c := range []struct {
		fn   string
		want func(s int) uint32
	}{
		{"per_sample", func(s int) uint32 { return word([4]float64{float64(s) / 4, pos[s], 0, 1}) }},
		{"masked", func(s int) uint32 {
			if s == 0 || s == 2 {
				return word([4]float64{1, 15.0 / 16, 0, 1})
			}
			return word(clear)
		}},
	} {
		var first []byte
		for _, workers := range []int{1, 2} {
			r := newFragTileRig(t, w, h, workers, engine.PixelFormatRGBA8Unorm, 4)
			fp, dump := r.tile(c.fn), r.tile("dump_samples")
			buf, err := r.dev.NewBuffer(w * h * 4 * 4)
			if err != nil {
				t.Fatal(err)
			}
			err = r.run(false, clear, func(d *engine.RenderPassDescriptor) { d.TileWidth, d.TileHeight = 16, 16 }, func(e *engine.RenderCommandEncoder) error {
				if err := tileDispatch(e, fp, 16, 16); err != nil {
					return err
				}
				if err := e.SetTileBuffer(buf, 0, 0); err != nil {
					return err
				}
				if err := e.SetTileBytes(binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, w), h), 1); err != nil {
					return err
				}
				return tileDispatch(e, dump, 16, 16)
			})
			if err != nil {
				t.Fatalf("%s: %v", c.fn, err)
			}
			data := append([]byte(nil), buf.Contents()...)
			for i := range w * h {
				for s := range 4 {
					if got, want := binary.LittleEndian.Uint32(data[(4*i+s)*4:]), c.want(s); got != want {
						t.Fatalf("%s: pixel (%d, %d) sample %d is %08x, want %08x", c.fn, i%w, i/w, s, got, want)
					}
				}
			}
			if first == nil {
				first = data
			} else if string(first) != string(data) {
				t.Fatalf("%s: 2 workers differ from 1", c.fn)
			}
		}
	}
}

// A deferred pass through the explicit imageblock: draws count their
// fragments in it, a fragment-based tile function lights each pixel from
// it into the colour attachment and updates the count, and a tile kernel
// reads the counts back; the same bytes on 1 and 2 workers.
func TestTileFragmentExplicitImageblock(t *testing.T) {
	const w, h = 48, 40
	a, ca := [6]float32{-1.1, -0.9, 0.8, 1.0, -0.3, 0.7}, [4]float32{0.9, 0.4, 0.1, 1}
	b, cb := [6]float32{1.0, -1.0, -0.9, 0.2, 0.6, 0.9}, [4]float32{0.2, 0.7, 0.95, 1}
	lightCol := [4]float32{0.5, 1, 0.25, 1}
	var first [2][]byte
	for _, workers := range []int{1, 2} {
		r := newFragTileRig(t, w, h, workers, engine.PixelFormatRGBA8Unorm, 1)
		gbuf, light, read := r.draw("gbuffer", false), r.tile("light"), r.tile("read_count")
		if n := light.ImageblockSampleLength(); n != 32 {
			t.Fatalf("ImageblockSampleLength %d, want 32", n)
		}
		counts, err := r.dev.NewBuffer(w * h * 4)
		if err != nil {
			t.Fatal(err)
		}
		err = r.run(false, [4]float64{}, func(d *engine.RenderPassDescriptor) { d.TileWidth, d.TileHeight, d.ImageblockSampleLength = 16, 16, 32 }, func(e *engine.RenderCommandEncoder) error {
			if err := r.triangle(e, gbuf, a, ca); err != nil {
				return err
			}
			if err := r.triangle(e, gbuf, b, cb); err != nil {
				return err
			}
			if err := e.SetTileBytes(floatBytes(lightCol[:]), 0); err != nil {
				return err
			}
			if err := tileDispatch(e, light, 16, 16); err != nil {
				return err
			}
			if err := e.SetTileBuffer(counts, 0, 0); err != nil {
				return err
			}
			if err := e.SetTileBytes(binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, w), h), 1); err != nil {
				return err
			}
			return tileDispatch(e, read, 16, 16)
		})
		if err != nil {
			t.Fatal(err)
		}
		px, cn := r.bytes(), append([]byte(nil), counts.Contents()...)
		two := 0
		for i := range w * h {
			n := binary.LittleEndian.Uint32(cn[4*i:])
			var col [4]float32
			switch n {
			case 1: // no fragment: albedo 0
			case 11:
				col = ca // covered by one triangle: a or b, told by the colour
				if px[4*i+1] > 140 {
					col = cb
				}
			case 21:
				col, two = cb, two+1
			default:
				t.Fatalf("pixel (%d, %d): count %d, want 1, 11 or 21", i%w, i/w, n)
			}
			for c := range 4 {
				want := uint8(math.Round(float64(fmath.HalfToFloat32(fmath.Float32ToHalf(col[c]*lightCol[c]))) * 255))
				if g := px[4*i+c]; g != want {
					t.Fatalf("pixel (%d, %d) count %d channel %d is %d, want %d", i%w, i/w, n, c, g, want)
				}
			}
		}
		if two < 50 {
			t.Fatalf("only %d pixels covered twice", two)
		}
		if workers == 1 {
			first = [2][]byte{px, cn}
		} else if string(first[0]) != string(px) || string(first[1]) != string(cn) {
			t.Fatal("2 workers differ from 1")
		}
	}
}

// Validation of fragment-based tile functions: the [[stencil]] rule and
// the other source rules at their file:line:col, colour attachments,
// dispatch limits and bindings, each naming the field or argument.
func TestTileFragmentValidation(t *testing.T) {
	const src = `#include <metal_stdlib>
using namespace metal;
struct SOut { half4 c [[color(0)]]; uint s [[stencil]]; };
fragment SOut with_stencil(half4 c [[color(0)]]) { SOut o; o.c = c; o.s = 1; return o; }
struct V { float4 p [[position]]; float2 uv; };
fragment half4 with_stage_in(V in [[stage_in]]) { return half4(half2(in.uv), 0.0h, 1.0h); }
fragment half4 second_color(half4 c [[color(1)]]) { return c; }
fragment half4 needs_buffer(constant float& k [[buffer(3)]]) { return half4(k); }
fragment half4 needs_tg(threadgroup uint* n [[threadgroup(2)]]) { return half4(half(n[0])); }
struct G { float4 v [[raster_order_group(0)]]; };
fragment half4 needs_ib(G g [[imageblock_data]]) { return half4(g.v); }
vertex float4 vs() { return 0; }
`
	r := newFragTileRig(t, 32, 32, 1, engine.PixelFormatRGBA8Unorm, 1)
	lib, err := r.dev.NewLibraryWithFile("rules.metal", []byte(src), engine.CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	newTile := func(name string, edit func(*engine.TileRenderPipelineDescriptor)) (*engine.TileRenderPipelineState, error) {
		fn, err := lib.Function(name)
		if err != nil {
			t.Fatal(err)
		}
		desc := &engine.TileRenderPipelineDescriptor{TileFunction: fn}
		desc.ColorAttachments[0].PixelFormat = engine.PixelFormatRGBA8Unorm
		if edit != nil {
			edit(desc)
		}
		return r.dev.NewTileRenderPipelineState(desc)
	}
	for _, c := range []struct {
		name, fn string
		edit     func(*engine.TileRenderPipelineDescriptor)
		want     string
	}{
		{"stencil", "with_stencil", nil, "TileFunction with_stencil: rules.metal:3:46: error: fragment-based tile function 'with_stencil' cannot output [[stencil]] (member 's')"},
		{"stage in", "with_stage_in", nil, "rules.metal:6:37: error: fragment-based tile function 'with_stage_in' cannot take a [[stage_in]] argument ('in')"},
		{"colour without format", "second_color", nil, "TileFunction second_color reads [[color(1)]], but ColorAttachments[1].PixelFormat is invalid"},
		{"vertex", "vs", nil, "TileFunction vs is a vertex function, want a kernel or fragment function"},
		{"max threads", "needs_buffer", func(d *engine.TileRenderPipelineDescriptor) { d.MaxTotalThreadsPerThreadgroup = 2048 }, "MaxTotalThreadsPerThreadgroup is 2048, want 0..1024"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := newTile(c.fn, c.edit)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
		})
	}
	// The source rules come as diagnostics.
	_, err = newTile("with_stencil", nil)
	var dl *diag.List
	if !errors.As(err, &dl) || len(dl.Diags) != 1 || dl.Diags[0].Code != "tile-fragment-stencil" {
		t.Fatalf("stencil error %v: want one wrapped diagnostic tile-fragment-stencil", err)
	}
	limited, err := newTile("needs_buffer", func(d *engine.TileRenderPipelineDescriptor) { d.MaxTotalThreadsPerThreadgroup = 256 })
	if err != nil {
		t.Fatal(err)
	}
	if n := limited.MaxTotalThreadsPerThreadgroup(); n != 256 {
		t.Fatalf("MaxTotalThreadsPerThreadgroup %d, want 256", n)
	}
	mustTile := func(name string) *engine.TileRenderPipelineState {
		p, err := newTile(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		name string
		p    *engine.TileRenderPipelineState
		tg   [2]int
		prep func(e *engine.RenderCommandEncoder) error
		want string
	}{
		{"missing buffer", mustTile("needs_buffer"), [2]int{32, 32}, nil, "missing buffer at index 3 for argument \"k\""},
		{"thread limit", limited, [2]int{32, 32}, func(e *engine.RenderCommandEncoder) error { return e.SetTileBytes(f32Bytes([]float32{1}), 3) },
			"1024 threads per tile, more than the pipeline's maxTotalThreadsPerThreadgroup 256"},
		{"missing threadgroup", mustTile("needs_tg"), [2]int{32, 32}, nil, "missing threadgroup memory length (SetThreadgroupMemoryLength) at index 2 for argument \"n\""},
		{"imageblock size", mustTile("needs_ib"), [2]int{32, 32}, nil, "uses a 16-byte explicit imageblock, more than the pass's ImageblockSampleLength 0"},
		{"too large", mustTile("needs_buffer"), [2]int{64, 32}, nil, "threadsPerTile is 64 × 32 × 1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := r.run(false, [4]float64{}, nil, func(e *engine.RenderCommandEncoder) error {
				if c.prep != nil {
					if err := c.prep(e); err != nil {
						return err
					}
				}
				return tileDispatch(e, c.p, c.tg[0], c.tg[1])
			})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

// Tile textures and samplers: a fragment-based tile function copies a
// texture into the colour attachment through an implicit-LOD sample; a
// fragment tile function that writes past its buffer fails the command
// buffer with a fault naming the function and source line.
func TestTileFragmentTextureAndFault(t *testing.T) {
	const w, h = 40, 24
	r := newFragTileRig(t, w, h, 2, engine.PixelFormatRGBA8Unorm, 1)
	src, err := r.dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: engine.PixelFormatRGBA8Unorm,
		Width: w, Height: h, Usage: engine.TextureUsageShaderRead})
	if err != nil {
		t.Fatal(err)
	}
	want := make([]byte, w*h*4)
	for i := range want {
		want[i] = byte(i*7 + i/160)
	}
	if err := src.ReplaceRegion(engine.Region{Width: w, Height: h, Depth: 1}, 0, 0, want, w*4, 0); err != nil {
		t.Fatal(err)
	}
	smp, err := r.dev.NewSamplerState(engine.DefaultSamplerDescriptor()) // nearest
	if err != nil {
		t.Fatal(err)
	}
	blit := r.tile("blit")
	err = r.run(false, [4]float64{}, func(d *engine.RenderPassDescriptor) { d.TileWidth, d.TileHeight = 16, 16 }, func(e *engine.RenderCommandEncoder) error {
		if err := e.SetTileTexture(src, 0); err != nil {
			return err
		}
		if err := e.SetTileSamplerState(smp, 0); err != nil {
			return err
		}
		return tileDispatch(e, blit, 16, 16)
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.bytes(); string(got) != string(want) {
		t.Fatalf("blit: the target differs from the texture (first byte %d)", firstDiff(got, want))
	}
	small, err := r.dev.NewBuffer(4096 * 4)
	if err != nil {
		t.Fatal(err)
	}
	overrun := r.tile("overrun")
	err = r.run(false, [4]float64{}, nil, func(e *engine.RenderCommandEncoder) error {
		if err := e.SetTileBuffer(small, 0, 0); err != nil {
			return err
		}
		return tileDispatch(e, overrun, 32, 32)
	})
	line := strings.Count(fragTileSrc[:strings.Index(fragTileSrc, "out[uint(pos.y) * 4096")], "\n") + 1
	var f *exec.Fault
	if !errors.As(err, &f) || f.Kind != exec.FaultOutOfBounds || f.Function != "overrun" || f.Pos.Line != line {
		t.Fatalf("error %v: want an out-of-bounds fault of overrun at line %d", err, line)
	}
}
