package lower_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/exec/refexec"
	"github.com/ingot-render/ingot/internal/fmath"
	"github.com/ingot-render/ingot/shaders/lower"
)

// diffN is the number of random inputs per function.
const diffN = 256

// runExpr compiles "out[i] = EXPR" over typed inputs a, b, c and returns
// the output words from exec and from refexec.
func runExpr(t *testing.T, precise bool, inType, outType, expr string, ins [3][]uint32) ([]uint32, []uint32) {
	t.Helper()
	return runExprPrecise(t, precise, "", inType, outType, expr, ins)
}

// runExprSrc is runExpr with helper functions defined in prelude.
func runExprSrc(t *testing.T, prelude, inType, outType, expr string, ins [3][]uint32) ([]uint32, []uint32) {
	t.Helper()
	return runExprPrecise(t, true, prelude, inType, outType, expr, ins)
}

func runExprPrecise(t *testing.T, precise bool, prelude, inType, outType, expr string, ins [3][]uint32) ([]uint32, []uint32) {
	t.Helper()
	src := fmt.Sprintf(`#include <metal_stdlib>
using namespace metal;
%[4]s
kernel void k(device const %[1]s* a [[buffer(0)]], device const %[1]s* b [[buffer(1)]], device const %[1]s* c [[buffer(2)]],
              device %[2]s* out [[buffer(3)]], uint i [[thread_position_in_grid]]) {
    out[i] = %[3]s;
}
`, inType, outType, expr, prelude)
	prog, err := compileMSL("diff.metal", src, precise)
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	res, err := lower.Entry(prog, prog.Lookup("k"), lower.Options{})
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	var outs [2][]uint32
	for run := range 2 {
		var bufs []exec.Buffer
		args := make([]uint64, 4)
		for i := 0; i < 3; i++ {
			data := make([]byte, 4*diffN)
			for j := 0; j < diffN && ins[i] != nil; j++ {
				binary.LittleEndian.PutUint32(data[4*j:], ins[i][j])
			}
			args[i] = uint64(0x10000 * (i + 1))
			bufs = append(bufs, exec.Buffer{Addr: args[i], Data: data})
		}
		out := make([]byte, 4*diffN)
		args[3] = 0x50000
		bufs = append(bufs, exec.Buffer{Addr: args[3], Data: out})
		mem, _ := exec.NewMemory(bufs...)
		d := exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{diffN, 1, 1}, [3]uint32{64, 1, 1}), Args: args, Memory: mem}
		if run == 0 {
			pl, err := exec.Compile(res.Program, res.Entry, exec.Options{})
			if err != nil {
				t.Fatalf("%s: %v", expr, err)
			}
			err = pl.Run(context.Background(), d)
			if err != nil {
				t.Fatalf("%s: exec: %v", expr, err)
			}
		} else if err := refexec.Run(context.Background(), res.Program, res.Entry, d, refexec.Options{}); err != nil {
			t.Fatalf("%s: refexec: %v", expr, err)
		}
		outs[run] = make([]uint32, diffN)
		for j := range outs[run] {
			outs[run][j] = binary.LittleEndian.Uint32(out[4*j:])
		}
	}
	return outs[0], outs[1]
}

func f32s(xs []float32) []uint32 {
	out := make([]uint32, len(xs))
	for i, x := range xs {
		out[i] = math.Float32bits(x)
	}
	return out
}

// ulps is the distance of got from the exact value ref in units of the
// last place of float32 at ref.
func ulps(got float32, ref float64) float64 {
	if math.IsNaN(ref) {
		if got != got {
			return 0
		}
		return math.Inf(1)
	}
	if math.IsInf(ref, 0) || math.Abs(ref) > math.MaxFloat32 {
		if float64(got) == ref || math.IsInf(float64(got), 0) && math.Signbit(float64(got)) == math.Signbit(ref) {
			return 0
		}
		return math.Inf(1)
	}
	r32 := float32(ref)
	u := math.Abs(float64(math.Nextafter32(r32, float32(math.Inf(1)))) - float64(r32))
	if r32 == 0 || math.Abs(ref) < 0x1p-126 {
		u = 0x1p-149
	}
	return math.Abs(float64(got)-ref) / u
}

