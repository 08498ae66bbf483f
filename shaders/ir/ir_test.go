package ir_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/ir"
)

var update = flag.Bool("update", false, "rewrite golden files")

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from golden:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// buildSample builds a small program with every kind of construct: a
// helper with an early return, a kernel with a loop, a switch, a function
// constant, memory and an intrinsic.
func buildSample() *ir.Program {
	fs := diag.NewFileSet()
	file := fs.AddFile("sample.metal", []byte("kernel void k() {\n  // line 2\n  // line 3\n}\n"))
	p := ir.NewProgram(fs)
	p.Constants = append(p.Constants, ir.FuncConstant{Name: "use_scale", Index: 0, Kind: ir.Bool},
		ir.FuncConstant{Name: "scale", Index: 1, Kind: ir.F32})
	sum := p.Intrinsic(ir.IntrinsicDecl{Name: "simd_sum.f32", Params: []ir.Kind{ir.F32}, Results: []ir.Kind{ir.F32}, Flags: ir.Convergent})

	h := ir.NewFunction(p, "clamp01", []ir.Kind{ir.F32}, []ir.Kind{ir.F32})
	h.Pos = file.Pos(18)
	x := h.Param(0)
	h.If(h.Binary(ir.OpLt, ir.F32, x, h.ConstF32(0)))
	h.Return(h.ConstF32(0))
	h.EndIf()
	h.Return(h.Binary(ir.OpMin, ir.F32, x, h.ConstF32(1)))
	if err := h.Finish(); err != nil {
		panic(err)
	}

	b := ir.NewFunction(p, "k", []ir.Kind{ir.U64}, nil)
	b.Fn.Kernel = true
	b.Pos = file.Pos(30)
	i := b.Builtin(ir.ThreadPositionInGrid)
	acc := b.Var(ir.F32, "acc")
	n := b.Var(ir.U32, "n")
	b.Set(acc, b.ConstF32(0))
	b.Set(n, b.ConstU32(0))
	b.Loop()
	b.If(b.Binary(ir.OpGe, ir.U32, n, b.ConstU32(4)))
	b.Break()
	b.EndIf()
	f := b.Conv(ir.F32, ir.U32, b.Binary(ir.OpAdd, ir.U32, n, i))
	b.Set(acc, b.Binary(ir.OpAdd, ir.F32, acc, b.Call(h.Fn, f)[0]))
	b.Continuing()
	b.Set(n, b.Binary(ir.OpAdd, ir.U32, n, b.ConstU32(1)))
	b.EndLoop()
	b.If(b.FuncConstDefined(1))
	b.If(b.FuncConst(0, ir.Bool))
	b.Set(acc, b.Binary(ir.OpMul, ir.F32, acc, b.FuncConst(1, ir.F32)))
	b.EndIf()
	b.EndIf()
	b.Switch(b.Binary(ir.OpAnd, ir.U32, i, b.ConstU32(3)))
	b.Case(0, 1)
	b.Set(acc, b.Unary(ir.OpNeg, ir.F32, acc))
	b.Break()
	b.Default()
	b.Set(acc, b.Intrinsic(sum, acc)[0])
	b.EndSwitch()
	off := b.Binary(ir.OpMul, ir.U64, b.Conv(ir.U64, ir.U32, i), b.ConstU64(4))
	b.Store(ir.Device, ir.F32, b.Binary(ir.OpAdd, ir.U64, b.Param(0), off), acc, 4)
	b.Return()
	if err := b.Finish(); err != nil {
		panic(err)
	}
	return p
}

func verify(t *testing.T, p *ir.Program) {
	t.Helper()
	if err := ir.Verify(p); err != nil {
		t.Fatalf("verify: %v\n%s", err, p)
	}
}

func TestPrintGolden(t *testing.T) {
	p := buildSample()
	verify(t, p)
	golden(t, "sample", p.String())
}

// TestPasses runs the pass pipeline the executor uses, verifying after
// every pass, and compares the result with a golden file.
func TestPasses(t *testing.T) {
	p := buildSample()
	q, err := ir.Specialize(p, map[int]uint64{0: 1, 1: uint64(ir.F32Value(2))})
	if err != nil {
		t.Fatal(err)
	}
	verify(t, q)
	if strings.Contains(q.String(), "funcconst") && !strings.Contains(q.String(), "funcconst #") {
		t.Error("function constants left after Specialize")
	}
	if !ir.Inline(q, ir.InlineOptions{}) {
		t.Error("Inline did nothing")
	}
	verify(t, q)
	ir.Simplify(q)
	verify(t, q)
	ir.AnalyzeUniformity(q)
	verify(t, q)
	golden(t, "sample_optimized", q.String())
	// The original is untouched.
	if p.String() != buildSample().String() {
		t.Error("Specialize modified its input")
	}
}

