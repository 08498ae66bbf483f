package gltfload

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"

	"github.com/ingot-render/ingot/scenes/model"
)

func (l *loader) cameras() error {
	for i, gc := range l.doc.Cameras {
		name := label("camera", i, gc.Name)
		c := model.Camera{Name: gc.Name, Node: -1, World: mgl32.Ident4()}
		switch {
		case gc.Perspective != nil:
			p := gc.Perspective
			if !(p.Yfov > 0 && p.Yfov < math.Pi) {
				return fmt.Errorf("%s: yfov %g outside (0, π)", name, p.Yfov)
			}
			if !(p.Znear > 0) {
				return fmt.Errorf("%s: znear %g must be positive", name, p.Znear)
			}
			c.Projection, c.YFov, c.ZNear, c.ZFar = model.Perspective, float32(p.Yfov), float32(p.Znear), float32(math.Inf(1))
			if p.Zfar != nil {
				if *p.Zfar <= p.Znear {
					return fmt.Errorf("%s: zfar %g not beyond znear %g", name, *p.Zfar, p.Znear)
				}
				c.ZFar = float32(*p.Zfar)
			}
			if p.AspectRatio != nil {
				c.Aspect = float32(*p.AspectRatio)
			}
		case gc.Orthographic != nil:
			o := gc.Orthographic
			if o.Zfar <= o.Znear || o.Znear < 0 {
				return fmt.Errorf("%s: znear %g / zfar %g invalid", name, o.Znear, o.Zfar)
			}
			c.Projection, c.XMag, c.YMag = model.Orthographic, float32(o.Xmag), float32(o.Ymag)
			c.ZNear, c.ZFar = float32(o.Znear), float32(o.Zfar)
		default:
			return fmt.Errorf("%s: type %q not supported", name, gc.Type)
		}
		l.s.Cameras = append(l.s.Cameras, c)
	}
	return nil
}

type lightJSON struct {
	Name      string      `json:"name"`
	Type      string      `json:"type"`
	Color     *[3]float64 `json:"color"`
	Intensity *float64    `json:"intensity"`
	Range     float64     `json:"range"`
	Spot      *struct {
		Inner float64  `json:"innerConeAngle"`
		Outer *float64 `json:"outerConeAngle"`
	} `json:"spot"`
}

func (l *loader) lights() error {
	var root struct {
		Lights []lightJSON `json:"lights"`
	}
	raw, ok, err := extRaw(l.doc.Extensions, "KHR_lights_punctual")
	if err != nil || !ok {
		return err
	}
	if err := json.Unmarshal(raw, &root); err != nil {
		// qmuntal/gltf/ext/lightspunctual, when linked in, re-marshals the
		// list as a bare array.
		if err2 := json.Unmarshal(raw, &root.Lights); err2 != nil {
			return fmt.Errorf("KHR_lights_punctual: %w", err)
		}
	}
	for i, gl := range root.Lights {
		name := label("KHR_lights_punctual light", i, gl.Name)
		lt := model.Light{Name: gl.Name, Color: vec3p(gl.Color, [3]float32{1, 1, 1}), Intensity: f32p(gl.Intensity, 1),
			Range: f32(gl.Range), Node: -1, World: mgl32.Ident4()}
		switch gl.Type {
		case "directional":
			lt.Type = model.Directional
		case "point":
			lt.Type = model.Point
		case "spot":
			lt.Type = model.Spot
			lt.OuterConeAngle = math.Pi / 4
			if gl.Spot != nil {
				lt.InnerConeAngle = f32(gl.Spot.Inner)
				lt.OuterConeAngle = f32p(gl.Spot.Outer, math.Pi/4)
			}
		default:
			return fmt.Errorf("%s: unknown type %q", name, gl.Type)
		}
		l.s.Lights = append(l.s.Lights, lt)
	}
	return nil
}