func randIn(r *rand.Rand, lo, hi float64) float32 { return float32(lo + (hi-lo)*r.Float64()) }

type floatCase struct {
	expr   string
	lo, hi float64
	ref    func(a, b, c float64) float64
	ulp    float64
}

// TestStdlibFloatDiff compares the precise float functions with float64
// references on random inputs, on both executors.
func TestStdlibFloatDiff(t *testing.T) {
	cases := []floatCase{
		{"sin(a[i])", -100, 100, func(a, _, _ float64) float64 { return math.Sin(a) }, 1},
		{"cos(a[i])", -100, 100, func(a, _, _ float64) float64 { return math.Cos(a) }, 1},
		{"tan(a[i])", -1.5, 1.5, func(a, _, _ float64) float64 { return math.Tan(a) }, 1},
		{"asin(a[i])", -1, 1, func(a, _, _ float64) float64 { return math.Asin(a) }, 1},
		{"acos(a[i])", -1, 1, func(a, _, _ float64) float64 { return math.Acos(a) }, 1},
		{"atan(a[i])", -50, 50, func(a, _, _ float64) float64 { return math.Atan(a) }, 1},
		{"atan2(a[i], b[i])", -50, 50, func(a, b, _ float64) float64 { return math.Atan2(a, b) }, 1},
		{"sqrt(a[i])", 0, 1e6, func(a, _, _ float64) float64 { return math.Sqrt(a) }, 0.5},
		{"rsqrt(a[i])", 1e-3, 1e6, func(a, _, _ float64) float64 { return 1 / math.Sqrt(a) }, 1},
		{"exp(a[i])", -80, 80, func(a, _, _ float64) float64 { return math.Exp(a) }, 2},
		{"exp2(a[i])", -120, 120, func(a, _, _ float64) float64 { return math.Exp2(a) }, 1},
		{"exp10(a[i])", -30, 30, func(a, _, _ float64) float64 { return math.Pow(10, a) }, 2},
		{"log(a[i])", 1e-6, 1e6, func(a, _, _ float64) float64 { return math.Log(a) }, 2},
		{"log2(a[i])", 1e-6, 1e6, func(a, _, _ float64) float64 { return math.Log2(a) }, 1},
		{"log10(a[i])", 1e-6, 1e6, func(a, _, _ float64) float64 { return math.Log10(a) }, 2},
		{"pow(a[i], b[i])", 0.01, 20, func(a, b, _ float64) float64 { return math.Pow(a, b) }, 4},
		{"powr(a[i], b[i])", 0.01, 20, func(a, b, _ float64) float64 { return math.Pow(a, b) }, 4},
		{"sinh(a[i])", -10, 10, func(a, _, _ float64) float64 { return math.Sinh(a) }, 4},
		{"cosh(a[i])", -10, 10, func(a, _, _ float64) float64 { return math.Cosh(a) }, 4},
		{"tanh(a[i])", -10, 10, func(a, _, _ float64) float64 { return math.Tanh(a) }, 5},
		{"asinh(a[i])", -100, 100, func(a, _, _ float64) float64 { return math.Asinh(a) }, 4},
		{"acosh(a[i])", 1, 100, func(a, _, _ float64) float64 { return math.Acosh(a) }, 4},
		{"atanh(a[i])", -0.99, 0.99, func(a, _, _ float64) float64 { return math.Atanh(a) }, 5},
		{"sinpi(a[i])", -10, 10, func(a, _, _ float64) float64 { return math.Sin(math.Pi * a) }, 2},
		{"cospi(a[i])", -10, 10, func(a, _, _ float64) float64 { return math.Cos(math.Pi * a) }, 2},
		{"cbrt(a[i])", -1e6, 1e6, func(a, _, _ float64) float64 { return math.Cbrt(a) }, 2},
		{"round(a[i])", -100, 100, func(a, _, _ float64) float64 { return math.Round(a) }, 0},
		{"trunc(a[i])", -100, 100, func(a, _, _ float64) float64 { return math.Trunc(a) }, 0},
		{"floor(a[i])", -100, 100, func(a, _, _ float64) float64 { return math.Floor(a) }, 0},
		{"ceil(a[i])", -100, 100, func(a, _, _ float64) float64 { return math.Ceil(a) }, 0},
		{"rint(a[i])", -100, 100, func(a, _, _ float64) float64 { return math.RoundToEven(a) }, 0},
		{"fract(a[i])", -100, 100, func(a, _, _ float64) float64 { return float64(fmath.Fract(float32(a))) }, 0},
		{"fabs(a[i])", -100, 100, func(a, _, _ float64) float64 { return math.Abs(a) }, 0},
		{"fmod(a[i], b[i])", -100, 100, func(a, b, _ float64) float64 { return math.Mod(a, b) }, 0},
		{"copysign(a[i], b[i])", -100, 100, func(a, b, _ float64) float64 { return math.Copysign(a, b) }, 0},
		{"fdim(a[i], b[i])", -100, 100, func(a, b, _ float64) float64 { return math.Max(a-b, 0) }, 0.5},
		{"fmax(a[i], b[i])", -100, 100, func(a, b, _ float64) float64 { return math.Max(a, b) }, 0},
		{"fmin(a[i], b[i])", -100, 100, func(a, b, _ float64) float64 { return math.Min(a, b) }, 0},
		{"hypot(a[i], b[i])", -1e3, 1e3, func(a, b, _ float64) float64 { return math.Hypot(a, b) }, 2},
		{"fma(a[i], b[i], c[i])", -100, 100, func(a, b, c float64) float64 { return a*b + c }, 0.5},
		{"clamp(a[i], b[i], b[i] + 10.0f)", -100, 100, func(a, b, _ float64) float64 {
			return float64(fmath.Clamp(float32(a), float32(b), float32(b)+10))
		}, 0},
		{"mix(a[i], b[i], 0.25f)", -100, 100, func(a, b, _ float64) float64 { return float64(fmath.Mix(float32(a), float32(b), 0.25)) }, 0},
		{"smoothstep(-50.0f, 50.0f, a[i])", -100, 100, func(a, _, _ float64) float64 {
			return float64(fmath.Smoothstep(-50, 50, float32(a)))
		}, 2},
		{"step(b[i], a[i])", -100, 100, func(a, b, _ float64) float64 { return float64(fmath.Step(float32(b), float32(a))) }, 0},
		{"sign(a[i])", -100, 100, func(a, _, _ float64) float64 { return float64(fmath.Sign(float32(a))) }, 0},
		{"saturate(a[i] / 100.0f)", -200, 200, func(a, _, _ float64) float64 {
			return float64(fmath.Saturate(float32(a) / 100))
		}, 0},
		{"ldexp(a[i], int(b[i]))", -100, 100, func(a, b, _ float64) float64 { return math.Ldexp(a, int(float32(b))) }, 0},
		{"nextafter(a[i], b[i])", -100, 100, func(a, b, _ float64) float64 {
			return float64(math.Nextafter32(float32(a), float32(b)))
		}, 0},
	}
	r := rand.New(rand.NewPCG(1, 2))
	for _, tc := range cases {
		t.Run(strings.SplitN(tc.expr, "(", 2)[0], func(t *testing.T) {
			var in [3][]float32
			for k := range in {
				in[k] = make([]float32, diffN)
				for j := range in[k] {
					in[k][j] = randIn(r, tc.lo, tc.hi)
				}
			}
			got, ref := runExpr(t, true, "float", "float", tc.expr, [3][]uint32{f32s(in[0]), f32s(in[1]), f32s(in[2])})
			worst := 0.0
			for j := range got {
				if got[j] != ref[j] {
					t.Fatalf("%s: exec %x and refexec %x differ at input %v", tc.expr, got[j], ref[j], in[0][j])
				}
				want := tc.ref(float64(in[0][j]), float64(in[1][j]), float64(in[2][j]))
				u := ulps(math.Float32frombits(got[j]), want)
				worst = max(worst, u)
				if u > tc.ulp+1e-9 {
					t.Errorf("%s (a=%v b=%v c=%v) = %v, want %v (%.2f ulp > %.1f)", tc.expr, in[0][j], in[1][j], in[2][j],
						math.Float32frombits(got[j]), want, u, tc.ulp)
					return
				}
			}
			t.Logf("%s: max %.2f ulp", tc.expr, worst)
		})
	}
}

