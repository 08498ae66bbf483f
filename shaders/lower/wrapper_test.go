package lower_test

import (
	"context"
	"encoding/binary"
	"math"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/sema"
)

const wrapperSrc = `#include <metal_stdlib>
using namespace metal;
struct Light { float3 dir; float power; };
float shade(float3 n, Light l, thread float& count) {
    count += 1;
    return max(dot(n, l.dir), 0.0f) * l.power;
}
`

func findFunc(prog *sema.Program, name string) *sema.Func {
	for _, f := range prog.Funcs {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// TestFunctionWrapper calls a plain helper for several lanes through the
// wrapper record layout.
func TestFunctionWrapper(t *testing.T) {
	prog, err := compileMSL("w.metal", wrapperSrc, false)
	if err != nil {
		t.Fatal(err)
	}
	sf := findFunc(prog, "shade")
	res, err := lower.Function(prog, sf, lower.Options{})
	if err != nil {
		t.Fatal(err)
	}
	lay := res.Wrapper
	// n: float3 (16), Light (32), count float (4), result float (4)
	wantOffs := []int{0, 16, 48, 52}
	if len(lay.Fields) != 4 || lay.RecordSize != 64 {
		t.Fatalf("layout %+v", lay)
	}
	for i, fd := range lay.Fields {
		if fd.Offset != wantOffs[i] {
			t.Errorf("field %s at %d, want %d", fd.Name, fd.Offset, wantOffs[i])
		}
	}
	const n = 3
	buf := make([]byte, n*lay.RecordSize)
	put := func(rec, off int, x float32) {
		binary.LittleEndian.PutUint32(buf[rec*lay.RecordSize+off:], math.Float32bits(x))
	}
	get := func(rec, off int) float32 {
		return math.Float32frombits(binary.LittleEndian.Uint32(buf[rec*lay.RecordSize+off:]))
	}
	for r := 0; r < n; r++ {
		put(r, 0, 0)
		put(r, 4, 1)
		put(r, 8, 0)
		put(r, 16, 0)
		put(r, 20, float32(r)-1)
		put(r, 24, 0)
		put(r, 32, 2) // Light.power: after the 16-byte float3
		put(r, 48, 10)
	}
	mem, _ := exec.NewMemory(exec.Buffer{Addr: 0x1000, Data: buf})
	pl, err := exec.Compile(res.Program, res.Entry, exec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	err = pl.Run(context.Background(), exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{32, 1, 1}),
		Args: []uint64{0x1000}, Memory: mem})
	if err != nil {
		t.Fatal(err)
	}
	for r := 0; r < n; r++ {
		want := float32(math.Max(float64(r)-1, 0) * 2)
		if got := get(r, 52); got != want {
			t.Errorf("record %d: result %v, want %v", r, got, want)
		}
		if got := get(r, 48); got != 11 {
			t.Errorf("record %d: count %v, want 11", r, got)
		}
	}
}
