package engine_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

// tensorOpsSrc multiplies row-major matrices with the cooperative tensors
// of mpp::tensor_ops::matmul2d: each SIMD-group computes a 16 x 32 tile of
// C = A * B (B stored K x N, or N x K for the _nt kernel), looping over K
// in steps of 16 with mode::multiply_accumulate, moving elements between
// device memory and the cooperative tensors through
// get_multidimensional_index. The _half kernel takes half inputs.
const tensorOpsSrc = `
#include <metal_stdlib>
#include <MetalPerformancePrimitives/MetalPerformancePrimitives.h>
using namespace metal;
using namespace mpp::tensor_ops;

template <typename T, bool TB>
void tile(const device T* A, const device T* B, device float* C, uint N, uint K, uint row0) {
  constexpr auto desc = matmul2d_descriptor(16, 32, 16, false, TB, false, matmul2d_descriptor::mode::multiply_accumulate);
  matmul2d<desc, execution_simdgroup> op;
  auto a = op.template get_left_input_cooperative_tensor<T, T, float>();
  auto b = op.template get_right_input_cooperative_tensor<T, T, float>();
  auto c = op.template get_destination_cooperative_tensor<decltype(a), decltype(b), float>();
  for (uint16_t i = 0; i < c.get_capacity(); i++) {
    c[i] = 0;
  }
  for (uint k0 = 0; k0 < K; k0 += 16) {
    for (uint16_t i = 0; i < a.get_capacity(); i++) {
      int2 p = a.get_multidimensional_index(i);
      a[i] = A[(row0 + p.y) * K + k0 + p.x];
    }
    for (uint16_t i = 0; i < b.get_capacity(); i++) {
      int2 p = b.get_multidimensional_index(i);
      b[i] = TB ? B[p.y * K + k0 + p.x] : B[(k0 + p.y) * N + p.x];
    }
    op.run(a, b, c);
  }
  for (uint16_t i = 0; i < c.get_capacity(); i++) {
    if (c.get_mask(i)) {
      int2 p = c.get_multidimensional_index(i);
      C[(row0 + p.y) * N + p.x] = c[i];
    }
  }
}

kernel void matmul_nn(const device float* A [[buffer(0)]], const device float* B [[buffer(1)]],
                      device float* C [[buffer(2)]], constant uint2& NK [[buffer(3)]],
                      uint sg [[threadgroup_position_in_grid]]) {
  tile<float, false>(A, B, C, NK.x, NK.y, sg * 16);
}
kernel void matmul_nt(const device float* A [[buffer(0)]], const device float* B [[buffer(1)]],
                      device float* C [[buffer(2)]], constant uint2& NK [[buffer(3)]],
                      uint sg [[threadgroup_position_in_grid]]) {
  tile<float, true>(A, B, C, NK.x, NK.y, sg * 16);
}
kernel void matmul_half(const device half* A [[buffer(0)]], const device half* B [[buffer(1)]],
                        device float* C [[buffer(2)]], constant uint2& NK [[buffer(3)]],
                        uint sg [[threadgroup_position_in_grid]]) {
  tile<half, false>(A, B, C, NK.x, NK.y, sg * 16);
}
`

