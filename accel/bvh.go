package accel

import "math"

// aabb is an axis-aligned box.
type aabb struct {
	lo, hi [3]float32
}

func emptyBox() aabb {
	inf := float32(math.Inf(1))
	return aabb{lo: [3]float32{inf, inf, inf}, hi: [3]float32{-inf, -inf, -inf}}
}

func (b *aabb) grow(o *aabb) {
	for i := 0; i < 3; i++ {
		b.lo[i] = min(b.lo[i], o.lo[i])
		b.hi[i] = max(b.hi[i], o.hi[i])
	}
}

func (b *aabb) growPoint(x, y, z float32) {
	b.lo[0], b.hi[0] = min(b.lo[0], x), max(b.hi[0], x)
	b.lo[1], b.hi[1] = min(b.lo[1], y), max(b.hi[1], y)
	b.lo[2], b.hi[2] = min(b.lo[2], z), max(b.hi[2], z)
}

func (b *aabb) valid() bool { return b.lo[0] <= b.hi[0] && b.lo[1] <= b.hi[1] && b.lo[2] <= b.hi[2] }

// halfArea is half the surface area (0 for empty boxes).
func (b *aabb) halfArea() float32 {
	if !b.valid() {
		return 0
	}
	dx, dy, dz := b.hi[0]-b.lo[0], b.hi[1]-b.lo[1], b.hi[2]-b.lo[2]
	return dx*dy + dy*dz + dz*dx
}

// Node child encoding: c >= 0 is an inner node index; c < 0 is a leaf
// ^(first<<leafShift | count) over slots [first, first+count).
const (
	leafShift   = 4
	maxLeafSize = 1<<leafShift - 1
	emptyChild  = int32(-1) // leaf with zero slots
)

func leafChild(first, count int) int32 { return ^int32(first<<leafShift | count) }

// node4 is a 4-wide BVH node with SoA bounds:
// b[0:4] min x, b[4:8] min y, b[8:12] min z, b[12:16] max x, b[16:20] max y,
// b[20:24] max z of the four children.
type node4 struct {
	b [24]float32
	c [4]int32
	// kc is c for the SIMD leaf test (leaf4.go), set by buildTri4 when the
	// structure has grouped leaf triangles: inner children as in c, leaves
	// as ^(group<<leafShift | count) over Structure.tri4's groups. It fills
	// what was padding (the node stays 128 bytes: two cache lines).
	kc [4]int32
}

// node8 is the 8-wide variant (b[8*k+i] for k = min x … max z).
type node8 struct {
	b [48]float32
	c [8]int32
	// kc is c for the grouped leaf triangles, as node4.kc (filling what
	// was padding: the node stays 256 bytes).
	kc [8]int32
}

func (n *node4) setChild(i int, box *aabb, c int32) {
	for k := 0; k < 3; k++ {
		n.b[4*k+i] = box.lo[k]
		n.b[12+4*k+i] = box.hi[k]
	}
	n.c[i] = c
}

func (n *node8) setChild(i int, box *aabb, c int32) {
	for k := 0; k < 3; k++ {
		n.b[8*k+i] = box.lo[k]
		n.b[24+8*k+i] = box.hi[k]
	}
	n.c[i] = c
}

// slot holds the ids of one leaf primitive, as Structure.slotAt returns
// them (the structure stores the primitive index, 4 bytes, per slot, and
// the geometry info per slot only when it has several geometries). Its
// keyframe-0 vertices (or box min and max in the first six floats) are the
// 9 floats at Structure.verts[9*slot:]: kept apart so that the
// traversal's triangle tests read 36 bytes per triangle, contiguous in
// leaf order, and touch the ids only to commit a hit. (Where the SIMD leaf
// test runs they are in Structure.tri4 instead, grouped by four: see
// leaf4.go and slotVerts.)
type slot struct {
	geom uint32 // geometry index | flags (primitive structures)
	prim uint32 // primitive index in its geometry, or instance index
}

// vertsPerSlot is the number of floats per slot in Structure.verts.
const vertsPerSlot = 9
