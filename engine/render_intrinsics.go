package engine

import (
	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/raster"
	"github.com/ingot-render/ingot/shaders/stdlib"
)

// fragmentIntrinsics returns the implementations of stdlib's
// fragment-stage intrinsics. They read the fragment batch's state from the
// call: a helper lane is an active lane without side effects (a lane the
// rasterizer added to complete a 2×2 quad, or a fragment that called
// discard_fragment and goes on as a helper), and the sample count comes
// from the pass through the dispatch's resources.
func fragmentIntrinsics() exec.Intrinsics {
	return exec.Intrinsics{
		stdlib.FragIsHelper: func(c *exec.Call) error {
			res := c.Res32(0)
			for m := c.Mask; m != 0; m &= m - 1 {
				l := m.First()
				res[l] = 0
				if c.StoreMask&(1<<l) == 0 {
					res[l] = 1
				}
			}
			return nil
		},
		stdlib.FragNumSamples: func(c *exec.Call) error {
			n, err := fragmentSamples(c)
			if err != nil {
				return err
			}
			res := c.Res32(0)
			for m := c.Mask; m != 0; m &= m - 1 {
				res[m.First()] = uint32(n)
			}
			return nil
		},
		stdlib.FragSamplePosition: func(c *exec.Call) error {
			n, err := fragmentSamples(c)
			if err != nil {
				return err
			}
			pos := raster.StandardSamplePositions(n)
			idx, x, y := c.Arg32(0), c.ResF32(0), c.ResF32(1)
			for m := c.Mask; m != 0; m &= m - 1 {
				l := m.First()
				// Out-of-range indices read sample 0 (Metal leaves them
				// undefined).
				p := pos[0]
				if int(idx[l]) < len(pos) {
					p = pos[idx[l]]
				}
				x[l], y[l] = p[0], p[1]
			}
			return nil
		},
	}
}

// fragmentSamples returns the sample count of the render pass running a
// fragment function.
func fragmentSamples(c *exec.Call) (int, error) {
	r, err := env(c)
	if err != nil {
		return 0, err
	}
	if !r.fragment || r.samples == 0 {
		return 0, c.Fault(exec.FaultIntrinsic, c.Mask.First(), 0, "get_num_samples or get_sample_position outside a render pass's fragment function")
	}
	return r.samples, nil
}
