package raster

import (
	"math"
	"unsafe"
)

// cacheConsts are cachePosAVX2's constants, each in four lanes: ε, the
// guard band, the viewport transform, 1, ½, −½, 256, the outcode bits and
// badVertex.
type cacheConsts [23][4]uint64

// cachePosAVX2 is cachePositions for n vertices, n a multiple of 4.
//
//go:noescape
func cachePosAVX2(vxy *vpos, vc *vcache, voc *uint32, pos *float32, n int, k *cacheConsts)

// cachePositionsAsm runs the whole groups of four vertices of
// cachePositions(vxy, vc, voc, vi, pos, lo, hi) in AVX2 and returns where the rest
// starts. The kernel converts the snapped coordinates to int32 from
// float64, so it runs only when every vertex inside the planes lands well
// inside int32 (as int32(int64(...)) leaves them).
func cachePositionsAsm(vxy []vpos, vc []vcache, voc []uint32, vi *vpInfo, pos []float32, lo, hi int) int {
	n := (hi - lo) &^ 3
	if !useCoverAsm || n == 0 || unsafe.Sizeof(vpos{}) != 8 || unsafe.Sizeof(vcache{}) != 16 {
		return lo
	}
	pl := &vi.pl
	ndcX, ndcY := max(math.Abs(pl.lox), math.Abs(pl.hix)), max(math.Abs(pl.loy), math.Abs(pl.hiy))
	if !((math.Abs(vi.bx)+math.Abs(vi.sx)*ndcX)*subOne < 1<<30 && (math.Abs(vi.by)+math.Abs(vi.sy)*ndcY)*subOne < 1<<30) {
		return lo
	}
	var k cacheConsts
	f := func(i int, v float64) {
		k[i] = [4]uint64{math.Float64bits(v), math.Float64bits(v), math.Float64bits(v), math.Float64bits(v)}
	}
	u := func(i int, v uint64) { k[i] = [4]uint64{v, v, v, v} }
	f(0, wEpsilon)
	f(1, pl.lox)
	f(2, pl.hix)
	f(3, pl.loy)
	f(4, pl.hiy)
	f(5, vi.sx)
	f(6, vi.bx)
	f(7, vi.sy)
	f(8, vi.by)
	f(9, vi.sz)
	f(10, vi.bz)
	f(11, 1)
	f(12, 0.5)
	f(13, -0.5)
	f(14, subOne)
	for b := range 7 {
		u(15+b, 1<<b)
	}
	if !pl.depthClip {
		u(16, 0)
		u(17, 0)
	}
	u(22, badVertex)
	_, _, _, _ = vxy[lo+n-1], vc[lo+n-1], voc[lo+n-1], pos[4*(lo+n)-1]
	cachePosAVX2(&vxy[lo], &vc[lo], &voc[lo], &pos[4*lo], n, &k)
	return lo + n
}
