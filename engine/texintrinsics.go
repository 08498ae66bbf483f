package engine

import (
	"fmt"
	"strings"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/internal/fmath"
	"github.com/ingot-render/ingot/internal/lane"
	"github.com/ingot-render/ingot/internal/texel"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/stdlib"
)

// shapeTypes maps stdlib.TextureShapes (sema.TexKind order) to the
// texture type a texture bound to that shape must have.
var shapeTypes = [...]texel.TextureType{
	texel.Type1D, texel.Type1DArray, texel.Type2D, texel.Type2DArray, texel.Type3D,
	texel.TypeCube, texel.TypeCubeArray, texel.Type2DMultisample, texel.Type2DMultisampleArray,
	texel.TypeTextureBuffer,
	texel.Type2D, texel.Type2DArray, texel.TypeCube, texel.TypeCubeArray,
	texel.Type2DMultisample, texel.Type2DMultisampleArray,
}

// textureIntrinsics returns the implementations of every intrinsic of
// stdlib.TextureIntrinsics, plus the executor's built-ins.
func (d *Device) textureIntrinsics() exec.Intrinsics {
	m := exec.Intrinsics{}
	m[stdlib.TexGetWidth] = texQuery(func(t *texel.Texture, lod uint32) uint32 { return uint32(t.Width(int(lod))) })
	m[stdlib.TexGetHeight] = texQuery(func(t *texel.Texture, lod uint32) uint32 { return uint32(t.Height(int(lod))) })
	m[stdlib.TexGetDepth] = texQuery(func(t *texel.Texture, lod uint32) uint32 { return uint32(t.Depth(int(lod))) })
	m[stdlib.TexGetNumMipLevels] = texQuery(func(t *texel.Texture, _ uint32) uint32 { return uint32(t.MipLevels()) })
	m[stdlib.TexGetArraySize] = texQuery(func(t *texel.Texture, _ uint32) uint32 { return uint32(t.ArrayLength()) })
	m[stdlib.TexGetNumSamples] = texQuery(func(t *texel.Texture, _ uint32) uint32 { return uint32(t.SampleCount()) })
	for _, decl := range stdlib.TextureIntrinsics {
		parts := strings.Split(decl.Name, ".")
		if len(parts) != 4 {
			continue // queries, above
		}
		shape := -1
		for i, s := range stdlib.TextureShapes {
			if s.Name == parts[2] {
				shape = i
			}
		}
		if shape < 0 {
			continue
		}
		k := &texOp{shape: shape, info: stdlib.TextureShapes[shape], half: decl.Results != nil && decl.Results[0] == ir.F16 || len(decl.Params) > 1 && decl.Params[1] == ir.F16}
		switch parts[1] {
		case stdlib.TexSample:
			m[decl.Name] = k.sample
		case stdlib.TexSampleCompare:
			m[decl.Name] = k.sampleCompare
		case stdlib.TexGather:
			m[decl.Name] = k.gather
		case stdlib.TexGatherCompare:
			m[decl.Name] = k.gatherCompare
		case stdlib.TexRead:
			m[decl.Name] = k.read
		case stdlib.TexWrite:
			m[decl.Name] = k.write
		}
	}
	return m
}

// texOp is the implementation of the texture intrinsics of one shape.
type texOp struct {
	shape int
	info  stdlib.ShapeInfo
	half  bool // component kind f16: results rounded to binary16
}

// env returns the dispatch's resource tables.
func env(c *exec.Call) (*resources, error) {
	r, ok := c.Env().(*resources)
	if !ok || r == nil {
		return nil, c.Fault(exec.FaultIntrinsic, c.Mask.First(), 0, "texture intrinsic outside an engine dispatch")
	}
	return r, nil
}

// group returns the lanes of m whose texture and sampler IDs equal those
// of m's first lane (smp may be nil).
func group(m lane.Mask, tex, smp []uint64) (lane.Mask, int) {
	l := m.First()
	t := tex[l]
	// The common case: one texture (and sampler) for the whole batch.
	if lane.AllEqual64(tex, t) && (smp == nil || lane.AllEqual64(smp[:len(tex)], smp[l])) {
		return m, l
	}
	// Compare every lane (a straight loop, cheaper than walking the set
	// bits) and keep the active ones.
	var g lane.Mask
	if smp == nil {
		for i, v := range tex {
			if v == t {
				g |= 1 << uint(i)
			}
		}
		return g & m, l
	}
	s := smp[l]
	smp = smp[:len(tex)]
	for i, v := range tex {
		if v == t && smp[i] == s {
			g |= 1 << uint(i)
		}
	}
	return g & m, l
}

