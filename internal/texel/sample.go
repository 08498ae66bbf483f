package texel

import "math"

// chunk is the number of lanes processed together; all per-lane state
// lives in fixed arrays on the stack.
const chunk = 64

// fastPaths enables the specialised sample loops; tests turn it off to
// check them against the general path.
var fastPaths = true

type op uint8

const (
	opSample op = iota
	opCompare
	opGather
	opGatherCompare
)

// corner is a set of texel fetches: one byte offset per lane (-1 border,
// -2 skipped) and the decoded values.
type corner struct {
	m   int // lanes in use
	off [chunk]int
	t   [4][chunk]float32
}

// sstate is the per-chunk working state of a sample call.
type sstate struct {
	corner
	lane [chunk]int32

	// coordinates: normalized or pixel (non-cube), face s,t (cube)
	cx, cy, cz [chunk]float32
	slice      [chunk]int32 // layer (non-cube) or layer*6+face (cube)
	face       [chunk]int32

	// LOD results
	lin    [chunk]bool
	lvl    [2][chunk]int32
	mipw   [chunk]float32
	nprobe [chunk]int32
	axis   [3][chunk]float32 // anisotropy probe axis in coordinate units

	// footprint of the current (probe, pass)
	pw                     [chunk]float32
	i0, i1, j0, j1, k0, k1 [chunk]int32
	fx, fy, fz             [chunk]float32
	base                   [chunk]int // slice+level offset (non-cube); level offset (cube)
	row, img               [chunk]int
	size                   [chunk]int32 // cube face size at the level

	w [chunk]float32 // weight of the current corner

	acc [4][chunk]float32
}

// SampleBatch samples every active lane (MSL sample) and writes R, G, B, A.
// Integer formats are sampled with nearest filtering and return bit
// patterns (see the package comment).
func (t *Texture) SampleBatch(s *Sampler, a *SampleArgs, mask []uint64, out Out) error {
	return t.run(s, a, mask, opSample, 0, &out)
}

// SampleBatchTo is SampleBatch with the outputs passed by pointer: callers
// that build out just before the call (the executor, once per batch) skip
// a copy of the four slice headers whose loads cannot be forwarded from
// the headers' just-written words.
func (t *Texture) SampleBatchTo(s *Sampler, a *SampleArgs, mask []uint64, out *Out) error {
	return t.run(s, a, mask, opSample, 0, out)
}

// SampleCompareBatch is MSL sample_compare on a depth texture: each texel
// is compared (Ref OP texel, 1 on pass, 0 on fail), then filtered; the
// result goes to out.R (G, B, A may be nil).
func (t *Texture) SampleCompareBatch(s *Sampler, a *SampleArgs, mask []uint64, out Out) error {
	return t.run(s, a, mask, opCompare, 0, &out)
}

// GatherBatch is MSL gather: component comp (0..3) of the four texels of
// the bilinear footprint at level 0, in Metal's order x = (i0, j1),
// y = (i1, j1), z = (i1, j0), w = (i0, j0), where i0 ≤ i1 are the columns
// and j0 ≤ j1 the rows (rows grow downward).
func (t *Texture) GatherBatch(s *Sampler, a *SampleArgs, comp int, mask []uint64, out Out) error {
	return t.run(s, a, mask, opGather, comp, &out)
}

// GatherCompareBatch is MSL gather_compare: the four footprint texels of a
// depth texture compared against Ref, in gather order.
func (t *Texture) GatherCompareBatch(s *Sampler, a *SampleArgs, mask []uint64, out Out) error {
	return t.run(s, a, mask, opGatherCompare, 0, &out)
}

func (t *Texture) run(s *Sampler, a *SampleArgs, mask []uint64, o op, comp int, out *Out) error {
	leaveSIMD()
	n, err := t.checkSample(s, a, mask, o, comp, out)
	if err != nil {
		return err
	}
	if o == opSample && (t.sampleDirect2DRGBA8(s, a, mask, n, out) || t.sampleDirect2DFloat4(s, a, mask, n, out)) {
		return nil
	}
	var st sstate
	for base := 0; base < n; base += chunk {
		end := min(base+chunk, n)
		m := 0
		if mask == nil {
			for i := base; i < end; i++ {
				st.lane[m] = int32(i)
				m++
			}
		} else {
			for i := base; i < end; i++ {
				if isActive(mask, i) {
					st.lane[m] = int32(i)
					m++
				}
			}
		}
		if m == 0 {
			continue
		}
		st.m = m
		t.runChunk(s, a, o, comp, *out, &st)
	}
	return nil
}

