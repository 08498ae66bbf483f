package zzscratch

import (
	"os"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

func TestDump(t *testing.T) {
	src, _ := os.ReadFile("../../bench_kernels.metal")
	fset := diag.NewFileSet()
	diags := diag.NewList(fset)
	file := syntax.ParseFile(fset, "b.metal", src, syntax.Options{}, diags)
	prog := sema.Check(fset, file, &sema.Config{FastMath: true}, diags)
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	for _, fn := range prog.Functions {
		if fn.Kind != sema.FuncKernel || (fn.Name != os.Getenv("K")) {
			continue
		}
		res, err := lower.Entry(prog, fn, lower.Options{})
		if err != nil {
			t.Fatal(err)
		}
		pl, err := exec.Compile(res.Program, res.Entry, exec.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ir.Fprint(os.Stdout, pl.Program())
	}
}
