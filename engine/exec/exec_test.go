package exec_test

import (
	"context"
	"encoding/binary"
	"math"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/ir"
)

func f32bytes(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func bytesF32(b []byte) []float32 {
	v := make([]float32, len(b)/4)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v
}

func TestSaxpy(t *testing.T) {
	for _, n := range []int{1, 63, 64, 65, 1000} {
		x, y := make([]float32, n), make([]float32, n)
		for i := range x {
			x[i], y[i] = float32(i), float32(2*i+1)
		}
		xb, yb := exec.Buffer{Addr: 0x10000, Data: f32bytes(x), Name: "x"}, exec.Buffer{Addr: 0x10000000, Data: f32bytes(y), Name: "y"}
		mem, err := exec.NewMemory(xb, yb)
		if err != nil {
			t.Fatal(err)
		}
		pl, err := exec.Compile(buildSaxpy(), "saxpy", exec.Options{})
		if err != nil {
			t.Fatal(err)
		}
		err = pl.Run(context.Background(), exec.Dispatch{
			Grid:   exec.ThreadsGrid([3]uint32{uint32(n), 1, 1}, [3]uint32{256, 1, 1}),
			Args:   []uint64{ir.F32Value(3), xb.Addr, yb.Addr},
			Memory: mem,
		})
		if err != nil {
			t.Fatal(err)
		}
		got := bytesF32(yb.Data)
		for i := range got {
			if want := 3*x[i] + y[i]; got[i] != want {
				t.Fatalf("n=%d y[%d] = %v, want %v", n, i, got[i], want)
			}
		}
	}
}
