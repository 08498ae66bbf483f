package msltest

import (
	"context"
	"fmt"
	"reflect"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/shaders"
	"github.com/ingot-render/ingot/shaders/sema"
)

// Dispatch runs kernel name over threads (in threadgroups of perGroup,
// non-uniform at the edges) with real built-ins, binding args to the
// kernel's resource arguments in declaration order (built-in inputs take
// none):
//
//   - a device or constant pointer takes a Go slice or pointer (copied to
//     a buffer, and back afterwards unless the pointee is const or
//     constant) or an *engine.Buffer;
//   - a reference or by-value buffer argument takes a Go value (copied to
//     a buffer and back for device references) or an *engine.Buffer;
//   - a texture takes an *engine.Texture, a sampler an *engine.SamplerState;
//   - a [[threadgroup(i)]] argument takes its length in bytes (an int).
//
// A shader fault is returned as an error naming the function, source
// position and thread.
func (l *Library) Dispatch(name string, threads, perGroup engine.Size, args ...any) error {
	p, fn, err := l.pipeline(name)
	if err != nil {
		return err
	}
	var params []*sema.Param
	for _, prm := range fn.Checked.Params {
		if prm.Bind != sema.BindBuiltin {
			params = append(params, prm)
		}
	}
	if len(args) != len(params) {
		return fmt.Errorf("msltest: kernel %s takes %d resource arguments, got %d", name, len(params), len(args))
	}
	cb := l.dev.NewCommandQueue().CommandBuffer(context.Background())
	e, err := cb.ComputeCommandEncoder()
	if err != nil {
		return err
	}
	if err := e.SetComputePipelineState(p); err != nil {
		return err
	}
	index := map[string]int{}
	for _, a := range p.Reflection().Arguments {
		index[a.Name] = a.Index
	}
	var backs []func() error
	for i, prm := range params {
		path := fmt.Sprintf("argument %d (%s)", i, prm.Name)
		idx, ok := index[prm.Name]
		if !ok {
			continue // disabled by a function constant
		}
		v := reflect.ValueOf(args[i])
		switch prm.Bind {
		case sema.BindTexture:
			t, ok := args[i].(*engine.Texture)
			if !ok {
				return fmt.Errorf("msltest: %s: %s wants an *engine.Texture, got %T", name, path, args[i])
			}
			err = e.SetTexture(t, idx)
		case sema.BindSampler:
			s, ok := args[i].(*engine.SamplerState)
			if !ok {
				return fmt.Errorf("msltest: %s: %s wants an *engine.SamplerState, got %T", name, path, args[i])
			}
			err = e.SetSamplerState(s, idx)
		case sema.BindThreadgroup:
			if !v.CanInt() {
				return fmt.Errorf("msltest: %s: %s wants a length in bytes, got %T", name, path, args[i])
			}
			err = e.SetThreadgroupMemoryLength(int(v.Int()), idx)
		case sema.BindBuffer:
			if b, ok := args[i].(*engine.Buffer); ok {
				err = e.SetBuffer(b, 0, idx)
				break
			}
			t := prm.Type
			var f engine.CallField
			switch t.Kind {
			case sema.KPointer:
				f = engine.CallField{Type: t}
			case sema.KReference:
				f = engine.CallField{Type: sema.PointerTo(t.Elem, t.Space, t.Const, false)}
				if v.Kind() != reflect.Pointer {
					pv := reflect.New(v.Type())
					pv.Elem().Set(v)
					v = pv
				}
			default: // by value
				f = engine.CallField{Type: sema.PointerTo(t, sema.SpaceConstant, true, false)}
				pv := reflect.New(v.Type())
				pv.Elem().Set(v)
				v = pv
			}
			buf, back, perr := l.pointee(f, v, path)
			if perr != nil {
				return fmt.Errorf("msltest: %s: %w", name, perr)
			}
			defer buf.Release()
			backs = append(backs, back)
			err = e.SetBuffer(buf, 0, idx)
		default:
			return fmt.Errorf("msltest: %s: %s is bound as %v, which Dispatch cannot bind", name, path, prm.Bind)
		}
		if err != nil {
			return err
		}
	}
	if err := e.DispatchThreads(threads, perGroup); err != nil {
		return err
	}
	if err := e.EndEncoding(); err != nil {
		return err
	}
	if err := cb.Commit(); err != nil {
		return err
	}
	if err := cb.WaitUntilCompleted(); err != nil {
		return err
	}
	for _, back := range backs {
		if err := back(); err != nil {
			return fmt.Errorf("msltest: %s: %w", name, err)
		}
	}
	return nil
}

func (l *Library) pipeline(name string) (*engine.ComputePipelineState, *shaders.Function, error) {
	fn, err := l.lib.Shaders().Function(name)
	if err != nil {
		return nil, nil, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if p := l.pipes[name]; p != nil {
		return p, fn, nil
	}
	ef, err := l.lib.Function(name)
	if err != nil {
		return nil, nil, err
	}
	p, err := l.dev.NewComputePipelineState(ef, l.consts, engine.ComputePipelineOptions{Reflection: true})
	if err != nil {
		return nil, nil, err
	}
	l.pipes[name] = p
	return p, fn, nil
}
