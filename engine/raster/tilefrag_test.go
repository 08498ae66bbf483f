package raster

import (
	"fmt"
	"sync"
	"testing"

	"github.com/ingot-render/ingot/internal/texel"
)

// fragTileShader writes (x, y, sample, 1) from [[position]] and
// [[sample_id]] (plus the colour input's red with FlagReadsColor), drops
// samples 0 and 3 when it writes a sample mask, discards lanes of pixel
// x == 3, and checks the batch layout: 2×2 quads with helpers unless
// FlagPixels, every lane's tile inputs.
type fragTileShader struct {
	flags  ShaderFlags
	layer  int
	mu     sync.Mutex
	err    error
	tested int // samples Tested was given
}

func (s *fragTileShader) fail(format string, args ...any) {
	s.mu.Lock()
	if s.err == nil {
		s.err = fmt.Errorf(format, args...)
	}
	s.mu.Unlock()
}

func (s *fragTileShader) Shade(worker int, b *FragmentBatch) error {
	if s.flags&FlagPixels == 0 {
		if b.N%4 != 0 {
			s.fail("%d lanes, not whole quads", b.N)
		}
		for L := 0; L+3 < b.N; L += 4 {
			x, y := b.PosX[L], b.PosY[L]
			for q := 1; q < 4; q++ {
				if b.PosX[L+q] != x+float32(q&1) || b.PosY[L+q] != y+float32(q>>1) || b.SampleID[L+q] != b.SampleID[L] {
					s.fail("lane %d at (%v, %v) sample %d is not quad lane %d of (%v, %v)", L+q, b.PosX[L+q], b.PosY[L+q], b.SampleID[L+q], q, x, y)
				}
			}
		}
	} else if b.Covered != 1<<b.N-1 {
		s.fail("FlagPixels batch of %d lanes with helpers (covered %#x)", b.N, b.Covered)
	}
	for L := range b.N {
		if b.PosZ[L] != 0 || b.PosW[L] != 1 || int(b.Layer[L]) != s.layer || b.PrimitiveID[L] != 0 {
			s.fail("lane %d: z %v, w %v, layer %d, primitive %d", L, b.PosZ[L], b.PosW[L], b.Layer[L], b.PrimitiveID[L])
		}
		b.Color[0][0][L] = b.PosX[L]
		b.Color[0][1][L] = b.PosY[L]
		b.Color[0][2][L] = float32(b.SampleID[L])
		b.Color[0][3][L] = 1
		if s.flags&FlagReadsColor != 0 {
			b.Color[0][3][L] += b.ColorIn[0][0][L]
		}
		b.SampleMaskOut[L] = 0b0110
		if int(b.PosX[L]) == 3 {
			b.Live &^= 1 << L
		}
	}
	return nil
}

func (s *fragTileShader) TestedOutputs() bool { return true }

func (s *fragTileShader) Tested(worker int, b *FragmentBatch, samples []uint8) {
	n := 0
	for L, m := range samples {
		if m != 0 && b.Covered&b.Live&(1<<L) == 0 {
			s.fail("Tested: lane %d has samples %#x but is a helper or discarded", L, m)
		}
		for ; m != 0; m &= m - 1 {
			n++
		}
	}
	s.mu.Lock()
	s.tested += n
	s.mu.Unlock()
}

