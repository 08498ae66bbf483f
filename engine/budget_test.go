package engine_test

import (
	"context"
	"testing"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/engine/exec"
)

const budgetSrc = `
#include <metal_stdlib>
using namespace metal;

kernel void work(device uint* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    uint x = id;
    for (uint i = 0; i < 2000u; i++) {
        x = x * 1664525u + 1013904223u;
    }
    out[id] += x;
}
`

// TestInstructionBudgetPerCommandBuffer: the instruction budget bounds a
// command buffer's dispatches together: dispatches that each fit fail
// once their sum passes it, and SetInstructionBudget overrides it.
func TestInstructionBudgetPerCommandBuffer(t *testing.T) {
	run := func(d *engine.Device, dispatches int, override int64) *engine.CommandBuffer {
		t.Helper()
		p := pipeline(t, d, budgetSrc, "work", nil)
		out, _ := d.NewBuffer(4 * 64)
		cb := d.NewCommandQueue().CommandBuffer(context.Background())
		if override > 0 {
			if err := cb.SetInstructionBudget(override); err != nil {
				t.Fatal(err)
			}
		}
		e, err := cb.ComputeCommandEncoder()
		if err != nil {
			t.Fatal(err)
		}
		_ = e.SetComputePipelineState(p)
		_ = e.SetBuffer(out, 0, 0)
		for range dispatches {
			if err := e.DispatchThreads(engine.Sz(64, 1, 1), engine.Sz(64, 1, 1)); err != nil {
				t.Fatal(err)
			}
		}
		_ = e.EndEncoding()
		if err := cb.Commit(); err != nil {
			t.Fatal(err)
		}
		_ = cb.WaitUntilCompleted()
		return cb
	}
	// Measure one dispatch without a budget.
	free := newDevice(t, engine.DeviceOptions{Workers: 2})
	one := run(free, 1, 0)
	if err := one.Error(); err != nil {
		t.Fatal(err)
	}
	per := one.InstructionsExecuted()
	if per < 2000 {
		t.Fatalf("one dispatch counted %d instructions, want ≥ 2000 (a 2000-iteration loop)", per)
	}
	if three := run(free, 3, 0); three.InstructionsExecuted() < 3*per-3 {
		t.Fatalf("three dispatches counted %d, want about %d", three.InstructionsExecuted(), 3*per)
	}

	d := newDevice(t, engine.DeviceOptions{Workers: 2, InstructionBudget: 2*per + per/2})
	if cb := run(d, 2, 0); cb.Error() != nil {
		t.Fatalf("two dispatches within the budget: %v", cb.Error())
	}
	cb := run(d, 3, 0)
	if f := faultOf(t, cb); f.Kind != exec.FaultBudget || f.Function != "work" {
		t.Fatalf("fault %v, want the budget in work", f)
	}
	if cb := run(d, 3, 4*per); cb.Error() != nil {
		t.Fatalf("three dispatches under an overriding budget: %v", cb.Error())
	}
	if cb := run(d, 1, per/4); cb.Error() == nil {
		t.Fatal("a command buffer budget below one dispatch did not fault")
	}
}
