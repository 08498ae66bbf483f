package exec_test

import (
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
)

func TestZZDump(t *testing.T) {
	for _, k := range []struct {
		name string
		p    func() *exec.Pipeline
	}{
		{"reduce", func() *exec.Pipeline { pl, _ := exec.Compile(buildReduction(), "reduce", exec.Options{}); return pl }},
		{"saxpy", func() *exec.Pipeline { pl, _ := exec.Compile(buildSaxpy(), "saxpy", exec.Options{}); return pl }},
		{"bp", func() *exec.Pipeline {
			pl, _ := exec.Compile(buildBlinnPhong(), "blinn_phong", exec.Options{Intrinsics: mathIntrinsics})
			return pl
		}},
		{"mandel", func() *exec.Pipeline {
			pl, _ := exec.Compile(buildMandelbrot(1024, -2.2, -1.5, 3.0/1024, 3.0/1024, 256), "mandelbrot", exec.Options{})
			return pl
		}},
	} {
		t.Logf("== %s\n%s", k.name, exec.DumpCode(k.p()))
	}
}
