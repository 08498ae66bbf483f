package benchkit

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestRunSkipped: a case whose input is missing calls Skip; Run (as
// `ingot bench` uses it) returns an error wrapping ErrSkipped with the
// reason instead of crashing inside testing.Benchmark.
func TestRunSkipped(t *testing.T) {
	c := Case{Name: "test/skip", Unit: "ns/op", PerOp: 1,
		Ingot: func(b *testing.B, _ int) { Skip(b, "no scene here") }}
	_, err := Run(context.Background(), c, 1)
	if !errors.Is(err, ErrSkipped) || !strings.Contains(err.Error(), "no scene here") {
		t.Fatalf("Run: %v, want ErrSkipped with the reason", err)
	}
	ok := Case{Name: "test/ok", Unit: "ns/op", PerOp: 1,
		Ingot:    func(b *testing.B, _ int) { b.N = max(b.N, 1) },
		Native:   func(b *testing.B) { Skip(b, "no baseline input") },
		Baseline: "nothing"}
	r, err := Run(context.Background(), ok, 1)
	if err != nil || r.Native != 0 {
		t.Fatalf("Run with a skipped baseline: %+v, %v; want a result without a baseline", r, err)
	}
}

// BenchmarkSkip: under go test, Skip is b.Skip.
func BenchmarkSkip(b *testing.B) {
	Skip(b, "skipped under go test")
	b.Fatal("Skip returned")
}
