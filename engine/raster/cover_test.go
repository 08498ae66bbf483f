package raster

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ingot-render/ingot/internal/texel"
)

// TestBlockCoverage checks blockCoverage (the AVX2 kernel where the CPU
// has it) and rowCoverage against a per-pixel evaluation of the edge
// functions, on random boxes whose edge values lie near zero (where the
// signs change) and on values that do not fit in int32.
func TestBlockCoverage(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 20000 {
		var e [9]int64
		scale := int64(1) << (4 + rng.IntN(40))
		for i := range e {
			e[i] = rng.Int64N(2*scale+1) - scale
		}
		w, h := 1+rng.IntN(8), 1+rng.IntN(8)
		var want uint64
		for row := range h {
			var rowWant uint64
			for col := range w {
				ok := true
				for k := range 3 {
					if e[k]+int64(col)*e[3+k]+int64(row)*e[6+k] < 0 {
						ok = false
					}
				}
				if ok {
					want |= 1 << (8*row + col)
					rowWant |= 1 << col
				}
			}
			f := func(k int) int64 { return e[k] + int64(row)*e[6+k] }
			if got := rowCoverage(f(0), f(1), f(2), e[3], e[4], e[5], w); got != rowWant {
				t.Fatalf("case %d row %d: rowCoverage = %#x, want %#x (e %v, w %d)", n, row, got, rowWant, e, w)
			}
		}
		if got := blockCoverage(&e, w, h); got != want {
			t.Fatalf("case %d: blockCoverage = %#x, want %#x (e %v, %d×%d)", n, got, want, e, w, h)
		}
		if got := blockCoverageGo(&e, w, h); got != want {
			t.Fatalf("case %d: blockCoverageGo = %#x, want %#x (e %v, %d×%d)", n, got, want, e, w, h)
		}
	}
}

// TestPixelBoxShifts checks pixelBox's shifts against floor and ceiling
// divisions by subOne.
func TestPixelBoxShifts(t *testing.T) {
	floorDiv := func(a, b int64) int64 {
		q := a / b
		if a%b != 0 && a < 0 {
			q--
		}
		return q
	}
	big := rect{-1 << 40, -1 << 40, 1 << 40, 1 << 40}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		v := [4]int64{}
		for i := range v {
			v[i] = rng.Int64N(1<<26) - 1<<25
		}
		minX, maxX := min(v[0], v[1]), max(v[0], v[1])
		minY, maxY := min(v[2], v[3]), max(v[2], v[3])
		for _, samples := range []int{1, 4} {
			x0, y0, x1, y1, _ := pixelBox(minX, minY, maxX, maxY, samples, big)
			var wx0, wy0, wx1, wy1 int64
			if samples == 1 {
				wx0, wx1 = -floorDiv(-(minX-subHalf), subOne), floorDiv(maxX-subHalf, subOne)+1
				wy0, wy1 = -floorDiv(-(minY-subHalf), subOne), floorDiv(maxY-subHalf, subOne)+1
			} else {
				wx0, wx1 = floorDiv(minX, subOne), floorDiv(maxX, subOne)+1
				wy0, wy1 = floorDiv(minY, subOne), floorDiv(maxY, subOne)+1
			}
			if [4]int64{x0, y0, x1, y1} != [4]int64{wx0, wy0, wx1, wy1} {
				t.Fatalf("pixelBox(%d, %d, %d, %d, %d) = %v, want %v", minX, minY, maxX, maxY, samples, [4]int64{x0, y0, x1, y1}, [4]int64{wx0, wy0, wx1, wy1})
			}
		}
	}
}