func (t *Texture) runChunk(s *Sampler, a *SampleArgs, o op, comp int, out Out, st *sstate) {
	ty := t.desc.TextureType
	cube := ty.IsCube()
	dims := ty.Dims()
	m := st.m
	maxLayer := uint32(t.desc.ArrayLength - 1)
	for k := 0; k < m; k++ {
		i := int(st.lane[k])
		layer := int32(0)
		if ty.IsArray() {
			layer = int32(min(optU(a.Array, i), maxLayer))
		}
		if cube {
			f, sc, tc := CubeFace(a.U[i], a.V[i], a.W[i])
			st.cx[k], st.cy[k], st.face[k], st.slice[k] = sc, tc, int32(f), layer*6+int32(f)
			continue
		}
		st.cx[k] = a.U[i]
		if dims >= 2 {
			st.cy[k] = a.V[i]
		}
		if dims == 3 {
			st.cz[k] = a.W[i]
		}
		st.slice[k] = layer
	}
	gather := o == opGather || o == opGatherCompare
	var passes, probes int
	if gather {
		for k := 0; k < m; k++ {
			st.lin[k], st.lvl[0][k], st.mipw[k], st.nprobe[k] = true, 0, 0, 1
		}
		passes, probes = 1, 1
	} else {
		passes, probes = t.selectLOD(s, a, st)
	}
	anyLin := false
	for k := 0; k < m; k++ {
		anyLin = anyLin || st.lin[k]
	}
	fi := t.format.info()
	isInt := fi.Kind.IsInteger()
	border := s.borderFor(t.format)
	if fastPaths && o == opSample && dims == 2 && !cube && probes == 1 && s.d.Reduction == ReductionWeightedAverage {
		if rgb, ri, bi, ok := fastRGBA8Tables(t.format); ok {
			t.sample2DRGBA8(s, a, st, passes, out, border, rgb, ri, bi)
			return
		}
		if kind := fastFloatKind(t.format); kind != 0 {
			t.sample2DFloat(s, a, st, passes, out, border, kind)
			return
		}
	}
	var init float32
	switch {
	case s.d.Reduction == ReductionMinimum && !isInt:
		init = float32(math.Inf(1))
	case s.d.Reduction == ReductionMaximum && !isInt:
		init = float32(math.Inf(-1))
	}
	for c := range 4 {
		for k := 0; k < m; k++ {
			st.acc[c][k] = init
		}
	}
	ncorner := 1
	if anyLin {
		ncorner = 1 << min(dims, 2)
		if dims == 3 {
			ncorner = 8
		}
	}
	for p := 0; p < probes; p++ {
		for pass := 0; pass < passes; pass++ {
			t.footprint(s, a, st, p, pass, cube, dims)
			for c := 0; c < ncorner; c++ {
				cx, cy, cz := c&1, c>>1&1, c>>2&1
				if cube {
					t.cornerOffsetsCube(st, cx, cy, gather)
				} else {
					t.cornerOffsets(st, cx, cy, cz, dims, gather)
				}
				if !gather && o == opSample && !isInt && s.d.Reduction == ReductionWeightedAverage && t.fusedAccumulate(st, border) {
					continue
				}
				t.fetch(&st.corner, border, isInt)
				switch {
				case gather:
					dst := [4][]float32{out.R, out.G, out.B, out.A}[gatherSlot[cy][cx]]
					ch := comp
					if o == opGatherCompare {
						t.compareTexels(s, a, st)
						ch = 0
					}
					for k := 0; k < m; k++ {
						dst[st.lane[k]] = st.t[ch][k]
					}
				case isInt:
					for k := 0; k < m; k++ {
						if st.w[k] != 0 {
							for ch := range 4 {
								st.acc[ch][k] = st.t[ch][k]
							}
						}
					}
				default:
					nch := 4
					if o == opCompare {
						t.compareTexels(s, a, st)
						nch = 1
					}
					accumulate(st, s.d.Reduction, nch)
				}
			}
		}
	}
	if gather {
		return
	}
	if o == opCompare {
		for k := 0; k < m; k++ {
			out.R[st.lane[k]] = st.acc[0][k]
		}
		return
	}
	for k := 0; k < m; k++ {
		l := st.lane[k]
		out.R[l], out.G[l], out.B[l], out.A[l] = st.acc[0][k], st.acc[1][k], st.acc[2][k], st.acc[3][k]
	}
}