// texture resolves lane l's texture ID and checks its type.
func (k *texOp) texture(c *exec.Call, r *resources, id uint64, l int) (*texel.Texture, error) {
	st := r.textures[id]
	if st == nil {
		return nil, c.Fault(exec.FaultIntrinsic, l, 0, fmt.Sprintf("texture resource ID %#x is not a live texture", id))
	}
	if want := shapeTypes[k.shape]; st.typ != want {
		return nil, c.Fault(exec.FaultIntrinsic, l, 0, fmt.Sprintf("a %v texture used as %s", st.typ, k.info.Name))
	}
	return st.tex, nil
}

// sampler resolves a sampler ID or constexpr descriptor.
func sampler(c *exec.Call, r *resources, id uint64, l int) (*texel.Sampler, error) {
	if id&stdlib.SamplerConstexprBit != 0 {
		s, err := r.dev.constexprSampler(id)
		if err != nil {
			return nil, c.Fault(exec.FaultIntrinsic, l, 0, err.Error())
		}
		return s, nil
	}
	s := r.samplers[id]
	if s == nil {
		return nil, c.Fault(exec.FaultIntrinsic, l, 0, fmt.Sprintf("sampler resource ID %#x is not a live sampler state", id))
	}
	return s, nil
}

// coords fills the coordinate fields of a from the call's arguments
// starting at i and returns the next argument index.
func (k *texOp) coords(c *exec.Call, a *texel.SampleArgs, i int) int {
	a.U = c.ArgF32(i)
	if k.info.Coords > 1 {
		a.V = c.ArgF32(i + 1)
	}
	if k.info.Coords > 2 {
		a.W = c.ArgF32(i + 2)
	}
	i += k.info.Coords
	if k.info.Layer {
		a.Array = c.Arg32(i)
		i++
	}
	return i
}

// offsets reads the constant texel offset (uniform in MSL) of lane l.
func (k *texOp) offsets(c *exec.Call, a *texel.SampleArgs, i, l int) int {
	for j := 0; j < k.info.Offsets; j++ {
		a.Offset[j] = c.ArgI32(i + j)[l]
	}
	return i + k.info.Offsets
}

// lod fills the LOD arguments (lodMode, lodValue, minLodClamp, dPdx, dPdy)
// starting at i.
func (k *texOp) lod(c *exec.Call, r *resources, a *texel.SampleArgs, i, l int) int {
	mode := c.Arg32(i)[l]
	val := c.ArgF32(i + 1)
	a.MinLodClamp = c.ArgF32(i + 2)
	i += 3
	switch mode {
	case stdlib.LodBias:
		a.Mode, a.Bias = implicitLod(r), val
	case stdlib.LodLevel:
		a.Mode, a.Level = texel.LodLevel, val
	case stdlib.LodGradient:
		a.Mode = texel.LodGradient
		for j := 0; j < k.info.Grads; j++ {
			a.DX[j] = c.ArgF32(i + j)
			a.DY[j] = c.ArgF32(i + k.info.Grads + j)
		}
	default:
		a.Mode = implicitLod(r)
	}
	return i + 2*k.info.Grads
}

// implicitLod is the LOD mode of a sample without an explicit level or
// gradient: from the quads' derivatives in fragment functions, level 0
// elsewhere (as in Metal's kernels and vertex functions).
func implicitLod(r *resources) texel.LodMode {
	if r.fragment {
		return texel.LodQuad
	}
	return texel.LodZero
}

// out returns the result lane vectors; depth shapes have one result, the
// others are scratch.
func (k *texOp) out(c *exec.Call, n int, scratch *[3][lane.MaxWidth]float32) texel.Out {
	o := texel.Out{R: c.ResF32(0)}
	if n == 4 {
		o.G, o.B, o.A = c.ResF32(1), c.ResF32(2), c.ResF32(3)
	} else {
		o.G, o.B, o.A = scratch[0][:c.W], scratch[1][:c.W], scratch[2][:c.W]
	}
	return o
}

