package raster

import (
	"fmt"
	"sync"
	"testing"

	"github.com/ingot-render/ingot/internal/texel"
)

// Every tile size gives the reference image, on any worker count.
func TestTileSizesMatchReference(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 4
	}
	sizes := [][2]int{{37, 29}, {70, 45}, {8, 8}}
	for seed := range uint64(n) {
		for _, samples := range []int{1, 4} {
			sz := sizes[seed%3]
			sc := randomScene(seed*16+uint64(samples)+1000, sz[0], sz[1], samples)
			ref := refRender(sc)
			base := sc.run(t, 1)
			for _, ts := range [][2]int{{16, 16}, {32, 16}, {32, 32}} {
				t.Run(fmt.Sprintf("seed%d/s%d/%dx%d", seed, samples, ts[0], ts[1]), func(t *testing.T) {
					tc := *sc
					tc.tileW, tc.tileH = ts[0], ts[1]
					pt := tc.run(t, 1)
					compareRef(t, &tc, pt, ref)
					if err := sameTargets(base, pt); err != nil {
						t.Errorf("differs from 32×32 tiles: %v", err)
					}
					if err := sameTargets(pt, tc.run(t, 3)); err != nil {
						t.Errorf("3 workers differ from 1: %v", err)
					}
				})
			}
		}
	}
}

