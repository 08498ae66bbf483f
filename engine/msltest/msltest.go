// Package msltest calls MSL functions from Go tests: compile a source,
// then Call any function with a body — a helper, a method, a template
// instance or a kernel's body — with Go arguments and read its result,
// or Map it over slices of arguments (one GPU thread per element), or
// Dispatch a kernel with Go slices as its buffers. Users test their own
// shader code with `go test`.
//
// Go values map onto MSL types by shape, laid out exactly as Metal lays
// them out (sema.Layout: float3 takes 16 bytes, bool one byte ...):
//
//	bool, char…ulong      bool and any Go integer type (atomic<T> as T)
//	half, float           float32 or float64 (half rounds to binary16)
//	floatN, intN, …       [N]float32, [N]int32, … (any element type above)
//	floatCxR              [C][R]float32 (column-major, as MSL)
//	T[N], array<T, N>     [N]T or a slice of length N
//	struct S              a Go struct whose exported fields match S's
//	                      members by name (case-insensitive, or an
//	                      `msl:"name"` tag); unmatched MSL members are zero
//	T* (pointer)          a Go slice or pointer (copied to a buffer and
//	                      back), an *engine.Buffer, or a raw uint64 address
//	textures, samplers    *engine.Texture, *engine.SamplerState or a uint64
//
// Results are written into a pointer to a Go value of a matching shape (or
// to an `any`, which receives the natural Go type). A parameter taken by
// reference (T&) is passed as a pointer to a Go value, which receives the
// value after the call.
package msltest

import (
	"context"
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/shaders/sema"
)

// Library is a compiled MSL source ready for calls. It is safe for
// concurrent use.
type Library struct {
	dev    *engine.Device
	lib    *engine.Library
	consts *engine.FunctionConstantValues

	mu    sync.Mutex
	calls map[string]*engine.CallPipeline
	pipes map[string]*engine.ComputePipelineState
}

// Options configure New.
type Options struct {
	// Compile are the MSL compile options (macros, language version).
	Compile engine.CompileOptions
	// Constants are the function constant values every call uses.
	Constants *engine.FunctionConstantValues
	// Device runs the calls; nil makes a device with a 1<<26 instruction
	// budget, so that a runaway loop fails the test instead of hanging it.
	Device *engine.Device
}

// New compiles src.
func New(src string, opts Options) (*Library, error) {
	dev := opts.Device
	if dev == nil {
		var err error
		if dev, err = engine.NewDevice(engine.DeviceOptions{InstructionBudget: 1 << 26}); err != nil {
			return nil, err
		}
	}
	lib, err := dev.NewLibraryWithFile("test.metal", []byte(src), opts.Compile)
	if err != nil {
		return nil, err
	}
	return &Library{dev: dev, lib: lib, consts: opts.Constants, calls: map[string]*engine.CallPipeline{}, pipes: map[string]*engine.ComputePipelineState{}}, nil
}

// Compile is New with default options for tests: it stops the test on a
// compile error.
func Compile(tb testing.TB, src string) *Library {
	tb.Helper()
	l, err := New(src, Options{})
	if err != nil {
		tb.Fatalf("msltest: %v", err)
	}
	return l
}

// Device returns the device the library runs on (to make textures or
// buffers for arguments).
func (l *Library) Device() *engine.Device { return l.dev }

func (l *Library) callPipeline(name string) (*engine.CallPipeline, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if c := l.calls[name]; c != nil {
		return c, nil
	}
	c, err := l.lib.NewCallPipeline(name, l.consts)
	if err != nil {
		return nil, err
	}
	l.calls[name] = c
	return c, nil
}

// Call calls the function name once (name may be qualified, "ns::f" or
// "S::method", and may carry a parameter list to pick an overload,
// "lerp(float, float, float)"). args are the arguments in order (for a
// method, the receiver first, as a pointer to receive its new value);
// result points at a Go value receiving the returned value (nil for void
// or to ignore it).
func (l *Library) Call(name string, result any, args ...any) error {
	return l.call(context.Background(), name, result, args, 1, false)
}

