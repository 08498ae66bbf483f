package lower_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/stdlib"
)

// TestSeedKernels lowers every kernel of the seed corpus and the large
// renderer and reports how many lower; it fails only if the count drops
// below the recorded floor.
func TestSeedKernels(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "seeds", "*.metal"))
	files = append(files, filepath.Join("..", "testdata", "large", "renderer.metal"))
	total, ok := 0, 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		prog, err := compileMSL(filepath.Base(path), string(src), false)
		if err != nil {
			continue // seeds that are meant not to compile
		}
		for _, fn := range prog.Functions {
			if fn.Kind != sema.FuncKernel || fn.Func == nil || fn.Func.Decl == nil || fn.Func.Decl.Body == nil {
				continue
			}
			total++
			res, err := lower.Entry(prog, fn, lower.Options{})
			if err != nil {
				t.Logf("%s: %s: %v", filepath.Base(path), fn.Name, err)
				continue
			}
			sp, err := ir.Specialize(res.Program, nil)
			if err == nil {
				_, err = exec.Compile(sp, res.Entry, exec.Options{Intrinsics: textureStubs()})
			}
			if err != nil {
				t.Errorf("%s: %s: lowered but does not compile: %v", filepath.Base(path), fn.Name, err)
				continue
			}
			ok++
		}
	}
	t.Logf("lowered %d of %d seed kernels", ok, total)
	st, sok := 0, 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		prog, err := compileMSL(filepath.Base(path), string(src), false)
		if err != nil {
			continue
		}
		for _, fn := range prog.Functions {
			if fn.Kind != sema.FuncVertex && fn.Kind != sema.FuncFragment || fn.Func == nil || fn.Func.Decl == nil || fn.Func.Decl.Body == nil {
				continue
			}
			st++
			res, err := lower.Stage(prog, fn, lower.Options{})
			if err == nil {
				var sp *ir.Program
				if sp, err = ir.Specialize(res.Program, nil); err == nil {
					_, err = exec.Compile(sp, res.Entry, exec.Options{Intrinsics: textureStubs()})
				}
			}
			if err != nil {
				t.Logf("%s: %s: %v", filepath.Base(path), fn.Name, err)
				continue
			}
			sok++
		}
	}
	t.Logf("lowered and compiled %d of %d vertex/fragment functions", sok, st)
	if sok < stageFloor {
		t.Errorf("stage functions: %d below the floor %d", sok, stageFloor)
	}
	if ok < seedFloor {
		t.Errorf("lowered %d of %d seed kernels, below the floor %d", ok, total, seedFloor)
	}
}

const seedFloor = 58

const stageFloor = 48

// textureStubs stands in for the engine's texture intrinsics (compile-only
// checks).
func textureStubs() exec.Intrinsics {
	m := exec.Intrinsics{}
	for _, d := range append(append(append([]ir.IntrinsicDecl{}, stdlib.TextureIntrinsics...), stdlib.FragmentIntrinsics...), stdlib.FunctionTableIntrinsics...) {
		m[d.Name] = func(*exec.Call) error { return nil }
	}
	for _, d := range stdlib.RayTracingIntrinsics {
		m[d.Name] = func(*exec.Call) error { return nil }
	}
	return m
}
