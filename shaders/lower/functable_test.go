package lower_test

import (
	"context"
	"encoding/binary"
	"math"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/stdlib"
)

// TestVisibleFunctionTable calls [[visible]] functions through a table
// whose entries a toy intrinsic resolves with Result.FunctionIDs.
func TestVisibleFunctionTable(t *testing.T) {
	src := `#include <metal_stdlib>
using namespace metal;
[[visible]] float inc(float x) { return x + 1; }
[[visible]] float dbl(float x) { return x * 2; }
kernel void k(device float* out [[buffer(0)]], visible_function_table<float(float)> table [[buffer(1)]],
              uint id [[thread_position_in_grid]]) {
    out[id] = table[id % 2](out[id]) + float(table.size());
}`
	prog, err := compileMSL("vft.metal", src, false)
	if err != nil {
		t.Fatal(err)
	}
	res, err := lower.Entry(prog, prog.Lookup("k"), lower.Options{})
	if err != nil {
		t.Fatal(err)
	}
	slots := []uint64{res.FunctionIDs["dbl"], res.FunctionIDs["inc"]} // table contents
	if slots[0] == 0 || slots[1] == 0 {
		t.Fatalf("function ids %v", res.FunctionIDs)
	}
	intr := exec.Intrinsics{
		stdlib.FuncTableGet: func(c *exec.Call) error {
			for l := 0; l < c.W; l++ {
				c.SetResult(0, l, slots[c.ArgValue(1, l)%2])
			}
			return nil
		},
		stdlib.FuncTableSize: func(c *exec.Call) error {
			for l := 0; l < c.W; l++ {
				c.SetResult(0, l, 2)
			}
			return nil
		},
	}
	out := make([]byte, 16)
	for i := 0; i < 4; i++ {
		binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(float32(i+10)))
	}
	mem, _ := exec.NewMemory(exec.Buffer{Addr: 0x1000, Data: out})
	args := make([]uint64, len(res.Bindings))
	args[0], args[1] = 0x1000, 77
	pl, err := exec.Compile(res.Program, res.Entry, exec.Options{Intrinsics: intr})
	if err != nil {
		t.Fatal(err)
	}
	if err := pl.Run(context.Background(), exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{4, 1, 1}, [3]uint32{4, 1, 1}), Args: args, Memory: mem}); err != nil {
		t.Fatal(err)
	}
	want := []float32{22, 14, 26, 16} // dbl(10)+2, inc(11)+2, dbl(12)+2, inc(13)+2
	for i, w := range want {
		if g := math.Float32frombits(binary.LittleEndian.Uint32(out[4*i:])); g != w {
			t.Errorf("out[%d] = %v, want %v", i, g, w)
		}
	}
}
