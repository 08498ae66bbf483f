package model

import (
	"fmt"
	"io"
	"strings"
)

// Summary is a short description of a scene, printed by `ingot scene info`.
type Summary struct {
	Name       string   `json:"name"`
	Source     string   `json:"source"`
	Format     string   `json:"format"`
	Scenes     []string `json:"scenes,omitempty"`
	Nodes      int      `json:"nodes"`
	Meshes     int      `json:"meshes"`
	Primitives int      `json:"primitives"`
	Vertices   int      `json:"vertices"`
	// Triangles counts unique mesh triangles; RenderedTriangles counts them
	// once per instance at t = 0.
	Triangles         int     `json:"triangles"`
	RenderedTriangles int     `json:"renderedTriangles"`
	Instances         int     `json:"instances"`
	Materials         int     `json:"materials"`
	Textures          int     `json:"textures"`
	Images            int     `json:"images"`
	TextureBytes      int     `json:"textureBytes"`
	Cameras           int     `json:"cameras"`
	Lights            int     `json:"lights"`
	AreaLights        int     `json:"areaLights"`
	Animations        int     `json:"animations"`
	Duration          float32 `json:"duration"`
	Skins             int     `json:"skins"`
	// Bounds are the world bounds at t = 0; nil when the scene is empty.
	Bounds         *Bounds  `json:"bounds"`
	ExtensionsUsed []string `json:"extensionsUsed,omitempty"`
	ExtensionsReq  []string `json:"extensionsRequired,omitempty"`
	Warnings       []string `json:"warnings,omitempty"`
}

// Summary computes the scene's summary.
func (s *Scene) Summary() Summary {
	sum := Summary{Name: s.Name, Source: s.Source, Format: s.Format, Scenes: s.SceneNames,
		Nodes: len(s.Nodes), Meshes: len(s.Meshes), Materials: len(s.Materials), Textures: len(s.Textures),
		Images: len(s.Images), Cameras: len(s.Cameras), Lights: len(s.Lights), Animations: len(s.Animations),
		Skins: len(s.Skins), ExtensionsUsed: s.ExtensionsUsed, ExtensionsReq: s.ExtensionsRequired,
		Warnings: s.Warnings}
	for _, m := range s.Meshes {
		sum.Primitives += len(m.Primitives)
		sum.Triangles += m.Triangles()
		for i := range m.Primitives {
			sum.Vertices += len(m.Primitives[i].Positions)
		}
	}
	for _, im := range s.Images {
		if im != nil {
			sum.TextureBytes += im.Bytes()
		}
	}
	insts := s.Instances()
	sum.Instances = len(insts)
	for _, in := range insts {
		sum.RenderedTriangles += s.Meshes[in.Mesh].Triangles()
	}
	sum.AreaLights = len(s.AreaLights(insts))
	start, end := s.TimeRange()
	sum.Duration = end - start
	if b := s.Bounds(); !b.Empty() {
		sum.Bounds = &b
	}
	return sum
}

// WriteText prints the summary as aligned text.
func (sum Summary) WriteText(w io.Writer) error {
	var b strings.Builder
	f := func(k string, v any) { fmt.Fprintf(&b, "%-20s %v\n", k+":", v) }
	f("name", sum.Name)
	f("source", sum.Source)
	f("format", sum.Format)
	if len(sum.Scenes) > 1 {
		f("scenes", strings.Join(sum.Scenes, ", "))
	}
	f("nodes", sum.Nodes)
	f("meshes", sum.Meshes)
	f("primitives", sum.Primitives)
	f("vertices", sum.Vertices)
	f("triangles", sum.Triangles)
	f("rendered triangles", sum.RenderedTriangles)
	f("instances", sum.Instances)
	f("materials", sum.Materials)
	f("textures", sum.Textures)
	f("images", fmt.Sprintf("%d (%.1f MiB with mips)", sum.Images, float64(sum.TextureBytes)/(1<<20)))
	f("cameras", sum.Cameras)
	f("lights", sum.Lights)
	f("area lights", sum.AreaLights)
	f("animations", fmt.Sprintf("%d (%.3g s)", sum.Animations, sum.Duration))
	f("skins", sum.Skins)
	if sum.Bounds == nil {
		f("bounds", "empty")
	} else {
		f("bounds", fmt.Sprintf("min %v max %v", fmtVec(sum.Bounds.Min), fmtVec(sum.Bounds.Max)))
	}
	if len(sum.ExtensionsUsed) > 0 {
		f("extensions used", strings.Join(sum.ExtensionsUsed, ", "))
	}
	if len(sum.ExtensionsReq) > 0 {
		f("extensions required", strings.Join(sum.ExtensionsReq, ", "))
	}
	for _, wn := range sum.Warnings {
		f("warning", wn)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func fmtVec(v [3]float32) string { return fmt.Sprintf("(%.4g, %.4g, %.4g)", v[0], v[1], v[2]) }