// Map calls the function name once per element, all in one dispatch:
// every argument is a slice with one element per call, or a single value
// used by all calls (pointer parameters always take the whole slice, see
// the package documentation). results points at a slice that receives one
// result per call (nil to ignore). A by-reference parameter takes a slice
// of values that receives the new values.
func (l *Library) Map(name string, results any, args ...any) error {
	n := -1
	c, err := l.callPipeline(name)
	if err != nil {
		return err
	}
	params := paramFields(c)
	for i, a := range args {
		if i >= len(params) || params[i].Type.Kind == sema.KPointer {
			continue
		}
		v := reflect.ValueOf(a)
		if v.Kind() == reflect.Slice {
			if n >= 0 && v.Len() != n {
				return fmt.Errorf("msltest: Map %s: argument %d has %d elements, argument before %d", name, i, v.Len(), n)
			}
			n = v.Len()
		}
	}
	if n < 0 {
		return fmt.Errorf("msltest: Map %s: no argument is a slice; use Call", name)
	}
	return l.call(context.Background(), name, results, args, n, true)
}

func paramFields(c *engine.CallPipeline) []engine.CallField {
	var ps []engine.CallField
	for _, f := range c.Fields() {
		if f.Kind != engine.CallResult {
			ps = append(ps, f)
		}
	}
	return ps
}

// call marshals args into n records, runs them and reads the results.
func (l *Library) call(ctx context.Context, name string, result any, args []any, n int, mapped bool) error {
	c, err := l.callPipeline(name)
	if err != nil {
		return err
	}
	params := paramFields(c)
	if len(args) != len(params) {
		return fmt.Errorf("msltest: %s%s takes %d arguments (receiver included), got %d", c.Name(), c.Signature(), len(params), len(args))
	}
	size := c.RecordSize()
	recBuf, err := l.dev.NewBuffer(max(size*n, 1))
	if err != nil {
		return err
	}
	defer recBuf.Release()
	rec := recBuf.Contents()
	// Pointer arguments given as Go data are copied to buffers first.
	var copyBack []func() error
	ptrs := make([]reflect.Value, len(args))
	for i, p := range params {
		if p.Type.Kind != sema.KPointer {
			continue
		}
		v := reflect.ValueOf(args[i])
		if _, ok := handle(v); ok || !v.IsValid() {
			ptrs[i] = v
			continue
		}
		buf, back, err := l.pointee(p, v, fmt.Sprintf("argument %d (%s)", i, p.Name))
		if err != nil {
			return fmt.Errorf("msltest: %s: %w", c.Name(), err)
		}
		defer buf.Release()
		ptrs[i] = reflect.ValueOf(buf.GPUAddress())
		copyBack = append(copyBack, back)
	}
	at := func(v reflect.Value, k int) reflect.Value {
		for v.Kind() == reflect.Interface {
			v = v.Elem()
		}
		if mapped && v.Kind() == reflect.Slice {
			return v.Index(k)
		}
		return v
	}
	for k := 0; k < n; k++ {
		r := rec[k*size:]
		for i, p := range params {
			v := reflect.ValueOf(args[i])
			if ptrs[i].IsValid() {
				v = ptrs[i]
			} else {
				v = at(v, k)
			}
			if !v.IsValid() {
				return fmt.Errorf("msltest: %s: argument %d (%s) is nil", c.Name(), i, p.Name)
			}
			if err := encode(r[p.Offset:p.Offset+p.Size], p.Type, v, fmt.Sprintf("argument %d (%s)", i, p.Name)); err != nil {
				return fmt.Errorf("msltest: %s: %w", c.Name(), err)
			}
		}
	}
	if err := c.Call(ctx, recBuf, n); err != nil {
		return err
	}
	for _, back := range copyBack {
		if err := back(); err != nil {
			return fmt.Errorf("msltest: %s: %w", c.Name(), err)
		}
	}
	// In-out parameters and receivers given as pointers (or slices, for Map).
	for i, p := range params {
		if p.Kind != engine.CallInOut && p.Kind != engine.CallReceiver {
			continue
		}
		v := reflect.ValueOf(args[i])
		switch {
		case mapped && v.Kind() == reflect.Slice:
			for k := 0; k < n; k++ {
				if err := decode(rec[k*size+p.Offset:], p.Type, v.Index(k), p.Name); err != nil {
					return fmt.Errorf("msltest: %s: %w", c.Name(), err)
				}
			}
		case v.Kind() == reflect.Pointer && !v.IsNil():
			if err := decode(rec[(n-1)*size+p.Offset:], p.Type, v, p.Name); err != nil {
				return fmt.Errorf("msltest: %s: %w", c.Name(), err)
			}
		}
	}
	if result == nil {
		return nil
	}
	var rf *engine.CallField
	for _, f := range c.Fields() {
		if f.Kind == engine.CallResult {
			rf = &f
		}
	}
	if rf == nil {
		return fmt.Errorf("msltest: %s returns void; pass a nil result", c.Name())
	}
	rv := reflect.ValueOf(result)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("msltest: %s: result must be a non-nil pointer, got %T", c.Name(), result)
	}
	if !mapped {
		return decodeWrap(c, rec[rf.Offset:], rf.Type, rv, "result")
	}
	s := rv.Elem()
	if s.Kind() != reflect.Slice {
		return fmt.Errorf("msltest: %s: Map results must point at a slice, got %T", c.Name(), result)
	}
	s.Set(reflect.MakeSlice(s.Type(), n, n))
	for k := 0; k < n; k++ {
		if err := decodeWrap(c, rec[k*size+rf.Offset:], rf.Type, s.Index(k), fmt.Sprintf("result[%d]", k)); err != nil {
			return err
		}
	}
	return nil
}