func (l *loader) nodes() error {
	d := l.doc
	n := len(d.Nodes)
	l.s.Nodes = make([]model.Node, n)
	for i, gn := range d.Nodes {
		name := label("node", i, gn.Name)
		nd := model.NewNode(gn.Name)
		m := gn.MatrixOrDefault()
		for k := range m {
			nd.Matrix[k] = float32(m[k])
		}
		nd.HasMatrix = nd.Matrix != mgl32.Ident4()
		t, r, s := gn.TranslationOrDefault(), gn.RotationOrDefault(), gn.ScaleOrDefault()
		nd.Translation = mgl32.Vec3{float32(t[0]), float32(t[1]), float32(t[2])}
		nd.Rotation = mgl32.Quat{W: float32(r[3]), V: mgl32.Vec3{float32(r[0]), float32(r[1]), float32(r[2])}}
		nd.Scale = mgl32.Vec3{float32(s[0]), float32(s[1]), float32(s[2])}
		if gn.Mesh != nil {
			if *gn.Mesh < 0 || *gn.Mesh >= len(d.Meshes) {
				return fmt.Errorf("%s: mesh %d out of range (%d meshes)", name, *gn.Mesh, len(d.Meshes))
			}
			nd.Mesh = *gn.Mesh
		}
		if gn.Camera != nil {
			if *gn.Camera < 0 || *gn.Camera >= len(d.Cameras) {
				return fmt.Errorf("%s: camera %d out of range (%d cameras)", name, *gn.Camera, len(d.Cameras))
			}
			nd.Camera = *gn.Camera
		}
		if gn.Skin != nil {
			if *gn.Skin < 0 || *gn.Skin >= len(d.Skins) {
				return fmt.Errorf("%s: skin %d out of range (%d skins)", name, *gn.Skin, len(d.Skins))
			}
			nd.Skin = *gn.Skin
		}
		for _, w := range gn.Weights {
			nd.Weights = append(nd.Weights, float32(w))
		}
		var lp struct {
			Light *int `json:"light"`
		}
		if raw, ok, err := extRaw(gn.Extensions, "KHR_lights_punctual"); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		} else if ok {
			if err := json.Unmarshal(raw, &lp); err != nil {
				var bare int // the ext/lightspunctual package's form
				if json.Unmarshal(raw, &bare) != nil {
					return fmt.Errorf("%s: KHR_lights_punctual: %w", name, err)
				}
				lp.Light = &bare
			}
		}
		if lp.Light != nil {
			if *lp.Light < 0 || *lp.Light >= len(l.s.Lights) {
				return fmt.Errorf("%s: light %d out of range (%d lights)", name, *lp.Light, len(l.s.Lights))
			}
			nd.Light = *lp.Light
		}
		if err := l.gpuInstancing(gn, &nd); err != nil {
			return fmt.Errorf("%s: EXT_mesh_gpu_instancing: %w", name, err)
		}
		for _, c := range gn.Children {
			if c < 0 || c >= n {
				return fmt.Errorf("%s: child %d out of range (%d nodes)", name, c, n)
			}
			if c == i {
				return fmt.Errorf("%s: is its own child", name)
			}
		}
		nd.Children = append([]int(nil), gn.Children...)
		l.s.Nodes[i] = nd
	}
	for i := range l.s.Nodes {
		for _, c := range l.s.Nodes[i].Children {
			if p := l.s.Nodes[c].Parent; p >= 0 {
				return fmt.Errorf("node %d: has two parents (%d and %d)", c, p, i)
			}
			l.s.Nodes[c].Parent = i
		}
	}
	// Every node must lead up to a parentless node; otherwise it is on a cycle.
	reached := make([]bool, n)
	var stack []int
	for i := range l.s.Nodes {
		if l.s.Nodes[i].Parent < 0 {
			stack = append(stack, i)
		}
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		reached[i] = true
		stack = append(stack, l.s.Nodes[i].Children...)
	}
	for i, r := range reached {
		if !r {
			return fmt.Errorf("node %d: part of a cycle in the node hierarchy", i)
		}
	}
	return l.pickScene()
}

