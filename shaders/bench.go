package shaders

import (
	"embed"
	"fmt"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/internal/benchkit"
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
)

//go:embed testdata/large/renderer.metal
var benchSources embed.FS

// RendererSource returns the realistic ~1,300-line renderer shader used by
// the front-end benchmarks.
func RendererSource() []byte {
	b, err := benchSources.ReadFile("testdata/large/renderer.metal")
	if err != nil {
		panic(err) // embedded at build time
	}
	return b
}

// GenerateLargeShader returns a valid MSL translation unit of about
// approxBytes: namespaces of structs with methods, function templates with
// explicit [[host_name]] instantiations, helpers and kernels with loops,
// switches and threadgroup memory — the shape of a large compute library.
func GenerateLargeShader(approxBytes int) []byte {
	var b strings.Builder
	b.WriteString("#include <metal_stdlib>\nusing namespace metal;\n\n")
	for i := 0; b.Len() < approxBytes; i++ {
		fmt.Fprintf(&b, `namespace lib%[1]d {
struct Params%[1]d {
    float4 scale;
    float3 bias;
    uint   count;
    float  weights[4];
    float apply(float x) const { return fma(x, scale.x, bias.y) + weights[%[2]d]; }
};

template <typename T>
T blend%[1]d(T a, T b, float t) {
    return mix(a, b, T(t));
}

inline float shade%[1]d(float3 n, float3 l, float3 v, float shininess) {
    float3 h = normalize(l + v);
    float d = max(dot(n, l), 0.0f);
    float s = pow(max(dot(n, h), 0.0f), shininess);
    return d + s;
}

template <typename T>
kernel void process%[1]d(device const T* in [[buffer(0)]],
                        device T* out [[buffer(1)]],
                        constant Params%[1]d& p [[buffer(2)]],
                        threadgroup T* scratch [[threadgroup(0)]],
                        uint id [[thread_position_in_grid]],
                        uint lid [[thread_index_in_threadgroup]],
                        uint tgsize [[threads_per_threadgroup]])
{
    T acc = T(0);
    for (uint k = 0; k < 4; ++k) {
        switch (k & 3u) {
        case 0: acc += in[id] * T(p.weights[k]); break;
        case 1: acc -= T(p.bias.x); break;
        default: acc = blend%[1]d(acc, in[id], 0.5f); break;
        }
    }
    scratch[lid] = acc;
    threadgroup_barrier(mem_flags::mem_threadgroup);
    if (id < p.count) {
        out[id] = scratch[(lid + 1) %% tgsize] + T(shade%[1]d(float3(0, 0, 1), float3(0, 1, 0), float3(1, 0, 0), 8.0f));
    }
}

template [[host_name("process%[1]d_float")]] kernel void process%[1]d<float>(device const float*, device float*, constant Params%[1]d&, threadgroup float*, uint, uint, uint);
template [[host_name("process%[1]d_half")]] kernel void process%[1]d<half>(device const half*, device half*, constant Params%[1]d&, threadgroup half*, uint, uint, uint);
} // namespace lib%[1]d

`, i, i%4)
	}
	return []byte(b.String())
}

// BenchCases returns the front-end benchmarks for `ingot bench`: the whole
// compile (preprocess, parse, check, reflect) of the renderer shader and of
// a generated 1 MB library, each against preprocessing (lexing and macro
// expansion) alone of the same bytes.
func BenchCases() []benchkit.Case {
	mk := func(name string, src []byte) benchkit.Case {
		return benchkit.Case{
			Name: name, Unit: "MB/s", PerOp: float64(len(src)), Baseline: "lower bound: preprocessing alone",
			Ingot: func(b *testing.B, _ int) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					if _, err := Compile("bench.metal", src, Options{}); err != nil {
						b.Fatal(err)
					}
				}
			},
			Native: func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					fset := diag.NewFileSet()
					syntax.Preprocess(fset, "bench.metal", src, syntax.Options{}, diag.NewList(fset))
				}
			},
		}
	}
	return []benchkit.Case{
		mk("shaders/compile-renderer", RendererSource()),
		mk("shaders/compile-generated-1MB", GenerateLargeShader(1<<20)),
	}
}