// gatherSlot[row][col] is the output component of a footprint corner.
var gatherSlot = [2][2]int{{3, 2}, {0, 1}}

func accumulate(st *sstate, r Reduction, nch int) {
	m := st.m
	switch r {
	case ReductionMinimum:
		for c := 0; c < nch; c++ {
			for k := 0; k < m; k++ {
				if st.w[k] != 0 {
					st.acc[c][k] = min(st.acc[c][k], st.t[c][k])
				}
			}
		}
	case ReductionMaximum:
		for c := 0; c < nch; c++ {
			for k := 0; k < m; k++ {
				if st.w[k] != 0 {
					st.acc[c][k] = max(st.acc[c][k], st.t[c][k])
				}
			}
		}
	default:
		for c := 0; c < nch; c++ {
			acc, tc := &st.acc[c], &st.t[c]
			for k := 0; k < m; k++ {
				if w := st.w[k]; w != 0 {
					acc[k] += w * tc[k]
				}
			}
		}
	}
}

// compareTexels replaces st.t[0] by the comparison result (1 or 0).
func (t *Texture) compareTexels(s *Sampler, a *SampleArgs, st *sstate) {
	unorm := t.format.Kind() == KindUnorm
	fn := s.d.CompareFunction
	for k := 0; k < st.m; k++ {
		ref := optF(a.Ref, int(st.lane[k]), 0)
		if unorm {
			ref = min(max(ref, 0), 1)
		}
		if compare(fn, ref, st.t[0][k]) {
			st.t[0][k] = 1
		} else {
			st.t[0][k] = 0
		}
	}
}

// wrap applies an address mode to a texel index; -1 means "border".
func wrap(i, n int32, m AddressMode) int32 {
	if uint32(i) < uint32(n) {
		return i
	}
	switch m {
	case ClampToEdge:
		if i < 0 {
			return 0
		}
		return n - 1
	case Repeat:
		i %= n
		if i < 0 {
			i += n
		}
		return i
	case MirrorRepeat:
		p := 2 * n
		i %= p
		if i < 0 {
			i += p
		}
		if i >= n {
			i = p - 1 - i
		}
		return i
	case MirrorClampToEdge:
		if i < 0 {
			i = -1 - i
		}
		return min(i, n-1)
	}
	return -1
}

// axisFoot computes the footprint of one axis: texel coordinate x (already
// in texels), linear or nearest; returns wrapped i0, i1 and the weight of i1.
func axisFoot(x float32, n int32, lin bool, m AddressMode) (i0, i1 int32, f float32) {
	if lin {
		x -= 0.5
	}
	i := floorI(x)
	i0, i1 = i, i
	if lin {
		f = x - float32(i)
		i1 = i + 1
	}
	if uint32(i0) < uint32(n) && uint32(i1) < uint32(n) {
		return i0, i1, f
	}
	return wrap(i0, n, m), wrap(i1, n, m), f
}

