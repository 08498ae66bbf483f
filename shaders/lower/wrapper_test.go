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

// TestFunctionWrapperMethod calls a method: the receiver is the first
// record field and is written back.
func TestFunctionWrapperMethod(t *testing.T) {
	src := `#include <metal_stdlib>
using namespace metal;
struct Acc { int total; int bump(int d) { total += d; return total * 10; } };`
	prog, err := compileMSL("m.metal", src, false)
	if err != nil {
		t.Fatal(err)
	}
	res, err := lower.Function(prog, findFunc(prog, "bump"), lower.Options{})
	if err != nil {
		t.Fatal(err)
	}
	lay := res.Wrapper
	if len(lay.Fields) != 3 || lay.Fields[0].Kind != lower.FieldReceiver || lay.RecordSize != 12 {
		t.Fatalf("layout %+v", lay)
	}
	buf := make([]byte, 2*lay.RecordSize)
	for r := 0; r < 2; r++ {
		binary.LittleEndian.PutUint32(buf[r*12:], uint32(5*r))
		binary.LittleEndian.PutUint32(buf[r*12+4:], uint32(r+1))
	}
	mem, _ := exec.NewMemory(exec.Buffer{Addr: 0x1000, Data: buf})
	pl, err := exec.Compile(res.Program, res.Entry, exec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := pl.Run(context.Background(), exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{2, 1, 1}, [3]uint32{32, 1, 1}),
		Args: []uint64{0x1000}, Memory: mem}); err != nil {
		t.Fatal(err)
	}
	for r := 0; r < 2; r++ {
		total := binary.LittleEndian.Uint32(buf[r*12:])
		ret := binary.LittleEndian.Uint32(buf[r*12+8:])
		if want := uint32(5*r + r + 1); total != want || ret != 10*want {
			t.Errorf("record %d: total %d result %d, want %d and %d", r, total, ret, want, 10*want)
		}
	}
}
