package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/ingot-render/ingot/scenes/render"
)

// lobeBounceFlags are `ingot render`'s per-lobe bounce limits
// (render.Frame.MaxDiffuseBounces and the others; 0: --max-bounces only).
type lobeBounceFlags struct {
	diffuse, glossy, transmission int
}

// register adds the flags to cmd.
func (l *lobeBounceFlags) register(cmd *cobra.Command) {
	const note = " bounces, counted as --max-bounces counts (Blender Cycles' setting N is N+1 here); 0: only --max-bounces limits them"
	fl := cmd.Flags()
	fl.IntVar(&l.diffuse, "max-diffuse-bounces", 0, "path tracer: maximum diffuse (cosine-lobe)"+note)
	fl.IntVar(&l.glossy, "max-glossy-bounces", 0, "path tracer: maximum glossy (specular and clearcoat reflection)"+note)
	fl.IntVar(&l.transmission, "max-transmission-bounces", 0, "path tracer: maximum transmission (thin-walled or refracting)"+note)
}

// apply checks the flags and sets frame's per-lobe limits.
func (l *lobeBounceFlags) apply(frame *render.Frame) error {
	for _, c := range []struct {
		n    int
		flag string
		dst  *int
	}{
		{l.diffuse, "--max-diffuse-bounces", &frame.MaxDiffuseBounces},
		{l.glossy, "--max-glossy-bounces", &frame.MaxGlossyBounces},
		{l.transmission, "--max-transmission-bounces", &frame.MaxTransmissionBounces},
	} {
		if c.n < 0 || c.n > 1<<16 {
			return fmt.Errorf("%s %d: want 0..65536 (0: only --max-bounces)", c.flag, c.n)
		}
		*c.dst = c.n
	}
	return nil
}
