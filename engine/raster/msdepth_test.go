package raster

import (
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/ingot-render/ingot/internal/testkit"
)

// depthWorker returns a worker for the depth kernels: ns samples, the
// given depth state and sample mask.
func depthWorker(ns int, cmp CompareFunc, write bool, smask uint8) *worker {
	p := &Pass{samples: ns}
	for i, sp := range standardPositions[ns] {
		p.sfx[i], p.sfy[i] = int64(sp[0]*subOne), int64(sp[1]*subOne)
	}
	st := &State{DepthStencil: DepthStencil{DepthCompare: cmp, DepthWrite: write}}
	w := &worker{p: p, d: &Draw{State: st}, smask: smask}
	w.setDepthConsts()
	return w
}

// TestDepthKernLayout checks the field offsets that the assembly of
// depthRowsAVX2 uses.
func TestDepthKernLayout(t *testing.T) {
	var k depthKern
	var c depthConsts
	for _, f := range []struct {
		name      string
		got, want uintptr
	}{
		{"e", unsafe.Offsetof(k.e), 0}, {"ay", unsafe.Offsetof(k.ay), 12}, {"ea", unsafe.Offsetof(k.ea), 24},
		{"eb", unsafe.Offsetof(k.eb), 36}, {"bias0", unsafe.Offsetof(k.bias0), 48}, {"bias2", unsafe.Offsetof(k.bias2), 52},
		{"den", unsafe.Offsetof(k.den), 56}, {"nl", unsafe.Offsetof(k.nl), 60}, {"inv", unsafe.Offsetof(k.inv), 64},
		{"z", unsafe.Offsetof(k.z), 72}, {"zbias", unsafe.Offsetof(k.zbias), 96}, {"scratch", unsafe.Offsetof(k.scratch), 104},
		{"scratch end", unsafe.Sizeof(k.scratch), 680 + 8*32 - 104},
		{"dx", unsafe.Offsetof(c.dx), 0}, {"dy", unsafe.Offsetof(c.dy), 32}, {"sm", unsafe.Offsetof(c.sm), 64},
		{"cmp", unsafe.Offsetof(c.cmp), 96}, {"step", unsafe.Offsetof(c.step), 112}, {"stride", unsafe.Offsetof(c.stride), 116},
		{"write", unsafe.Offsetof(c.write), 120},
	} {
		if f.got != f.want {
			t.Errorf("%s at %d, the assembly has %d", f.name, f.got, f.want)
		}
	}
}

