package texel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestSampleLaneIndependent checks that a lane's sample does not depend on
// the other lanes of its batch: every lane of a batch of varying
// coordinates and LODs gives the bits it gives sampled alone (a one-lane
// mask), in a batch whose lanes all carry its arguments (the coordinates
// and LOD of a value every lane shares), and with the LOD passed as a
// broadcast slice of length 1. The chunk-wide choices (mip passes,
// anisotropic probes, the specialised loops) must not change a lane's
// result. 2D textures of the formats with fast loops and one without,
// mipmapped with nearest and linear mip filters, with anisotropy, under
// level, bias and gradient LODs.
func TestSampleLaneIndependent(t *testing.T) {
	const n = 64
	formats := []PixelFormat{RGBA8Unorm, BGRA8Unorm, RGBA16Float, RGBA32Float, R32Float, RG16Unorm}
	type smp struct {
		name string
		d    SamplerDescriptor
	}
	var samplers []smp
	for _, mf := range []MipFilter{MipNotMipmapped, MipNearest, MipLinear} {
		for _, lin := range []bool{false, true} {
			for _, aniso := range []int{1, 4} {
				d := DefaultSamplerDescriptor()
				d.MipFilter, d.MaxAnisotropy = mf, aniso
				d.SAddressMode, d.TAddressMode = Repeat, ClampToEdge
				if lin {
					d.MinFilter, d.MagFilter = FilterLinear, FilterLinear
				}
				if aniso > 1 && (!lin || mf != MipLinear) {
					continue // Metal requires linear filters for anisotropy
				}
				samplers = append(samplers, smp{fmt.Sprintf("mip%d lin %v aniso %d", mf, lin, aniso), d})
			}
		}
	}
	rng := rand.New(rand.NewPCG(7, 11))
	for _, f := range formats {
		tex := mustTex(t, Descriptor{TextureType: Type2D, PixelFormat: f, Width: 16, Height: 8, MipmapLevelCount: 5})
		for l := uint32(0); l < 5; l++ {
			for y := uint32(0); y < max(uint32(8)>>l, 1); y++ {
				for x := uint32(0); x < max(uint32(16)>>l, 1); x++ {
					v := [4]float32{rng.Float32(), rng.Float32(), rng.Float32(), rng.Float32()}
					if err := tex.WriteFloat(Loc{X: x, Y: y, Level: l}, v); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		for _, sd := range samplers {
			s := mustSampler(t, sd.d)
			for _, mode := range []LodMode{LodLevel, LodZero, LodGradient} {
				var a SampleArgs
				a.Mode = mode
				a.U, a.V = make([]float32, n), make([]float32, n)
				lod := make([]float32, n)
				for c := range 2 {
					a.DX[c], a.DY[c] = make([]float32, n), make([]float32, n)
				}
				for i := range n {
					a.U[i], a.V[i] = rng.Float32()*1.4-0.2, rng.Float32()*1.4-0.2
					lod[i] = rng.Float32()*6 - 1
					switch i % 8 {
					case 0:
						lod[i] = float32(i % 5) // whole levels: one mip pass
					case 1:
						lod[i] = 0
					}
					for c := range 2 {
						a.DX[c][i] = (rng.Float32() - 0.5) * 0.3 * float32(i%4)
						a.DY[c][i] = (rng.Float32() - 0.5) * 0.05
					}
				}
				if mode == LodLevel {
					a.Level = lod
				} else {
					a.Bias = lod
				}
				all := sampleOut(t, tex, s, &a, nil)
				for i := range n {
					name := fmt.Sprintf("%v %s mode %d lane %d", f, sd.name, mode, i)
					one := sampleOut(t, tex, s, &a, []uint64{1 << uint(i)})
					sameLane(t, name+" alone", all, one, i, i)
					u := laneArgs(&a, i, n, false)
					shared := sampleOut(t, tex, s, u, nil)
					for j := range n {
						sameLane(t, name+" shared by every lane", all, shared, i, j)
					}
					b := laneArgs(&a, i, n, true)
					bc := sampleOut(t, tex, s, b, nil)
					sameLane(t, name+" broadcast LOD", all, bc, i, n-1)
				}
			}
		}
	}
}

// laneArgs is a's lane i in every one of n lanes (the LOD and gradients as
// slices of length 1 when broadcast).
func laneArgs(a *SampleArgs, i, n int, broadcast bool) *SampleArgs {
	rep := func(s []float32) []float32 {
		if s == nil {
			return nil
		}
		if broadcast {
			return []float32{s[i]}
		}
		r := make([]float32, n)
		for j := range r {
			r[j] = s[i]
		}
		return r
	}
	fill := func(s []float32) []float32 {
		r := make([]float32, n)
		for j := range r {
			r[j] = s[i]
		}
		return r
	}
	u := &SampleArgs{Mode: a.Mode, U: fill(a.U), V: fill(a.V), Level: rep(a.Level), Bias: rep(a.Bias)}
	for c := range 2 {
		u.DX[c], u.DY[c] = rep(a.DX[c]), rep(a.DY[c])
	}
	return u
}

func sampleOut(t *testing.T, tex *Texture, s *Sampler, a *SampleArgs, mask []uint64) Out {
	t.Helper()
	n := len(a.U)
	o := Out{R: make([]float32, n), G: make([]float32, n), B: make([]float32, n), A: make([]float32, n)}
	if err := tex.SampleBatch(s, a, mask, o); err != nil {
		t.Fatal(err)
	}
	return o
}

// sameLane fails unless lane i of want and lane j of got hold the same
// bits.
func sameLane(t *testing.T, name string, want, got Out, i, j int) {
	t.Helper()
	w := [4]float32{want.R[i], want.G[i], want.B[i], want.A[i]}
	g := [4]float32{got.R[j], got.G[j], got.B[j], got.A[j]}
	for c := range 4 {
		if math.Float32bits(w[c]) != math.Float32bits(g[c]) {
			t.Fatalf("%s: component %d = %v (%#x), in the varying batch %v (%#x)", name, c, g[c],
				math.Float32bits(g[c]), w[c], math.Float32bits(w[c]))
		}
	}
}