type intCase struct {
	expr string
	ref  func(a, b, c int32) int32
}

// TestStdlibIntDiff compares the integer functions with fmath exactly.
func TestStdlibIntDiff(t *testing.T) {
	cases := []intCase{
		{"abs(a[i])", func(a, _, _ int32) int32 { return fmath.AbsInt(a) }},
		{"int(absdiff(a[i], b[i]))", func(a, b, _ int32) int32 { return int32(fmath.Absdiff(a, b)) }},
		{"addsat(a[i], b[i])", func(a, b, _ int32) int32 { return fmath.AddSat(a, b) }},
		{"subsat(a[i], b[i])", func(a, b, _ int32) int32 { return fmath.SubSat(a, b) }},
		{"clamp(a[i], b[i], c[i])", func(a, b, c int32) int32 { return min(max(a, b), c) }},
		{"clz(a[i])", func(a, _, _ int32) int32 { return fmath.Clz(a) }},
		{"ctz(a[i])", func(a, _, _ int32) int32 { return fmath.Ctz(a) }},
		{"popcount(a[i])", func(a, _, _ int32) int32 { return fmath.Popcount(a) }},
		{"extract_bits(a[i], uint(b[i]) & 15u, uint(c[i]) & 15u)", func(a, b, c int32) int32 { return fmath.ExtractBits(a, uint(b&15), uint(c&15)) }},
		{"insert_bits(a[i], b[i], uint(c[i]) & 15u, 9u)", func(a, b, c int32) int32 { return fmath.InsertBits(a, b, uint(c&15), 9) }},
		{"hadd(a[i], b[i])", func(a, b, _ int32) int32 { return fmath.Hadd(a, b) }},
		{"rhadd(a[i], b[i])", func(a, b, _ int32) int32 { return fmath.Rhadd(a, b) }},
		{"mulhi(a[i], b[i])", func(a, b, _ int32) int32 { return fmath.Mulhi(a, b) }},
		{"madhi(a[i], b[i], c[i])", func(a, b, c int32) int32 { return fmath.Madhi(a, b, c) }},
		{"madsat(a[i], b[i], c[i])", func(a, b, c int32) int32 { return fmath.Madsat(a, b, c) }},
		{"max3(a[i], b[i], c[i])", func(a, b, c int32) int32 { return max(a, b, c) }},
		{"min3(a[i], b[i], c[i])", func(a, b, c int32) int32 { return min(a, b, c) }},
		{"median3(a[i], b[i], c[i])", func(a, b, c int32) int32 { return fmath.Median3(a, b, c) }},
		{"reverse_bits(a[i])", func(a, _, _ int32) int32 { return fmath.ReverseBits(a) }},
		{"rotate(a[i], b[i])", func(a, b, _ int32) int32 { return fmath.Rotate(a, b) }},
		{"a[i] / b[i]", func(a, b, _ int32) int32 {
			if b == 0 {
				return 0
			}
			if a == math.MinInt32 && b == -1 {
				return a
			}
			return a / b
		}},
		{"a[i] * b[i] + c[i]", func(a, b, c int32) int32 { return a*b + c }},
		{"int(uint(a[i]) >> (uint(b[i]) & 31u))", func(a, b, _ int32) int32 { return int32(uint32(a) >> (uint32(b) & 31)) }},
		{"a[i] >> (b[i] & 31)", func(a, b, _ int32) int32 { return a >> (b & 31) }},
	}
	r := rand.New(rand.NewPCG(3, 4))
	for _, tc := range cases {
		t.Run(strings.SplitN(tc.expr, "(", 2)[0], func(t *testing.T) {
			var in [3][]uint32
			for k := range in {
				in[k] = make([]uint32, diffN)
				for j := range in[k] {
					switch j % 4 {
					case 0:
						in[k][j] = r.Uint32()
					case 1:
						in[k][j] = uint32(r.IntN(64) - 32)
					case 2:
						in[k][j] = []uint32{0, 1, 0x7fffffff, 0x80000000, 0xffffffff}[r.IntN(5)]
					default:
						in[k][j] = r.Uint32() >> r.IntN(32)
					}
				}
			}
			got, ref := runExpr(t, true, "int", "int", tc.expr, in)
			for j := range got {
				if got[j] != ref[j] {
					t.Fatalf("exec %x and refexec %x differ", got[j], ref[j])
				}
				want := tc.ref(int32(in[0][j]), int32(in[1][j]), int32(in[2][j]))
				if int32(got[j]) != want {
					t.Fatalf("%s (a=%d b=%d c=%d) = %d, want %d", tc.expr, int32(in[0][j]), int32(in[1][j]), int32(in[2][j]), int32(got[j]), want)
				}
			}
		})
	}
}

