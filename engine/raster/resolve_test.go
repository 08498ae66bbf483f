package raster

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ingot-render/ingot/internal/texel"
)

// TestResolveKernel compares the resolve kernel with resolvePixelF32 bit
// for bit on samples of every kind (normal, subnormal, zero of either
// sign, infinite, NaN of several payloads) at 2, 4 and 8 samples.
func TestResolveKernel(t *testing.T) {
	if !useResolveAsm {
		t.Skip("no resolve kernel on this CPU")
	}
	r := rand.New(rand.NewPCG(7, 9))
	special := []uint32{0, 0x80000000, 0x00000001, 0x807fffff, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0xffc01234, 0x7f7fffff, 0x00800000}
	for _, ns := range []int{2, 4, 8} {
		for _, n := range []int{0, 1, 7, 32} {
			src := make([]float32, 4*ns*n+4)
			for i := range src {
				switch r.IntN(4) {
				case 0:
					src[i] = math.Float32frombits(special[r.IntN(len(special))])
				case 1:
					src[i] = math.Float32frombits(r.Uint32())
				default:
					src[i] = r.Float32()*4 - 2
				}
			}
			got := make([]byte, 16*n+16)
			if n > 0 {
				resolveF32AVX(&got[0], &src[0], n, ns, 1/float32(ns))
			}
			for x := range n {
				var v [4]float32
				resolvePixelF32(v[:], src[4*ns*x:], ns)
				for c := range 4 {
					if g := binary.LittleEndian.Uint32(got[16*x+4*c:]); g != math.Float32bits(v[c]) {
						t.Fatalf("%d samples, pixel %d component %d: %#x, want %#x", ns, x, c, g, math.Float32bits(v[c]))
					}
				}
			}
			if !bytes.Equal(got[16*n:], make([]byte, 16)) {
				t.Fatalf("%d samples: the kernel wrote past pixel %d", ns, n)
			}
		}
	}
}

// TestResolveDeferredClear resolves a multisampled float target one of
// whose passes deferred the clears of the tiles it did not draw into: the
// resolved texels are those of clearing every tile (with the kernel and
// with the Go loop), the deferred blocks stay deferred, and a later pass
// drawing over them and a store see the clear value.
func TestResolveDeferredClear(t *testing.T) {
	const w, h = 100, 70
	for _, ns := range []int{2, 4, 8} {
		for _, asm := range []bool{true, false} {
			if asm && !useResolveAsm {
				continue
			}
			t.Run(fmt.Sprintf("samples=%d/asm=%v", ns, asm), func(t *testing.T) {
				defer func(u bool) { useResolveAsm = u }(useResolveAsm)
				useResolveAsm = asm
				run := func(off bool) (out []byte, deferred int) {
					lazyClearOff = off
					defer func() { lazyClearOff = false }()
					ct, err := NewColorTarget(texel.RGBA32Float, w, h, ns, 1)
					if err != nil {
						t.Fatal(err)
					}
					for i := range ct.data { // storage that differs from the clear value
						ct.data[i] = float32(i%5) / 3
					}
					pt := PassTargets{Width: w, Height: h, Samples: ns, Layers: 1}
					pt.Color[0] = ct
					for k, x := range []float64{3, 70} {
						ct.Clear([4]float64{0.1, 0.3, 0.7, 0.9})
						p, err := NewPass(pt, PassOptions{Workers: 2, TileWidth: 32, TileHeight: 32})
						if err != nil {
							t.Fatal(err)
						}
						pos := [][4]float32{ndc(x, 4, 0.5, 1, w, h), ndc(x+9, 4, 0.5, 1, w, h), ndc(x, 11, 0.5, 1, w, h)}
						vary := [][]float32{{0.9, 0.1, 0.3}, {0.2, 0.8, 0.5}, {0.4, 0.6, 0.7}}
						d := &Draw{Topology: TriangleList, Vertices: verts(pos, vary), State: defaultState(w, h), ColorMask: 1, SampleMask: ^uint32(0),
							Shader: &varyShader{stride: 3}, Interp: interps(3, InterpPerspective), Flags: FlagPixels}
						if err := p.Draw(d); err != nil {
							t.Fatal(err)
						}
						if err := p.Flush(context.Background()); err != nil {
							t.Fatal(err)
						}
						if k == 0 {
							deferred = ct.nlazy
						}
						tex, err := texel.New(texel.Descriptor{TextureType: texel.Type2D, PixelFormat: texel.RGBA32Float, Width: w, Height: h})
						if err != nil {
							t.Fatal(err)
						}
						if err := ct.ResolveWorkers(tex, 0, 0, 0, 2); err != nil {
							t.Fatal(err)
						}
						if ct.nlazy != deferred && k == 0 {
							t.Fatalf("the resolve applied %d deferred clears", deferred-ct.nlazy)
						}
						out = append(out, tex.Data()...)
					}
					for y := range h {
						for x := range w {
							for s := range ns {
								v := ct.Read(x, y, s, 0)
								for c := range 4 {
									out = binary.LittleEndian.AppendUint32(out, math.Float32bits(v[c]))
								}
							}
						}
					}
					return out, deferred
				}
				want, _ := run(true)
				got, n := run(false)
				if n == 0 {
					t.Fatal("no block deferred")
				}
				if !bytes.Equal(got, want) {
					t.Error("the resolved texels differ from clearing every tile")
				}
			})
		}
	}
}