// footprint computes the texel footprint of every lane for one probe and
// one mip pass.
func (t *Texture) footprint(s *Sampler, a *SampleArgs, st *sstate, p, pass int, cube bool, dims int) {
	norm := s.d.NormalizedCoordinates
	ms, mt, mr := s.d.SAddressMode, s.d.TAddressMode, s.d.RAddressMode
	ox, oy, oz := float32(a.Offset[0]), float32(a.Offset[1]), float32(a.Offset[2])
	if cube {
		ox, oy, oz = 0, 0, 0
	}
	for k := 0; k < st.m; k++ {
		np := st.nprobe[k]
		if int32(p) >= np {
			st.pw[k] = 0
			continue
		}
		w := float32(1)
		if np > 1 {
			w = 1 / float32(np)
		}
		if pass == 0 {
			w *= 1 - st.mipw[k]
		} else {
			w *= st.mipw[k]
		}
		st.pw[k] = w
		if w == 0 {
			continue
		}
		lv := &t.levels[st.lvl[pass][k]]
		cx, cy, cz := st.cx[k], st.cy[k], st.cz[k]
		if np > 1 {
			f := (float32(p)+0.5)/float32(np) - 0.5
			cx += st.axis[0][k] * f
			cy += st.axis[1][k] * f
			cz += st.axis[2][k] * f
		}
		lin := st.lin[k]
		if cube {
			n := int32(lv.w)
			x, y := cx*float32(n), cy*float32(n)
			if lin {
				x, y = x-0.5, y-0.5
			}
			i, j := floorI(x), floorI(y)
			if lin {
				st.fx[k], st.fy[k] = x-float32(i), y-float32(j)
				st.i0[k], st.i1[k], st.j0[k], st.j1[k] = i, i+1, j, j+1
			} else {
				i, j = clampi(i, 0, n-1), clampi(j, 0, n-1)
				st.fx[k], st.fy[k] = 0, 0
				st.i0[k], st.i1[k], st.j0[k], st.j1[k] = i, i, j, j
			}
			st.size[k] = int32(n)
			st.base[k], st.row[k] = lv.off, lv.row
			continue
		}
		x := cx + ox
		if norm {
			x = cx*float32(lv.w) + ox
		}
		st.i0[k], st.i1[k], st.fx[k] = axisFoot(x, int32(lv.w), lin, ms)
		if dims >= 2 {
			y := cy + oy
			if norm {
				y = cy*float32(lv.h) + oy
			}
			st.j0[k], st.j1[k], st.fy[k] = axisFoot(y, int32(lv.h), lin, mt)
		} else {
			st.j0[k], st.j1[k], st.fy[k] = 0, 0, 0
		}
		if dims == 3 {
			z := cz + oz
			if norm {
				z = cz*float32(lv.d) + oz
			}
			st.k0[k], st.k1[k], st.fz[k] = axisFoot(z, int32(lv.d), lin, mr)
		} else {
			st.k0[k], st.k1[k], st.fz[k] = 0, 0, 0
		}
		st.base[k] = int(st.slice[k])*t.sliceStride + lv.off
		st.row[k], st.img[k] = lv.row, lv.image
	}
}

// cornerOffsets computes the byte offset and weight of footprint corner
// (cx, cy, cz) for every lane of a non-cube texture.
func (t *Texture) cornerOffsets(st *sstate, cx, cy, cz, dims int, gather bool) {
	bpp := t.bpp
	for k := 0; k < st.m; k++ {
		w := st.pw[k]
		if w == 0 {
			st.off[k], st.w[k] = -2, 0
			continue
		}
		x, fx := st.i0[k], 1-st.fx[k]
		if cx == 1 {
			x, fx = st.i1[k], st.fx[k]
		}
		y, fy := st.j0[k], 1-st.fy[k]
		if cy == 1 {
			y, fy = st.j1[k], st.fy[k]
		}
		z, fz := st.k0[k], 1-st.fz[k]
		if cz == 1 {
			z, fz = st.k1[k], st.fz[k]
		}
		if !gather {
			w *= fx
			if dims >= 2 {
				w *= fy
			}
			if dims == 3 {
				w *= fz
			}
			if w == 0 {
				st.off[k], st.w[k] = -2, 0
				continue
			}
		}
		st.w[k] = w
		if x < 0 || y < 0 || z < 0 {
			st.off[k] = -1
			continue
		}
		st.off[k] = st.base[k] + int(z)*st.img[k] + int(y)*st.row[k] + int(x)*bpp
	}
}

// cornerOffsetsCube is cornerOffsets for cube faces: texels beyond a face
// edge are fetched from the adjacent face.
func (t *Texture) cornerOffsetsCube(st *sstate, cx, cy int, gather bool) {
	bpp := t.bpp
	for k := 0; k < st.m; k++ {
		w := st.pw[k]
		if w == 0 {
			st.off[k], st.w[k] = -2, 0
			continue
		}
		x, fx := st.i0[k], 1-st.fx[k]
		if cx == 1 {
			x, fx = st.i1[k], st.fx[k]
		}
		y, fy := st.j0[k], 1-st.fy[k]
		if cy == 1 {
			y, fy = st.j1[k], st.fy[k]
		}
		if !gather {
			w *= fx * fy
			if w == 0 {
				st.off[k], st.w[k] = -2, 0
				continue
			}
		}
		st.w[k] = w
		n := st.size[k]
		slice := st.slice[k]
		if x < 0 || y < 0 || x >= n || y >= n {
			var f2 int
			face := int(st.face[k])
			f2, x, y = cubeNeighbor(face, x, y, n)
			slice += int32(f2 - face)
		}
		st.off[k] = int(slice)*t.sliceStride + st.base[k] + int(y)*st.row[k] + int(x)*bpp
	}
}