// TestStdlibPackGeomDiff checks packing against fmath exactly and the
// geometric functions against float64 references.
func TestStdlibPackGeomDiff(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var in [3][]float32
	for k := range in {
		in[k] = make([]float32, diffN)
		for j := range in[k] {
			in[k][j] = randIn(r, -1.5, 1.5)
		}
	}
	raw := [3][]uint32{f32s(in[0]), f32s(in[1]), f32s(in[2])}
	packs := []struct {
		expr string
		ref  func(a, b, c float32) uint32
	}{
		{"pack_float_to_unorm4x8(float4(a[i], b[i], c[i], a[i]))", func(a, b, c float32) uint32 { return fmath.PackUnorm4x8([4]float32{a, b, c, a}) }},
		{"pack_float_to_snorm4x8(float4(a[i], b[i], c[i], a[i]))", func(a, b, c float32) uint32 { return fmath.PackSnorm4x8([4]float32{a, b, c, a}) }},
		{"pack_float_to_unorm2x16(float2(a[i], b[i]))", func(a, b, _ float32) uint32 { return fmath.PackUnorm2x16([2]float32{a, b}) }},
		{"pack_float_to_snorm2x16(float2(a[i], b[i]))", func(a, b, _ float32) uint32 { return fmath.PackSnorm2x16([2]float32{a, b}) }},
		{"pack_float_to_unorm10a2(float4(a[i], b[i], c[i], a[i]))", func(a, b, c float32) uint32 { return fmath.PackUnorm10A2([4]float32{a, b, c, a}) }},
		{"uint(pack_float_to_unorm565(float3(a[i], b[i], c[i])))", func(a, b, c float32) uint32 { return uint32(fmath.PackUnorm565([3]float32{a, b, c})) }},
		{"pack_float_to_srgb_unorm4x8(float4(a[i], b[i], c[i], a[i]))", func(a, b, c float32) uint32 { return fmath.PackSRGBUnorm4x8([4]float32{a, b, c, a}) }},
		{"pack_float_to_snorm10a2(float4(a[i], b[i], c[i], a[i]))", func(a, b, c float32) uint32 { return fmath.PackSnorm10A2([4]float32{a, b, c, a}) }},
	}
	for _, tc := range packs {
		got, ref := runExpr(t, true, "float", "uint", tc.expr, raw)
		for j := range got {
			if got[j] != ref[j] {
				t.Fatalf("%s: executors differ", tc.expr)
			}
			if want := tc.ref(in[0][j], in[1][j], in[2][j]); got[j] != want {
				t.Errorf("%s (%v %v %v) = %#x, want %#x", tc.expr, in[0][j], in[1][j], in[2][j], got[j], want)
				break
			}
		}
	}
	geoms := []struct {
		expr string
		ref  func(a, b, c float64) float64
	}{
		{"dot(float3(a[i], b[i], c[i]), float3(c[i], a[i], b[i]))", func(a, b, c float64) float64 { return a*c + b*a + c*b }},
		{"length(float3(a[i], b[i], c[i]))", func(a, b, c float64) float64 { return math.Sqrt(a*a + b*b + c*c) }},
		{"distance(float2(a[i], b[i]), float2(c[i], a[i]))", func(a, b, c float64) float64 { return math.Hypot(a-c, b-a) }},
		{"normalize(float3(a[i], b[i], c[i])).y", func(a, b, c float64) float64 { return b / math.Sqrt(a*a+b*b+c*c) }},
		{"cross(float3(a[i], b[i], c[i]), float3(c[i], a[i], b[i])).x", func(a, b, c float64) float64 { return b*b - c*a }},
		{"reflect(float2(a[i], b[i]), normalize(float2(c[i], 1.0f))).x", func(a, b, c float64) float64 {
			l := math.Hypot(c, 1)
			nx, ny := c/l, 1/l
			d := nx*a + ny*b
			return a - 2*d*nx
		}},
	}
	for _, tc := range geoms {
		got, ref := runExpr(t, true, "float", "float", tc.expr, raw)
		for j := range got {
			if got[j] != ref[j] {
				t.Fatalf("%s: executors differ", tc.expr)
			}
			want := tc.ref(float64(in[0][j]), float64(in[1][j]), float64(in[2][j]))
			g := float64(math.Float32frombits(got[j]))
			if math.Abs(g-want) > 4e-6*math.Max(1, math.Abs(want)) {
				t.Errorf("%s (%v %v %v) = %v, want %v", tc.expr, in[0][j], in[1][j], in[2][j], g, want)
				break
			}
		}
	}
}

