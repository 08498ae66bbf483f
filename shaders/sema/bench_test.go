package sema

import (
	"os"
	"testing"
	"time"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
)

func loadLarge(b *testing.B) []byte {
	src, err := os.ReadFile(largePath)
	if err != nil {
		b.Skip("no large test shader")
	}
	return src
}

// BenchmarkFrontEnd measures parse+check throughput on the ~1,300-line
// renderer shader, with the preprocessor/lexer alone as the baseline in
// the same run; it reports MB/s and the ratio of front-end time to
// lexing time.
func BenchmarkFrontEnd(b *testing.B) {
	src := loadLarge(b)
	lex := func() time.Duration {
		t0 := time.Now()
		fset := diag.NewFileSet()
		syntax.Preprocess(fset, "renderer.metal", src, syntax.Options{}, diag.NewList(fset))
		return time.Since(t0)
	}
	full := func() time.Duration {
		t0 := time.Now()
		fset := diag.NewFileSet()
		diags := diag.NewList(fset)
		f := syntax.ParseFile(fset, "renderer.metal", src, syntax.Options{}, diags)
		Check(fset, f, &Config{FastMath: true}, diags)
		return time.Since(t0)
	}
	var lexT, fullT time.Duration
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		fullT += full()
		// Interleave the baseline so both see the same machine load.
		b.StopTimer()
		lexT += lex()
		b.StartTimer()
	}
	b.StopTimer()
	b.ReportMetric(float64(fullT)/float64(b.N)/1e6, "ms/check")
	if lexT > 0 {
		b.ReportMetric(float64(fullT)/float64(lexT), "x-lex")
	}
}

// BenchmarkCheckOnly measures the checker alone on a pre-parsed file.
func BenchmarkCheckOnly(b *testing.B) {
	src := loadLarge(b)
	fset := diag.NewFileSet()
	f := syntax.ParseFile(fset, "renderer.metal", src, syntax.Options{}, diag.NewList(fset))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Check(fset, f, &Config{FastMath: true}, diag.NewList(fset))
	}
}
