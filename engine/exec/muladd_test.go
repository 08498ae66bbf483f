package exec_test

import (
	"math"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// buildMulAdds: with x = in[i], y = in[i+1], z = in[i+2]:
// out[5i..5i+4] = x*y + z, z + x*z, y*z - x, x - y*y, (x*x + z)*y + x
// (distinct products, each used once right before its add, so fused by
// the compiler; the last a chain of two).
func buildMulAdds() *ir.Program {
	p := ir.NewProgram(nil)
	b := fb{ir.NewFunction(p, "muladds", []ir.Kind{ir.U64, ir.U64}, nil)}
	b.Fn.Kernel = true
	i := b.Builtin(ir.ThreadPositionInGrid)
	ld := func(k uint32) ir.Reg {
		return b.Load(ir.Device, ir.F32, elemAddr(b.Builder, b.Param(0), b.Binary(ir.OpAdd, ir.U32, i, b.u(k)), 4), 4)
	}
	x, y, z := ld(0), ld(1), ld(2)
	r := []ir.Reg{
		b.add(b.mul(x, y), z),
		b.add(z, b.mul(x, z)),
		b.sub(b.mul(y, z), x),
		b.sub(x, b.mul(y, y)),
		b.add(b.mul(b.add(b.mul(x, x), z), y), x),
	}
	o := b.Binary(ir.OpMul, ir.U32, i, b.u(uint32(len(r))))
	for k, v := range r {
		b.Store(ir.Device, ir.F32, elemAddr(b.Builder, b.Param(1), b.Binary(ir.OpAdd, ir.U32, o, b.u(uint32(k))), 4), v, 4)
	}
	must(b.Finish())
	return p
}

// TestMulAddFusion: the fused multiply-adds round the product first, as
// the separate operations do (refexec and native Go agree bit for bit),
// on inputs where a fused multiply-add would differ.
func TestMulAddFusion(t *testing.T) {
	const n = 200
	in := make([]float32, n+2)
	for k := range in {
		in[k] = 1 + float32(k%7)/(1<<12)
		if k%3 == 2 {
			in[k] = -1 - float32(k%5)/(1<<20)
		}
	}
	runCases(t, []kcase{{
		name: "muladds", prog: buildMulAdds, entry: "muladds",
		grid: exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{64, 1, 1}),
		bufs: func() []exec.Buffer {
			return []exec.Buffer{{Addr: 0x1000, Data: f32bytes(in)}, {Addr: 0x100000, Data: make([]byte, 4*5*n)}}
		},
		args: addrArgs,
		check: func(t *testing.T, b []exec.Buffer) {
			got := bytesF32(b[1].Data)
			for i := 0; i < n; i++ {
				x, y, z := in[i], in[i+1], in[i+2]
				xy, xz, yz, yy, xx := float32(x*y), float32(x*z), float32(y*z), float32(y*y), float32(x*x)
				want := []float32{xy + z, z + xz, yz - x, x - yy, float32(float32(xx+z)*y) + x}
				for k, w := range want {
					if got[5*i+k] != w {
						t.Fatalf("thread %d result %d: %v, want %v", i, k, got[5*i+k], w)
					}
				}
			}
		},
	}})
	pl, err := exec.Compile(buildMulAdds(), "muladds", exec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := exec.MulAddOps(pl); n != 6 {
		t.Errorf("%d fused multiply-adds compiled, want 6", n)
	}
}

// buildSunkMulAdds: with x = in[i], y = in[i+1], z = in[i+2]: the
// products x*y, y*z, z*x computed first and the sums after them, as
// vector code is scalarized (out[4i..4i+2] = x*y + z, x + y*z, z*x - y,
// each fused after its product moves down), and out[4i+3] = v*y + x with
// the variable v (x where x > 0, else y) assigned z where y < 0 between
// the product and the sum (the product must stay where it is: the sum
// reads v*y, not z*y), written again plus v.
func buildSunkMulAdds() *ir.Program {
	p := ir.NewProgram(nil)
	b := fb{ir.NewFunction(p, "sunk", []ir.Kind{ir.U64, ir.U64}, nil)}
	b.Fn.Kernel = true
	i := b.Builtin(ir.ThreadPositionInGrid)
	ld := func(k uint32) ir.Reg {
		return b.Load(ir.Device, ir.F32, elemAddr(b.Builder, b.Param(0), b.Binary(ir.OpAdd, ir.U32, i, b.u(k)), 4), 4)
	}
	x, y, z := ld(0), ld(1), ld(2)
	v := b.Var(ir.F32, "v")
	b.If(b.Binary(ir.OpLt, ir.F32, b.f(0), x))
	b.Set(v, x)
	b.Else()
	b.Set(v, y)
	b.EndIf()
	xy, yz, zx := b.mul(x, y), b.mul(y, z), b.mul(z, x)
	vy := b.mul(v, y)
	b.If(b.Binary(ir.OpLt, ir.F32, y, b.f(0)))
	b.Set(v, z)
	b.EndIf()
	r := []ir.Reg{b.add(xy, z), b.add(x, yz), b.sub(zx, y), b.add(vy, x)}
	o := b.Binary(ir.OpMul, ir.U32, i, b.u(uint32(len(r))))
	for k, val := range r {
		b.Store(ir.Device, ir.F32, elemAddr(b.Builder, b.Param(1), b.Binary(ir.OpAdd, ir.U32, o, b.u(uint32(k))), 4), val, 4)
	}
	b.Store(ir.Device, ir.F32, elemAddr(b.Builder, b.Param(1), b.Binary(ir.OpAdd, ir.U32, o, b.u(3)), 4), b.add(r[3], v), 4)
	must(b.Finish())
	return p
}

// TestSunkMulAddFusion: products computed ahead of their sums fuse with
// them (three of the four), with the same bits as the separate ops; a
// product whose operand is reassigned before its sum is not moved.
func TestSunkMulAddFusion(t *testing.T) {
	const n = 130
	in := make([]float32, n+2)
	for k := range in {
		in[k] = 1 + float32(k%11)/(1<<13)
		if k%4 == 1 {
			in[k] = -3 - float32(k%3)/(1<<18)
		}
	}
	runCases(t, []kcase{{
		name: "sunk", prog: buildSunkMulAdds, entry: "sunk",
		grid: exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{64, 1, 1}),
		bufs: func() []exec.Buffer {
			return []exec.Buffer{{Addr: 0x1000, Data: f32bytes(in)}, {Addr: 0x100000, Data: make([]byte, 4*4*n)}}
		},
		args: addrArgs,
		check: func(t *testing.T, b []exec.Buffer) {
			got := bytesF32(b[1].Data)
			for i := 0; i < n; i++ {
				x, y, z := in[i], in[i+1], in[i+2]
				xy, yz, zx := float32(x*y), float32(y*z), float32(z*x)
				v := y
				if x > 0 {
					v = x
				}
				w3 := float32(v*y) + x
				if y < 0 {
					v = z
				}
				want := []float32{xy + z, x + yz, zx - y, w3 + v}
				for k, w := range want {
					if got[4*i+k] != w {
						t.Fatalf("thread %d result %d: %v, want %v", i, k, got[4*i+k], w)
					}
				}
			}
		},
	}})
	pl, err := exec.Compile(buildSunkMulAdds(), "sunk", exec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := exec.FusedOps(pl); n != 3 {
		t.Errorf("%d fused multiply-adds compiled, want 3", n)
	}
}

// buildHashSteps: with x = in[i] (uint32): out[5i..5i+4] = x ^ (x *
// 0x3d20adea), (0x05526c56 * x) ^ x, x ^ (x >> 16), the signed x >> 15
// xored with x (an arithmetic shift: not a hash step), and x ^ (x *
// 0x53a22864) + (x + 7) with the product computed before the unrelated
// x + 7.
func buildHashSteps() *ir.Program {
	p := ir.NewProgram(nil)
	b := fb{ir.NewFunction(p, "hash", []ir.Kind{ir.U64, ir.U64}, nil)}
	b.Fn.Kernel = true
	i := b.Builtin(ir.ThreadPositionInGrid)
	x := b.Load(ir.Device, ir.U32, elemAddr(b.Builder, b.Param(0), i, 4), 4)
	xs := b.Conv(ir.I32, ir.U32, x)
	late := b.Binary(ir.OpMul, ir.U32, x, b.u(0x53a22864))
	other := b.Binary(ir.OpAdd, ir.U32, x, b.u(7))
	r := []ir.Reg{
		b.Binary(ir.OpXor, ir.U32, x, b.Binary(ir.OpMul, ir.U32, x, b.u(0x3d20adea))),
		b.Binary(ir.OpXor, ir.U32, b.Binary(ir.OpMul, ir.U32, b.u(0x05526c56), x), x),
		b.Binary(ir.OpXor, ir.U32, x, b.Binary(ir.OpShr, ir.U32, x, b.u(16))),
		b.Conv(ir.U32, ir.I32, b.Binary(ir.OpXor, ir.I32, xs, b.Binary(ir.OpShr, ir.I32, xs, b.Const(ir.I32, 15)))),
		b.Binary(ir.OpAdd, ir.U32, b.Binary(ir.OpXor, ir.U32, late, x), other),
	}
	o := b.Binary(ir.OpMul, ir.U32, i, b.u(uint32(len(r))))
	for k, v := range r {
		b.Store(ir.Device, ir.U32, elemAddr(b.Builder, b.Param(1), b.Binary(ir.OpAdd, ir.U32, o, b.u(uint32(k))), 4), v, 4)
	}
	must(b.Finish())
	return p
}

// TestHashStepFusion: multiply-xor and logical xorshift steps run as one
// op each (four here; the arithmetic shift stays apart), with the bits of
// the separate ops.
func TestHashStepFusion(t *testing.T) {
	const n = 150
	in := make([]uint32, n)
	s := uint32(12345)
	for k := range in {
		s = s*1664525 + 1013904223
		in[k] = s
	}
	in[0], in[1], in[2] = 0, 0xffffffff, 0x80000000
	runCases(t, []kcase{{
		name: "hash", prog: buildHashSteps, entry: "hash",
		grid: exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{64, 1, 1}),
		bufs: func() []exec.Buffer {
			return []exec.Buffer{{Addr: 0x1000, Data: u32bytes(in)}, {Addr: 0x100000, Data: make([]byte, 4*5*n)}}
		},
		args: addrArgs,
		check: func(t *testing.T, b []exec.Buffer) {
			got := bytesU32(b[1].Data)
			for i, x := range in {
				want := []uint32{x ^ (x * 0x3d20adea), (0x05526c56 * x) ^ x, x ^ (x >> 16), uint32(int32(x) ^ (int32(x) >> 15)),
					(x ^ (x * 0x53a22864)) + x + 7}
				for k, w := range want {
					if got[5*i+k] != w {
						t.Fatalf("thread %d result %d: %#x, want %#x", i, k, got[5*i+k], w)
					}
				}
			}
		},
	}})
	pl, err := exec.Compile(buildHashSteps(), "hash", exec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := exec.FusedOps(pl); n != 4 {
		t.Errorf("%d fused hash steps compiled, want 4", n)
	}
}

// buildClampsAndSets: with x = in[i], y = in[i+1], z = in[i+2]:
// out[4i] = clamp(x, y, z), out[4i+1] = min(max(x, 0.25), 2) (two clamps,
// fused), out[4i+2] = min(y, max(x, z)) (the max as the min's second
// operand: not fused); and
// variables u, v, w, assigned values computed before "if x < y" together
// in both arms (a move group per arm), out[4i+3] = u + v*w.
func buildClampsAndSets() *ir.Program {
	p := ir.NewProgram(nil)
	b := fb{ir.NewFunction(p, "clamps", []ir.Kind{ir.U64, ir.U64}, nil)}
	b.Fn.Kernel = true
	i := b.Builtin(ir.ThreadPositionInGrid)
	ld := func(k uint32) ir.Reg {
		return b.Load(ir.Device, ir.F32, elemAddr(b.Builder, b.Param(0), b.Binary(ir.OpAdd, ir.U32, i, b.u(k)), 4), 4)
	}
	x, y, z := ld(0), ld(1), ld(2)
	minf := func(a, c ir.Reg) ir.Reg { return b.Binary(ir.OpMin, ir.F32, a, c) }
	maxf := func(a, c ir.Reg) ir.Reg { return b.Binary(ir.OpMax, ir.F32, a, c) }
	u, v, w := b.Var(ir.F32, "u"), b.Var(ir.F32, "v"), b.Var(ir.F32, "w")
	s1, p1, d1 := b.add(x, y), b.mul(y, z), b.sub(z, x)
	s2, d2, p2 := b.sub(x, y), b.add(y, z), b.mul(z, x)
	b.If(b.Binary(ir.OpLt, ir.F32, x, y))
	b.Set(u, s1)
	b.Set(v, p1)
	b.Set(w, d1)
	b.Else()
	b.Set(u, s2)
	b.Set(v, d2)
	b.Set(w, p2)
	b.EndIf()
	r := []ir.Reg{
		minf(maxf(x, y), z),
		minf(maxf(x, b.f(0.25)), b.f(2)),
		minf(y, maxf(x, z)),
		b.add(u, b.mul(v, w)),
	}
	o := b.Binary(ir.OpMul, ir.U32, i, b.u(uint32(len(r))))
	for k, v := range r {
		b.Store(ir.Device, ir.F32, elemAddr(b.Builder, b.Param(1), b.Binary(ir.OpAdd, ir.U32, o, b.u(uint32(k))), 4), v, 4)
	}
	must(b.Finish())
	return p
}

// TestClampFusionAndMoveGroups: the fused clamps and the grouped variable
// assignments give the bits of the separate ops (refexec), NaNs, signed
// zeros and infinities included, on diverged and whole batches.
func TestClampFusionAndMoveGroups(t *testing.T) {
	const n = 300
	vals := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.5, 3, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 0.2, -0.75}
	in := make([]float32, n+2)
	for k := range in {
		in[k] = vals[(k*7+k/11)%len(vals)]
	}
	fmin := func(a, b float32) float32 {
		switch {
		case a != a:
			return b
		case b != b:
			return a
		}
		return min(a, b)
	}
	fmax := func(a, b float32) float32 {
		switch {
		case a != a:
			return b
		case b != b:
			return a
		}
		return max(a, b)
	}
	runCases(t, []kcase{{
		name: "clamps", prog: buildClampsAndSets, entry: "clamps",
		grid: exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{64, 1, 1}),
		bufs: func() []exec.Buffer {
			return []exec.Buffer{{Addr: 0x1000, Data: f32bytes(in)}, {Addr: 0x100000, Data: make([]byte, 4*4*n)}}
		},
		args: addrArgs,
		check: func(t *testing.T, b []exec.Buffer) {
			got := bytesF32(b[1].Data)
			for i := 0; i < n; i++ {
				x, y, z := in[i], in[i+1], in[i+2]
				u, v, w := x-y, y+z, z*x
				if x < y {
					u, v, w = x+y, y*z, z-x
				}
				want := []float32{fmin(fmax(x, y), z), fmin(fmax(x, 0.25), 2), fmin(y, fmax(x, z)), u + float32(v*w)}
				for k, wv := range want {
					if g := got[4*i+k]; math.Float32bits(g) != math.Float32bits(wv) && !(g != g && wv != wv) {
						t.Fatalf("thread %d result %d: %v, want %v", i, k, g, wv)
					}
				}
			}
		},
	}})
	pl, err := exec.Compile(buildClampsAndSets(), "clamps", exec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if k := exec.CountOps(pl, "clamp"); k != 2 {
		t.Errorf("%d fused clamps compiled, want 2", k)
	}
	// The then arm writes every lane (the else lanes assign the variables
	// after it): one copy group; the else arm one masked move group.
	if k, m := exec.CountOps(pl, "copyN"), exec.CountOps(pl, "setN"); k != 1 || m != 1 {
		t.Errorf("%d copy groups and %d masked move groups compiled, want 1 and 1", k, m)
	}
}
