package engine_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

const tileSrc = `
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

struct Px { half4 color [[color(0)]]; };

// Inverts the colour of every pixel of the tile; the threadgroup may be
// smaller than the tile.
kernel void invert(imageblock<Px, imageblock_layout_implicit> ib,
                   ushort2 lid [[thread_position_in_threadgroup]],
                   ushort2 tps [[threads_per_threadgroup]]) {
    for (ushort y = lid.y; y < ib.get_height(); y += tps.y) {
        for (ushort x = lid.x; x < ib.get_width(); x += tps.x) {
            Px p = ib.read(ushort2(x, y));
            p.color.rgb = 1.0h - p.color.rgb;
            ib.write(p, ushort2(x, y));
        }
    }
}

// Records the tile built-ins of every thread.
kernel void builtins(device uint4* out [[buffer(0)]],
                     constant uint& width [[buffer(1)]],
                     uint2 gid [[thread_position_in_grid]],
                     ushort2 lid [[thread_position_in_threadgroup]],
                     uint2 tg [[threadgroup_position_in_grid]],
                     uint tid [[thread_index_in_threadgroup]],
                     uint2 ppt [[pixels_per_tile]],
                     uint tix [[tile_index]],
                     uint layer [[render_target_array_index]]) {
    out[gid.y * width + gid.x] = uint4(tid, tix, uint(lid.x) | uint(lid.y) << 8 | tg.x << 16 | tg.y << 24, ppt.x | ppt.y << 8 | layer << 16);
}

// Counts the tile's pixels a first draw covered into persistent
// threadgroup memory; a later fragment function reads the count.
kernel void count(imageblock<Px, imageblock_layout_implicit> ib,
                  threadgroup atomic_uint* n [[threadgroup(0)]],
                  threadgroup uint* tile [[threadgroup(1)]],
                  ushort2 lid [[thread_position_in_threadgroup]],
                  uint tix [[tile_index]]) {
    if (ib.read(lid).color.r > 0.5h) {
        atomic_fetch_add_explicit(n, 1u, memory_order_relaxed);
    }
    if (lid.x == 0 && lid.y == 0) {
        tile[0] = tix + 1;
    }
}

fragment float4 show_count(VOut in [[stage_in]], threadgroup uint* n [[threadgroup(0)]], threadgroup uint* tile [[threadgroup(1)]]) {
    return float4(float(n[0]) / 1024.0, float(tile[0]) / 255.0, 0, 1);
}

fragment float4 tile_inputs(VOut in [[stage_in]], ushort2 p [[pixel_position_in_tile]], ushort2 n [[pixels_per_tile]], uint t [[tile_index]]) {
    return float4(p.x, p.y, n.x + n.y, t) / 255.0;
}

struct GB { float4 v; uint id; };

// Writes the explicit imageblock (a kernel has at most one imageblock
// argument, §2.11).
kernel void fill_ib(imageblock<GB> gb, ushort2 lid [[thread_position_in_threadgroup]], uint2 gid [[thread_position_in_grid]]) {
    threadgroup_imageblock GB* g = gb.data(lid);
    g->v = float4(gid.x, gid.y, 0, 1);
    g->id += gid.x + 1000 * gid.y;
}

// Reads it back into a buffer.
kernel void use_ib(imageblock<GB> gb, device uint2* out [[buffer(0)]], constant uint2& size [[buffer(1)]],
                   ushort2 lid [[thread_position_in_threadgroup]], uint2 gid [[thread_position_in_grid]]) {
    threadgroup_imageblock GB* g = gb.data(lid);
    if (gid.x < size.x && gid.y < size.y) {
        out[gid.y * size.x + gid.x] = uint2(g->id, uint(g->v.x) + 1000 * uint(g->v.y));
    }
}
`

// tileRig renders with tile functions into one RGBA8 target.
type tileRig struct {
	*renderRig
	lib *engine.Library
}

func newTileRig(t *testing.T, w, h, workers int) *tileRig {
	r := newRenderRig(t, w, h, workers, false)
	return &tileRig{renderRig: r, lib: r.library(tileSrc)}
}

func (r *tileRig) tilePipeline(name string) *engine.TileRenderPipelineState {
	r.t.Helper()
	fn, err := r.lib.Function(name)
	if err != nil {
		r.t.Fatal(err)
	}
	desc := &engine.TileRenderPipelineDescriptor{Label: name, TileFunction: fn}
	desc.ColorAttachments[0].PixelFormat = r.color.PixelFormat()
	p, err := r.dev.NewTileRenderPipelineState(desc)
	if err != nil {
		r.t.Fatal(err)
	}
	return p
}

