package kernel

import (
	"fmt"
	"math"
	"math/bits"
	"regexp"
	"strconv"
	"testing"

	rshaders "github.com/ingot-render/ingot/scenes/render/shaders"
)

// TestSobolHeaderMatchesGo: sampler.h's direction table is SobolDirections.
func TestSobolHeaderMatchesGo(t *testing.T) {
	src, err := rshaders.Source("sampler.h")
	if err != nil {
		t.Fatal(err)
	}
	table := regexp.MustCompile(`(?s)kSobolDirections\[4\]\[32\] = \{(.*?)\};`).FindSubmatch(src)
	if table == nil {
		t.Fatal("sampler.h: kSobolDirections not found")
	}
	nums := regexp.MustCompile(`0x([0-9a-f]{8})u`).FindAllSubmatch(table[1], -1)
	d := SobolDirections()
	if len(nums) != SobolDims*32 {
		t.Fatalf("sampler.h has %d direction numbers, want %d", len(nums), SobolDims*32)
	}
	for k, m := range nums {
		v, _ := strconv.ParseUint(string(m[1]), 16, 32)
		if uint32(v) != d[k/32][k%32] {
			t.Fatalf("direction [%d][%d]: header %#x, Go %#x", k/32, k%32, v, d[k/32][k%32])
		}
	}
	// Spot values of the well-known Sobol sequence (dimension 2, natural order: 0, 1/2, 3/4, 1/4, 5/8).
	for i, want := range []uint32{0, 0x80000000, 0xc0000000, 0x40000000, 0xa0000000} {
		if got := Sobol(uint32(i), 1); got != want {
			t.Errorf("Sobol(%d, 1) = %#x, want %#x", i, got, want)
		}
	}
}

// TestSobolStratification: the first 2^k points of dimensions 0 and 1 (the
// film plane) form a (0,k,2)-net: each of the 2^k elementary intervals of
// every shape holds exactly one point, unscrambled and after Owen
// scrambling (which preserves it); every dimension alone is a (0,1)-sequence.
func TestSobolStratification(t *testing.T) {
	for d := range uint32(SobolDims) {
		for _, seed := range []uint32{0, 0xdeadbeef} {
			seen := map[uint32]bool{}
			for i := range uint32(256) {
				x := Sobol(i, d)
				if seed != 0 {
					x = OwenScramble(x, seed)
				}
				seen[x>>24] = true
			}
			if len(seen) != 256 {
				t.Errorf("dim %d seed %#x: 256 points fill %d of 256 intervals", d, seed, len(seen))
			}
		}
	}
	pairs := [][2]uint32{{0, 1}}
	for _, pr := range pairs {
		for _, seed := range []uint32{0, 0xdeadbeef} {
			const k = 8
			n := uint32(1) << k
			for xb := 0; xb <= k; xb++ {
				yb := k - xb
				cells := map[[2]uint32]int{}
				for i := range n {
					x, y := Sobol(i, pr[0]), Sobol(i, pr[1])
					if seed != 0 {
						x, y = OwenScramble(x, seed), OwenScramble(y, HashCombine(seed, 7))
					}
					cells[[2]uint32{x >> (32 - xb) & (1<<xb - 1), y >> (32 - yb) & (1<<yb - 1)}]++
				}
				if len(cells) != int(n) {
					t.Errorf("dims %v seed %#x: %dx%d intervals: %d occupied, want %d", pr, seed, 1<<xb, 1<<yb, len(cells), n)
				}
			}
		}
	}
}

// TestSample4Deterministic: the same (pixel, index, group) always gives the
// same bits, values lie in [0, 1), and the per-pixel numbers do not depend
// on what else was sampled before (order independence = tile independence).
func TestSample4Deterministic(t *testing.T) {
	s := PixelSeed(17, 42, 7)
	if s != PixelSeed(17, 42, 7) {
		t.Fatal("PixelSeed not deterministic")
	}
	a := Sample4(s, 5, DimBounce0+3)
	for i := range 1000 { // unrelated work in between
		Sample4(PixelSeed(uint32(i), 3, 7), uint32(i), 1)
	}
	if b := Sample4(s, 5, DimBounce0+3); a != b {
		t.Fatalf("Sample4 changed: %v then %v", a, b)
	}
	for i := range 4096 {
		for _, v := range Sample4(s, uint32(i), uint32(i%5)) {
			if v < 0 || v >= 1 {
				t.Fatalf("value %v out of [0,1)", v)
			}
		}
	}
	// Golden values pin the bit pattern the MSL must reproduce.
	got := fmt.Sprint(Sample4(PixelSeed(0, 0, 0), 0, 0), Sample4(PixelSeed(3, 5, 1), 9, 4))
	const want = "[0.62617534 0.15151715 0.3095975 0.07031131] [0.27301365 0.28950036 0.6954801 0.5842844]"
	if got != want {
		t.Errorf("golden samples changed:\n got %s\nwant %s", got, want)
	}
}