func decodeWrap(c *engine.CallPipeline, b []byte, t *sema.Type, v reflect.Value, path string) error {
	if err := decode(b, t, v, path); err != nil {
		return fmt.Errorf("msltest: %s: %w", c.Name(), err)
	}
	return nil
}

// pointee copies the Go data a pointer parameter points at (a slice of
// elements, or a pointer to one) into a new buffer; back copies it back.
func (l *Library) pointee(p engine.CallField, v reflect.Value, path string) (*engine.Buffer, func() error, error) {
	elem := p.Type.Elem
	stride := sema.Stride(elem)
	if stride == 0 {
		return nil, nil, fmt.Errorf("%s: cannot pass data for a pointer to %s", path, elem)
	}
	var items reflect.Value
	switch v.Kind() {
	case reflect.Slice:
		items = v
	case reflect.Pointer:
		if v.IsNil() {
			return nil, nil, fmt.Errorf("%s: nil pointer", path)
		}
		items = reflect.NewAt(reflect.ArrayOf(1, v.Type().Elem()), v.UnsafePointer()).Elem()
	default:
		return nil, nil, fmt.Errorf("%s: Go %s for MSL %s (want a slice, a pointer or an *engine.Buffer)", path, v.Type(), p.Type)
	}
	n := items.Len()
	buf, err := l.dev.NewBuffer(max(n*stride, 1))
	if err != nil {
		return nil, nil, err
	}
	data := buf.Contents()
	for i := 0; i < n; i++ {
		if err := encode(data[i*stride:], elem, items.Index(i), fmt.Sprintf("%s[%d]", path, i)); err != nil {
			return nil, nil, err
		}
	}
	back := func() error {
		if p.Type.Const || p.Type.Space == sema.SpaceConstant {
			return nil
		}
		for i := 0; i < n; i++ {
			if err := decode(data[i*stride:], elem, items.Index(i), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		return nil
	}
	return buf, back, nil
}