// TestDeterministic builds and optimizes twice and compares the text.
func TestDeterministic(t *testing.T) {
	run := func() string {
		p := buildSample()
		q, err := ir.Specialize(p, map[int]uint64{1: uint64(ir.F32Value(3))})
		if err != nil {
			t.Fatal(err)
		}
		ir.Inline(q, ir.InlineOptions{})
		ir.Simplify(q)
		ir.AnalyzeUniformity(q)
		return q.String()
	}
	if a, b := run(), run(); a != b {
		t.Fatalf("two compilations differ:\n%s\n---\n%s", a, b)
	}
}

func TestSpecializeDisables(t *testing.T) {
	p := buildSample()
	q, err := ir.Specialize(p, nil) // scale undefined: the scaling block goes away
	if err != nil {
		t.Fatal(err)
	}
	verify(t, q)
	if strings.Contains(q.Func("k").String(q), "mul f32") {
		t.Errorf("disabled code kept:\n%s", q)
	}
	if _, err := ir.Specialize(p, map[int]uint64{7: 1}); err == nil {
		t.Error("unknown constant index accepted")
	}
}

func TestUniformity(t *testing.T) {
	p := ir.NewProgram(nil)
	b := ir.NewFunction(p, "k", []ir.Kind{ir.U64, ir.U32}, nil)
	b.Fn.Kernel = true
	gid := b.Builtin(ir.ThreadPositionInGrid)
	tg := b.Builtin(ir.ThreadgroupPositionInGrid)
	u := b.Binary(ir.OpAdd, ir.U32, b.Param(1), tg)    // uniform
	v := b.Binary(ir.OpAdd, ir.U32, u, gid)            // varying
	lu := b.Load(ir.Device, ir.U32, b.Param(0), 4)     // uniform load
	lt := b.Load(ir.Thread, ir.U32, b.Alloca(4, 4), 4) // thread memory: varying
	uv := b.Var(ir.U32, "uv")                          // assigned uniformly
	vv := b.Var(ir.U32, "vv")                          // assigned under a varying if
	lv := b.Var(ir.U32, "lv")                          // assigned in a loop with a varying break
	b.Set(uv, u)
	b.If(b.Binary(ir.OpLt, ir.U32, v, b.ConstU32(3)))
	b.Set(vv, u)
	b.EndIf()
	b.Loop()
	b.If(b.Binary(ir.OpGt, ir.U32, lv, gid))
	b.Break()
	b.EndIf()
	b.Set(lv, b.Binary(ir.OpAdd, ir.U32, lv, b.ConstU32(1)))
	b.EndLoop()
	b.Store(ir.Device, ir.U32, b.Param(0), b.Binary(ir.OpAdd, ir.U32, lu, lt), 4)
	if err := b.Finish(); err != nil {
		t.Fatal(err)
	}
	ir.AnalyzeUniformity(p)
	want := map[ir.Reg]ir.Class{gid: ir.Varying, tg: ir.Uniform, u: ir.Uniform, v: ir.Varying, lu: ir.Uniform,
		lt: ir.Varying, uv: ir.Uniform, vv: ir.Varying, lv: ir.Varying, b.Param(0): ir.Uniform}
	for r, c := range want {
		if got := b.Fn.Reg(r).Class; got != c {
			t.Errorf("r%d: %v, want %v", r, got, c)
		}
	}
}