func TestTileSizeValidation(t *testing.T) {
	ct, err := NewColorTarget(texel.RGBA32Float, 8, 8, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	pt := PassTargets{Width: 8, Height: 8, Samples: 1, Layers: 1}
	pt.Color[0] = ct
	for _, ts := range [][2]int{{16, 32}, {8, 8}, {64, 64}, {16, 0}} {
		if _, err := NewPass(pt, PassOptions{TileWidth: ts[0], TileHeight: ts[1]}); err == nil {
			t.Errorf("tile %v accepted", ts)
		}
	}
	p, err := NewPass(pt, PassOptions{TileWidth: 32, TileHeight: 16})
	if err != nil {
		t.Fatal(err)
	}
	if w, h := p.TileSize(); w != 32 || h != 16 {
		t.Errorf("TileSize %d×%d", w, h)
	}
	if err := p.Dispatch(nil); err == nil {
		t.Error("nil tile function accepted")
	}
}

// invertTile replaces every colour sample of the tile by 1 - v (alpha
// kept), quantized, and records the tiles it saw.
type invertTile struct {
	ct   *ColorTarget
	mu   sync.Mutex
	seen map[int]Tile
}

func (f *invertTile) RunTile(worker int, tl *Tile) error {
	for y := tl.Y0; y < tl.Y1; y++ {
		for x := tl.X0; x < tl.X1; x++ {
			px := f.ct.Pixel(x, y, tl.Layer)
			for s := 0; s < len(px); s += 4 {
				v := [4]float32{1 - px[s], 1 - px[s+1], 1 - px[s+2], px[s+3]}
				f.ct.Quantize(&v)
				copy(px[s:s+4], v[:])
			}
		}
	}
	f.mu.Lock()
	f.seen[tl.Index] = *tl
	f.mu.Unlock()
	return nil
}

// countHooks counts BeginTile calls per tile.
type countHooks struct {
	mu sync.Mutex
	n  map[int]int
}

func (h *countHooks) BeginTile(worker int, tl *Tile) error {
	h.mu.Lock()
	h.n[tl.Index]++
	h.mu.Unlock()
	return nil
}

// A tile dispatch between two draws sees the first draw's result and the
// second draw blends over its result: the same bits as inverting the first
// draw's image in Go between two passes.
func TestTileDispatchMidPass(t *testing.T) {
	const w, h = 45, 37
	tri := func(x0, y0, x1, y1, x2, y2 float64, col []float32) *Draw {
		st := defaultState(w, h)
		st.Blends[0] = Blend{Enabled: true, RGBOp: BlendOpAdd, AlphaOp: BlendOpAdd, SrcRGB: BlendSourceAlpha,
			DstRGB: BlendOneMinusSourceAlpha, SrcAlpha: BlendOne, DstAlpha: BlendZero, WriteMask: WriteAll}
		pos := [][4]float32{ndc(x0, y0, 0.5, 1, w, h), ndc(x1, y1, 0.5, 1, w, h), ndc(x2, y2, 0.5, 1, w, h)}
		return &Draw{Topology: TriangleList, Vertices: verts(pos, [][]float32{col, col, col}), State: st,
			Interp: interps(4, InterpPerspective), Shader: &varyShader{stride: 4}, ColorMask: 1, SampleMask: ^uint32(0)}
	}
	a := tri(-5, -5, 50, 2, 10, 40, []float32{0.8, 0.3, 0.1, 0.7})
	b := tri(40, 0, 44, 36, 0, 20, []float32{0.1, 0.6, 0.9, 0.5})
	for _, ts := range [][2]int{{16, 16}, {32, 16}, {32, 32}} {
		for _, samples := range []int{1, 4} {
			t.Run(fmt.Sprintf("%dx%d/s%d", ts[0], ts[1], samples), func(t *testing.T) {
				// Reference: draw a; invert everything in Go; draw b.
				ref := &scene{w: w, h: h, samples: samples, format: texel.RGBA8Unorm, clear: [4]float64{0.2, 0.2, 0.2, 1}, draws: []*Draw{a}}
				rt := ref.run(t, 1)
				ct := rt.Color[0]
				inv := &invertTile{ct: ct, seen: map[int]Tile{}}
				for y := range h {
					for x := range w {
						_ = inv.RunTile(0, &Tile{X0: x, Y0: y, X1: x + 1, Y1: y + 1})
					}
				}
				p2, err := NewPass(rt, PassOptions{Workers: 1})
				if err != nil {
					t.Fatal(err)
				}
				if err := p2.Draw(b); err != nil {
					t.Fatal(err)
				}
				if err := p2.Flush(t.Context()); err != nil {
					t.Fatal(err)
				}
				var first PassTargets
				for _, nw := range []int{1, 3} {
					sc := &scene{w: w, h: h, samples: samples, format: texel.RGBA8Unorm, clear: [4]float64{0.2, 0.2, 0.2, 1},
						draws: []*Draw{a, b}, tileW: ts[0], tileH: ts[1]}
					hooks := &countHooks{n: map[int]int{}}
					sc.hooks = hooks
					f := &invertTile{seen: map[int]Tile{}}
					sc.dispatch = map[int]TileFunction{1: f}
					// The tile function needs the pass's target: run
					// builds it, so bind it through a wrapper.
					pt := sc.runWith(t, nw, func(pt PassTargets) { f.ct = pt.Color[0] })
					if err := sameTargets(rt, pt); err != nil {
						t.Fatalf("%d workers: differs from the two-pass reference: %v", nw, err)
					}
					tx, ty := (w+ts[0]-1)/ts[0], (h+ts[1]-1)/ts[1]
					if len(f.seen) != tx*ty {
						t.Errorf("tile function ran on %d tiles, want %d", len(f.seen), tx*ty)
					}
					for i, tl := range f.seen {
						want := Tile{Index: i, X: i % tx, Y: i / tx, X0: i % tx * ts[0], Y0: i / tx * ts[1],
							X1: min(i%tx*ts[0]+ts[0], w), Y1: min(i/tx*ts[1]+ts[1], h), Width: ts[0], Height: ts[1]}
						if tl != want {
							t.Errorf("tile %d: %+v, want %+v", i, tl, want)
						}
						if hooks.n[i] != 1 {
							t.Errorf("tile %d: BeginTile ran %d times", i, hooks.n[i])
						}
					}
					if nw == 1 {
						first = pt
					} else if err := sameTargets(first, pt); err != nil {
						t.Errorf("%d workers differ from 1: %v", nw, err)
					}
				}
			})
		}
	}
}
