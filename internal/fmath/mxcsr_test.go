package fmath

import (
	"math"
	"runtime"
	"testing"
)

//go:noinline
func mulNoFold(a, b float32) float32 { return a * b }

// TestMXCSR checks the helper against the hardware's behaviour: the DE
// flag is raised by a denormal operand and not by normal ones, and with
// FTZ|DAZ a denormal operand reads as zero.
func TestMXCSR(t *testing.T) {
	if !HasMXCSR {
		t.Skip("no MXCSR on this architecture")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	old := MXCSR()
	defer SetMXCSR(old)
	if old&^MXCSRFlags != MXCSRDefault {
		t.Fatalf("MXCSR control bits %#x, want %#x", old&^MXCSRFlags, MXCSRDefault)
	}
	den := math.Float32frombits(1) // the smallest denormal
	cases := []struct {
		name    string
		control uint32
		a       float32
		wantDE  bool
		want    float32
	}{
		{"normal operands", MXCSRDefault, 1.5, false, 3},
		{"denormal operand", MXCSRDefault, den, true, den * 2},
		{"denormal operand, DAZ|FTZ", MXCSRDefault | MXCSRDenormalsZero | MXCSRFlushToZero, den, false, 0},
	}
	for _, c := range cases {
		SetMXCSR(c.control)
		got := mulNoFold(c.a, 2)
		st := MXCSR()
		SetMXCSR(old)
		if de := st&MXCSRDenormalFlag != 0; de != c.wantDE {
			t.Errorf("%s: DE flag %v, want %v (MXCSR %#x)", c.name, de, c.wantDE, st)
		}
		if math.Float32bits(got) != math.Float32bits(c.want) {
			t.Errorf("%s: %g*2 = %g, want %g", c.name, c.a, got, c.want)
		}
	}
}
