package syntax

import (
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ingot-render/ingot/shaders/diag"
)

// genMSL generates a large valid MSL translation unit of at least n bytes:
// structs, templates, helpers and kernels in namespaces, then 500 explicit
// template instantiations.
func genMSL(n int) string {
	var b strings.Builder
	b.WriteString("#include <metal_stdlib>\n#include <simd/simd.h>\nusing namespace metal;\n#define SCALE(x) ((x) * 0.5f)\n")
	b.WriteString(`template <typename T, int N>
kernel void tk(device T* out [[buffer(0)]], constant T& k [[buffer(1)]], uint id [[thread_position_in_grid]]) {
    T acc = T(0);
    for (int i = 0; i < N; ++i) { acc += k * T(i); }
    out[id] = acc;
}
`)
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, `namespace ns%d {
struct Material%d {
    float4 albedo [[id(0)]];
    float  roughness;
    packed_float3 emission;
    uint   flags;
    float3 shade(float3 n, float3 l) const { return albedo.rgb * max(dot(n, l), 0.0f) * roughness; }
};
template <typename T> T lerp%d(T a, T b, float t) { return a + (b - a) * t; }
static inline float luminance(float3 c) { return dot(c, float3(0.2126f, 0.7152f, 0.0722f)); }
kernel void shade%d(device const Material%d* mats [[buffer(0)]],
                   texture2d<float, access::read_write> img [[texture(0)]],
                   constant float4x4& view [[buffer(1)]],
                   uint2 gid [[thread_position_in_grid]],
                   uint2 size [[threads_per_grid]]) {
    if (gid.x >= size.x || gid.y >= size.y) { return; }
    Material%d m = mats[(gid.x + gid.y * size.x) %% 16];
    float4 c = img.read(gid);
    float3 n = normalize(float3(c.xy * 2.0f - 1.0f, 1.0f));
    float3 l = (view * float4(0.0f, 1.0f, 0.0f, 0.0f)).xyz;
    float3 rgb = m.shade(n, l) + float3(m.emission);
    for (int k = 0; k < 4; k++) {
        rgb = lerp%d(rgb, rgb * SCALE(float(k)), 0.25f);
        switch (m.flags & 3u) { case 0: rgb *= 0.5f; break; case 1: rgb += 0.1f; break; default: break; }
    }
    float y = luminance(rgb);
    img.write(float4(rgb / (1.0f + y), c.a), gid);
}
} // namespace ns%d
`, i, i, i, i, i, i, i, i)
	}
	types := []string{"float", "half", "int", "uint", "float2", "float4", "half4", "int2", "uint4", "short"}
	for i := 0; i < 500; i++ {
		t := types[i%len(types)]
		fmt.Fprintf(&b, "template [[host_name(\"tk_%s_%d\")]] kernel void tk<%s, %d>(device %s*, constant %s&, uint);\n", t, i, t, i%8+1, t, t)
	}
	return b.String()
}

var benchSrc = func() func() []byte {
	var src []byte
	return func() []byte {
		if src == nil {
			src = []byte(genMSL(1 << 20))
		}
		return src
	}
}()

func TestGeneratedSourceParses(t *testing.T) {
	src := []byte(genMSL(64 << 10))
	fset := diag.NewFileSet()
	dl := diag.NewList(fset)
	f := ParseFile(fset, "gen.metal", src, Options{}, dl)
	if dl.HasErrors() {
		var b strings.Builder
		dl.Format(&b)
		t.Fatalf("generated source has errors:\n%.2000s", b.String())
	}
	n := 0
	for _, d := range f.Decls {
		if _, ok := d.(*ExplicitInstantiation); ok {
			n++
		}
	}
	if n != 500 {
		t.Errorf("%d explicit instantiations, want 500", n)
	}
}

// BenchmarkParse measures preprocess+parse throughput on ~1 MB of
// generated MSL; the baseline is go/scanner tokenizing the same bytes
// (a tuned hand-written lexer), reported as parse_vs_goscanner (how many
// times slower a full parse is than Go's scanner alone).
func BenchmarkParse(b *testing.B) {
	src := benchSrc()
	var scanNs float64
	b.Run("goscanner-baseline", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			goScan(src)
		}
		scanNs = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	})
	b.Run("lex", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			fset := diag.NewFileSet()
			f := fset.AddFile("gen.metal", src)
			l := newLexer(f, string(src), nil)
			for l.next().Kind != EOF {
			}
		}
		if scanNs > 0 {
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/scanNs, "lex_vs_goscanner")
		}
	})
	b.Run("preprocess", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			fset := diag.NewFileSet()
			Preprocess(fset, "gen.metal", src, Options{}, diag.NewList(fset))
		}
		if scanNs > 0 {
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/scanNs, "pp_vs_goscanner")
		}
	})
	b.Run("parse", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			fset := diag.NewFileSet()
			dl := diag.NewList(fset)
			ParseFile(fset, "gen.metal", src, Options{}, dl)
			if dl.HasErrors() {
				b.Fatal(dl.Error())
			}
		}
		if scanNs > 0 {
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/scanNs, "parse_vs_goscanner")
		}
	})
}

func goScan(src []byte) {
	fs := token.NewFileSet()
	f := fs.AddFile("x", -1, len(src))
	var s scanner.Scanner
	s.Init(f, src, func(token.Position, string) {}, 0)
	for {
		_, tok, _ := s.Scan()
		if tok == token.EOF {
			return
		}
	}
}

// BenchmarkParseRenderer parses the ~1,300-line renderer of the shared
// corpus (../testdata/large/renderer.metal).
func BenchmarkParseRenderer(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("..", "testdata", "large", "renderer.metal"))
	if err != nil {
		b.Skip("corpus absent")
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		fset := diag.NewFileSet()
		ParseFile(fset, "renderer.metal", src, Options{}, diag.NewList(fset))
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/1000, "ms/file")
}

// TestRendererIsFast guards against pathological slowdowns: the ~1,300-
// line renderer must parse in well under a second even on a loaded
// machine (it takes about a millisecond).
func TestRendererIsFast(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "testdata", "large", "renderer.metal"))
	if err != nil {
		t.Skip("corpus absent")
	}
	start := time.Now()
	fset := diag.NewFileSet()
	ParseFile(fset, "renderer.metal", src, Options{}, diag.NewList(fset))
	if d := time.Since(start); d > time.Second {
		t.Errorf("parsing %d bytes took %v", len(src), d)
	}
}
