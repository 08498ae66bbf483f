package raster

import (
	"fmt"
	"image"
	"image/color"
	stddraw "image/draw"
	_ "image/gif" // the animated models' screenshots
	_ "image/jpeg"
	_ "image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/internal/testkit"
	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render"
)

// shotView frames a model as its reference screenshot does: the camera
// looks at the centre of the model's bounds (raised by Lift bounding
// radii, and moved Shift radii to the camera's right) from the direction Yaw degrees about +Y from +Z and Pitch
// degrees up, at Fill times the distance at which the bounding sphere
// fills the 40° vertical field of view. FileCamera uses the file's first
// camera instead.
type shotView struct {
	Yaw, Pitch, Fill, Lift, Shift float64
	FileCamera                    bool
}

// shotCase is one model of ../shared/scenes and its screenshot.
type shotCase struct {
	view shotView
	// tol bounds the screenshot distance (see shotDistance).
	tol float64
	// mirror: the model is not left-right symmetric in the screenshot, so
	// the render mirrored left to right must be farther from it than tol.
	mirror bool
	// untextured: the render without base-colour textures must be farther
	// than tol (the models whose textures carry their colours).
	untextured bool
}

// shotCases holds every model folder of ../shared/scenes that has a
// glTF file and a screenshot (TestScreenshotDistance fails for a folder
// missing here). Duck's and Cameras' screenshots were taken with the
// file's camera, which the cases use; the other views were fitted to the
// screenshots' silhouettes (bounding boxes). The tolerances are the
// measured distances with a margin of about a fifth. What keeps a
// distance well above 0 is light: the screenshots come from the sample
// viewer under its own environment, ours from the studio environment.
var shotCases = map[string]shotCase{
	"AlphaBlendModeTest": {view: shotView{Fill: 0.484}, tol: 0.10, mirror: true, untextured: true},
	"Avocado":            {view: shotView{Fill: 0.928, Shift: 0.01}, tol: 0.35, untextured: true},
	// The box covers a dozen cells of the screenshot, so a few cells
	// decide the correlation.
	"BoxAnimated": {view: shotView{Yaw: -40, Pitch: 25, Fill: 2.633, Lift: 1.966, Shift: 0.046}, tol: 0.80},
	"BoxTextured": {view: shotView{Yaw: 40, Pitch: 30, Fill: 0.971, Lift: -0.085, Shift: 0.013}, tol: 0.45, mirror: true, untextured: true},
	"Cameras":     {view: shotView{FileCamera: true}, tol: 0.06},
	// The sample viewer's environment darkens the glass and the metal
	// trim more than ours.
	"CesiumMilkTruck":             {view: shotView{Yaw: 35, Pitch: 5, Fill: 0.836, Lift: 0.046, Shift: -0.131}, tol: 0.55},
	"DamagedHelmet":               {view: shotView{Yaw: 35, Fill: 0.59, Lift: -0.078, Shift: 0.051}, tol: 0.45, mirror: true, untextured: true},
	"Duck":                        {view: shotView{FileCamera: true}, tol: 0.03, mirror: true, untextured: true},
	"EmissiveStrengthTest":        {view: shotView{Pitch: 25, Fill: 0.9}, tol: 0.46, mirror: true, untextured: true},
	"FlightHelmet":                {view: shotView{Fill: 1.3}, tol: 0.26, untextured: true},
	"LightsPunctualLamp":          {view: shotView{Fill: 0.867, Lift: -0.049, Shift: 0.033}, tol: 0.55, mirror: true},
	"MetalRoughSpheresNoTextures": {view: shotView{Fill: 0.73}, tol: 0.29, mirror: true},
	"NegativeScaleTest":           {view: shotView{Fill: 0.626, Lift: 0.01}, tol: 0.05, mirror: true},
	"NormalTangentTest":           {view: shotView{Fill: 0.692, Lift: 0.015, Shift: -0.015}, tol: 0.42, mirror: true},
	// The cube is a rough metal (metallic by default): the screenshot's
	// environment makes its faces dark, ours light blue; the arrows and
	// the frame still place it.
	"OrientationTest":       {view: shotView{Yaw: 35, Pitch: 25, Fill: 0.77, Lift: -0.159, Shift: -0.042}, tol: 0.85, mirror: true},
	"SimpleInstancing":      {view: shotView{Yaw: 30, Pitch: 30, Fill: 0.951, Lift: -0.082, Shift: 0.025}, tol: 0.16},
	"TextureCoordinateTest": {view: shotView{Fill: 0.729, Lift: 0.021}, tol: 0.13, mirror: true},
	"TextureSettingsTest":   {view: shotView{Fill: 0.7}, tol: 0.08, mirror: true, untextured: true},
	"TwoSidedPlane":         {view: shotView{Yaw: 20, Pitch: 30, Fill: 1.2}, tol: 0.12, untextured: true},
	"VertexColorTest":       {view: shotView{Fill: 0.67}, tol: 0.04, mirror: true, untextured: true},
}