func (k *texOp) roundHalf(c *exec.Call, n int) {
	if !k.half {
		return
	}
	for i := 0; i < n; i++ {
		r := c.ResF32(i)
		fmath.RoundHalfLanes(r, r)
	}
}

// sampleLike runs one of the sampling operations over every group of
// lanes sharing a texture and a sampler.
func (k *texOp) sampleLike(c *exec.Call, op int) error {
	if k.info.Depth && (op == opSample || op == opSampleCompare) {
		// One result: G, B, A go to scratch (zeroed only here).
		var scratch [3][lane.MaxWidth]float32
		return k.sampleGroups(c, op, 1, &scratch)
	}
	return k.sampleGroups(c, op, 4, nil)
}

// sampleGroups is sampleLike with nres results (scratch holds G, B, A when
// nres is 1).
func (k *texOp) sampleGroups(c *exec.Call, op, nres int, scratch *[3][lane.MaxWidth]float32) error {
	r, err := env(c)
	if err != nil {
		return err
	}
	texIDs, smpIDs := c.Arg64(0), c.Arg64(1)
	// Field by field: assigning a composite literal copies it from a
	// temporary with 16-byte loads of words just stored 8 bytes at a time,
	// which the CPU cannot forward (a stall on every call).
	var o texel.Out
	if nres == 4 {
		o.R, o.G, o.B, o.A = c.ResF32(0), c.ResF32(1), c.ResF32(2), c.ResF32(3)
	} else {
		o = k.out(c, nres, scratch)
	}
	for rest := c.Mask; rest != 0; {
		g, l := group(rest, texIDs, smpIDs)
		rest &^= g
		t, err := k.texture(c, r, texIDs[l], l)
		if err != nil {
			return err
		}
		s, err := sampler(c, r, smpIDs[l], l)
		if err != nil {
			return err
		}
		countTexels(c, t, g, false) // tile_traffic.go
		var a texel.SampleArgs
		i := k.coords(c, &a, 2)
		if op == opSampleCompare || op == opGatherCompare {
			a.Ref = c.ArgF32(i)
			i++
		}
		mask := [1]uint64{uint64(g)}
		mk := mask[:]
		if c.W == lane.MaxWidth && g == ^lane.Mask(0) {
			mk = nil // every lane: the samplers skip their per-lane mask test
		}
		switch op {
		case opSample, opSampleCompare:
			i = k.lod(c, r, &a, i, l)
			k.offsets(c, &a, i, l)
			if op == opSample {
				err = t.SampleBatchTo(s, &a, mk, &o)
			} else {
				err = t.SampleCompareBatch(s, &a, mk, o)
			}
		case opGather:
			i = k.offsets(c, &a, i, l)
			comp := 0
			if !k.info.Depth {
				comp = int(c.Arg32(i)[l])
			}
			err = t.GatherBatch(s, &a, comp, mk, o)
		case opGatherCompare:
			k.offsets(c, &a, i, l)
			err = t.GatherCompareBatch(s, &a, mk, o)
		}
		if err != nil {
			return c.Fault(exec.FaultIntrinsic, l, 0, err.Error())
		}
	}
	k.roundHalf(c, nres)
	return nil
}

const (
	opSample = iota
	opSampleCompare
	opGather
	opGatherCompare
)

func (k *texOp) sample(c *exec.Call) error        { return k.sampleLike(c, opSample) }
func (k *texOp) sampleCompare(c *exec.Call) error { return k.sampleLike(c, opSampleCompare) }
func (k *texOp) gather(c *exec.Call) error        { return k.sampleLike(c, opGather) }
func (k *texOp) gatherCompare(c *exec.Call) error { return k.sampleLike(c, opGatherCompare) }

// texelArgs fills a from the integer coordinates starting at argument i
// (coords, [face], [layer], [sample if withSample], [lod]).
func (k *texOp) texelArgs(c *exec.Call, a *texel.TexelArgs, i int, withSample bool, slice *[lane.MaxWidth]uint32) {
	a.X = c.Arg32(i)
	if k.info.ICoords > 1 {
		a.Y = c.Arg32(i + 1)
	}
	if k.info.ICoords > 2 {
		a.Z = c.Arg32(i + 2)
	}
	i += k.info.ICoords
	var face []uint32
	if k.info.Face {
		face = c.Arg32(i)
		i++
	}
	if k.info.Layer {
		layer := c.Arg32(i)
		i++
		if face != nil {
			s := slice[:c.W]
			for j := range s {
				s[j] = layer[j]*6 + face[j]
			}
			a.Slice = s
		} else {
			a.Slice = layer
		}
	} else if face != nil {
		a.Slice = face
	}
	if k.info.Sample && withSample {
		a.Sample = c.Arg32(i)
		i++
	}
	if k.info.Lod {
		a.Level = c.Arg32(i)
	}
}

