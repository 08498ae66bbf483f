// Package shaders compiles Metal Shading Language source into a Library of
// functions: it preprocesses and parses (shaders/syntax), checks
// (shaders/sema) and reflects (shaders/reflect) the source, as Metal's
// newLibraryWithSource does. The engine later lowers a Library's functions
// to IR for its pipelines.
package shaders

import (
	"embed"
	"fmt"
	"sort"
	"strings"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/reflect"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

//go:embed samples/*.metal
var samples embed.FS

// SampleName is the file name of the embedded sample shader.
const SampleName = "add_vectors.metal"

// Sample returns the embedded sample MSL source (a kernel, a vertex and a
// fragment function) used when the command line is given no file.
func Sample() []byte {
	b, err := samples.ReadFile("samples/" + SampleName)
	if err != nil {
		panic(err) // embedded at build time; cannot fail
	}
	return b
}

// Options are the compile options of MSL source, as Metal's
// MTLCompileOptions and the metal command line take them.
type Options struct {
	// Defines are preprocessor macros ("NAME" or "NAME=VALUE"), as -D.
	Defines []string
	// IncludeDirs are searched for #include and #import, as -I.
	IncludeDirs []string
	// Resolver reads user headers; nil reads the operating system's files.
	Resolver syntax.IncludeResolver
	// LanguageVersion is the -std value (metal3.0 … metal4.0,
	// macos-metal2.x, ios-metal2.x); empty means the newest.
	LanguageVersion string
	// PreciseMath selects metal::precise for unqualified math functions
	// (-fno-fast-math); the default is fast math, as in Metal.
	PreciseMath bool
}

// Library is the result of compiling one MSL translation unit.
type Library struct {
	// Fset resolves the positions of every node and diagnostic.
	Fset *diag.FileSet
	// Program is the checked program, from which the engine lowers IR.
	Program *sema.Program
	// Diagnostics holds the warnings (the library compiled without error).
	Diagnostics *diag.List

	functions []*Function
}

// Function is one qualified function of a Library.
type Function struct {
	// Reflection describes the function as Metal reflection does.
	Reflection reflect.Function
	// Checked is the checked function the engine lowers.
	Checked *sema.Function
}

// Name returns the function's qualified name.
func (f *Function) Name() string { return f.Reflection.Name }

// Compile compiles src (named name in diagnostics). On errors it returns a
// nil Library and a *diag.List holding every diagnostic, which prints like
// a compiler through its Format method.
func Compile(name string, src []byte, opts Options) (*Library, error) {
	fset := diag.NewFileSet()
	diags := diag.NewList(fset)
	resolver := opts.Resolver
	if resolver == nil {
		resolver = syntax.OSResolver{}
	}
	sopts := syntax.Options{Defines: opts.Defines, IncludeDirs: opts.IncludeDirs, Resolver: resolver, Std: opts.LanguageVersion}
	file := syntax.ParseFile(fset, name, src, sopts, diags)
	version := 0
	if v, err := syntax.ParseStd(opts.LanguageVersion); err == nil {
		version = v.Major*100 + v.Minor*10
	}
	prog := sema.Check(fset, file, &sema.Config{FastMath: !opts.PreciseMath, Version: version}, diags)
	diags.Sort()
	if diags.HasErrors() {
		return nil, diags
	}
	lib := &Library{Fset: fset, Program: prog, Diagnostics: diags}
	for _, f := range prog.Functions {
		lib.functions = append(lib.functions, &Function{Reflection: reflect.Build(fset, prog, f), Checked: f})
	}
	return lib, nil
}

// Functions returns every qualified function in declaration order.
func (l *Library) Functions() []*Function { return l.functions }

// FunctionNames returns the names the host can look functions up by: each
// function's host name where it has one, else its qualified name, sorted.
func (l *Library) FunctionNames() []string {
	var out []string
	for _, f := range l.functions {
		if f.Reflection.HostName != "" {
			out = append(out, f.Reflection.HostName)
		} else {
			out = append(out, f.Reflection.Name)
		}
	}
	sort.Strings(out)
	return out
}

// Function looks a function up by host name, qualified name
// ("outer::inner::f") or instantiation name ("f<int>").
func (l *Library) Function(name string) (*Function, error) {
	for _, f := range l.functions {
		if f.Reflection.HostName == name {
			return f, nil
		}
	}
	for _, f := range l.functions {
		if f.Reflection.Name == name {
			return f, nil
		}
	}
	return nil, fmt.Errorf("library has no function %q (it has %s)", name, strings.Join(l.FunctionNames(), ", "))
}