// shotCell is the grid of shotDistance: cells per image side.
const shotCell = 12

// shotDistance measures how far a render is from a screenshot of the
// same view, with the lighting, background and tone mapping allowed to
// differ: both images are cut into a shotCell×shotCell grid, and over the
// cells the render covers at least a quarter of (the model's), it is 1
// minus the Pearson correlation of the cells' mean sRGB channels (0: the
// same pattern of colours up to one gain and offset; 1: unrelated; up to
// 2: inverted). The render's uncovered pixels take the screenshot's, so a
// silhouette that differs counts as the colours it covers. It returns
// the composite too (for the failure image).
func shotDistance(img *render.Image, covered []bool, shot image.Image) (float64, *image.NRGBA) {
	w, h := img.Width, img.Height
	sb := shot.Bounds()
	comp := image.NewNRGBA(image.Rect(0, 0, w, h))
	var cells [shotCell * shotCell][2][3]float64
	var count, cov [shotCell * shotCell]float64
	for y := range h {
		for x := range w {
			// The screenshot box-filtered to the render's pixel.
			x0, x1 := sb.Min.X+x*sb.Dx()/w, sb.Min.X+max((x+1)*sb.Dx()/w, x*sb.Dx()/w+1)
			y0, y1 := sb.Min.Y+y*sb.Dy()/h, sb.Min.Y+max((y+1)*sb.Dy()/h, y*sb.Dy()/h+1)
			var want [3]float64
			for j := y0; j < y1; j++ {
				for i := x0; i < x1; i++ {
					r, g, b, _ := shot.At(i, j).RGBA()
					want[0], want[1], want[2] = want[0]+float64(r)/65535, want[1]+float64(g)/65535, want[2]+float64(b)/65535
				}
			}
			n := float64((x1 - x0) * (y1 - y0))
			for k := range want {
				want[k] /= n
			}
			got := want
			cell := y*shotCell/h*shotCell + x*shotCell/w
			if covered[y*w+x] {
				c := img.RGBA8.NRGBAAt(x, y)
				got = [3]float64{float64(c.R) / 255, float64(c.G) / 255, float64(c.B) / 255}
				cov[cell]++
			}
			comp.SetNRGBA(x, y, color.NRGBA{uint8(255*got[0] + 0.5), uint8(255*got[1] + 0.5), uint8(255*got[2] + 0.5), 255})
			for k := range 3 {
				cells[cell][0][k] += got[k]
				cells[cell][1][k] += want[k]
			}
			count[cell]++
		}
	}
	var n, sx, sy, sxx, syy, sxy float64
	for i := range cells {
		if cov[i] < count[i]/4 {
			continue
		}
		for k := range 3 {
			x, y := cells[i][0][k]/count[i], cells[i][1][k]/count[i]
			n, sx, sy, sxx, syy, sxy = n+1, sx+x, sy+y, sxx+x*x, syy+y*y, sxy+x*y
		}
	}
	vx, vy, cxy := sxx-sx*sx/n, syy-sy*sy/n, sxy-sx*sy/n
	if n == 0 || vx <= 0 || vy <= 0 {
		return 1, comp
	}
	return 1 - cxy/math.Sqrt(vx*vy), comp
}

// renderShot rasterizes s as v frames it, at the screenshot's aspect,
// under the studio environment (the sample viewer lights every model by
// an environment), and returns the image and its covered pixels (the
// depth AOV).
func renderShot(t *testing.T, s *model.Scene, v shotView, shot image.Rectangle) (*render.Image, []bool) {
	t.Helper()
	const w = 128
	f := smallFrame(w, max(1, int(math.Round(w*float64(shot.Dy())/float64(shot.Dx())))))
	f.AOVs = true
	if !v.FileCamera {
		b := s.BoundsAt(0)
		c := b.Center()
		rad := float64(b.Size().Len() / 2)
		yaw, pitch := v.Yaw*math.Pi/180, v.Pitch*math.Pi/180
		dist := rad / math.Sin(20*math.Pi/180) * v.Fill
		target := [3]float32{c[0] + float32(math.Cos(yaw)*v.Shift*rad), c[1] + float32(v.Lift*rad), c[2] - float32(math.Sin(yaw)*v.Shift*rad)}
		f.LookAt = &render.Camera{
			Eye: [3]float32{target[0] + float32(math.Sin(yaw)*math.Cos(pitch)*dist), target[1] + float32(math.Sin(pitch)*dist),
				target[2] + float32(math.Cos(yaw)*math.Cos(pitch)*dist)},
			Target: target, Up: [3]float32{0, 1, 0}, FovY: 40}
	}
	img := mustRender(t, newTestRenderer(t, s, 2, Options{Env: render.StudioEnvironment()}), f)
	covered := make([]bool, len(img.Depth))
	for i, d := range img.Depth {
		covered[i] = d > 0
	}
	return img, covered
}