func (k *texOp) read(c *exec.Call) error {
	r, err := env(c)
	if err != nil {
		return err
	}
	ids := c.Arg64(0)
	nres := 4
	if k.info.Depth {
		nres = 1
	}
	var scratch [3][lane.MaxWidth]float32
	var slice [lane.MaxWidth]uint32
	for rest := c.Mask; rest != 0; {
		g, l := group(rest, ids, nil)
		rest &^= g
		t, err := k.texture(c, r, ids[l], l)
		if err != nil {
			return err
		}
		countTexels(c, t, g, false) // tile_traffic.go
		var a texel.TexelArgs
		k.texelArgs(c, &a, 1, true, &slice)
		mask := [1]uint64{uint64(g)}
		oob, err := t.ReadBatch(&a, mask[:], k.out(c, nres, &scratch))
		if err != nil {
			return c.Fault(exec.FaultIntrinsic, l, 0, err.Error())
		}
		if oob >= 0 {
			return c.Fault(exec.FaultOutOfBounds, oob, 0, k.oobDetail("read", t, &a, oob))
		}
	}
	k.roundHalf(c, nres)
	return nil
}

func (k *texOp) write(c *exec.Call) error {
	r, err := env(c)
	if err != nil {
		return err
	}
	ids := c.Arg64(0)
	var slice [lane.MaxWidth]uint32
	for rest := c.StoreMask; rest != 0; {
		g, l := group(rest, ids, nil)
		rest &^= g
		t, err := k.texture(c, r, ids[l], l)
		if err != nil {
			return err
		}
		countTexels(c, t, g, true) // tile_traffic.go
		var a texel.TexelArgs
		k.texelArgs(c, &a, 5, false, &slice)
		in := texel.Out{R: c.ArgF32(1), G: c.ArgF32(2), B: c.ArgF32(3), A: c.ArgF32(4)}
		mask := [1]uint64{uint64(g)}
		oob, err := t.WriteBatch(&a, mask[:], in)
		if err != nil {
			return c.Fault(exec.FaultIntrinsic, l, 0, err.Error())
		}
		if oob >= 0 {
			return c.Fault(exec.FaultOutOfBounds, oob, 0, k.oobDetail("write", t, &a, oob))
		}
	}
	return nil
}

func (k *texOp) oobDetail(op string, t *texel.Texture, a *texel.TexelArgs, l int) string {
	at := func(s []uint32) uint32 {
		if len(s) == 0 {
			return 0
		}
		if len(s) == 1 {
			return s[0]
		}
		return s[l]
	}
	return fmt.Sprintf("texture %s at (%d, %d, %d) slice %d level %d outside %s %dx%dx%d (%d levels)",
		op, at(a.X), at(a.Y), at(a.Z), at(a.Slice), at(a.Level), k.info.Name, t.Width(0), t.Height(0), t.Depth(0), t.MipLevels())
}

// texQuery implements a texture query; lod is 0 for queries without one.
func texQuery(f func(t *texel.Texture, lod uint32) uint32) exec.IntrinsicFunc {
	return func(c *exec.Call) error {
		r, err := env(c)
		if err != nil {
			return err
		}
		ids := c.Arg64(0)
		var lods []uint32
		if c.NumArgs() > 1 {
			lods = c.Arg32(1)
		}
		res := c.Res32(0)
		var lastID uint64
		var last *texel.Texture
		for m := c.Mask; m != 0; m &= m - 1 {
			l := m.First()
			if ids[l] != lastID || last == nil {
				st := r.textures[ids[l]]
				if st == nil {
					return c.Fault(exec.FaultIntrinsic, l, 0, fmt.Sprintf("texture resource ID %#x is not a live texture", ids[l]))
				}
				last, lastID = st.tex, ids[l]
			}
			var lod uint32
			if lods != nil {
				lod = lods[l]
			}
			res[l] = f(last, lod)
		}
		return nil
	}
}
