package exec_test

import (
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
