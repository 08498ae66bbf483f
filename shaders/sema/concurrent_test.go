package sema

import (
	"os"
	"sync"
	"testing"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// TestConcurrentChecks checks the same source from several goroutines:
// the shared type tables must be safe and results identical (run with
// -race in CI to catch data races).
func TestConcurrentChecks(t *testing.T) {
	src, err := os.ReadFile(largePath)
	if err != nil {
		t.Skip("no large test shader")
	}
	const n = 4
	counts := make([]int, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			fset := diag.NewFileSet()
			diags := diag.NewList(fset)
			f := syntax.ParseFile(fset, "r.metal", src, syntax.Options{}, diags)
			p := Check(fset, f, &Config{FastMath: true}, diags)
			for _, fn := range p.Funcs {
				counts[i] += len(fn.Info.Exprs)
			}
		}(i)
	}
	wg.Wait()
	for i := 1; i < n; i++ {
		if counts[i] != counts[0] {
			t.Errorf("run %d typed %d expressions, run 0 typed %d", i, counts[i], counts[0])
		}
	}
}