// TestDepthRowsKernel compares depthRowsAVX2 with depthRowsGo bit for bit
// (passing-sample masks, their union and every depth word of the block)
// on random triangles over random pieces of a block, at every sample
// count, compare function, with and without depth writes and partial
// sample masks; the stored depths are random, special (NaN, ±0, ±Inf) or
// the very values the triangle computes and their neighbours (so that
// equality decides), and the triangles range from inside a pixel to the
// largest whose values the kernel takes (depthFits).
func TestDepthRowsKernel(t *testing.T) {
	if !useDepthAsm {
		t.Skip("no AVX2")
	}
	rng := rand.New(rand.NewPCG(11, 12))
	special := []float32{float32(math.NaN()), 0, float32(math.Copysign(0, -1)), float32(math.Inf(1)), float32(math.Inf(-1)), 1, 0.5}
	// The stored depths come from a pool: random, one in ten special.
	pool := make([]float32, 4*blockSize*blockSize*8)
	for i := range pool {
		if rng.IntN(10) == 0 {
			pool[i] = special[rng.IntN(len(special))]
		} else {
			pool[i] = rng.Float32()
		}
	}
	fits, cases := 0, 0
	for n := 0; cases < 6000; n++ {
		ns := []int{1, 2, 4, 8}[rng.IntN(4)]
		smask := uint8(1<<ns - 1)
		if rng.IntN(4) == 0 {
			smask &= uint8(rng.IntN(256))
		}
		cmp := CompareFunc(rng.IntN(8))
		write := rng.IntN(3) != 0
		w := depthWorker(ns, cmp, write, smask)
		// A triangle around the block (pixels 0..31), positively oriented.
		reach := []float64{1, 4, 16, 48, 120}[rng.IntN(5)]
		var v [3]sv
		cx, cy := rng.Float64()*40-4, rng.Float64()*40-4
		for i := range v {
			v[i].x = int64((cx + (rng.Float64()*2-1)*reach) * subOne)
			v[i].y = int64((cy + (rng.Float64()*2-1)*reach) * subOne)
			v[i].z = rng.Float64()
			if rng.IntN(50) == 0 {
				v[i].z = (rng.Float64() - 0.5) * 1e6
			}
		}
		a2 := (v[1].x-v[0].x)*(v[2].y-v[0].y) - (v[1].y-v[0].y)*(v[2].x-v[0].x)
		if a2 == 0 {
			continue
		}
		if a2 < 0 {
			v[1], v[2], a2 = v[2], v[1], -a2
		}
		var pr prim
		var exts []primExt
		if !pr.setupTriangle(&v[0], &v[1], &v[2], a2, ns, rect{-1 << 20, -1 << 20, 1 << 20, 1 << 20}, &exts) {
			continue
		}
		if rng.IntN(4) == 0 {
			pr.zbias = (rng.Float64() - 0.5) * 1e-3
		}
		// The piece: inside the block, at most 64/ns pixels wide.
		px, py := rng.IntN(32), rng.IntN(32)
		wd := 1 + rng.IntN(min(32-px, 64/ns))
		h := 1 + rng.IntN(32-py)
		// The box the piece belongs to starts up to 3 pixels before it.
		x0, y0 := px-rng.IntN(min(px, 3)+1), py-rng.IntN(min(py, 3)+1)
		b := &w.dbox
		setDepthBox(b, &pr, x0, y0)
		if !depthFits(b, px+wd-x0, py+h-y0) {
			continue
		}
		fits++
		setDepthKern(&w.dk, b, &pr)
		zd := make([]float32, blockSize*blockSize*ns)
		copy(zd, pool[rng.IntN(len(pool)-len(zd)):])
		pix := (py*blockSize + px) * ns
		if rng.IntN(2) == 0 {
			// The triangle's own depths, some moved by one step.
			own := depthWorker(ns, CompareAlways, true, uint8(1<<ns-1))
			own.dbox = *b
			var e [3]int64
			for i := range 3 {
				e[i] = b.e[i] + int64(px-x0)*b.ax[i] + int64(py-y0)*b.ay[i]
			}
			own.depthRowsGo(&pr, &own.dbox, &e, zd[pix:], own.zmask[:h], wd, h)
			for i := range zd[pix:][:((h-1)*blockSize+wd)*ns] {
				i += pix
				switch rng.IntN(4) {
				case 0:
					zd[i] = math.Nextafter32(zd[i], 2)
				case 1:
					zd[i] = math.Nextafter32(zd[i], -2)
				}
			}
		}
		want := append([]float32(nil), zd...)
		got := append([]float32(nil), zd...)
		var wantM, gotM [blockSize]uint64
		for i := range gotM {
			gotM[i], wantM[i] = 0x5555, 0x5555
		}
		var e [3]int64
		for i := range 3 {
			e[i] = b.e[i] + int64(px-x0)*b.ax[i] + int64(py-y0)*b.ay[i]
			w.dk.e[i] = int32(e[i])
		}
		w.dk.nl = int32(wd * ns)
		wantAll := w.depthRowsGo(&pr, b, &e, want[pix:], wantM[:h], wd, h)
		gotAll := depthRowsAVX2(&w.dk, &w.dc, &got[pix], &gotM[0], h)
		if gotAll != wantAll || gotM != wantM {
			t.Fatalf("case %d (%dx, cmp %d, write %v, smask %#x, piece %d×%d at %d,%d): masks %#x (all %#x), want %#x (all %#x)",
				n, ns, cmp, write, smask, wd, h, px, py, gotM[:h], gotAll, wantM[:h], wantAll)
		}
		for i := range got {
			if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
				t.Fatalf("case %d (%dx, cmp %d, write %v, smask %#x, piece %d×%d at %d,%d): depth word %d = %v, want %v",
					n, ns, cmp, write, smask, wd, h, px, py, i, got[i], want[i])
			}
		}
		if wantAll != 0 {
			cases++
		}
	}
	t.Logf("%d pieces the kernel takes", fits)
}