// run encodes one pass (load: keep the target's contents, else clear to
// grey) after edit adjusts the descriptor.
func (r *tileRig) run(load bool, edit func(*engine.RenderPassDescriptor), encode func(e *engine.RenderCommandEncoder) error) error {
	r.t.Helper()
	cb := r.q.CommandBuffer(context.Background())
	var pd engine.RenderPassDescriptor
	pd.ColorAttachments[0].Texture = r.color
	pd.ColorAttachments[0].LoadAction = engine.LoadActionClear
	pd.ColorAttachments[0].ClearColor = &[4]float64{0.25, 0.25, 0.25, 1}
	if load {
		pd.ColorAttachments[0].LoadAction = engine.LoadActionLoad
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

// triangle draws one triangle of colour col with pipeline p.
func (r *tileRig) triangle(e *engine.RenderCommandEncoder, p *engine.RenderPipelineState, xy [6]float32, col [4]float32) error {
	return drawTriangle(e, p, xy, col)
}

// drawTriangle draws one triangle of colour col with pipeline p, whose
// vertex function is tri_vs (position and colour as float4 pairs in
// vertex buffer 0).
func drawTriangle(e *engine.RenderCommandEncoder, p *engine.RenderPipelineState, xy [6]float32, col [4]float32) error {
	var v []float32
	for i := range 3 {
		v = append(v, xy[2*i], xy[2*i+1], 0.5, 1)
		v = append(v, col[:]...)
	}
	if err := e.SetRenderPipelineState(p); err != nil {
		return err
	}
	if err := e.SetVertexBytes(floatBytes(v), 0); err != nil {
		return err
	}
	return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 3)
}

// A tile dispatch between two draws: the same bytes as drawing, inverting
// the stored image in Go and drawing the second triangle over it in a
// second pass; on 1 and 2 workers, for every tile size and threadgroups
// smaller than the tile.
func TestTileDispatchMidPassGolden(t *testing.T) {
	const w, h = 75, 53
	a, ca := [6]float32{-1.1, -0.9, 0.8, 1.0, -0.3, 0.7}, [4]float32{0.9, 0.4, 0.1, 1}
	b, cb := [6]float32{1.0, -1.0, -0.9, 0.2, 0.6, 0.9}, [4]float32{0.2, 0.7, 0.95, 0.6}
	blend := func(d *engine.RenderPipelineDescriptor) {
		c := &d.ColorAttachments[0]
		c.BlendingEnabled = true
		c.SourceRGBBlendFactor, c.DestinationRGBBlendFactor = engine.BlendFactorSourceAlpha, engine.BlendFactorOneMinusSourceAlpha
		c.SourceAlphaBlendFactor, c.DestinationAlphaBlendFactor = engine.BlendFactorOne, engine.BlendFactorZero
	}
	var first []byte
	for _, workers := range []int{1, 2} {
		r := newTileRig(t, w, h, workers)
		plain, err := r.pipeline(r.lib, "tri_vs", "tri_fs", nil)
		if err != nil {
			t.Fatal(err)
		}
		blended, err := r.pipeline(r.lib, "tri_vs", "tri_fs", blend)
		if err != nil {
			t.Fatal(err)
		}
		inv := r.tilePipeline("invert")
		// The reference: two passes with the inversion in Go between.
		if err := r.run(false, nil, func(e *engine.RenderCommandEncoder) error { return r.triangle(e, plain, a, ca) }); err != nil {
			t.Fatal(err)
		}
		px := r.pixels()
		for i := range px {
			if i%4 != 3 {
				px[i] = 255 - px[i]
			}
		}
		if err := r.color.ReplaceRegion(engine.Region{Width: w, Height: h, Depth: 1}, 0, 0, px, w*4, 0); err != nil {
			t.Fatal(err)
		}
		if err := r.run(true, nil, func(e *engine.RenderCommandEncoder) error { return r.triangle(e, blended, b, cb) }); err != nil {
			t.Fatal(err)
		}
		want := r.pixels()
		for _, ts := range [][2]int{{32, 32}, {32, 16}, {16, 16}, {0, 0}} {
			for _, tg := range [][2]int{{ts[0], ts[1]}, {8, 6}, {1, 1}} {
				if ts[0] == 0 {
					tg = [2]int{32, 32}
				}
				name := fmt.Sprintf("workers%d/tile%dx%d/tg%dx%d", workers, ts[0], ts[1], tg[0], tg[1])
				err := r.run(false, func(d *engine.RenderPassDescriptor) { d.TileWidth, d.TileHeight = ts[0], ts[1] }, func(e *engine.RenderCommandEncoder) error {
					if err := r.triangle(e, plain, a, ca); err != nil {
						return err
					}
					if err := e.SetTileRenderPipelineState(inv); err != nil {
						return err
					}
					if err := e.DispatchThreadsPerTile(engine.Sz(tg[0], tg[1], 1)); err != nil {
						return err
					}
					return r.triangle(e, blended, b, cb)
				})
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				got := r.pixels()
				if i := firstDiff(got, want); i >= 0 {
					t.Fatalf("%s: byte %d (pixel %d, %d) is %d, the two-pass reference %d", name, i, i/4%w, i/4/w, got[i], want[i])
				}
			}
		}
		if first == nil {
			first = want
		} else if i := firstDiff(first, want); i >= 0 {
			t.Fatalf("2 workers differ from 1 at byte %d", i)
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

// The tile built-ins: quads of threads, tiles as threadgroups, pixels as
// grid positions.
func TestTileBuiltins(t *testing.T) {
	const w, h = 48, 32
	r := newTileRig(t, w, h, 2)
	p := r.tilePipeline("builtins")
	out, err := r.dev.NewBuffer(w * h * 16)
	if err != nil {
		t.Fatal(err)
	}
	for _, tg := range [][2]int{{16, 16}, {6, 4}} {
		clear(out.Contents())
		err = r.run(false, func(d *engine.RenderPassDescriptor) { d.TileWidth, d.TileHeight = 16, 16 }, func(e *engine.RenderCommandEncoder) error {
			if err := e.SetTileRenderPipelineState(p); err != nil {
				return err
			}
			if err := e.SetTileBuffer(out, 0, 0); err != nil {
				return err
			}
			if err := e.SetTileBytes(binary.LittleEndian.AppendUint32(nil, w), 1); err != nil {
				return err
			}
			return e.DispatchThreadsPerTile(engine.Sz(tg[0], tg[1], 1))
		})
		if err != nil {
			t.Fatal(err)
		}
		data := out.Contents()
		seen := 0
		for y := range h {
			for x := range w {
				o := (y*w + x) * 16
				v := [4]uint32{binary.LittleEndian.Uint32(data[o:]), binary.LittleEndian.Uint32(data[o+4:]), binary.LittleEndian.Uint32(data[o+8:]), binary.LittleEndian.Uint32(data[o+12:])}
				tx, ty, lx, ly := x/16, y/16, x%16, y%16
				if lx >= tg[0] || ly >= tg[1] {
					if v != [4]uint32{} {
						t.Errorf("tg %v: pixel (%d, %d) outside the threadgroup written: %v", tg, x, y, v)
					}
					continue
				}
				seen++
				// 2×2 quads, quads row-major over the threadgroup.
				tid := uint32(((ly/2)*(tg[0]/2)+lx/2)*4 + ly%2*2 + lx%2)
				want := [4]uint32{tid, uint32(ty*3 + tx), uint32(lx | ly<<8 | tx<<16 | ty<<24), 16 | 16<<8}
				if v != want {
					t.Errorf("tg %v: pixel (%d, %d): %v, want %v", tg, x, y, v, want)
				}
			}
		}
		if seen == 0 {
			t.Fatal("no pixel checked")
		}
	}
}

// Persistent threadgroup memory: a tile dispatch fills it, a later draw's
// fragment function reads it; it is zeroed at every tile.
func TestTilePersistentThreadgroupMemory(t *testing.T) {
	const w, h = 64, 40
	for _, workers := range []int{1, 2} {
		r := newTileRig(t, w, h, workers)
		plain, err := r.pipeline(r.lib, "tri_vs", "tri_fs", nil)
		if err != nil {
			t.Fatal(err)
		}
		show, err := r.pipeline(r.lib, "tri_vs", "show_count", nil)
		if err != nil {
			t.Fatal(err)
		}
		cnt := r.tilePipeline("count")
		// The first triangle covers the upper-left half of tile (0, 0)
		// and nothing of the others.
		err = r.run(false, func(d *engine.RenderPassDescriptor) { d.ThreadgroupMemoryLength = 32 }, func(e *engine.RenderCommandEncoder) error {
			if err := r.triangle(e, plain, [6]float32{-1, 1, -1 + 2.0*32/w, 1, -1, 1 - 2.0*32/h}, [4]float32{1, 0, 0, 1}); err != nil {
				return err
			}
			if err := e.SetThreadgroupMemoryLength(4, 0, 0); err != nil {
				return err
			}
			if err := e.SetThreadgroupMemoryLength(16, 16, 1); err != nil {
				return err
			}
			if err := e.SetTileRenderPipelineState(cnt); err != nil {
				return err
			}
			if err := e.DispatchThreadsPerTile(engine.Sz(32, 32, 1)); err != nil {
				return err
			}
			return r.triangle(e, show, [6]float32{-1, 1, 3, 1, -1, -3}, [4]float32{})
		})
		if err != nil {
			t.Fatal(err)
		}
		px := r.pixels()
		for _, c := range []struct{ x, y, tile int }{{1, 1, 0}, {40, 5, 1}, {10, 35, 2}, {63, 39, 3}} {
			i := (c.y*w + c.x) * 4
			if int(px[i+1]) != c.tile+1 {
				t.Errorf("workers %d: pixel (%d, %d): tile_index+1 %d, want %d", workers, c.x, c.y, px[i+1], c.tile+1)
			}
			if c.tile != 0 && px[i] != 0 {
				t.Errorf("workers %d: pixel (%d, %d) of tile %d counts %d (memory not zeroed per tile?)", workers, c.x, c.y, c.tile, px[i])
			}
		}
		if px[0] == 0 {
			t.Errorf("workers %d: tile 0 counted nothing", workers)
		}
	}
}

// An explicit imageblock written by one tile dispatch and read by a later
// one; zeroed at every tile start (fill_ib adds to id).
func TestTileExplicitImageblock(t *testing.T) {
	const w, h = 48, 33
	r := newTileRig(t, w, h, 2)
	fill, use := r.tilePipeline("fill_ib"), r.tilePipeline("use_ib")
	if fill.ImageblockSampleLength() != 32 {
		t.Fatalf("ImageblockSampleLength %d, want 32", fill.ImageblockSampleLength())
	}
	out, err := r.dev.NewBuffer(w * h * 8)
	if err != nil {
		t.Fatal(err)
	}
	for pass := range 2 {
		err = r.run(false, func(d *engine.RenderPassDescriptor) { d.ImageblockSampleLength, d.ThreadgroupMemoryLength = 32, 16 }, func(e *engine.RenderCommandEncoder) error {
			if e.TileWidth() != 32 || e.TileHeight() != 16 {
				return fmt.Errorf("tile %d × %d, want 32 × 16 (32 KiB of imageblock do not leave 16 bytes at 32 × 32)", e.TileWidth(), e.TileHeight())
			}
			if err := e.SetTileBuffer(out, 0, 0); err != nil {
				return err
			}
			if err := e.SetTileBytes(binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, w), h), 1); err != nil {
				return err
			}
			for _, p := range []*engine.TileRenderPipelineState{fill, use} {
				if err := e.SetTileRenderPipelineState(p); err != nil {
					return err
				}
				if err := e.DispatchThreadsPerTile(engine.Sz(32, 16, 1)); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatalf("pass %d: %v", pass, err)
		}
	}
	data := out.Contents()
	for y := range h {
		for x := range w {
			o := (y*w + x) * 8
			id, v := binary.LittleEndian.Uint32(data[o:]), binary.LittleEndian.Uint32(data[o+4:])
			if want := uint32(x + 1000*y); id != want || v != want {
				t.Fatalf("pixel (%d, %d): id %d, v %d, want %d (zeroed per tile)", x, y, id, v, want)
			}
		}
	}
}

// Validation: tile sizes, the tile memory budget, dispatch sizes, formats,
// threadgroup memory regions and implicit imageblocks in compute.
func TestTileValidation(t *testing.T) {
	r := newTileRig(t, 32, 32, 1)
	inv := r.tilePipeline("invert")
	cases := []struct {
		name   string
		edit   func(*engine.RenderPassDescriptor)
		encode func(e *engine.RenderCommandEncoder) error
		want   string
	}{
		{"tile size", func(d *engine.RenderPassDescriptor) { d.TileWidth, d.TileHeight = 16, 32 }, nil, "TileWidth × TileHeight"},
		{"budget", func(d *engine.RenderPassDescriptor) {
			d.TileWidth, d.TileHeight, d.ImageblockSampleLength, d.ThreadgroupMemoryLength = 32, 32, 32, 16
		}, nil, "ThreadgroupMemoryLength 16 is 32784 bytes"},
		{"budget auto", func(d *engine.RenderPassDescriptor) { d.ImageblockSampleLength = 200 }, nil, "even for the smallest tile"},
		{"negative", func(d *engine.RenderPassDescriptor) { d.ThreadgroupMemoryLength = -1 }, nil, "ThreadgroupMemoryLength is -1"},
		{"no pipeline", nil, func(e *engine.RenderCommandEncoder) error { return e.DispatchThreadsPerTile(engine.Sz(32, 32, 1)) }, "no tile render pipeline"},
		{"too wide", func(d *engine.RenderPassDescriptor) { d.TileWidth, d.TileHeight = 32, 16 }, func(e *engine.RenderCommandEncoder) error {
			if err := e.SetTileRenderPipelineState(inv); err != nil {
				return err
			}
			return e.DispatchThreadsPerTile(engine.Sz(32, 32, 1))
		}, "threadsPerTile is 32 × 32 × 1"},
		{"tg region", func(d *engine.RenderPassDescriptor) { d.ThreadgroupMemoryLength = 64 }, func(e *engine.RenderCommandEncoder) error {
			return e.SetThreadgroupMemoryLength(64, 16, 0)
		}, "exceed the render pass's ThreadgroupMemoryLength 64"},
		{"tg missing", nil, func(e *engine.RenderCommandEncoder) error {
			if err := e.SetTileRenderPipelineState(r.tilePipeline("count")); err != nil {
				return err
			}
			return e.DispatchThreadsPerTile(engine.Sz(32, 32, 1))
		}, "missing threadgroup memory length"},
		{"explicit size", nil, func(e *engine.RenderCommandEncoder) error {
			if err := e.SetTileRenderPipelineState(r.tilePipeline("use_ib")); err != nil {
				return err
			}
			return e.DispatchThreadsPerTile(engine.Sz(32, 32, 1))
		}, "more than the pass's ImageblockSampleLength 0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			enc := c.encode
			if enc == nil {
				enc = func(*engine.RenderCommandEncoder) error { return nil }
			}
			err := r.run(false, c.edit, enc)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
		})
	}
	// Pipeline: formats must match; implicit members need attachments.
	fn, _ := r.lib.Function("invert")
	if _, err := r.dev.NewTileRenderPipelineState(&engine.TileRenderPipelineDescriptor{TileFunction: fn}); err == nil || !strings.Contains(err.Error(), "ColorAttachments[0].PixelFormat is invalid") {
		t.Errorf("implicit member without attachment: %v", err)
	}
	desc := &engine.TileRenderPipelineDescriptor{TileFunction: fn}
	desc.ColorAttachments[0].PixelFormat = engine.PixelFormatRGBA16Float
	p16, err := r.dev.NewTileRenderPipelineState(desc)
	if err != nil {
		t.Fatal(err)
	}
	err = r.run(false, nil, func(e *engine.RenderCommandEncoder) error {
		if err := e.SetTileRenderPipelineState(p16); err != nil {
			return err
		}
		return e.DispatchThreadsPerTile(engine.Sz(32, 32, 1))
	})
	if err == nil || !strings.Contains(err.Error(), "ColorAttachments[0].PixelFormat") {
		t.Errorf("format mismatch: %v", err)
	}
	// Implicit imageblocks are refused in compute dispatches.
	cp, err := r.dev.NewComputePipelineState(fn, nil, engine.ComputePipelineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cbuf := r.q.CommandBuffer(context.Background())
	ce, err := cbuf.ComputeCommandEncoder()
	if err != nil {
		t.Fatal(err)
	}
	if err := ce.SetComputePipelineState(cp); err != nil {
		t.Fatal(err)
	}
	if err := ce.DispatchThreads(engine.Sz(8, 8, 1), engine.Sz(8, 8, 1)); err == nil || !strings.Contains(err.Error(), "implicit imageblocks exist only in tile functions") {
		t.Errorf("compute dispatch with an implicit imageblock: %v", err)
	}
	ce.EndEncoding()
}

// The fragment tile inputs: the pixel in its tile, the tile size and the
// tile index.
func TestTileFragmentInputs(t *testing.T) {
	const w, h = 40, 24
	r := newTileRig(t, w, h, 2)
	p, err := r.pipeline(r.lib, "tri_vs", "tile_inputs", nil)
	if err != nil {
		t.Fatal(err)
	}
	err = r.run(false, func(d *engine.RenderPassDescriptor) { d.TileWidth, d.TileHeight = 32, 16 }, func(e *engine.RenderCommandEncoder) error {
		return r.triangle(e, p, [6]float32{-1, 1, 3, 1, -1, -3}, [4]float32{})
	})
	if err != nil {
		t.Fatal(err)
	}
	px := r.pixels()
	for y := range h {
		for x := range w {
			i := (y*w + x) * 4
			want := [4]byte{byte(x % 32), byte(y % 16), 48, byte(y/16*2 + x/32)}
			if [4]byte(px[i:i+4]) != want {
				t.Fatalf("pixel (%d, %d): %v, want %v", x, y, px[i:i+4], want)
			}
		}
	}
}
