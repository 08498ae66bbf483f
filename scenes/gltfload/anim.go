package gltfload

import (
	"fmt"
	"math"

	"github.com/qmuntal/gltf"

	"github.com/ingot-render/ingot/scenes/model"
)

func (l *loader) animations() error {
	for ai, ga := range l.doc.Animations {
		name := label("animation", ai, ga.Name)
		a := model.Animation{Name: ga.Name}
		// Width of each sampler depends on its channel's path; resolve per channel.
		width := make([]int, len(ga.Samplers))
		paths := make([]model.Path, len(ga.Samplers))
		for ci, gc := range ga.Channels {
			if gc == nil {
				return fmt.Errorf("%s channel %d: null", name, ci)
			}
			if gc.Target.Node == nil {
				l.warnf("%s channel %d: no target node (extension target ignored)", name, ci)
				continue
			}
			node := *gc.Target.Node
			if node < 0 || node >= len(l.s.Nodes) {
				return fmt.Errorf("%s channel %d: target node %d out of range (%d nodes)", name, ci, node, len(l.s.Nodes))
			}
			if gc.Sampler < 0 || gc.Sampler >= len(ga.Samplers) || ga.Samplers[gc.Sampler] == nil {
				return fmt.Errorf("%s channel %d: sampler %d out of range (%d samplers)", name, ci, gc.Sampler, len(ga.Samplers))
			}
			var p model.Path
			w := 3
			switch gc.Target.Path {
			case gltf.TRSTranslation:
				p = model.PathTranslation
			case gltf.TRSRotation:
				p, w = model.PathRotation, 4
			case gltf.TRSScale:
				p = model.PathScale
			case gltf.TRSWeights:
				p = model.PathWeights
				mi := l.s.Nodes[node].Mesh
				if mi < 0 {
					return fmt.Errorf("%s channel %d: weights target node %d has no mesh", name, ci, node)
				}
				w = len(l.s.Meshes[mi].Weights)
				if w == 0 {
					return fmt.Errorf("%s channel %d: weights target mesh %d has no morph targets", name, ci, mi)
				}
			default:
				l.warnf("%s channel %d: path %q not supported", name, ci, gc.Target.Path)
				continue
			}
			if width[gc.Sampler] != 0 && (width[gc.Sampler] != w || paths[gc.Sampler] != p) {
				return fmt.Errorf("%s channel %d: sampler %d shared by channels of different kinds", name, ci, gc.Sampler)
			}
			width[gc.Sampler], paths[gc.Sampler] = w, p
			if l.s.Nodes[node].HasMatrix && p != model.PathWeights {
				l.warnf("%s channel %d: node %d has a matrix and is animated; its TRS is used", name, ci, node)
			}
			a.Channels = append(a.Channels, model.Channel{Sampler: gc.Sampler, Node: node, Path: p})
		}
		first := true
		for si, gs := range ga.Samplers {
			if gs == nil {
				return fmt.Errorf("%s sampler %d: null", name, si)
			}
			sm, err := l.animSampler(gs, width[si], paths[si])
			if err != nil {
				return fmt.Errorf("%s sampler %d: %w", name, si, err)
			}
			if len(sm.Input) > 0 && width[si] > 0 {
				if first || sm.Input[0] < a.Start {
					a.Start = sm.Input[0]
				}
				if first || sm.Input[len(sm.Input)-1] > a.End {
					a.End = sm.Input[len(sm.Input)-1]
				}
				first = false
			}
			a.Samplers = append(a.Samplers, sm)
		}
		l.s.Animations = append(l.s.Animations, a)
	}
	return nil
}

func (l *loader) animSampler(gs *gltf.AnimationSampler, width int, path model.Path) (model.AnimSampler, error) {
	sm := model.AnimSampler{Width: width}
	switch gs.Interpolation {
	case gltf.InterpolationStep:
		sm.Interpolation = model.InterpStep
	case gltf.InterpolationCubicSpline:
		sm.Interpolation = model.InterpCubicSpline
	}
	if width == 0 {
		return sm, nil // unused sampler
	}
	in, err := l.floatsN(gs.Input, 1, -1)
	if err != nil {
		return sm, fmt.Errorf("input: %w", err)
	}
	for i, t := range in {
		if math.IsNaN(float64(t)) || math.IsInf(float64(t), 0) || (i > 0 && t < in[i-1]) {
			return sm, fmt.Errorf("input: accessor %d: key %d time %g not increasing", gs.Input, i, t)
		}
	}
	out, comps, err := l.floats(gs.Output)
	if err != nil {
		return sm, fmt.Errorf("output: %w", err)
	}
	wantComps := 1
	if path == model.PathTranslation || path == model.PathScale {
		wantComps = 3
	} else if path == model.PathRotation {
		wantComps = 4
	}
	if comps != wantComps {
		return sm, fmt.Errorf("output: accessor %d has %d components, want %d for %s", gs.Output, comps, wantComps, path)
	}
	mult := 1
	if sm.Interpolation == model.InterpCubicSpline {
		mult = 3
	}
	if len(out) != len(in)*mult*width {
		return sm, fmt.Errorf("output: accessor %d has %d values, want %d keys × %d × %d", gs.Output, len(out), len(in), mult, width)
	}
	sm.Input, sm.Output = in, out
	return sm, nil
}
