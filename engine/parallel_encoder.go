package engine

import (
	"errors"
	"fmt"
)

// ParallelRenderCommandEncoder splits one render pass over several render
// command encoders that may encode on different goroutines
// (MTLParallelRenderCommandEncoder). The pass's load and store actions
// run once, at its start and end; the sub-encoders' draws run in the order
// the sub-encoders were created, whatever order they end in.
type ParallelRenderCommandEncoder struct {
	cb    *CommandBuffer
	pass  *renderPass
	ended bool
	label string
}

// ParallelRenderCommandEncoder starts a render pass encoded by several
// sub-encoders (parallelRenderCommandEncoderWithDescriptor).
func (cb *CommandBuffer) ParallelRenderCommandEncoder(desc *RenderPassDescriptor) (*ParallelRenderCommandEncoder, error) {
	const m = "ParallelRenderCommandEncoder"
	pass, err := newRenderPass(cb.q.dev, m, desc)
	if err != nil {
		return nil, err
	}
	if err := cb.beginEncoder(m); err != nil {
		return nil, err
	}
	cb.mu.Lock()
	cb.cmds = append(cb.cmds, pass)
	cb.keep = append(cb.keep, pass.keep...)
	cb.mu.Unlock()
	return &ParallelRenderCommandEncoder{cb: cb, pass: pass}, nil
}

// SetLabel sets the encoder's label.
func (e *ParallelRenderCommandEncoder) SetLabel(s string) { e.label = s }

// RenderCommandEncoder makes a sub-encoder; its draws run after those of
// every sub-encoder made before it. It is safe to call from several
// goroutines; each sub-encoder is then used by one goroutine.
func (e *ParallelRenderCommandEncoder) RenderCommandEncoder() (*RenderCommandEncoder, error) {
	e.cb.mu.Lock()
	defer e.cb.mu.Unlock()
	if e.ended {
		return nil, errors.New("engine: ParallelRenderCommandEncoder.RenderCommandEncoder: encoder already ended")
	}
	sub := newRenderEncoder(e.cb, e.pass, e)
	e.pass.encoders = append(e.pass.encoders, sub)
	return sub, nil
}

// EndEncoding ends the pass; every sub-encoder must have ended. It returns
// the first error recorded by a sub-encoder.
func (e *ParallelRenderCommandEncoder) EndEncoding() error {
	e.cb.mu.Lock()
	defer e.cb.mu.Unlock()
	if e.ended {
		return errors.New("engine: ParallelRenderCommandEncoder.EndEncoding: encoder already ended")
	}
	for i, sub := range e.pass.encoders {
		if !sub.ended {
			err := fmt.Errorf("engine: ParallelRenderCommandEncoder.EndEncoding: sub-encoder %d (%q) has not ended", i, sub.label)
			if e.cb.err == nil {
				e.cb.err = err
			}
			return err
		}
	}
	e.ended = true
	e.cb.encoding = false
	return e.cb.err
}