// TestTensorOpsMatmul2d runs matmul2d on the engine (two SIMD-groups, one
// 16 x 32 tile each, K = 48) and compares C with a Go matrix multiply.
func TestTensorOpsMatmul2d(t *testing.T) {
	const M, N, K = 32, 32, 48
	dev, err := engine.NewDevice(engine.DeviceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	lib, err := dev.NewLibraryWithSource(tensorOpsSrc, engine.CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Small integers and halves: every product and sum is exact in float
	// (and the inputs in half), so the comparison is exact.
	a := make([]float32, M*K)
	for i := range a {
		a[i] = float32((i*7)%11-5) / 2
	}
	b := make([]float32, K*N)
	for i := range b {
		b[i] = float32((i*5)%13 - 6)
	}
	want := make([]float32, M*N)
	for r := range M {
		for c := range N {
			var s float64
			for k := range K {
				s += float64(a[r*K+k]) * float64(b[k*N+c])
			}
			want[r*N+c] = float32(s)
		}
	}
	bt := make([]float32, N*K) // B transposed: N x K
	for k := range K {
		for c := range N {
			bt[c*K+k] = b[k*N+c]
		}
	}
	for _, tc := range []struct {
		fn   string
		a, b []byte
	}{
		{"matmul_nn", f32Bytes(a), f32Bytes(b)},
		{"matmul_nt", f32Bytes(a), f32Bytes(bt)},
		{"matmul_half", f16Bytes(a), f16Bytes(b)},
	} {
		t.Run(tc.fn, func(t *testing.T) {
			fn, err := lib.Function(tc.fn)
			if err != nil {
				t.Fatal(err)
			}
			pipe, err := dev.NewComputePipelineState(fn, nil, engine.ComputePipelineOptions{})
			if err != nil {
				t.Fatalf("pipeline: %v", err)
			}
			r := &kernelRun{t: t, dev: dev, pipe: pipe}
			r.buffer(0, tc.a)
			r.buffer(1, tc.b)
			out := r.buffer(2, make([]byte, 4*M*N))
			r.bytes(3, u32Bytes(N, K))
			r.dispatch(engine.Sz(32*M/16, 1, 1), engine.Sz(32, 1, 1))
			got := bytesF32(out.Contents())
			for i := range want {
				if got[i] != want[i] || math.IsNaN(float64(got[i])) {
					t.Fatalf("C[%d][%d] = %v, want %v", i/N, i%N, got[i], want[i])
				}
			}
		})
	}
}

// TestTensorOpsUnsupported checks that a use of metal::tensor, which ingot
// does not implement, fails to compile with a clear message (not a crash).
func TestTensorOpsUnsupported(t *testing.T) {
	dev, err := engine.NewDevice(engine.DeviceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = dev.NewLibraryWithSource(`
#include <metal_stdlib>
#include <metal_tensor>
using namespace metal;
kernel void k(device half* p [[buffer(0)]]) {
  auto t = tensor<device half, dextents<int32_t, 2>, tensor_inline>(p, dextents<int32_t, 2>(4, 4));
}
`, engine.CompileOptions{})
	if err == nil || !strings.Contains(fmt.Sprint(err), "metal::tensor is not supported by ingot") {
		t.Fatalf("compile error = %v, want the unsupported-tensor message", err)
	}
}

// TestWideVectors runs vec<float, 8> arithmetic (construction, +, *,
// constant and dynamic subscripts) and compares with Go.
func TestWideVectors(t *testing.T) {
	dev, err := engine.NewDevice(engine.DeviceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	lib, err := dev.NewLibraryWithSource(`
#include <metal_stdlib>
using namespace metal;
typedef vec<float, 8> float8_t;
kernel void k(const device float* in [[buffer(0)]], device float* out [[buffer(1)]], uint id [[thread_position_in_grid]]) {
  float8_t a = float8_t(0);
  for (int i = 0; i < 8; i++) {
    a[i] = in[id * 8 + i];
  }
  float8_t b = a * 2.0f + float8_t(1);
  b[int(id) % 8] += a.x;
  for (int i = 0; i < 8; i++) {
    out[id * 8 + i] = b[i];
  }
}
`, engine.CompileOptions{})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	fn, err := lib.Function("k")
	if err != nil {
		t.Fatal(err)
	}
	pipe, err := dev.NewComputePipelineState(fn, nil, engine.ComputePipelineOptions{})
	if err != nil {
		t.Fatalf("pipeline: %v", err)
	}
	const n = 40
	in := make([]float32, 8*n)
	for i := range in {
		in[i] = float32(i%17) - 3
	}
	want := make([]float32, 8*n)
	for id := range n {
		for i := range 8 {
			want[id*8+i] = in[id*8+i]*2 + 1
		}
		want[id*8+id%8] += in[id*8]
	}
	r := &kernelRun{t: t, dev: dev, pipe: pipe}
	r.buffer(0, f32Bytes(in))
	out := r.buffer(1, make([]byte, 4*8*n))
	r.dispatch(engine.Sz(n, 1, 1), engine.Size{})
	got := bytesF32(out.Contents())
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("out[%d] = %v, want %v", i, got[i], want[i])
		}
	}
}