// TestStdlibUnpackDiff checks unpacking against fmath exactly.
func TestStdlibUnpackDiff(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var in [3][]uint32
	for k := range in {
		in[k] = make([]uint32, diffN)
		for j := range in[k] {
			in[k][j] = r.Uint32()
		}
	}
	cases := []struct {
		expr string
		ref  func(p uint32) float32
	}{
		{"unpack_unorm4x8_to_float(a[i]).z", func(p uint32) float32 { return fmath.UnpackUnorm4x8(p)[2] }},
		{"unpack_snorm4x8_to_float(a[i]).y", func(p uint32) float32 { return fmath.UnpackSnorm4x8(p)[1] }},
		{"unpack_unorm2x16_to_float(a[i]).y", func(p uint32) float32 { return fmath.UnpackUnorm2x16(p)[1] }},
		{"unpack_snorm2x16_to_float(a[i]).x", func(p uint32) float32 { return fmath.UnpackSnorm2x16(p)[0] }},
		{"unpack_unorm10a2_to_float(a[i]).w", func(p uint32) float32 { return fmath.UnpackUnorm10A2(p)[3] }},
		{"unpack_unorm565_to_float(ushort(a[i])).x", func(p uint32) float32 { return fmath.UnpackUnorm565(uint16(p))[0] }},
		{"unpack_unorm4x8_srgb_to_float(a[i]).y", func(p uint32) float32 { return fmath.UnpackSRGBUnorm4x8(p)[1] }},
		{"unpack_snorm10a2_to_float(a[i]).x", func(p uint32) float32 { return fmath.UnpackSnorm10A2(p)[0] }},
	}
	for _, tc := range cases {
		got, ref := runExpr(t, true, "uint", "float", tc.expr, in)
		for j := range got {
			if got[j] != ref[j] {
				t.Fatalf("%s: executors differ", tc.expr)
			}
			want := tc.ref(in[0][j])
			if u := ulps(math.Float32frombits(got[j]), float64(want)); u > 0 && !(strings.Contains(tc.expr, "srgb") && u <= 6) { // sRGB decode: measured ≤ 5 ulp (pow amplifies the base's rounding)
				t.Errorf("%s (%#x) = %v, want %v", tc.expr, in[0][j], math.Float32frombits(got[j]), want)
				break
			}
		}
	}
}

