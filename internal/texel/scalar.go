package texel

import "errors"

// SampleOptions are the non-coordinate arguments of a scalar sample call.
type SampleOptions struct {
	Array       uint32     // array layer
	Mode        LodMode    // LodQuad is not available to scalar calls
	Level       float32    // LodLevel
	Bias        float32    // LodZero, LodGradient
	MinLodClamp float32    // min_lod_clamp (0: none)
	DX, DY      [3]float32 // LodGradient
	Offset      [3]int32   // texel offset
}

var errScalarQuad = errors.New("texel: LodQuad needs a quad of lanes; use a batch call or LodGradient")

// scalarArgs builds one-lane arguments backed by the caller's arrays.
func scalarArgs(coord *[3]float32, o *SampleOptions, arr *[1]uint32, lvl, bias, mlc, ref *[1]float32, dx, dy *[3][1]float32) SampleArgs {
	arr[0], lvl[0], bias[0], mlc[0] = o.Array, o.Level, o.Bias, o.MinLodClamp
	a := SampleArgs{U: coord[0:1], V: coord[1:2], W: coord[2:3], Array: arr[:], Mode: o.Mode, Level: lvl[:], Bias: bias[:],
		MinLodClamp: mlc[:], Offset: o.Offset, Ref: ref[:]}
	for c := range 3 {
		dx[c][0], dy[c][0] = o.DX[c], o.DY[c]
		a.DX[c], a.DY[c] = dx[c][:], dy[c][:]
	}
	return a
}

func (t *Texture) scalar(s *Sampler, coord [3]float32, ref float32, o SampleOptions, op op, comp int) ([4]float32, error) {
	if o.Mode == LodQuad {
		return [4]float32{}, errScalarQuad
	}
	var arr [1]uint32
	var lvl, bias, mlc, refs [1]float32
	var dx, dy [3][1]float32
	refs[0] = ref
	a := scalarArgs(&coord, &o, &arr, &lvl, &bias, &mlc, &refs, &dx, &dy)
	var r, g, b, al [1]float32
	err := t.run(s, &a, nil, op, comp, &Out{R: r[:], G: g[:], B: b[:], A: al[:]})
	return [4]float32{r[0], g[0], b[0], al[0]}, err
}

// Sample samples one coordinate (U for 1D, U,V for 2D, U,V,W for 3D and
// cube directions); see SampleBatch.
func (t *Texture) Sample(s *Sampler, coord [3]float32, o SampleOptions) ([4]float32, error) {
	return t.scalar(s, coord, 0, o, opSample, 0)
}

// SampleCompare is the scalar form of SampleCompareBatch.
func (t *Texture) SampleCompare(s *Sampler, coord [3]float32, ref float32, o SampleOptions) (float32, error) {
	v, err := t.scalar(s, coord, ref, o, opCompare, 0)
	return v[0], err
}

// Gather is the scalar form of GatherBatch.
func (t *Texture) Gather(s *Sampler, coord [3]float32, comp int, o SampleOptions) ([4]float32, error) {
	return t.scalar(s, coord, 0, o, opGather, comp)
}

// GatherCompare is the scalar form of GatherCompareBatch.
func (t *Texture) GatherCompare(s *Sampler, coord [3]float32, ref float32, o SampleOptions) ([4]float32, error) {
	return t.scalar(s, coord, ref, o, opGatherCompare, 0)
}