// TestUnorm8Lin checks the quantization kernel against q.lin[unorm8(v)]
// on values around every step, the ends, NaN and infinities.
func TestUnorm8Lin(t *testing.T) {
	q := newQuantizer(texel.RGBA8Unorm)
	var src []float32
	for k := range 256 {
		c := (float32(k) + 0.5) / 255
		src = append(src, c, math.Nextafter32(c, 0), math.Nextafter32(c, 2), float32(k)/255)
	}
	src = append(src, -1, 0, float32(math.Copysign(0, -1)), 1, 2, float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 1e-40, -1e-40)
	rng := rand.New(rand.NewPCG(5, 6))
	for range 1000 {
		src = append(src, rng.Float32()*1.2-0.1)
	}
	dst := make([]float32, len(src))
	for _, n := range []int{len(src), len(src) - 1, 3} {
		unorm8Lin(dst[:n], src[:n])
		for i, v := range src[:n] {
			if want := q.lin[unorm8(v)]; math.Float32bits(dst[i]) != math.Float32bits(want) {
				t.Fatalf("unorm8Lin(%v) = %v, want %v", v, dst[i], want)
			}
		}
	}
}

// TestCachePositionsKernel checks the AVX2 vertex-cache kernel against the
// Go loop on random positions: inside and outside every plane, w near 0,
// infinities and NaNs, with and without depth clipping; outcodes and x
// (vOutside exactly where the outcode is not 0) always, the rest of the
// projection where the outcode is 0.
func TestCachePositionsKernel(t *testing.T) {
	if !useCoverAsm {
		t.Skip("no AVX2")
	}
	rng := rand.New(rand.NewPCG(7, 8))
	const n = 4099
	pos := make([]float32, 4*n)
	special := []float32{0, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 1e-7, -1e-7, 1e30}
	for i := range pos {
		switch r := rng.IntN(20); {
		case r == 0:
			pos[i] = special[rng.IntN(len(special))]
		case i%4 == 3:
			pos[i] = rng.Float32()*4 - 0.5
		default:
			pos[i] = rng.Float32()*6 - 3
		}
	}
	// Exact ties of snap (v·256 = k ± ½) under the first viewport.
	for i := range 512 {
		x := (float32(i) + 0.5) / 65536
		if i%2 == 1 {
			x = -2 - x
		}
		copy(pos[4*i:], []float32{x, -x, 0.5, 1})
	}
	for _, vp := range []vpInfo{
		{ok: true, sx: 256, bx: 256, sy: -256, by: 256, sz: 1, bz: 0, pl: planes{n: 7, depthClip: true, lox: -64, hix: 64, loy: -64, hiy: 64}},
		{ok: true, sx: 320.5, bx: 321.25, sy: -100, by: 99.75, sz: 0.5, bz: 0.25, pl: planes{n: 7, lox: -1, hix: 1, loy: -2, hiy: 2}},
	} {
		got, want := make([]vcache, n), make([]vcache, n)
		gxy, wxy := make([]vpos, n), make([]vpos, n)
		goc, woc := make([]uint32, n), make([]uint32, n)
		for _, lo := range []int{0, 3} {
			cachePositions(gxy, got, goc, &vp, pos, lo, n)
			useCoverAsm = false
			cachePositions(wxy, want, woc, &vp, pos, lo, n)
			useCoverAsm = true
			for i := lo; i < n; i++ {
				g, w := got[i], want[i]
				if goc[i] != woc[i] || gxy[i].x != wxy[i].x || (woc[i] == 0 && (gxy[i].y != wxy[i].y || math.Float64bits(g.z) != math.Float64bits(w.z) || math.Float64bits(g.invw) != math.Float64bits(w.invw))) {
					t.Fatalf("vertex %d %v: kernel %+v %+v %#x, Go %+v %+v %#x", i, pos[4*i:4*i+4], gxy[i], g, goc[i], wxy[i], w, woc[i])
				}
				if (woc[i] != 0) != (wxy[i].x == vOutside) {
					t.Fatalf("vertex %d %v: outcode %#x with x %d", i, pos[4*i:4*i+4], woc[i], wxy[i].x)
				}
			}
		}
	}
}