// TestStdlibFastDiff checks the metal::fast functions against float64
// references within MSL Table 8.2's bounds (absolute 2^-13 for sin/cos on
// [-π, π]; relative bounds from the exp/log formulas otherwise).
func TestStdlibFastDiff(t *testing.T) {
	cases := []struct {
		expr   string
		lo, hi float64
		ref    func(a, b float64) float64
		abs    float64 // absolute bound (0: relative)
		rel    float64
	}{
		{"fast::sin(a[i])", -math.Pi, math.Pi, func(a, _ float64) float64 { return math.Sin(a) }, 0x1p-13, 0},
		{"fast::cos(a[i])", -math.Pi, math.Pi, func(a, _ float64) float64 { return math.Cos(a) }, 0x1p-13, 0},
		{"fast::exp(a[i])", -10, 10, func(a, _ float64) float64 { return math.Exp(a) }, 0, 3e-6},
		{"fast::log(a[i])", 0.5, 2, func(a, _ float64) float64 { return math.Log(a) }, 0x1p-21, 0},
		{"fast::pow(a[i], b[i])", 0.5, 4, func(a, b float64) float64 { return math.Pow(a, b) }, 0, 1e-5},
		{"fast::sqrt(a[i])", 0, 1e4, func(a, _ float64) float64 { return math.Sqrt(a) }, 0, 2e-7},
		{"fast::normalize(float2(a[i], b[i])).x", 0.5, 4, func(a, b float64) float64 { return a / math.Hypot(a, b) }, 0, 4e-7},
	}
	r := rand.New(rand.NewPCG(9, 10))
	for _, tc := range cases {
		var in [3][]float32
		for k := range in {
			in[k] = make([]float32, diffN)
			for j := range in[k] {
				in[k][j] = randIn(r, tc.lo, tc.hi)
			}
		}
		got, ref := runExpr(t, false, "float", "float", tc.expr, [3][]uint32{f32s(in[0]), f32s(in[1]), f32s(in[2])})
		for j := range got {
			if got[j] != ref[j] {
				t.Fatalf("%s: executors differ", tc.expr)
			}
			want := tc.ref(float64(in[0][j]), float64(in[1][j]))
			g := float64(math.Float32frombits(got[j]))
			bound := tc.abs
			if bound == 0 {
				bound = tc.rel * math.Abs(want)
			}
			if math.Abs(g-want) > bound {
				t.Errorf("%s (%v, %v) = %v, want %v", tc.expr, in[0][j], in[1][j], g, want)
				break
			}
		}
	}
}

