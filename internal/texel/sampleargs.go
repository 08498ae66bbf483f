package texel

import "fmt"

// LodMode selects how a sample call chooses its level of detail.
type LodMode uint8

// LOD modes.
const (
	// LodZero: the implicit LOD outside fragment functions, 0 (plus Bias).
	LodZero LodMode = iota
	// LodQuad: the implicit LOD of fragment functions: derivatives are taken
	// from 2×2 quads of consecutive lanes (lane 0 upper-left, 1 upper-right,
	// 2 lower-left, 3 lower-right; coarse: dx = UR−UL, dy = LL−UL), plus Bias.
	// Lanes of an incomplete trailing quad get zero derivatives.
	LodQuad
	// LodLevel: MSL level(lod): Level gives the LOD (no bias).
	LodLevel
	// LodGradient: MSL gradient2d/gradient3d/gradientcube: DX, DY give the
	// derivatives of the coordinates, plus Bias.
	LodGradient
)

// SampleArgs holds the per-lane inputs of a batched sample, compare or
// gather call. Coordinates are required for the texture's dimensions (U for
// 1D, U,V for 2D, U,V,W for 3D; cube directions use U,V,W). Every other
// slice is optional: nil means 0 (MinLodClamp: no clamp), a slice of
// length 1 is broadcast, otherwise it must cover all lanes.
type SampleArgs struct {
	U, V, W     []float32
	Array       []uint32 // array layer of array textures (clamped to the array)
	Mode        LodMode
	Level       []float32    // LodLevel
	Bias        []float32    // LodZero, LodQuad, LodGradient
	MinLodClamp []float32    // per-lane min_lod_clamp
	DX, DY      [3][]float32 // LodGradient: d(U,V,W)/dx and /dy
	Offset      [3]int32     // texel offset (MSL offset argument, [-8, 7]); not for cubes
	Ref         []float32    // compare reference (SampleCompare, GatherCompare)
}

// Out receives four components per lane. Compare calls use only R.
type Out struct {
	R, G, B, A []float32
}

func optF(s []float32, i int, def float32) float32 {
	switch len(s) {
	case 0:
		return def
	case 1:
		return s[0]
	}
	return s[i]
}

func optU(s []uint32, i int) uint32 {
	switch len(s) {
	case 0:
		return 0
	case 1:
		return s[0]
	}
	return s[i]
}

// isActive reports whether lane i is set in mask (nil: all lanes).
func isActive(mask []uint64, i int) bool {
	return mask == nil || mask[i>>6]>>(uint(i)&63)&1 != 0
}

func checkOpt(op, name string, l, n int) error {
	if l > 1 && l < n {
		return fmt.Errorf("texel: %s: %s has %d lanes, need 0, 1 or %d", op, name, l, n)
	}
	return nil
}

func checkMask(mask []uint64, n int) error {
	if mask != nil && len(mask) < (n+63)/64 {
		return fmt.Errorf("texel: mask has %d words, need %d for %d lanes", len(mask), (n+63)/64, n)
	}
	return nil
}

// checkSample validates a batched call and returns the lane count.
func (t *Texture) checkSample(s *Sampler, a *SampleArgs, mask []uint64, o op, comp int, out *Out) (int, error) {
	ty := t.desc.TextureType
	name := [...]string{"sample", "sample_compare", "gather", "gather_compare"}[o]
	if s == nil || a == nil {
		return 0, fmt.Errorf("texel: %s: nil sampler or arguments", name)
	}
	if ty.IsMultisample() || ty == TypeTextureBuffer {
		return 0, fmt.Errorf("texel: %s: %v textures cannot be sampled", name, ty)
	}
	if (o == opGather || o == opGatherCompare) && ty != Type2D && ty != Type2DArray && !ty.IsCube() {
		return 0, fmt.Errorf("texel: %s: not available on %v textures", name, ty)
	}
	if (o == opCompare || o == opGatherCompare) && !t.format.IsDepth() {
		return 0, fmt.Errorf("texel: %s: %v is not a depth format", name, t.format)
	}
	if comp < 0 || comp > 3 {
		return 0, fmt.Errorf("texel: %s: component %d is not in [0, 3]", name, comp)
	}
	if ty.IsCube() && !s.d.NormalizedCoordinates {
		return 0, fmt.Errorf("texel: %s: pixel coordinates cannot address %v textures", name, ty)
	}
	n := len(a.U)
	dims := ty.Dims()
	if ty.IsCube() {
		dims = 3
	}
	if dims >= 2 && len(a.V) < n {
		return 0, fmt.Errorf("texel: %s: V has %d lanes, U %d", name, len(a.V), n)
	}
	if dims == 3 && len(a.W) < n {
		return 0, fmt.Errorf("texel: %s: W has %d lanes, U %d", name, len(a.W), n)
	}
	// Optional lane vectors have 0, 1 or n lanes: test them all at once
	// (a length l is bad when 2 ≤ l < n, i.e. l-2 < n-2 unsigned) before
	// naming the offending one.
	bad := func(l int) bool { return uint(l-2) < uint(n-2) }
	if n > 2 && (bad(len(a.Array)) || bad(len(a.Level)) || bad(len(a.Bias)) || bad(len(a.MinLodClamp)) || bad(len(a.Ref)) ||
		bad(len(a.DX[0])) || bad(len(a.DX[1])) || bad(len(a.DX[2])) || bad(len(a.DY[0])) || bad(len(a.DY[1])) || bad(len(a.DY[2]))) {
		if err := checkOptional(name, a, n); err != nil {
			return 0, err
		}
	}
	if a.Mode > LodGradient {
		return 0, fmt.Errorf("texel: %s: LodMode %d is not a mode", name, a.Mode)
	}
	if a.Mode == LodGradient {
		for d := 0; d < dims; d++ {
			if len(a.DX[d]) == 0 || len(a.DY[d]) == 0 {
				return 0, fmt.Errorf("texel: %s: LodGradient needs DX[%d] and DY[%d]", name, d, d)
			}
		}
	}
	if a.Mode == LodLevel && len(a.Level) == 0 {
		return 0, fmt.Errorf("texel: %s: LodLevel needs Level", name)
	}
	if (o == opCompare || o == opGatherCompare) && len(a.Ref) == 0 {
		return 0, fmt.Errorf("texel: %s: needs Ref", name)
	}
	if len(out.R) < n || (o != opCompare && (len(out.G) < n || len(out.B) < n || len(out.A) < n)) {
		return 0, fmt.Errorf("texel: %s: output slices shorter than %d lanes", name, n)
	}
	return n, checkMask(mask, n)
}

// checkOptional names the first optional lane vector of a with a bad length.
func checkOptional(name string, a *SampleArgs, n int) error {
	for _, c := range []struct {
		name string
		l    int
	}{{"Array", len(a.Array)}, {"Level", len(a.Level)}, {"Bias", len(a.Bias)}, {"MinLodClamp", len(a.MinLodClamp)},
		{"Ref", len(a.Ref)}, {"DX[0]", len(a.DX[0])}, {"DX[1]", len(a.DX[1])}, {"DX[2]", len(a.DX[2])},
		{"DY[0]", len(a.DY[0])}, {"DY[1]", len(a.DY[1])}, {"DY[2]", len(a.DY[2])}} {
		if err := checkOpt(name, c.name, c.l, n); err != nil {
			return err
		}
	}
	return nil
}
