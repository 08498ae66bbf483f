package engine

import (
	"fmt"

	"github.com/ingot-render/ingot/shaders"
	"github.com/ingot-render/ingot/shaders/reflect"
)

// CompileOptions are the options of MSL compilation (MTLCompileOptions):
// preprocessor macros, include directories, language version, fast math.
type CompileOptions = shaders.Options

// Library is a compiled MSL translation unit (MTLLibrary).
type Library struct {
	dev *Device
	lib *shaders.Library
}

// NewLibraryWithSource compiles MSL source (MTLDevice
// newLibraryWithSource). A compile error is a *diag.List holding every
// diagnostic with its file:line:col.
func (d *Device) NewLibraryWithSource(src string, opts CompileOptions) (*Library, error) {
	return d.NewLibraryWithFile("library.metal", []byte(src), opts)
}

// NewLibraryWithFile compiles MSL source whose diagnostics and fault
// positions name the file name.
func (d *Device) NewLibraryWithFile(name string, src []byte, opts CompileOptions) (*Library, error) {
	lib, err := shaders.Compile(name, src, opts)
	if err != nil {
		return nil, err
	}
	return &Library{dev: d, lib: lib}, nil
}

// Device returns the device that created the library.
func (l *Library) Device() *Device { return l.dev }

// FunctionNames returns the names functions can be looked up by: each
// function's [[host_name]] where it has one, else its qualified name,
// sorted.
func (l *Library) FunctionNames() []string { return l.lib.FunctionNames() }

// Function returns the function called name (host name, qualified name
// "outer::inner::f", or instantiation name "f<int>"), as MTLLibrary
// newFunctionWithName.
func (l *Library) Function(name string) (*Function, error) {
	f, err := l.lib.Function(name)
	if err != nil {
		return nil, fmt.Errorf("engine: Library.Function: %w", err)
	}
	return &Function{lib: l, fn: f}, nil
}

// Shaders returns the compiled front-end library (checked program,
// diagnostics), for tools.
func (l *Library) Shaders() *shaders.Library { return l.lib }

// FunctionType is the kind of a function (MTLFunctionType).
type FunctionType = reflect.FunctionKind

// Function is one function of a library (MTLFunction).
type Function struct {
	lib *Library
	fn  *shaders.Function
}

// Name returns the function's name (host name if it has one).
func (f *Function) Name() string {
	if f.fn.Reflection.HostName != "" {
		return f.fn.Reflection.HostName
	}
	return f.fn.Name()
}

// FunctionType returns the function's kind: kernel, vertex, fragment ...
func (f *Function) FunctionType() FunctionType { return f.fn.Reflection.Kind }

// Library returns the library the function belongs to.
func (f *Function) Library() *Library { return f.lib }

// Reflection describes the function's arguments, bindings and function
// constants as Metal's reflection does.
func (f *Function) Reflection() *reflect.Function {
	r := f.fn.Reflection
	return &r
}

// FunctionConstants lists the function constants the function uses
// (MTLFunction functionConstantsDictionary).
func (f *Function) FunctionConstants() []reflect.FunctionConstant {
	return append([]reflect.FunctionConstant(nil), f.fn.Reflection.FunctionConstants...)
}
