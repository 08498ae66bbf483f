package main

import (
	"strings"
	"testing"

	"github.com/ingot-render/ingot/internal/benchkit"
)

// TestBenchBaselinesNamed requires every benchmark case with a native
// baseline to say what the baseline is, so that `ingot bench` never
// prints a ratio without it; a weak one says "lower bound:".
func TestBenchBaselinesNamed(t *testing.T) {
	var cases []benchkit.Case
	for _, src := range benchSources {
		cases = append(cases, src()...)
	}
	cases = append(cases, benchkit.Cases()...)
	if len(cases) < 10 {
		t.Fatalf("only %d benchmark cases registered", len(cases))
	}
	for _, c := range cases {
		if c.Native != nil && strings.TrimSpace(c.Baseline) == "" {
			t.Errorf("%s: a native baseline without Baseline (say what it is)", c.Name)
		}
	}
}

// TestPeerLabels names every harness the peers table uses.
func TestPeerLabels(t *testing.T) {
	for _, tool := range []string{"gl_bench", "embree_bench", "fauxgl_bench"} {
		if l := peerLabel(tool); !strings.HasPrefix(l, "peer: ") || strings.Contains(l, "_bench") {
			t.Errorf("peerLabel(%q) = %q", tool, l)
		}
	}
}
