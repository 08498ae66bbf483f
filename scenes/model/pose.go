package model

import (
	"github.com/go-gl/mathgl/mgl32"
)

// Pose is the evaluated state of every node at one time.
type Pose struct {
	Time float32
	// World is each node's local-to-world transform (identity for nodes not
	// reachable from Roots).
	World []mgl32.Mat4
	// Weights are each node's morph weights in effect (nil: mesh defaults or none).
	Weights [][]float32
	// Reached marks nodes reachable from Roots.
	Reached []bool
}

// PoseAt evaluates all animations at time t.
func (s *Scene) PoseAt(t float32) *Pose { return s.PoseWith(t, nil) }

// PoseWith evaluates the animations listed in anims (nil: all; empty
// non-nil: none) at time t.
func (s *Scene) PoseWith(t float32, anims []int) *Pose {
	n := len(s.Nodes)
	type trs struct {
		t    mgl32.Vec3
		r    mgl32.Quat
		s    mgl32.Vec3
		anim bool
	}
	loc := make([]trs, n)
	p := &Pose{Time: t, World: make([]mgl32.Mat4, n), Weights: make([][]float32, n), Reached: make([]bool, n)}
	for i := range s.Nodes {
		nd := &s.Nodes[i]
		loc[i] = trs{t: nd.Translation, r: nd.Rotation, s: nd.Scale}
		if nd.Weights != nil {
			p.Weights[i] = nd.Weights
		} else if nd.Mesh >= 0 && nd.Mesh < len(s.Meshes) && len(s.Meshes[nd.Mesh].Weights) > 0 {
			p.Weights[i] = s.Meshes[nd.Mesh].Weights
		}
	}
	apply := func(a *Animation) {
		var buf [4]float32
		for _, ch := range a.Channels {
			if ch.Node < 0 || ch.Node >= n || ch.Sampler < 0 || ch.Sampler >= len(a.Samplers) {
				continue
			}
			sm := &a.Samplers[ch.Sampler]
			l := &loc[ch.Node]
			switch ch.Path {
			case PathTranslation:
				sm.Eval(t, false, buf[:3])
				l.t, l.anim = mgl32.Vec3{buf[0], buf[1], buf[2]}, true
			case PathRotation:
				sm.Eval(t, true, buf[:4])
				l.r, l.anim = mgl32.Quat{W: buf[3], V: mgl32.Vec3{buf[0], buf[1], buf[2]}}, true
			case PathScale:
				sm.Eval(t, false, buf[:3])
				l.s, l.anim = mgl32.Vec3{buf[0], buf[1], buf[2]}, true
			case PathWeights:
				w := make([]float32, sm.Width)
				sm.Eval(t, false, w)
				p.Weights[ch.Node] = w
			}
		}
	}
	if anims == nil {
		for i := range s.Animations {
			apply(&s.Animations[i])
		}
	} else {
		for _, i := range anims {
			if i >= 0 && i < len(s.Animations) {
				apply(&s.Animations[i])
			}
		}
	}
	for i := range p.World {
		p.World[i] = mgl32.Ident4()
	}
	// Iterative depth-first walk from the roots; a node is visited once.
	type item struct {
		node   int
		parent mgl32.Mat4
	}
	stack := make([]item, 0, 16)
	for i := len(s.Roots) - 1; i >= 0; i-- {
		stack = append(stack, item{s.Roots[i], mgl32.Ident4()})
	}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if it.node < 0 || it.node >= n || p.Reached[it.node] {
			continue
		}
		nd := &s.Nodes[it.node]
		l := loc[it.node]
		var local mgl32.Mat4
		if nd.HasMatrix && !l.anim {
			local = nd.Matrix
		} else {
			local = TRS(l.t, l.r, l.s)
		}
		w := it.parent.Mul4(local)
		p.World[it.node], p.Reached[it.node] = w, true
		for c := len(nd.Children) - 1; c >= 0; c-- {
			stack = append(stack, item{nd.Children[c], w})
		}
	}
	return p
}

// Instances returns the drawable instances at t = 0.
func (s *Scene) Instances() []Instance { return s.InstancesAt(0) }

// InstancesAt returns the drawable instances with all animations evaluated
// at time t, in depth-first node order (stable between calls, so the
// instances at shutter open and close correspond one to one).
func (s *Scene) InstancesAt(t float32) []Instance { return s.InstancesOf(s.PoseAt(t)) }

// InstancesOf returns the drawable instances of an evaluated pose.
func (s *Scene) InstancesOf(p *Pose) []Instance {
	var out []Instance
	s.walk(func(ni int) {
		nd := &s.Nodes[ni]
		if nd.Mesh < 0 || nd.Mesh >= len(s.Meshes) || !p.Reached[ni] {
			return
		}
		m := s.Meshes[nd.Mesh]
		in := Instance{Mesh: nd.Mesh, Node: ni, Transform: p.World[ni], Skin: -1}
		hasTargets := false
		for i := range m.Primitives {
			if len(m.Primitives[i].Targets) > 0 {
				hasTargets = true
			}
		}
		if hasTargets {
			in.Weights = p.Weights[ni]
			for _, w := range in.Weights {
				if w != 0 {
					in.Deforms = true
				}
			}
		}
		if nd.Skin >= 0 && nd.Skin < len(s.Skins) {
			in.Skin, in.Deforms, in.Transform = nd.Skin, true, mgl32.Ident4()
		}
		if nd.Instances == nil || in.Skin >= 0 {
			out = append(out, in)
			return
		}
		for _, l := range nd.Instances {
			c := in
			c.Transform = p.World[ni].Mul4(l)
			out = append(out, c)
		}
	})
	return out
}

// walk visits reachable nodes depth-first in order, each once.
func (s *Scene) walk(f func(int)) {
	seen := make([]bool, len(s.Nodes))
	stack := make([]int, 0, 16)
	for i := len(s.Roots) - 1; i >= 0; i-- {
		stack = append(stack, s.Roots[i])
	}
	for len(stack) > 0 {
		ni := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if ni < 0 || ni >= len(s.Nodes) || seen[ni] {
			continue
		}
		seen[ni] = true
		f(ni)
		ch := s.Nodes[ni].Children
		for c := len(ch) - 1; c >= 0; c-- {
			stack = append(stack, ch[c])
		}
	}
}

// BoundsAt returns the world bounds of all instances at time t (deformed
// meshes evaluated).
func (s *Scene) BoundsAt(t float32) Bounds {
	p := s.PoseAt(t)
	b := EmptyBounds()
	for _, in := range s.InstancesOf(p) {
		mb := s.Meshes[in.Mesh].Bounds
		if in.Deforms {
			mb = s.Deform(in, p).Bounds
		}
		b = b.Union(mb.Transform(in.Transform))
	}
	return b
}

// Bounds returns the world bounds at t = 0.
func (s *Scene) Bounds() Bounds { return s.BoundsAt(0) }
