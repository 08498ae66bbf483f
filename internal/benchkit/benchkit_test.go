package benchkit

import (
	"context"
	"testing"
	"time"
)

func TestRunReportsRatio(t *testing.T) {
	c := Case{
		Name: "test/sleep", Unit: "Mitems/s", PerOp: 1000,
		Ingot:  func(b *testing.B, _ int) { spin(b, 2*time.Microsecond) },
		Native: func(b *testing.B) { spin(b, time.Microsecond) },
	}
	r, err := Run(context.Background(), c, 1)
	if err != nil {
		t.Fatal(err)
	}
	if r.Ratio < 1.2 || r.Ratio > 4 {
		t.Errorf("ratio %.2f, want about 2", r.Ratio)
	}
	if r.Ingot <= 0 || r.Native <= r.Ingot {
		t.Errorf("figures %+v", r)
	}
	Register(c)
	if got := Cases("test/"); len(got) != 1 {
		t.Errorf("Cases = %d", len(got))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, c, 1); err == nil {
		t.Error("cancelled context not reported")
	}
}

func spin(b *testing.B, d time.Duration) {
	for range b.N {
		end := time.Now().Add(d)
		for time.Now().Before(end) {
		}
	}
}

// TestAddSource: a source's cases appear in the first Cases call after
// it, and its constructor runs once.
func TestAddSource(t *testing.T) {
	calls := 0
	AddSource(func() []Case {
		calls++
		return []Case{{Name: "srctest/a", Unit: "ns/op", Ingot: func(*testing.B, int) {}}, {Name: "srctest/b", Unit: "ns/op", Ingot: func(*testing.B, int) {}}}
	})
	if calls != 0 {
		t.Fatal("source built at AddSource")
	}
	for range 2 {
		if got := Cases("srctest/"); len(got) != 2 || got[0].Name != "srctest/a" {
			t.Fatalf("Cases = %v", got)
		}
	}
	if calls != 1 {
		t.Errorf("source built %d times, want 1", calls)
	}
}
