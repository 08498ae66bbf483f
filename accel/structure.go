package accel

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"unsafe"
)

// BorderMode says what motion geometry does outside its time range.
type BorderMode uint8

// Border modes (MTLMotionBorderMode).
const (
	// BorderClamp uses the first (last) keyframe before (after) the range.
	BorderClamp BorderMode = iota
	// BorderVanish makes the geometry absent outside the range.
	BorderVanish
)

// StructureKind tells primitive from instance structures.
type StructureKind uint8

// Structure kinds.
const (
	KindPrimitive StructureKind = iota
	KindInstance
)

// Slot flags stored in the high bits of slotGeom.
const (
	flagBox       = 1 << 31
	flagNonOpaque = 1 << 30
	geomMask      = 1<<24 - 1
	flagMask      = flagBox | flagNonOpaque
	maxGeometries = 1 << 24
	maxPrimitives = 1 << 27
)

type geomInfo struct {
	kind        IntersectionType
	opaque      bool
	tableOffset uint32
	primData    []byte
	primSize    int
	first       int // global index of the geometry's first primitive
	count       int
}

// Structure is a built acceleration structure: a primitive structure over
// geometries or an instance structure over other structures. It keeps no
// reference to the input buffers. A Structure is safe for concurrent
// traversal; Refit must not run concurrently with traversal.
type Structure struct {
	kind   StructureKind
	width  int
	nodes4 []node4
	nodes8 []node8
	bounds aabb
	// depth is the number of structure levels reachable, this one included.
	depth int

	// Per slot (leaf order): key-0 vertices (or box) and ids; motion holds
	// every keyframe (9 floats each) when keys > 1. ids holds each slot's
	// primitive index in its geometry (or instance index), holeID for the
	// padding slots of grouped leaves (leaf4.go); slotInfo its geometry
	// index | flags, or is nil when every slot has info0 (one geometry):
	// slotAt reads both.
	ids      []uint32
	slotInfo []uint32
	info0    uint32
	verts    []float32
	motion   []float32
	// tri4 holds the leaf triangles in groups of four for the SIMD leaf
	// test instead of verts (then nil): slot p is lane p%4 of group p/4
	// (leaf4.go; nil unless the SIMD kernels run). slotVerts reads a
	// slot's vertices either way.
	tri4 []float32
	// plain is set when every primitive is an opaque triangle: the
	// traversal's fast path then needs no per-slot flags.
	plain bool
	// batch says whether TraceBatch applies (batchPrim, batchInst; see
	// batch.go), set at build, Refit and RefitInstances; batchEpoch is
	// plainEpoch when an instance structure's batch was computed.
	batch      uint8
	batchEpoch uint64
	// stream: TraceBatch may use the stream kernel (every structure it
	// runs on is 4-wide).
	stream bool
	// kwidth: the width of the structures TraceBatch's assembly stream
	// kernel would traverse (all with grouped leaf triangles), or 0 when it
	// does not apply (see updateBatch).
	kwidth int8
	// split (an instance structure where batch is batchNone) marks the
	// instances a split traversal traces in its phase 1, a bit per
	// instance (static, not InstanceNonOpaque, over a plain primitive
	// structure without motion); nil when there is none (see split.go).
	// splitOne is the only marked instance, or -1.
	split    []uint64
	splitOne int32

	keys                   int
	motionStart, motionEnd float32
	startBorder, endBorder BorderMode
	geoms                  []geomInfo
	primCount              int

	inst     []instanceInfo
	children []*Structure
	params   buildParams
}

// PrimitiveDescriptor describes a primitive structure
// (MTLPrimitiveAccelerationStructureDescriptor).
type PrimitiveDescriptor struct {
	// Geometries lists the geometries; the index is the geometry id.
	Geometries []Geometry
	// MotionKeyframeCount is the number of keyframes; 0 or 1 means no
	// motion. With motion every geometry must supply that many keyframes,
	// uniformly spaced over [MotionStartTime, MotionEndTime].
	MotionKeyframeCount int
	MotionStartTime     float32
	MotionEndTime       float32
	MotionStartBorder   BorderMode
	MotionEndBorder     BorderMode
	Build               BuildOptions
}

