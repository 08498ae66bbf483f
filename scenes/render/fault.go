package render

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// DefaultSampleBudget is the instruction budget per pixel sample of a
// tile's command buffer when Options.SampleBudget is 0 (with a floor of
// 2^27 per tile). The stock materials use 300 to 600 instructions per
// sample (counted per SIMD-group, as the engine counts them) on the
// Cornell box and the shared helmets at 12 bounces, 2,000 on tiles too
// small to fill a SIMD-group: only a material that runs away reaches the
// budget, which a 256×256 first pass (2^30 instructions) spends in about
// 80 CPU-seconds (a 40 s wait on two cores).
const DefaultSampleBudget = 1 << 14

// ShaderError is the error of a render stopped inside its shaders: a
// fault (an out-of-bounds access, a tile's instruction budget spent) or a
// cancelled context that interrupted a tile. When the shader code running
// was a user material (Options.Materials), it names that material, its
// function and the position in the user's file.
type ShaderError struct {
	// Kernel is the kernel whose dispatch stopped ("path_trace").
	Kernel string
	// Material is the index in Options.Materials of the user material
	// that was running, or -1 when the stop was in the stock shaders.
	Material int
	// MaterialName is Options.Materials[Material].Material and Function
	// its [[visible]] function ("" for the stock shaders).
	MaterialName, Function string
	// File, Line and Column locate the stop: the user's file name
	// (Options.Materials[Material].File) or a stock shader file; Line 0
	// when the engine gave no position.
	File         string
	Line, Column int
	// Kind is the engine's fault kind (cancelled, time budget,
	// instruction budget, out-of-bounds access…).
	Kind exec.FaultKind
	// Budget is the tile's instruction budget, for FaultBudget.
	Budget int64
	// Err is the engine's error (an *exec.Fault in its chain, which holds
	// the context's error for a cancelled render).
	Err error
}

// Error names the material function and its source position.
func (e *ShaderError) Error() string {
	var b strings.Builder
	b.WriteString("render: ")
	if e.Material >= 0 {
		fmt.Fprintf(&b, "material function %s (material %q)", e.Function, e.MaterialName)
	} else {
		b.WriteString(e.Kernel)
	}
	if e.File != "" {
		fmt.Fprintf(&b, " at %s", e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d:%d", e.Line, e.Column)
		}
	}
	var f *exec.Fault
	switch {
	case !errors.As(e.Err, &f):
		b.WriteString(": " + e.Err.Error())
	case f.Kind == exec.FaultBudget:
		fmt.Fprintf(&b, ": ran past the tile's instruction budget (%d instructions; does it loop forever?)", e.Budget)
	default:
		b.WriteString(": " + f.Kind.String())
		if f.Detail != "" {
			b.WriteString(": " + f.Detail)
		}
		if f.Err != nil && f.Err.Error() != f.Kind.String() {
			b.WriteString(": " + f.Err.Error())
		}
	}
	return b.String()
}

// Unwrap returns the engine's error.
func (e *ShaderError) Unwrap() error { return e.Err }

// shaderError turns a failed dispatch of kernel into a *ShaderError when
// the engine's error holds a fault; other errors come back unchanged.
// The engine names the kernel in Fault.Function even when the faulting
// instruction is in a material function called through the visible
// function table (lowered into the kernel), so the material is found from
// the fault's file: user material i is compiled as "material<i>-<base>".
func (r *Renderer) shaderError(kernel string, budget int64, err error) error {
	var f *exec.Fault
	if !errors.As(err, &f) {
		return err
	}
	e := &ShaderError{Kernel: kernel, Material: -1, Kind: f.Kind, Err: err,
		File: f.Pos.Filename, Line: f.Pos.Line, Column: f.Pos.Column}
	if f.Kind == exec.FaultBudget {
		e.Budget = budget
	}
	if i, ok := userMaterialIndex(f.Pos.Filename); ok && i < len(r.opts.Materials) && i < len(r.pl.userNames) {
		m := r.opts.Materials[i]
		e.Material, e.MaterialName, e.Function, e.File = i, m.Material, r.pl.userNames[i], m.File
	}
	return e
}

// userMaterialIndex parses the include name userFileName gives user
// material i.
func userMaterialIndex(file string) (int, bool) {
	rest, ok := strings.CutPrefix(file, "material")
	if !ok {
		return 0, false
	}
	num, _, ok := strings.Cut(rest, "-")
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(num)
	if err != nil || i < 0 || kernel.UserMaterialInclude(i, rest[len(num)+1:]) != file {
		return 0, false
	}
	return i, true
}
