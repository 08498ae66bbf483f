package exec_test

import (
	"math"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/exec/refexec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// Test-only stand-ins for exp2/log2 (internal/fmath will provide the real
// ones): short polynomials, the same for the VM, the reference interpreter
// and the native baselines, so results compare bit for bit.

func exp2Poly(x float32) float32 {
	if x < -126 {
		x = -126
	}
	if x > 126 {
		x = 126
	}
	fi := float32(math.Floor(float64(x)))
	f := x - fi
	p := float32(1.8775767e-3)
	p = p*f + 8.9893397e-3
	p = p*f + 5.5826318e-2
	p = p*f + 2.4015361e-1
	p = p*f + 6.9315308e-1
	p = p*f + 0.99999994
	return p * math.Float32frombits(uint32(int32(fi)+127)<<23)
}

func log2Poly(x float32) float32 {
	if !(x > 0) {
		return float32(math.Inf(-1))
	}
	bits := math.Float32bits(x)
	e := float32(int32(bits>>23&0xff) - 127)
	m := math.Float32frombits(bits&0x7fffff | 0x3f800000)
	t := (m - 1) / (m + 1)
	t2 := t * t
	p := float32(2.0 / 9)
	p = p*t2 + 2.0/7
	p = p*t2 + 2.0/5
	p = p*t2 + 2.0/3
	p = p*t2 + 2
	return e + p*t*1.442695
}

func exp2Lanes(c *exec.Call) error {
	a, d := c.ArgF32(0), c.ResF32(0)
	for i := range d {
		d[i] = exp2Poly(a[i])
	}
	return nil
}

func log2Lanes(c *exec.Call) error {
	a, d := c.ArgF32(0), c.ResF32(0)
	for i := range d {
		d[i] = log2Poly(a[i])
	}
	return nil
}

var mathIntrinsics = exec.Intrinsics{"exp2.f32": exp2Lanes, "log2.f32": log2Lanes}

var refMath = map[string]refexec.ScalarIntrinsic{
	"exp2.f32": func(a []uint64) ([]uint64, error) { return []uint64{ir.F32Value(exp2Poly(ir.AsF32(a[0])))}, nil },
	"log2.f32": func(a []uint64) ([]uint64, error) { return []uint64{ir.F32Value(log2Poly(ir.AsF32(a[0])))}, nil },
}