// TestDepthFits checks depthFits at its bounds: the largest edge value of
// a box's samples just below and at depthFitsLimit, and den.
func TestDepthFits(t *testing.T) {
	b := depthBox{den: 2*depthFitsLimit - 1}
	b.ax = [3]int64{subOne, -subOne, 0}
	b.ay = [3]int64{0, subOne, -subOne}
	// Box 4×3: the bound is |e| + 4·|ax| + 3·|ay|.
	lim := int64(depthFitsLimit)
	b.e = [3]int64{lim - 1 - 4*subOne, -(lim - 1 - 7*subOne), lim - 1 - 3*subOne}
	if !depthFits(&b, 4, 3) {
		t.Errorf("depthFits false below the limit")
	}
	for k := range 3 {
		c := b
		if c.e[k] < 0 {
			c.e[k]--
		} else {
			c.e[k]++
		}
		if depthFits(&c, 4, 3) {
			t.Errorf("edge %d: depthFits true at the limit", k)
		}
	}
	c := b
	c.den = 2 * depthFitsLimit
	if depthFits(&c, 4, 3) {
		t.Errorf("depthFits true at den = %d", c.den)
	}
}

// TestPixelPathsGoDepth runs the pixel and depth-only path comparisons
// with the depth tests in Go (the path of CPUs without AVX2 and of
// values the kernel does not take).
func TestPixelPathsGoDepth(t *testing.T) {
	if !useDepthAsm {
		t.Skip("the Go depth tests are the only ones")
	}
	useDepthAsm = false
	defer func() { useDepthAsm = true }()
	TestPixelPathMatchesQuadPath(t)
	TestDepthPathMatchesQuadPath(t)
}

// TestAssemblyVEXOnly fails on a legacy-SSE instruction that touches an
// XMM register in the package's assembly (an SSE/AVX state transition or a
// merge with the upper half each while the upper YMM halves are dirty).
func TestAssemblyVEXOnly(t *testing.T) {
	testkit.CheckAssembly(t, "*_amd64.s", false)
}

// BenchmarkDepthRows times the depth tests of one piece of a small
// triangle (a 6×6 box at 4 samples, about a third covered) with the
// kernel and in Go, against depths the triangle passes (and writes) and
// depths it fails.
func BenchmarkDepthRows(b *testing.B) {
	const ns = 4
	v := [3]sv{{x: 3 * subOne, y: 3 * subOne, z: 0.25}, {x: 9*subOne - 40, y: 4*subOne + 17, z: 0.5}, {x: 4*subOne + 90, y: 9*subOne - 3, z: 0.75}}
	a2 := (v[1].x-v[0].x)*(v[2].y-v[0].y) - (v[1].y-v[0].y)*(v[2].x-v[0].x)
	var pr prim
	var exts []primExt
	if !pr.setupTriangle(&v[0], &v[1], &v[2], a2, ns, rect{0, 0, 32, 32}, &exts) {
		b.Fatal("no triangle")
	}
	x0, y0, wd, h := int(pr.x0), int(pr.y0), int(pr.x1-pr.x0), int(pr.y1-pr.y0)
	for _, asm := range []bool{true, false} {
		if asm && !useDepthAsm {
			continue
		}
		for _, pass := range []bool{true, false} {
			name := map[bool]string{true: "kernel", false: "go"}[asm] + map[bool]string{true: "/pass", false: "/fail"}[pass]
			b.Run(name, func(b *testing.B) {
				// Less-equal passes again over the depths it wrote.
				w := depthWorker(ns, CompareLessEqual, true, 0xf)
				zd := make([]float32, blockSize*blockSize*ns)
				if pass {
					for i := range zd {
						zd[i] = 1
					}
				}
				w.p.t.Depth = &DepthTarget{sampleStore: sampleStore[float32]{data: zd}}
				w.p.lay = newLayout(32, 32, ns, 1)
				setDepthBox(&w.dbox, &pr, x0, y0)
				setDepthKern(&w.dk, &w.dbox, &pr)
				var n uint64
				for b.Loop() {
					n += w.depthPiece(&pr, &w.dbox, asm, x0, y0, x0, y0, wd, h)
				}
				if n == 0 && pass {
					b.Fatal("nothing passes")
				}
			})
		}
	}
}