// A fragment tile dispatch runs the shader once per pixel (or sample) of
// the threadsPerTile pixels at each tile's origin: colours written
// unblended into the covered samples less a sample mask output and
// discarded lanes, the same bits on 1 and 3 workers.
func TestFragmentTile(t *testing.T) {
	const w, h, tw, th = 37, 29, 16, 16
	for _, samples := range []int{1, 4} {
		pos := StandardSamplePositions(samples)
		for _, flags := range []ShaderFlags{0, FlagPixels, FlagPerSample, FlagPerSample | FlagPixels, FlagWritesSampleMask, FlagReadsColor} {
			for _, tg := range [][2]int{{tw, th}, {7, 5}} {
				name := fmt.Sprintf("s%d/flags%#x/%dx%d", samples, flags, tg[0], tg[1])
				var first []float32
				for _, workers := range []int{1, 3} {
					ct, err := NewColorTarget(texel.RGBA32Float, w, h, samples, 1)
					if err != nil {
						t.Fatal(err)
					}
					ct.Clear([4]float64{0.5, 0.5, 0.5, 0.5})
					pt := PassTargets{Width: w, Height: h, Samples: samples, Layers: 1}
					pt.Color[0] = ct
					p, err := NewPass(pt, PassOptions{Workers: workers, TileWidth: tw, TileHeight: th})
					if err != nil {
						t.Fatal(err)
					}
					sh := &fragTileShader{flags: flags}
					f, err := p.FragmentTile(FragmentTileDesc{Shader: sh, Flags: flags, ColorMask: 1, Width: tg[0], Height: tg[1]})
					if err != nil {
						t.Fatal(err)
					}
					if err := p.Dispatch(f); err != nil {
						t.Fatal(err)
					}
					if err := p.Flush(t.Context()); err != nil {
						t.Fatal(err)
					}
					if sh.err != nil {
						t.Fatalf("%s: %v", name, sh.err)
					}
					written := 0
					var got []float32
					for y := range h {
						for x := range w {
							for s := range samples {
								v := ct.Read(x, y, s, 0)
								got = append(got, v[:]...)
								want := [4]float32{0.5, 0.5, 0.5, 0.5}
								in := x%tw < tg[0] && y%th < tg[1] && x != 3
								if flags&FlagWritesSampleMask != 0 && samples > 1 && (s == 0 || s == 3) ||
									flags&FlagWritesSampleMask != 0 && samples == 1 {
									in = false
								}
								if in {
									written++
									want = [4]float32{float32(x) + 0.5, float32(y) + 0.5, 0, 1}
									if flags&FlagPerSample != 0 {
										want = [4]float32{float32(x) + pos[s][0], float32(y) + pos[s][1], float32(s), 1}
									}
									if flags&FlagReadsColor != 0 {
										want[3] += 0.5
									}
								}
								if v != want {
									t.Fatalf("%s: %d workers: pixel (%d, %d) sample %d is %v, want %v", name, workers, x, y, s, v, want)
								}
							}
						}
					}
					if sh.tested != written {
						t.Fatalf("%s: Tested got %d samples, %d were written", name, sh.tested, written)
					}
					if first == nil {
						first = got
					} else if fmt.Sprint(first) != fmt.Sprint(got) {
						t.Fatalf("%s: 3 workers differ from 1", name)
					}
				}
			}
		}
	}
}

func TestFragmentTileValidation(t *testing.T) {
	ct, err := NewColorTarget(texel.RGBA8Unorm, 8, 8, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	pt := PassTargets{Width: 8, Height: 8, Samples: 1, Layers: 1}
	pt.Color[0] = ct
	p, err := NewPass(pt, PassOptions{TileWidth: 16, TileHeight: 16})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []FragmentTileDesc{
		{Width: 16, Height: 16},
		{Shader: &fragTileShader{}, Width: 0, Height: 16},
		{Shader: &fragTileShader{}, Width: 16, Height: 32},
	} {
		if _, err := p.FragmentTile(d); err == nil {
			t.Errorf("%+v accepted", d)
		}
	}
}

// Running a fragment tile dispatch over a tile allocates nothing once the
// worker's batch exists.
func TestFragmentTileAllocs(t *testing.T) {
	ct, err := NewColorTarget(texel.RGBA8Unorm, 32, 32, 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	pt := PassTargets{Width: 32, Height: 32, Samples: 4, Layers: 1}
	pt.Color[0] = ct
	p, err := NewPass(pt, PassOptions{Workers: 1, TileWidth: 32, TileHeight: 32})
	if err != nil {
		t.Fatal(err)
	}
	for _, flags := range []ShaderFlags{0, FlagPerSample | FlagReadsColor | FlagWritesSampleMask} {
		f, err := p.FragmentTile(FragmentTileDesc{Shader: &fragTileShader{flags: flags}, Flags: flags, ColorMask: 1, Width: 32, Height: 32})
		if err != nil {
			t.Fatal(err)
		}
		tl := &Tile{X1: 32, Y1: 32, Width: 32, Height: 32}
		if err := f.RunTile(0, tl); err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(5, func() { _ = f.RunTile(0, tl) }); n != 0 {
			t.Errorf("flags %#x: %v allocations per tile", flags, n)
		}
	}
}