func TestVerifierRejects(t *testing.T) {
	cases := []struct {
		name  string
		build func(b *ir.Builder)
		want  string
	}{
		{"kind mismatch", func(b *ir.Builder) {
			b.Binary(ir.OpAdd, ir.F32, b.ConstF32(1), b.ConstU32(1))
		}, "operand"},
		{"break outside loop", func(b *ir.Builder) { b.Break() }, "break outside"},
		{"continue outside loop", func(b *ir.Builder) { b.Continue() }, "continue outside"},
		{"temp escapes if", func(b *ir.Builder) {
			b.If(b.ConstBool(true))
			x := b.ConstF32(1)
			b.EndIf()
			b.Unary(ir.OpNeg, ir.F32, x)
		}, "dominate"},
		{"temp in continuing", func(b *ir.Builder) {
			b.Loop()
			x := b.ConstU32(1)
			b.Break()
			b.Continuing()
			b.Unary(ir.OpNot, ir.U32, x)
			b.EndLoop()
		}, "dominate"},
		{"set temp", func(b *ir.Builder) { b.Set(b.ConstU32(1), b.ConstU32(2)) }, "not a variable"},
		{"float op on int", func(b *ir.Builder) { b.Unary(ir.OpSqrt, ir.U32, b.ConstU32(4)) }, "float"},
		{"store to constant", func(b *ir.Builder) { b.Store(ir.Constant, ir.U32, b.ConstU64(8), b.ConstU32(1), 4) }, "constant memory"},
		{"unclosed if", func(b *ir.Builder) { b.If(b.ConstBool(true)) }, "left open"},
		{"duplicate case", func(b *ir.Builder) {
			b.Switch(b.ConstU32(1))
			b.Case(1)
			b.Case(1)
			b.EndSwitch()
		}, "duplicate case"},
		{"return arity", func(b *ir.Builder) { b.Return(b.ConstU32(1)) }, "return"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := ir.NewProgram(nil)
			b := ir.NewFunction(p, "f", nil, nil)
			c.build(b)
			err := b.Finish()
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

func TestEvalSemantics(t *testing.T) {
	cases := []struct {
		op      ir.Op
		k, from ir.Kind
		a, b    uint64
		want    uint64
	}{
		{ir.OpAdd, ir.U8, 0, 250, 10, 4},
		{ir.OpAdd, ir.I8, 0, 127, 1, ir.Normalize(ir.I8, uint64(0x80))},
		{ir.OpDiv, ir.I32, 0, 7, 0, 0},
		{ir.OpDiv, ir.I32, 0, uint64(1<<63 | (1<<63 - 7)), 2, uint64(1<<64 - 3)},
		{ir.OpShl, ir.U32, 0, 1, 33, 2},
		{ir.OpShr, ir.I16, 0, ir.Normalize(ir.I16, 0x8000), 15, ir.Normalize(ir.I16, 0xffff)},
		{ir.OpConv, ir.I32, ir.F32, ir.F32Value(-3.7), 0, uint64(1<<64 - 3)},
		{ir.OpConv, ir.U8, ir.F32, ir.F32Value(300), 0, 255},
		{ir.OpConv, ir.I32, ir.F32, ir.F32Value(float32(nan())), 0, 0},
		{ir.OpConv, ir.F16, ir.F32, ir.F32Value(1.0009765625 + 1e-4), 0, ir.F32Value(1.0009765625)},
		{ir.OpBitcast, ir.U16, ir.F16, ir.F32Value(1), 0, 0x3c00},
		{ir.OpMin, ir.F32, 0, ir.F32Value(float32(nan())), ir.F32Value(2), ir.F32Value(2)},
		{ir.OpClz, ir.U32, 0, 1, 0, 31},
		{ir.OpPopcount, ir.U16, 0, 0xffff, 0, 16},
		{ir.OpReverseBits, ir.U32, 0, 1, 0, 0x80000000},
		{ir.OpReverseBits, ir.U16, 0, 0x0003, 0, 0xc000},
		{ir.OpReverseBits, ir.I8, 0, 1, 0, uint64(1<<64 - 128)},
		{ir.OpReverseBits, ir.U64, 0, 0x10, 0, 0x0800000000000000},
		{ir.OpLt, ir.I32, 0, uint64(1<<64 - 1), 0, 1},
		{ir.OpLt, ir.U32, 0, 0xffffffff, 0, 0},
		{ir.OpMulHi, ir.U32, 0, 0x80000000, 4, 2},
	}
	for _, c := range cases {
		if got := ir.Eval(c.op, c.k, c.from, c.a, c.b, 0); got != c.want {
			t.Errorf("%v %v(%#x, %#x) = %#x, want %#x", c.op, c.k, c.a, c.b, got, c.want)
		}
	}
}

// TestUniformityAcrossCalls: a parameter is uniform when every call passes
// a uniform value (through chains of calls too), varying when one call
// passes a varying value, and varying in a function no call reaches.
func TestUniformityAcrossCalls(t *testing.T) {
	p := ir.NewProgram(nil)
	leaf := ir.NewFunction(p, "leaf", []ir.Kind{ir.U32, ir.U32}, []ir.Kind{ir.U32})
	sum := leaf.Binary(ir.OpAdd, ir.U32, leaf.Param(0), leaf.Param(1))
	leaf.Return(sum)
	mid := ir.NewFunction(p, "mid", []ir.Kind{ir.U32, ir.U32}, []ir.Kind{ir.U32})
	r := mid.Call(leaf.Fn, mid.Param(0), mid.Param(1))
	mid.Return(r[0])
	orphan := ir.NewFunction(p, "orphan", []ir.Kind{ir.U32}, nil)
	orphan.Return()
	k := ir.NewFunction(p, "k", []ir.Kind{ir.U32}, nil)
	k.Fn.Kernel = true
	gid := k.Builtin(ir.ThreadPositionInGrid)
	k.Call(mid.Fn, k.Param(0), k.ConstU32(1)) // both uniform
	k.Call(leaf.Fn, k.Param(0), gid)          // second varying
	k.Return()
	for _, b := range []*ir.Builder{leaf, mid, orphan, k} {
		if err := b.Finish(); err != nil {
			t.Fatal(err)
		}
	}
	ir.AnalyzeUniformity(p)
	for _, tc := range []struct {
		name string
		b    *ir.Builder
		r    ir.Reg
		want ir.Class
	}{
		{"mid param 0", mid, mid.Param(0), ir.Uniform},
		{"mid param 1", mid, mid.Param(1), ir.Uniform},
		{"leaf param 0 (uniform at both calls)", leaf, leaf.Param(0), ir.Uniform},
		{"leaf param 1 (varying at one call)", leaf, leaf.Param(1), ir.Varying},
		{"leaf sum", leaf, sum, ir.Varying},
		{"mid call result", mid, r[0], ir.Varying},
		{"uncalled function's param", orphan, orphan.Param(0), ir.Varying},
	} {
		if got := tc.b.Fn.Reg(tc.r).Class; got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestUniformityFromEntry: rooted at the kernel, a call in a function no
// root reaches (left behind by inlining) does not make its callee's
// parameter varying, as it does when every function counts as an entry; a
// root that is not a kernel has varying parameters even where its callers
// pass uniform values.
func TestUniformityFromEntry(t *testing.T) {
	build := func() (p *ir.Program, leaf, dead, k *ir.Builder) {
		p = ir.NewProgram(nil)
		leaf = ir.NewFunction(p, "leaf", []ir.Kind{ir.U32}, []ir.Kind{ir.U32})
		leaf.Return(leaf.Binary(ir.OpAdd, ir.U32, leaf.Param(0), leaf.ConstU32(1)))
		dead = ir.NewFunction(p, "dead", []ir.Kind{ir.U32}, []ir.Kind{ir.U32})
		dr := dead.Call(leaf.Fn, dead.Param(0))
		dead.Return(dr[0])
		k = ir.NewFunction(p, "k", []ir.Kind{ir.U32}, nil)
		k.Fn.Kernel = true
		k.Call(leaf.Fn, k.Param(0))
		k.Return()
		for _, b := range []*ir.Builder{leaf, dead, k} {
			if err := b.Finish(); err != nil {
				t.Fatal(err)
			}
		}
		return p, leaf, dead, k
	}
	p, leaf, _, _ := build()
	ir.AnalyzeUniformity(p)
	if got := leaf.Fn.Reg(leaf.Param(0)).Class; got != ir.Varying {
		t.Errorf("whole program: leaf param %v, want varying (dead passes its varying parameter)", got)
	}
	p, leaf, dead, k := build()
	ir.AnalyzeUniformityFrom(p, p.FuncIndex(k.Fn))
	if got := leaf.Fn.Reg(leaf.Param(0)).Class; got != ir.Uniform {
		t.Errorf("from k: leaf param %v, want uniform (dead never runs)", got)
	}
	if got := dead.Fn.Reg(dead.Param(0)).Class; got != ir.Varying {
		t.Errorf("from k: unreached dead's param %v, want varying", got)
	}
	p, leaf, _, _ = build()
	ir.AnalyzeUniformityFrom(p, p.FuncIndex(leaf.Fn))
	if got := leaf.Fn.Reg(leaf.Param(0)).Class; got != ir.Varying {
		t.Errorf("from leaf: the root's param %v, want varying (not a kernel)", got)
	}
}