func (l *loader) pickScene() error {
	d := l.doc
	for i, sc := range d.Scenes {
		name := sc.Name
		if name == "" {
			name = strconv.Itoa(i)
		}
		l.s.SceneNames = append(l.s.SceneNames, name)
	}
	pick := -1
	if l.opts.Scene != "" {
		for i, sc := range d.Scenes {
			if sc.Name == l.opts.Scene {
				pick = i
			}
		}
		if pick < 0 {
			if k, err := strconv.Atoi(l.opts.Scene); err == nil && k >= 0 && k < len(d.Scenes) {
				pick = k
			}
		}
		if pick < 0 {
			return fmt.Errorf("scene %q not found (scenes: %v)", l.opts.Scene, l.s.SceneNames)
		}
	} else if d.Scene != nil {
		if *d.Scene < 0 || *d.Scene >= len(d.Scenes) {
			return fmt.Errorf("scene %d out of range (%d scenes)", *d.Scene, len(d.Scenes))
		}
		pick = *d.Scene
	} else if len(d.Scenes) > 0 {
		pick = 0
	}
	if pick < 0 {
		for i := range l.s.Nodes {
			if l.s.Nodes[i].Parent < 0 {
				l.s.Roots = append(l.s.Roots, i)
			}
		}
	} else {
		sc := d.Scenes[pick]
		l.s.Name = sc.Name
		for _, r := range sc.Nodes {
			if r < 0 || r >= len(l.s.Nodes) {
				return fmt.Errorf("%s: node %d out of range (%d nodes)", label("scene", pick, sc.Name), r, len(l.s.Nodes))
			}
			if l.s.Nodes[r].Parent >= 0 {
				return fmt.Errorf("%s: root node %d has a parent", label("scene", pick, sc.Name), r)
			}
			l.s.Roots = append(l.s.Roots, r)
		}
	}
	// Place cameras and lights on the first node (depth-first) carrying them.
	p := l.s.PoseWith(0, []int{})
	var stack []int
	for i := len(l.s.Roots) - 1; i >= 0; i-- {
		stack = append(stack, l.s.Roots[i])
	}
	seen := make([]bool, len(l.s.Nodes))
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[i] {
			continue
		}
		seen[i] = true
		nd := &l.s.Nodes[i]
		if c := nd.Camera; c >= 0 && l.s.Cameras[c].Node < 0 {
			l.s.Cameras[c].Node, l.s.Cameras[c].World = i, p.World[i]
		}
		if c := nd.Light; c >= 0 && l.s.Lights[c].Node < 0 {
			l.s.Lights[c].Node, l.s.Lights[c].World = i, p.World[i]
		}
		for c := len(nd.Children) - 1; c >= 0; c-- {
			stack = append(stack, nd.Children[c])
		}
	}
	return nil
}

func (l *loader) gpuInstancing(gn *gltf.Node, nd *model.Node) error {
	var gi struct {
		Attributes map[string]int `json:"attributes"`
	}
	ok, err := ext(gn.Extensions, "EXT_mesh_gpu_instancing", &gi)
	if err != nil || !ok {
		return err
	}
	count := -1
	get := func(name string, comps int) ([]float32, error) {
		ai, ok := gi.Attributes[name]
		if !ok {
			return nil, nil
		}
		f, err := l.floatsN(ai, comps, count)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		count = len(f) / comps
		return f, nil
	}
	t, err := get("TRANSLATION", 3)
	if err != nil {
		return err
	}
	r, err := get("ROTATION", 4)
	if err != nil {
		return err
	}
	s, err := get("SCALE", 3)
	if err != nil {
		return err
	}
	if count < 0 {
		return nil
	}
	nd.Instances = make([]mgl32.Mat4, count)
	for i := range nd.Instances {
		tv, rv, sv := mgl32.Vec3{}, mgl32.QuatIdent(), mgl32.Vec3{1, 1, 1}
		if t != nil {
			tv = mgl32.Vec3{t[3*i], t[3*i+1], t[3*i+2]}
		}
		if r != nil {
			rv = mgl32.Quat{W: r[4*i+3], V: mgl32.Vec3{r[4*i], r[4*i+1], r[4*i+2]}}
		}
		if s != nil {
			sv = mgl32.Vec3{s[3*i], s[3*i+1], s[3*i+2]}
		}
		nd.Instances[i] = model.TRS(tv, rv, sv)
	}
	return nil
}

func (l *loader) skins() error {
	for i, gs := range l.doc.Skins {
		name := label("skin", i, gs.Name)
		sk := model.Skin{Name: gs.Name, Skeleton: -1}
		for _, j := range gs.Joints {
			if j < 0 || j >= len(l.s.Nodes) {
				return fmt.Errorf("%s: joint node %d out of range (%d nodes)", name, j, len(l.s.Nodes))
			}
		}
		sk.Joints = append([]int(nil), gs.Joints...)
		if gs.Skeleton != nil {
			if *gs.Skeleton < 0 || *gs.Skeleton >= len(l.s.Nodes) {
				return fmt.Errorf("%s: skeleton node %d out of range", name, *gs.Skeleton)
			}
			sk.Skeleton = *gs.Skeleton
		}
		sk.InverseBind = make([]mgl32.Mat4, len(sk.Joints))
		if gs.InverseBindMatrices != nil {
			f, err := l.floatsN(*gs.InverseBindMatrices, 16, -1)
			if err != nil {
				return fmt.Errorf("%s: inverseBindMatrices: %w", name, err)
			}
			if len(f)/16 < len(sk.Joints) {
				return fmt.Errorf("%s: inverseBindMatrices: %d matrices for %d joints", name, len(f)/16, len(sk.Joints))
			}
			for j := range sk.InverseBind {
				copy(sk.InverseBind[j][:], f[16*j:16*j+16])
			}
		} else {
			for j := range sk.InverseBind {
				sk.InverseBind[j] = mgl32.Ident4()
			}
		}
		l.s.Skins = append(l.s.Skins, sk)
	}
	return nil
}