// Kind reports whether s is a primitive or an instance structure.
func (s *Structure) Kind() StructureKind { return s.kind }

// PrimitiveCount reports the number of primitives (or instances).
func (s *Structure) PrimitiveCount() int { return s.primCount }

// Bounds returns the structure's bounds (over all keyframes) as min, max.
func (s *Structure) Bounds() (lo, hi [3]float32) { return s.bounds.lo, s.bounds.hi }

// Levels reports how many structure levels s spans (1 for a primitive
// structure, 2 for an instance structure over primitive structures, …).
func (s *Structure) Levels() int { return s.depth }

func checkBuild(o *BuildOptions) error {
	if o.Width != 0 && o.Width != 4 && o.Width != 8 {
		return fmt.Errorf("Build.Width: %d, want 4 or 8", o.Width)
	}
	if o.Quality > QualityHigh {
		return fmt.Errorf("Build.Quality: unknown quality %d", o.Quality)
	}
	return nil
}

func (d *PrimitiveDescriptor) validate() (keys int, err error) {
	if err := checkBuild(&d.Build); err != nil {
		return 0, err
	}
	keys = d.MotionKeyframeCount
	if keys < 0 {
		return 0, fmt.Errorf("MotionKeyframeCount: negative (%d)", keys)
	}
	if keys == 0 {
		keys = 1
	}
	if keys > 1 && !(d.MotionEndTime > d.MotionStartTime) {
		return 0, fmt.Errorf("MotionEndTime: %v must exceed MotionStartTime %v", d.MotionEndTime, d.MotionStartTime)
	}
	if len(d.Geometries) > maxGeometries {
		return 0, fmt.Errorf("Geometries: %d exceeds the limit %d", len(d.Geometries), maxGeometries)
	}
	total := 0
	for i, g := range d.Geometries {
		if g == nil || (isNilGeometry(g)) {
			return 0, fmt.Errorf("Geometries[%d]: nil", i)
		}
		if err := g.validate(keys); err != nil {
			return 0, fmt.Errorf("Geometries[%d].%w", i, err)
		}
		if err := validateCommon(g.common(), g.count()); err != nil {
			return 0, fmt.Errorf("Geometries[%d].%w", i, err)
		}
		total += g.count()
		if total > maxPrimitives {
			return 0, fmt.Errorf("Geometries: more than %d primitives", maxPrimitives)
		}
	}
	return keys, nil
}

func isNilGeometry(g Geometry) bool {
	switch g := g.(type) {
	case *TriangleGeometry:
		return g == nil
	case *BoundingBoxGeometry:
		return g == nil
	}
	return true
}

