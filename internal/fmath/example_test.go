package fmath_test

import (
	"fmt"

	"github.com/ingot-render/ingot/internal/fmath"
)

func ExampleFloat32ToHalf() {
	h := fmath.Float32ToHalf(1.0 / 3)
	fmt.Printf("%#04x %v\n", h, fmath.HalfToFloat32(h))
	fmt.Printf("%#04x\n", fmath.Float32ToHalf(70000))    // overflow → +inf
	fmt.Printf("%#04x\n", fmath.Float32ToHalfRTZ(70000)) // RTZ → max half
	// Output:
	// 0x3555 0.33325195
	// 0x7c00
	// 0x7bff
}

func ExampleFastExp2Lanes() {
	x := []float32{-1, 0, 0.5, 10}
	dst := make([]float32, len(x))
	fmath.FastExp2Lanes(dst, x)
	fmt.Println(dst)
	// Output: [0.5 1 1.4142135 1024]
}

func ExampleSinpi() {
	fmt.Println(fmath.Sinpi(1), fmath.Sinpi(-1), fmath.Sinpi(0.5), fmath.Cospi(0.5))
	// Output: 0 -0 1 0
}

func ExampleFma() {
	// a·b + c with one rounding: the tiny c survives, unlike a*b+c in float32.
	a := float32(1 + 0x1p-12)
	fmt.Println(fmath.Fma(a, a, -1), float32(a*a)-1) // the conversion forbids fusion
	// Output: 0.00048834085 0.00048828125
}

func ExampleAddSat() {
	fmt.Println(fmath.AddSat[int8](100, 100), fmath.SubSat[uint8](3, 5), fmath.Clz[uint16](1))
	// Output: 127 0 15
}

func ExamplePackUnorm4x8() {
	p := fmath.PackUnorm4x8([4]float32{1, 0.5, 0, 2})
	fmt.Printf("%#08x %v\n", p, fmath.UnpackUnorm4x8(p))
	// Output: 0xff0080ff [1 0.5019608 0 1]
}

func ExampleFloatToInt() {
	fmt.Println(fmath.FloatToInt[int8](300), fmath.FloatToInt[uint32](-5), fmath.FloatToInt[int32](-2.7))
	// Output: 127 0 -2
}

func ExampleLinearToSRGB8() {
	fmt.Println(fmath.LinearToSRGB8(0.5), fmath.SRGB8ToLinear(188))
	// Output: 188 0.5028865
}