// TestStdlibHalfDiff checks half-precision math (computed in float and
// rounded to binary16) against float64 references within 1 half ulp.
func TestStdlibHalfDiff(t *testing.T) {
	cases := []struct {
		expr   string
		lo, hi float64
		ref    func(a, b float64) float64
	}{
		{"float(sin(half(a[i])))", -3, 3, func(a, _ float64) float64 { return math.Sin(a) }},
		{"float(exp(half(a[i])))", -5, 5, func(a, _ float64) float64 { return math.Exp(a) }},
		{"float(sqrt(half(a[i])))", 0, 1000, func(a, _ float64) float64 { return math.Sqrt(a) }},
		{"float(pow(half(a[i]), half(b[i])))", 0.5, 3, func(a, b float64) float64 { return math.Pow(a, b) }},
		{"float(half(a[i]) * half(b[i]) + half(1))", -10, 10, func(a, b float64) float64 { return float64(fmath.RoundHalf(float32(a*b))) + 1 }},
	}
	r := rand.New(rand.NewPCG(13, 14))
	for _, tc := range cases {
		var in [3][]float32
		for k := range in {
			in[k] = make([]float32, diffN)
			for j := range in[k] {
				// inputs representable in half so the reference sees the same values
				in[k][j] = fmath.RoundHalf(randIn(r, tc.lo, tc.hi))
			}
		}
		got, ref := runExpr(t, true, "float", "float", tc.expr, [3][]uint32{f32s(in[0]), f32s(in[1]), f32s(in[2])})
		for j := range got {
			if got[j] != ref[j] {
				t.Fatalf("%s: executors differ", tc.expr)
			}
			want := tc.ref(float64(in[0][j]), float64(in[1][j]))
			g := float64(math.Float32frombits(got[j]))
			w16 := float64(fmath.RoundHalf(float32(want)))
			ulp := math.Abs(float64(fmath.HalfToFloat32(fmath.Float32ToHalf(float32(w16))+1)) - w16)
			if math.Abs(g-want) > ulp*1.0001 {
				t.Errorf("%s (%v, %v) = %v, want %v (half ulp %v)", tc.expr, in[0][j], in[1][j], g, want, ulp)
				break
			}
		}
	}
}