// BuildPrimitive builds a primitive structure.
func BuildPrimitive(ctx context.Context, d *PrimitiveDescriptor) (*Structure, error) {
	if d == nil {
		return nil, errors.New("accel: nil PrimitiveDescriptor")
	}
	keys, err := d.validate()
	if err != nil {
		return nil, fmt.Errorf("accel: PrimitiveDescriptor.%w", err)
	}
	p := d.Build.params()
	s := &Structure{kind: KindPrimitive, width: p.width, depth: 1, keys: keys, params: p,
		motionStart: d.MotionStartTime, motionEnd: d.MotionEndTime,
		startBorder: d.MotionStartBorder, endBorder: d.MotionEndBorder}
	total := 0
	for _, g := range d.Geometries {
		c := g.common()
		s.geoms = append(s.geoms, geomInfo{kind: g.kind(), opaque: c.Opaque, tableOffset: c.FunctionTableOffset,
			primData: copyPrimitiveData(c, g.count()), primSize: c.PrimitiveDataElementSize, first: total, count: g.count()})
		total += g.count()
	}
	s.primCount = total
	// Fetch every primitive (all keyframes) in input order, in parallel
	// chunks; invalid primitives (non-finite) are left out afterwards.
	in := make([]float32, total*keys*9)
	all := make([]primRef, total)
	valid := make([]bool, total)
	var invalid atomic.Bool
	parallelFor(total, s.params.workers, func(lo, hi int) {
		for gp := lo; gp < hi; {
			gi := s.geomOf(gp)
			g := d.Geometries[gi]
			first := s.geoms[gi].first
			end := min(hi, first+s.geoms[gi].count)
			if tg, ok := g.(*TriangleGeometry); ok && keys == 1 && tg.plainFloat3() && !disableFetchRefs {
				if !tg.fetchRefs(gp-first, end-first, gp, in[9*gp:9*end], all[gp:end], valid[gp:end]) {
					invalid.Store(true)
				}
				gp = end
				continue
			}
			for ; gp < end; gp++ {
				i := gp - first
				box := emptyBox()
				for k := 0; k < keys; k++ {
					v := in[(gp*keys+k)*9 : (gp*keys+k)*9+9]
					g.fetch(k, i, v)
					box.growPoint(v[0], v[1], v[2])
					box.growPoint(v[3], v[4], v[5])
					if g.kind() == HitTriangle {
						box.growPoint(v[6], v[7], v[8])
					}
				}
				if boxFinite(&box) && box.valid() {
					all[gp], valid[gp] = makeRef(box, uint32(gp)), true
				} else {
					invalid.Store(true)
				}
			}
		}
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	refs := all
	if invalid.Load() {
		refs = all[:0]
		for gp := range all {
			if valid[gp] {
				refs = append(refs, all[gp])
			}
		}
	}
	s.finishBuild(ctx, refs, func(slot int, id uint32) {
		gi := s.geomOf(int(id))
		g := &s.geoms[gi]
		s.setSlot(slot, s.geomInfoWord(gi), id-uint32(g.first))
		if s.verts != nil {
			copy(s.verts[slot*vertsPerSlot:slot*vertsPerSlot+9], in[int(id)*keys*9:])
		}
		if keys > 1 {
			copy(s.motion[slot*keys*9:(slot+1)*keys*9], in[int(id)*keys*9:])
		}
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.buildTri4(in)
	s.updatePlain()
	return s, nil
}

// disableFetchRefs makes BuildPrimitive fetch every primitive through
// Geometry.fetch (tests compare it with TriangleGeometry.fetchRefs).
var disableFetchRefs bool

// updatePlain sets s.plain from the geometries (and s.batch from it).
func (s *Structure) updatePlain() {
	s.plain = s.kind == KindPrimitive
	for i := range s.geoms {
		if s.geoms[i].kind != HitTriangle || !s.geoms[i].opaque {
			s.plain = false
		}
	}
	s.updateBatch()
}

func boxFinite(b *aabb) bool {
	for k := 0; k < 3; k++ {
		if !finite(b.lo[k]) || !finite(b.hi[k]) {
			return false
		}
	}
	return true
}

// geomOf finds the geometry holding global primitive gp.
func (s *Structure) geomOf(gp int) int {
	lo, hi := 0, len(s.geoms)-1
	for lo < hi {
		m := (lo + hi + 1) / 2
		if s.geoms[m].first <= gp {
			lo = m
		} else {
			hi = m - 1
		}
	}
	for lo > 0 && s.geoms[lo].count == 0 {
		lo--
	}
	return lo
}

// blockSAH: primitive structures are built with the SAH counting leaf
// triangles in groups of four (buildParams.blockLog).
var blockSAH = true

// finishBuild builds the BVH over refs and fills slots via fill.
func (s *Structure) finishBuild(ctx context.Context, refs []primRef, fill func(slot int, id uint32)) {
	n := len(refs)
	s.ids = make([]uint32, n)
	if s.kind == KindPrimitive {
		s.info0 = s.geomInfoWord(0)
		if len(s.geoms) > 1 {
			s.slotInfo = make([]uint32, n)
		}
	}
	if s.kind == KindPrimitive && !(useSIMDNodes && s.keys == 1) {
		// (Where the grouped leaves will hold the vertices, buildTri4
		// reads them from the build's input instead.)
		s.verts = make([]float32, n*vertsPerSlot)
	}
	if s.kind == KindPrimitive && s.keys > 1 {
		s.motion = make([]float32, n*s.keys*9)
	}
	if n == 0 {
		s.bounds = emptyBox()
		return
	}
	p := s.params
	if s.kind == KindPrimitive && blockSAH {
		p.blockLog = 2
	}
	root, box := buildBVH(ctx, p, refs)
	s.bounds = box
	parallelFor(len(refs), s.params.workers, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			fill(i, refs[i].id)
		}
	})
	cnt := countNodes(root)
	next := 0
	if s.width == 8 {
		s.nodes8 = make([]node8, cnt)
		flatten8(root, s.nodes8, &next)
	} else {
		s.nodes4 = make([]node4, cnt)
		flatten4(root, s.nodes4, &next)
	}
}

// keyAt maps a ray time to a keyframe segment and fraction; ok is false when
// the geometry vanishes at t.
func keyAt(t, start, end float32, keys int, sb, eb BorderMode) (seg int, f float32, ok bool) {
	if keys <= 1 {
		return 0, 0, true
	}
	if t < start {
		if sb == BorderVanish {
			return 0, 0, false
		}
		return 0, 0, true
	}
	if t > end {
		if eb == BorderVanish {
			return 0, 0, false
		}
		return keys - 2, 1, true
	}
	if !(t == t) {
		return 0, 0, false
	}
	u := (t - start) / (end - start) * float32(keys-1)
	seg = int(u)
	if seg > keys-2 {
		seg = keys - 2
	}
	if seg < 0 {
		seg = 0
	}
	return seg, u - float32(seg), true
}

// Sizes reports memory figures of a structure.
type Sizes struct {
	// Bytes is the memory the structure occupies (nodes, primitive copies,
	// primitive data, instances).
	Bytes int
	// NodeBytes is the BVH node memory alone.
	NodeBytes int
	// Nodes is the number of wide nodes.
	Nodes int
	// Primitives is the number of primitives (or instances).
	Primitives int
}

// NodeBytesPerPrimitive is the BVH node memory per primitive.
func (z Sizes) NodeBytesPerPrimitive() float64 {
	if z.Primitives == 0 {
		return 0
	}
	return float64(z.NodeBytes) / float64(z.Primitives)
}

// BytesPerPrimitive is the whole structure's memory per primitive.
func (z Sizes) BytesPerPrimitive() float64 {
	if z.Primitives == 0 {
		return 0
	}
	return float64(z.Bytes) / float64(z.Primitives)
}

// Sizes reports the memory s occupies. Metal's compacted size is Bytes:
// slices never hold spare capacity after Compact.
func (s *Structure) Sizes() Sizes {
	z := Sizes{Primitives: s.primCount}
	z.Nodes = len(s.nodes4) + len(s.nodes8)
	z.NodeBytes = len(s.nodes4)*int(unsafe.Sizeof(node4{})) + len(s.nodes8)*int(unsafe.Sizeof(node8{}))
	z.Bytes = z.NodeBytes + 4*len(s.ids) + 4*len(s.slotInfo) + 4*len(s.verts) + 4*len(s.motion) + 4*len(s.tri4) +
		len(s.inst)*int(unsafe.Sizeof(instanceInfo{})) + len(s.children)*8
	for i := range s.geoms {
		z.Bytes += len(s.geoms[i].primData) + int(unsafe.Sizeof(geomInfo{}))
	}
	for i := range s.inst {
		z.Bytes += (len(s.inst[i].keys) + len(s.inst[i].comps)) * int(unsafe.Sizeof(ComponentTransform{}))
	}
	return z
}

// Compact returns a copy of s whose slices hold no spare capacity
// (copyAndCompactAccelerationStructure). Child structures are shared.
func (s *Structure) Compact() *Structure {
	c := *s
	c.nodes4 = clip(s.nodes4)
	c.nodes8 = clip(s.nodes8)
	c.ids = clip(s.ids)
	c.slotInfo = clip(s.slotInfo)
	c.verts = clip(s.verts)
	c.tri4 = clip(s.tri4)
	c.motion = clip(s.motion)
	c.geoms = clip(s.geoms)
	c.inst = clip(s.inst)
	c.children = clip(s.children)
	return &c
}

// Copy returns an independent copy of s (copyAccelerationStructure); child
// structures of an instance structure are shared, as in Metal.
func (s *Structure) Copy() *Structure { return s.Compact() }

func clip[T any](x []T) []T {
	if x == nil {
		return nil
	}
	return append(make([]T, 0, len(x)), x...)
}

// EstimateSizes returns an upper bound of the memory a primitive structure
// built from d will occupy (accelerationStructureSizes).
func EstimateSizes(d *PrimitiveDescriptor) (Sizes, error) {
	keys, err := d.validate()
	if err != nil {
		return Sizes{}, fmt.Errorf("accel: PrimitiveDescriptor.%w", err)
	}
	p := d.Build.params()
	n := 0
	z := Sizes{}
	for _, g := range d.Geometries {
		n += g.count()
		z.Bytes += g.count()*g.common().PrimitiveDataElementSize + int(unsafe.Sizeof(geomInfo{}))
	}
	// A wide node either has all width children or only leaves (the build
	// stops splitting when no child can split), and a leaf holds at least
	// one primitive: at most n/2 nodes of leaves (two each) and n/2/(width-1)
	// full ones above them.
	nodes := (n+1)/2 + (n+2*p.width-3)/(2*(p.width-1)) + 1
	nb := int(unsafe.Sizeof(node4{}))
	if p.width == 8 {
		nb = int(unsafe.Sizeof(node8{}))
	}
	z.Nodes, z.NodeBytes, z.Primitives = nodes, nodes*nb, n
	// Slot ids (and infos with several geometries) and vertices.
	slotBytes := 4
	if len(d.Geometries) > 1 {
		slotBytes = 8
	}
	z.Bytes += z.NodeBytes + n*(slotBytes+4*vertsPerSlot)
	if useSIMDNodes && keys == 1 {
		// Grouped leaf triangles (leaf4.go) instead of verts: at most one
		// padded group per leaf (at most n leaves) beyond n/4 full ones,
		// each with 4 slots of ids (and infos).
		groups := n + n/4
		z.Bytes += groups*(4*tri4Floats+4*slotBytes) - n*(slotBytes+4*vertsPerSlot)
	}
	if keys > 1 {
		z.Bytes += n * 36 * keys
	}
	return z, nil
}

var _ = math.Inf

// parallelFor runs fn over [0, n) split into contiguous chunks on up to
// workers goroutines (inline for small n).
func parallelFor(n, workers int, fn func(lo, hi int)) {
	const minChunk = 8192
	if workers <= 1 || n < 2*minChunk {
		fn(0, n)
		return
	}
	parts := min(workers, n/minChunk)
	var wg sync.WaitGroup
	for p := 0; p < parts; p++ {
		wg.Add(1)
		go func(lo, hi int) {
			defer wg.Done()
			fn(lo, hi)
		}(n*p/parts, n*(p+1)/parts)
	}
	wg.Wait()
}
