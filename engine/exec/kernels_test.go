package exec_test

import (
	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// Hand-built IR kernels shared by the tests and benchmarks. Each mirrors
// what the MSL lowering would produce for the kernel in its comment.

// elemAddr returns base + zext(i)*size.
func elemAddr(b *ir.Builder, base, i ir.Reg, size uint64) ir.Reg {
	i64 := b.Conv(ir.U64, ir.U32, i)
	off := b.Binary(ir.OpMul, ir.U64, i64, b.ConstU64(size))
	return b.Binary(ir.OpAdd, ir.U64, base, off)
}

// buildSaxpy: kernel void saxpy(constant float& a, device const float* x,
// device float* y, uint i [[thread_position_in_grid]]) { y[i] = a*x[i] + y[i]; }
// (a is passed by value as a float parameter here).
func buildSaxpy() *ir.Program {
	p := ir.NewProgram(nil)
	b := ir.NewFunction(p, "saxpy", []ir.Kind{ir.F32, ir.U64, ir.U64}, nil)
	b.Fn.Kernel = true
	i := b.Builtin(ir.ThreadPositionInGrid)
	xa := elemAddr(b, b.Param(1), i, 4)
	ya := elemAddr(b, b.Param(2), i, 4)
	x := b.Load(ir.Device, ir.F32, xa, 4)
	y := b.Load(ir.Device, ir.F32, ya, 4)
	r := b.Binary(ir.OpAdd, ir.F32, b.Binary(ir.OpMul, ir.F32, b.Param(0), x), y)
	b.Store(ir.Device, ir.F32, ya, r, 4)
	b.Return()
	must(b.Finish())
	return p
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

// f32 helpers for hand-building arithmetic.
type fb struct{ *ir.Builder }

func (b fb) add(x, y ir.Reg) ir.Reg { return b.Binary(ir.OpAdd, ir.F32, x, y) }
func (b fb) sub(x, y ir.Reg) ir.Reg { return b.Binary(ir.OpSub, ir.F32, x, y) }
func (b fb) mul(x, y ir.Reg) ir.Reg { return b.Binary(ir.OpMul, ir.F32, x, y) }
func (b fb) f(x float32) ir.Reg     { return b.ConstF32(x) }
func (b fb) u(x uint32) ir.Reg      { return b.ConstU32(x) }

func (b fb) dot3(x, y [3]ir.Reg) ir.Reg {
	return b.add(b.add(b.mul(x[0], y[0]), b.mul(x[1], y[1])), b.mul(x[2], y[2]))
}

// normalize3 is x * (1/sqrt(dot(x,x))).
func (b fb) normalize3(x [3]ir.Reg) [3]ir.Reg {
	inv := b.Binary(ir.OpDiv, ir.F32, b.f(1), b.Unary(ir.OpSqrt, ir.F32, b.dot3(x, x)))
	return [3]ir.Reg{b.mul(x[0], inv), b.mul(x[1], inv), b.mul(x[2], inv)}
}

func (b fb) load3(base, i ir.Reg) [3]ir.Reg {
	a := elemAddr(b.Builder, base, i, 16) // float3: 16-byte stride
	var v [3]ir.Reg
	for c := range 3 {
		ac := b.Binary(ir.OpAdd, ir.U64, a, b.ConstU64(uint64(4*c)))
		v[c] = b.Load(ir.Device, ir.F32, ac, 4)
	}
	return v
}

// Blinn-Phong constants shared by the IR kernel and the native version.
var (
	bpLight = [3]float32{4, 5, 6}
	bpEye   = [3]float32{0, 0, 10}
	bpShine = float32(32)
)

// buildBlinnPhong: for each point i with position pos[i] and normal nrm[i]
// (float3 arrays), out[i] = float4(0.1 + 0.7*ndl + 0.5*pow(ndh, 32), 1)
// with l, v, h, n normalized; pow(x, s) = exp2(s*log2(x)) through the
// intrinsics "exp2.f32" and "log2.f32".
func buildBlinnPhong() *ir.Program {
	p := ir.NewProgram(nil)
	exp2 := p.Intrinsic(ir.IntrinsicDecl{Name: "exp2.f32", Params: []ir.Kind{ir.F32}, Results: []ir.Kind{ir.F32}, Flags: ir.UniformResult})
	log2 := p.Intrinsic(ir.IntrinsicDecl{Name: "log2.f32", Params: []ir.Kind{ir.F32}, Results: []ir.Kind{ir.F32}, Flags: ir.UniformResult})
	b := fb{ir.NewFunction(p, "blinn_phong", []ir.Kind{ir.U64, ir.U64, ir.U64}, nil)}
	b.Fn.Kernel = true
	i := b.Builtin(ir.ThreadPositionInGrid)
	pos := b.load3(b.Param(0), i)
	nrm := b.load3(b.Param(1), i)
	var l, v [3]ir.Reg
	for c := range 3 {
		l[c] = b.sub(b.f(bpLight[c]), pos[c])
		v[c] = b.sub(b.f(bpEye[c]), pos[c])
	}
	n := b.normalize3(nrm)
	l = b.normalize3(l)
	v = b.normalize3(v)
	h := b.normalize3([3]ir.Reg{b.add(l[0], v[0]), b.add(l[1], v[1]), b.add(l[2], v[2])})
	zero := b.f(0)
	ndl := b.Binary(ir.OpMax, ir.F32, b.dot3(n, l), zero)
	ndh := b.Binary(ir.OpMax, ir.F32, b.dot3(n, h), zero)
	lg := b.Intrinsic(log2, ndh)[0]
	spec := b.Intrinsic(exp2, b.mul(b.f(bpShine), lg))[0]
	c := b.add(b.add(b.f(0.1), b.mul(b.f(0.7), ndl)), b.mul(b.f(0.5), spec))
	out := elemAddr(b.Builder, b.Param(2), i, 16)
	for k, val := range []ir.Reg{c, c, c, b.f(1)} {
		b.Store(ir.Device, ir.F32, b.Binary(ir.OpAdd, ir.U64, out, b.ConstU64(uint64(4*k))), val, 4)
	}
	must(b.Finish())
	return p
}

// buildMandelbrot: out[y*w+x] = escape iteration count (max maxIter) of
// c = (x0 + x*dx, y0 + y*dy), a divergent loop.
func buildMandelbrot(w uint32, x0, y0, dx, dy float32, maxIter uint32) *ir.Program {
	p := ir.NewProgram(nil)
	b := fb{ir.NewFunction(p, "mandelbrot", []ir.Kind{ir.U64}, nil)}
	b.Fn.Kernel = true
	x := b.Builtin(ir.ThreadPositionInGrid)
	y := b.Builtin(ir.ThreadPositionInGrid.Component(1))
	cx := b.add(b.f(x0), b.mul(b.Conv(ir.F32, ir.U32, x), b.f(dx)))
	cy := b.add(b.f(y0), b.mul(b.Conv(ir.F32, ir.U32, y), b.f(dy)))
	zx, zy, it := b.Var(ir.F32, "zx"), b.Var(ir.F32, "zy"), b.Var(ir.U32, "i")
	b.Set(zx, b.f(0))
	b.Set(zy, b.f(0))
	b.Set(it, b.u(0))
	b.Loop()
	{
		b.If(b.Binary(ir.OpGe, ir.U32, it, b.u(maxIter)))
		b.Break()
		b.EndIf()
		xx, yy := b.mul(zx, zx), b.mul(zy, zy)
		b.If(b.Binary(ir.OpGt, ir.F32, b.add(xx, yy), b.f(4)))
		b.Break()
		b.EndIf()
		ny := b.add(b.mul(b.f(2), b.mul(zx, zy)), cy)
		b.Set(zx, b.add(b.sub(xx, yy), cx))
		b.Set(zy, ny)
		b.Set(it, b.Binary(ir.OpAdd, ir.U32, it, b.u(1)))
	}
	b.EndLoop()
	idx := b.Binary(ir.OpAdd, ir.U32, b.Binary(ir.OpMul, ir.U32, y, b.u(w)), x)
	b.Store(ir.Device, ir.U32, elemAddr(b.Builder, b.Param(0), idx, 4), it, 4)
	must(b.Finish())
	return p
}

func mandelNative(out []uint32, w, h uint32, x0, y0, dx, dy float32, maxIter uint32) {
	for y := uint32(0); y < h; y++ {
		cy := y0 + float32(y)*dy
		for x := uint32(0); x < w; x++ {
			cx := x0 + float32(x)*dx
			var zx, zy float32
			i := uint32(0)
			for ; i < maxIter; i++ {
				xx, yy := zx*zx, zy*zy
				if xx+yy > 4 {
					break
				}
				ny := 2*(zx*zy) + cy
				zx = xx - yy + cx
				zy = ny
			}
			out[y*w+x] = i
		}
	}
}

// buildReduction mirrors the lowering of the MSL reduce_sum kernel of
// engine/bench_kernels.metal, the way a threadgroup reduction is written
// for a GPU: each thread of a 256-thread threadgroup loads a float4 (four
// consecutive floats, scalarized into four loads at +0, +4, +8, +12) and
// sums it pairwise; simd_sum per SIMD-group; lane 0 of each SIMD-group
// writes its partial sum to threadgroup memory; a barrier; SIMD-group 0
// reads the (up to 8) partial sums (lane < 8 ? sums[lane] : 0), simd_sums
// them and thread 0 writes partial[group].
//
//	float4 v = in[gid];
//	float s = simd_sum((v.x + v.y) + (v.z + v.w));
//	if (lane == 0) sums[simd] = s;
//	threadgroup_barrier(mem_flags::mem_threadgroup);
//	if (simd == 0) {
//	    float t = lane < 8 ? sums[lane] : 0.0f;
//	    t = simd_sum(t);
//	    if (tid == 0) partial[group] = t;
//	}
func buildReduction() *ir.Program {
	p := ir.NewProgram(nil)
	sum := p.Intrinsic(mustDecl("simd_sum.f32"))
	bar := p.Intrinsic(mustDecl("threadgroup_barrier"))
	b := fb{ir.NewFunction(p, "reduce", []ir.Kind{ir.U64, ir.U64}, nil)}
	b.Fn.Kernel = true
	b.Fn.ThreadgroupMemory = 8 * 4
	gid := b.Builtin(ir.ThreadPositionInGrid)
	tid := b.Builtin(ir.ThreadIndexInThreadgroup)
	grp := b.Builtin(ir.ThreadgroupPositionInGrid)
	sg := b.Builtin(ir.SimdgroupIndexInThreadgroup)
	lid := b.Builtin(ir.ThreadIndexInSimdgroup)
	base := elemAddr(b.Builder, b.Param(0), gid, 16)
	var v [4]ir.Reg
	for k := range v {
		a := base
		if k > 0 {
			a = b.Binary(ir.OpAdd, ir.U64, base, b.ConstU64(uint64(4*k)))
		}
		v[k] = b.Load(ir.Device, ir.F32, a, 4)
	}
	s := b.Intrinsic(sum, b.add(b.add(v[0], v[1]), b.add(v[2], v[3])))[0]
	b.If(b.Binary(ir.OpEq, ir.U32, lid, b.u(0)))
	b.Store(ir.Threadgroup, ir.F32, b.Binary(ir.OpMul, ir.U64, b.Conv(ir.U64, ir.U32, sg), b.ConstU64(4)), s, 4)
	b.EndIf()
	b.Intrinsic(bar, b.u(2))
	b.If(b.Binary(ir.OpEq, ir.U32, sg, b.u(0)))
	{
		t := b.Var(ir.F32, "t")
		b.If(b.Binary(ir.OpLt, ir.U32, lid, b.u(8)))
		b.Set(t, b.Load(ir.Threadgroup, ir.F32, b.Binary(ir.OpMul, ir.U64, b.Conv(ir.U64, ir.U32, lid), b.ConstU64(4)), 4))
		b.Else()
		b.Set(t, b.f(0))
		b.EndIf()
		total := b.Intrinsic(sum, t)[0]
		b.If(b.Binary(ir.OpEq, ir.U32, tid, b.u(0)))
		b.Store(ir.Device, ir.F32, elemAddr(b.Builder, b.Param(1), grp, 4), total, 4)
		b.EndIf()
	}
	b.EndIf()
	must(b.Finish())
	return p
}

// reduceTG is the threadgroup size of buildReduction; each threadgroup
// sums 4*reduceTG floats.
const reduceTG = 256

// reduceNative is the scalar Go version of buildReduction: the same sums
// in the same order (so the results are bit-identical), one float at a
// time.
func reduceNative(out, in []float32) {
	const per = 4 * reduceTG
	for g := range out {
		blk := in[g*per : (g+1)*per]
		var total float32
		for s := 0; s < reduceTG/32; s++ {
			var acc float32
			sg := blk[s*128 : s*128+128]
			for t := 0; t < 128; t += 4 {
				acc += (sg[t] + sg[t+1]) + (sg[t+2] + sg[t+3])
			}
			total += acc
		}
		out[g] = total
	}
}

// reduceLoop sums each threadgroup's 4*reduceTG floats with one running
// sum (a different order from reduceNative, so not bit-identical).
func reduceLoop(out, in []float32) {
	const per = 4 * reduceTG
	for g := range out {
		var s float32
		for _, x := range in[g*per : (g+1)*per] {
			s += x
		}
		out[g] = s
	}
}

// buildReduction1024 is a naive variant: 1024 threads per threadgroup,
// one float per thread, simd_sum, partial sums through threadgroup memory,
// a barrier, SIMD-group 0 sums the partial sums; thread 0 writes
// out[group].
func buildReduction1024() *ir.Program {
	p := ir.NewProgram(nil)
	sum := p.Intrinsic(mustDecl("simd_sum.f32"))
	bar := p.Intrinsic(mustDecl("threadgroup_barrier"))
	b := fb{ir.NewFunction(p, "reduce", []ir.Kind{ir.U64, ir.U64}, nil)}
	b.Fn.Kernel = true
	b.Fn.ThreadgroupMemory = 32 * 4
	gid := b.Builtin(ir.ThreadPositionInGrid)
	tid := b.Builtin(ir.ThreadIndexInThreadgroup)
	sg := b.Builtin(ir.SimdgroupIndexInThreadgroup)
	lid := b.Builtin(ir.ThreadIndexInSimdgroup)
	nsg := b.Builtin(ir.SimdgroupsPerThreadgroup)
	grp := b.Builtin(ir.ThreadgroupPositionInGrid)
	v := b.Load(ir.Device, ir.F32, elemAddr(b.Builder, b.Param(0), gid, 4), 4)
	s := b.Intrinsic(sum, v)[0]
	b.If(b.Binary(ir.OpEq, ir.U32, lid, b.u(0)))
	b.Store(ir.Threadgroup, ir.F32, b.Binary(ir.OpMul, ir.U64, b.Conv(ir.U64, ir.U32, sg), b.ConstU64(4)), s, 4)
	b.EndIf()
	b.Intrinsic(bar, b.u(1))
	b.If(b.Binary(ir.OpEq, ir.U32, sg, b.u(0)))
	{
		part := b.Var(ir.F32, "part")
		b.Set(part, b.f(0))
		b.If(b.Binary(ir.OpLt, ir.U32, tid, nsg))
		b.Set(part, b.Load(ir.Threadgroup, ir.F32, b.Binary(ir.OpMul, ir.U64, b.Conv(ir.U64, ir.U32, tid), b.ConstU64(4)), 4))
		b.EndIf()
		total := b.Intrinsic(sum, part)[0]
		b.If(b.Binary(ir.OpEq, ir.U32, tid, b.u(0)))
		b.Store(ir.Device, ir.F32, elemAddr(b.Builder, b.Param(1), grp, 4), total, 4)
		b.EndIf()
	}
	b.EndIf()
	must(b.Finish())
	return p
}

// reduce1024Native is the scalar Go version of buildReduction1024, in the
// same order.
func reduce1024Native(out, in []float32, group int) {
	for g := range out {
		var parts [32]float32
		blk := in[g*group : (g+1)*group]
		for s := 0; s < group/32; s++ {
			var acc float32
			for _, x := range blk[s*32 : s*32+32] {
				acc += x
			}
			parts[s] = acc
		}
		var total float32
		for s := 0; s < 32; s++ {
			total += parts[s]
		}
		out[g] = total
	}
}

func mustDecl(name string) ir.IntrinsicDecl {
	d, ok := exec.BuiltinDecl(name)
	if !ok {
		panic("no built-in intrinsic " + name)
	}
	return d
}

// buildFib: out[i] = fib(i % 16) with a recursive fib (two calls, early
// return), exercising calls with divergent masks.
func buildFib() *ir.Program {
	p := ir.NewProgram(nil)
	fib := ir.NewFunction(p, "fib", []ir.Kind{ir.U32}, []ir.Kind{ir.U32})
	k := fb{ir.NewFunction(p, "fibk", []ir.Kind{ir.U64}, nil)}
	k.Fn.Kernel = true
	{
		b := fb{fib}
		n := b.Param(0)
		b.If(b.Binary(ir.OpLt, ir.U32, n, b.u(2)))
		b.Return(n)
		b.EndIf()
		a := b.Call(fib.Fn, b.Binary(ir.OpSub, ir.U32, n, b.u(1)))[0]
		c := b.Call(fib.Fn, b.Binary(ir.OpSub, ir.U32, n, b.u(2)))[0]
		b.Return(b.Binary(ir.OpAdd, ir.U32, a, c))
		must(b.Finish())
	}
	i := k.Builtin(ir.ThreadPositionInGrid)
	r := k.Call(fib.Fn, k.Binary(ir.OpRem, ir.U32, i, k.u(16)))[0]
	k.Store(ir.Device, ir.U32, elemAddr(k.Builder, k.Param(0), i, 4), r, 4)
	must(k.Finish())
	return p
}

func fibNative(n uint32) uint32 {
	if n < 2 {
		return n
	}
	return fibNative(n-1) + fibNative(n-2)
}

// buildSwitch: C switch with fallthrough, a break inside an if and a
// default in the middle.
//
//	uint x = 1;
//	switch (i % 7) {
//	case 0: x = 10; break;
//	case 1: case 2: x = 20;        // falls through
//	case 3: x += 5; break;
//	default: x = 99;               // falls through
//	case 4: if (i & 8) break; x += 7; break;
//	}
//	out[i] = x;
func buildSwitch() *ir.Program {
	p := ir.NewProgram(nil)
	b := fb{ir.NewFunction(p, "sw", []ir.Kind{ir.U64}, nil)}
	b.Fn.Kernel = true
	i := b.Builtin(ir.ThreadPositionInGrid)
	x := b.Var(ir.U32, "x")
	b.Set(x, b.u(1))
	b.Switch(b.Binary(ir.OpRem, ir.U32, i, b.u(7)))
	b.Case(0)
	b.Set(x, b.u(10))
	b.Break()
	b.Case(1, 2)
	b.Set(x, b.u(20))
	b.Case(3)
	b.Set(x, b.Binary(ir.OpAdd, ir.U32, x, b.u(5)))
	b.Break()
	b.Default()
	b.Set(x, b.u(99))
	b.Case(4)
	b.If(b.Binary(ir.OpNe, ir.U32, b.Binary(ir.OpAnd, ir.U32, i, b.u(8)), b.u(0)))
	b.Break()
	b.EndIf()
	b.Set(x, b.Binary(ir.OpAdd, ir.U32, x, b.u(7)))
	b.Break()
	b.EndSwitch()
	b.Store(ir.Device, ir.U32, elemAddr(b.Builder, b.Param(0), i, 4), x, 4)
	must(b.Finish())
	return p
}

func switchNative(i uint32) uint32 {
	x := uint32(1)
	switch i % 7 {
	case 0:
		x = 10
	case 1, 2:
		x = 20
		x += 5
	case 3:
		x += 5
	default:
		x = 99
		if i&8 != 0 {
			break
		}
		x += 7
	case 4:
		if i&8 != 0 {
			break
		}
		x += 7
	}
	return x
}

// buildEarlyReturn:
//
//	if (i % 3 == 0) { out[i] = 1; return; }
//	if (i % 5 == 0) return;
//	out[i] = 2;
func buildEarlyReturn() *ir.Program {
	p := ir.NewProgram(nil)
	b := fb{ir.NewFunction(p, "early", []ir.Kind{ir.U64}, nil)}
	b.Fn.Kernel = true
	i := b.Builtin(ir.ThreadPositionInGrid)
	a := elemAddr(b.Builder, b.Param(0), i, 4)
	b.If(b.Binary(ir.OpEq, ir.U32, b.Binary(ir.OpRem, ir.U32, i, b.u(3)), b.u(0)))
	b.Store(ir.Device, ir.U32, a, b.u(1), 4)
	b.Return()
	b.EndIf()
	b.If(b.Binary(ir.OpEq, ir.U32, b.Binary(ir.OpRem, ir.U32, i, b.u(5)), b.u(0)))
	b.Return()
	b.EndIf()
	b.Store(ir.Device, ir.U32, a, b.u(2), 4)
	must(b.Finish())
	return p
}

// buildNested: nested loops with break and continue at both levels.
//
//	uint acc = 0;
//	for (uint j = 0; j < 8; j++) {
//	  if (j % 4 == 3) continue;
//	  for (uint k = 0; ; k++) {
//	    if (k > j) break;
//	    if ((k + i) % 3 == 0) continue;
//	    acc += k * j + i;
//	  }
//	  if (acc > 40 + i % 50) break;
//	}
//	out[i] = acc;
func buildNested() *ir.Program {
	p := ir.NewProgram(nil)
	b := fb{ir.NewFunction(p, "nested", []ir.Kind{ir.U64}, nil)}
	b.Fn.Kernel = true
	i := b.Builtin(ir.ThreadPositionInGrid)
	acc, j, k := b.Var(ir.U32, "acc"), b.Var(ir.U32, "j"), b.Var(ir.U32, "k")
	add := func(x, y ir.Reg) ir.Reg { return b.Binary(ir.OpAdd, ir.U32, x, y) }
	rem := func(x ir.Reg, m uint32) ir.Reg { return b.Binary(ir.OpRem, ir.U32, x, b.u(m)) }
	b.Set(acc, b.u(0))
	b.Set(j, b.u(0))
	b.Loop()
	{
		b.If(b.Binary(ir.OpGe, ir.U32, j, b.u(8)))
		b.Break()
		b.EndIf()
		b.If(b.Binary(ir.OpEq, ir.U32, rem(j, 4), b.u(3)))
		b.Continue()
		b.EndIf()
		b.Set(k, b.u(0))
		b.Loop()
		{
			b.If(b.Binary(ir.OpGt, ir.U32, k, j))
			b.Break()
			b.EndIf()
			b.If(b.Binary(ir.OpEq, ir.U32, rem(add(k, i), 3), b.u(0)))
			b.Continue()
			b.EndIf()
			b.Set(acc, add(acc, add(b.Binary(ir.OpMul, ir.U32, k, j), i)))
		}
		b.Continuing()
		b.Set(k, add(k, b.u(1)))
		b.EndLoop()
		b.If(b.Binary(ir.OpGt, ir.U32, acc, add(b.u(40), rem(i, 50))))
		b.Break()
		b.EndIf()
	}
	b.Continuing()
	b.Set(j, add(j, b.u(1)))
	b.EndLoop()
	b.Store(ir.Device, ir.U32, elemAddr(b.Builder, b.Param(0), i, 4), acc, 4)
	must(b.Finish())
	return p
}

func nestedNative(i uint32) uint32 {
	acc := uint32(0)
	for j := uint32(0); j < 8; j++ {
		if j%4 == 3 {
			continue
		}
		for k := uint32(0); ; k++ {
			if k > j {
				break
			}
			if (k+i)%3 == 0 {
				continue
			}
			acc += k*j + i
		}
		if acc > 40+i%50 {
			break
		}
	}
	return acc
}