// TestPixelScramblingIndependence: neighbouring pixels' sequences are
// decorrelated (their sample-by-sample correlation is near zero) while each
// pixel's own 16-sample set stays stratified in the film dimensions.
func TestPixelScramblingIndependence(t *testing.T) {
	const spp = 64
	const pixels = 256
	var sxy, sx, sy, sxx, syy float64
	n := 0.0
	for p := range uint32(pixels) {
		sa, sb := PixelSeed(p, 0, 1), PixelSeed(p+1, 0, 1)
		for i := range uint32(spp) {
			x := float64(Sample4(sa, i, DimCamera)[0])
			y := float64(Sample4(sb, i, DimCamera)[0])
			sxy += x * y
			sx += x
			sy += y
			sxx += x * x
			syy += y * y
			n++
		}
		// Stratification within the pixel: 16 samples, one per 4×4 cell.
		cells := map[int]bool{}
		for i := range uint32(16) {
			v := Sample4(sa, i, DimCamera)
			cells[int(v[0]*4)*4+int(v[1]*4)] = true
		}
		if len(cells) != 16 {
			t.Fatalf("pixel %d: 16 film samples fill %d of 16 strata", p, len(cells))
		}
	}
	cov := sxy/n - sx/n*sy/n
	corr := cov / math.Sqrt((sxx/n-sx/n*sx/n)*(syy/n-sy/n*sy/n))
	if math.Abs(corr) > 0.03 {
		t.Errorf("neighbour pixel correlation %v, want ≈ 0", corr)
	}
	// Different groups of one pixel are decorrelated too.
	seed := PixelSeed(9, 9, 1)
	same := 0
	for i := range uint32(1024) {
		if Sample4(seed, i, DimBounce0)[1] == Sample4(seed, i, DimBounce0+1)[1] {
			same++
		}
	}
	if same > 2 {
		t.Errorf("%d identical values across groups", same)
	}
}

// TestSobolConvergence: a smooth 2-D integral converges much faster than
// with random numbers (error at 1024 samples below 1e-3).
func TestSobolConvergence(t *testing.T) {
	f := func(x, y float32) float64 { return float64(x*x) * math.Cos(float64(y)) }
	want := (1.0 / 3) * math.Sin(1)
	seed := PixelSeed(1, 2, 3)
	var s float64
	const n = 1024
	for i := range uint32(n) {
		v := Sample4(seed, i, DimBounce0)
		s += f(v[1], v[2])
	}
	if e := math.Abs(s/n - want); e > 1e-3 {
		t.Errorf("error %v at %d samples", e, n)
	}
}

// TestSobolStepsMatchTable: sample4's unrolled SOBOL_STEP lines in
// sampler.h hold kSobolDirections[1..3][b] for b = 0..31, in order.
func TestSobolStepsMatchTable(t *testing.T) {
	src, err := rshaders.Source("sampler.h")
	if err != nil {
		t.Fatal(err)
	}
	steps := regexp.MustCompile(`SOBOL_STEP\((\d+)u, 0x([0-9a-f]{8})u, 0x([0-9a-f]{8})u, 0x([0-9a-f]{8})u\);`).FindAllSubmatch(src, -1)
	if len(steps) != 32 {
		t.Fatalf("sampler.h has %d SOBOL_STEP lines, want 32", len(steps))
	}
	d := SobolDirections()
	for b, m := range steps {
		if string(m[1]) != strconv.Itoa(b) {
			t.Errorf("step %d is for bit %s", b, m[1])
		}
		for k := 1; k <= 3; k++ {
			v, _ := strconv.ParseUint(string(m[k+1]), 16, 32)
			if uint32(v) != d[k][b] {
				t.Errorf("step %d dimension %d: %#x, want %#x", b, k, v, d[k][b])
			}
		}
	}
}

// TestSobolByteTable: four table entries XORed give Sobol dimensions 1..3
// of any index, bit-reversed.
func TestSobolByteTable(t *testing.T) {
	tab := SobolByteTable()
	for _, idx := range []uint32{0, 1, 2, 3, 255, 256, 0x12345678, 0x80000000, 0xffffffff, 0xdeadbeef, 977, 65535} {
		var x [4]uint32
		for b := range 4 {
			e := tab[256*b+int(idx>>(8*b)&255)]
			for d := range x {
				x[d] ^= e[d]
			}
		}
		for d := uint32(1); d < SobolDims; d++ {
			if want := bits.Reverse32(Sobol(idx, d)); x[d-1] != want {
				t.Errorf("index %#x dim %d: table %#x, Sobol %#x", idx, d, x[d-1], want)
			}
		}
		if x[3] != 0 {
			t.Errorf("index %#x: w = %#x, want 0", idx, x[3])
		}
	}
}