// mirrored returns img and covered flipped left to right.
func mirrored(img *render.Image, covered []bool) (*render.Image, []bool) {
	w, h := img.Width, img.Height
	m := &render.Image{Width: w, Height: h, RGBA8: image.NewNRGBA(image.Rect(0, 0, w, h))}
	mc := make([]bool, len(covered))
	for y := range h {
		for x := range w {
			m.RGBA8.SetNRGBA(w-1-x, y, img.RGBA8.NRGBAAt(x, y))
			mc[y*w+w-1-x] = covered[y*w+x]
		}
	}
	return m, mc
}

// TestScreenshotDistance rasterizes every model of ../shared/scenes that
// has a reference screenshot (the Khronos sample viewer's, or the
// model's source's) in the screenshot's view and measures shotDistance
// against it: it must stay below the case's stated tolerance. Two
// controls show that the measure sees what the issue names (orientation,
// textures, alpha, emissive, transparency) rather than passing anything:
// a model that is not left-right symmetric must be farther than its
// tolerance when mirrored, and a model whose colours come from its
// textures farther when its base-colour textures are left out. On failure the composite (render over the
// screenshot's background) and the screenshot are written beside each
// other to testkit.FailureDir.
func TestScreenshotDistance(t *testing.T) {
	for _, m := range modelFolders(t) {
		name, scene := m[0], m[1]
		shots, _ := filepath.Glob(filepath.Join(sharedScenes, name, "screenshot", "screenshot.*"))
		if len(shots) == 0 {
			continue
		}
		t.Run(name, func(t *testing.T) {
			c, ok := shotCases[name]
			if !ok {
				t.Fatalf("no shotCases entry for %s", name)
			}
			sf, err := os.Open(shots[0])
			if err != nil {
				t.Fatal(err)
			}
			shot, _, err := image.Decode(sf)
			sf.Close()
			if err != nil {
				t.Fatalf("%s: %v", shots[0], err)
			}
			s := openScene(t, scene)
			img, covered := renderShot(t, s, c.view, shot.Bounds())
			dist, comp := shotDistance(img, covered, shot)
			t.Logf("distance %.4f (tolerance %.3f)", dist, c.tol)
			if dist > c.tol {
				writeShotFailure(t, name, comp, shot)
				t.Errorf("distance from the screenshot %.4f, want at most %.3f", dist, c.tol)
			}
			if c.mirror {
				mi, mc := mirrored(img, covered)
				md, _ := shotDistance(mi, mc, shot)
				t.Logf("mirrored: distance %.4f", md)
				if md <= c.tol {
					t.Errorf("the mirrored render is within the tolerance too (%.4f ≤ %.3f): the measure does not see orientation", md, c.tol)
				}
			}
			if c.untextured {
				for i := range s.Materials {
					s.Materials[i].BaseColorTex = model.NoTexture
				}
				ui, uc := renderShot(t, s, c.view, shot.Bounds())
				ud, _ := shotDistance(ui, uc, shot)
				t.Logf("without base-colour textures: distance %.4f", ud)
				if ud <= c.tol {
					t.Errorf("the render without textures is within the tolerance too (%.4f ≤ %.3f)", ud, c.tol)
				}
			}
		})
	}
}

// writeShotFailure writes the composite and the screenshot side by side.
func writeShotFailure(t *testing.T, name string, comp *image.NRGBA, shot image.Image) {
	w, h := comp.Bounds().Dx(), comp.Bounds().Dy()
	out := image.NewNRGBA(image.Rect(0, 0, 2*w, h))
	stddraw.Draw(out, image.Rect(0, 0, w, h), comp, image.Point{}, stddraw.Src)
	sb := shot.Bounds()
	for y := range h {
		for x := range w {
			out.Set(w+x, y, shot.At(sb.Min.X+x*sb.Dx()/w, sb.Min.Y+y*sb.Dy()/h))
		}
	}
	p := filepath.Join(testkit.FailureDir(), fmt.Sprintf("screenshot_%s.png", name))
	if err := testkit.WritePNG(p, out); err == nil {
		t.Logf("wrote %s (render over the screenshot's background | screenshot)", p)
	}
}
