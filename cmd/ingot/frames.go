package main

import (
	"errors"
	"fmt"
	"image"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ingot-render/ingot/scenes"
	"github.com/ingot-render/ingot/scenes/model"
)

// jobFlags are `ingot render`'s flags for animations and split renders.
type jobFlags struct {
	frames       string
	fps          float64
	animation    string
	skipExisting bool
	shutterAngle float64
	region       string
}

// register adds the job flags to cmd.
func (j *jobFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&j.frames, "frames", "", "render frames START:END[:STEP] (END included) of the animation to numbered files: -o out_%04d.png; frame N is the scene at time N/--fps")
	fl.Float64Var(&j.fps, "fps", 24, "frames per second of --frames (frame N is at time N/fps)")
	fl.StringVar(&j.animation, "animation", "", "play only this glTF animation (NAME or INDEX; default: all together); without --frames, render all of its frames")
	fl.BoolVar(&j.skipExisting, "skip-existing", false, "with --frames: leave out frames whose output files exist (resume an interrupted job)")
	fl.Float64Var(&j.shutterAngle, "shutter-angle", 0, "with --frames: motion blur, the shutter open for this fraction of the frame interval in degrees (180: half a frame; 0: none)")
	fl.StringVar(&j.region, "region", "", "render only pixels x0,y0,x1,y1 of the frame (x1,y1 excluded): the same bits as those pixels of the whole frame; `ingot merge` joins the parts")
}

// animated reports whether the flags ask for a frame sequence.
func (j *jobFlags) animated() bool { return j.frames != "" || j.animation != "" }

// frameRange is --frames START:END:STEP (END included).
type frameRange struct{ start, end, step int }

// parseFrames parses --frames.
func parseFrames(s string) (frameRange, error) {
	parts := strings.Split(s, ":")
	bad := fmt.Errorf("--frames %q: want START:END or START:END:STEP with 0 ≤ START ≤ END and STEP ≥ 1", s)
	if len(parts) < 2 || len(parts) > 3 {
		return frameRange{}, bad
	}
	var v [3]int
	v[2] = 1
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return frameRange{}, bad
		}
		v[i] = n
	}
	r := frameRange{v[0], v[1], v[2]}
	if r.start < 0 || r.end < r.start || r.step < 1 || r.end > 1<<24 {
		return frameRange{}, bad
	}
	return r, nil
}

// numbers lists the frames of r.
func (r frameRange) numbers() []int {
	var out []int
	for n := r.start; n <= r.end; n += r.step {
		out = append(out, n)
	}
	return out
}

// frameVerb matches the one integer verb of an output pattern (%d, %04d).
var frameVerb = regexp.MustCompile(`%[0-9]*d`)

// checkPattern checks that the value of flag holds exactly one frame
// number verb (%d, %04d) and no other verb (%% is a percent sign).
func checkPattern(flag, p string) error {
	rest := strings.ReplaceAll(p, "%%", "")
	if n := len(frameVerb.FindAllString(rest, -1)); n != 1 {
		return fmt.Errorf("%s %s: with --frames, want one frame number verb such as out_%%04d.png (found %d)", flag, p, n)
	}
	if strings.Count(frameVerb.ReplaceAllString(rest, ""), "%") != 0 {
		return fmt.Errorf("%s %s: only one %%d verb (and %%%%) may appear", flag, p)
	}
	return nil
}

// frameName is pattern p for frame n.
func frameName(p string, n int) string { return fmt.Sprintf(p, n) }

// frameTimes returns the shutter interval of frame n: open at n/fps, open
// for angle/360 of the frame interval.
func frameTimes(n int, fps, angle float64) [2]float32 {
	t := float64(n) / fps
	return [2]float32{float32(t), float32(t + angle/360/fps)}
}

// selectAnimation returns s playing only animation sel (a name or an
// index) and that animation; sel "" returns s and nil.
func selectAnimation(s *scenes.Scene, sel string) (*scenes.Scene, *model.Animation, error) {
	if sel == "" {
		return s, nil, nil
	}
	i := -1
	if n, err := strconv.Atoi(sel); err == nil && n >= 0 && n < len(s.Animations) {
		i = n
	} else {
		for k := range s.Animations {
			if s.Animations[k].Name == sel {
				i = k
				break
			}
		}
	}
	if i < 0 {
		if len(s.Animations) == 0 {
			return nil, nil, fmt.Errorf("--animation %s: the scene has no animations", sel)
		}
		names := make([]string, len(s.Animations))
		for k, a := range s.Animations {
			names[k] = strconv.Itoa(k)
			if a.Name != "" {
				names[k] += " " + strconv.Quote(a.Name)
			}
		}
		what := fmt.Sprintf("%d animations", len(s.Animations))
		if len(s.Animations) == 1 {
			what = "1 animation"
		}
		return nil, nil, fmt.Errorf("--animation %s: the scene has %s (%s)", sel, what, strings.Join(names, ", "))
	}
	c := *s
	c.Animations = []model.Animation{s.Animations[i]}
	return &c, &c.Animations[0], nil
}

// animationFrames is the frame range covering animation a at fps: the
// frames whose times lie within [a.Start, a.End].
func animationFrames(a *model.Animation, fps float64) frameRange {
	start := max(int(math.Ceil(float64(a.Start)*fps-1e-6)), 0)
	end := max(int(math.Floor(float64(a.End)*fps+1e-6)), start)
	return frameRange{start, end, 1}
}

// parseRegion parses --region x0,y0,x1,y1 within a w×h frame.
func parseRegion(s string, w, h int) (image.Rectangle, error) {
	if s == "" {
		return image.Rectangle{}, nil
	}
	parts := strings.Split(s, ",")
	var v [4]int
	ok := len(parts) == 4
	for i := 0; ok && i < 4; i++ {
		n, err := strconv.Atoi(strings.TrimSpace(parts[i]))
		v[i], ok = n, err == nil
	}
	r := image.Rect(v[0], v[1], v[2], v[3])
	if !ok || v[0] >= v[2] || v[1] >= v[3] || !r.In(image.Rect(0, 0, w, h)) {
		return r, fmt.Errorf("--region %s: want x0,y0,x1,y1 with 0 ≤ x0 < x1 ≤ %d and 0 ≤ y0 < y1 ≤ %d (the --size)", s, w, h)
	}
	return r, nil
}

// checkJobFlags checks the frame-job flags against the others: --frames
// sets each frame's time, so --time and --shutter do not go with it.
func checkJobFlags(f *renderFlags) error {
	j := &f.job
	switch {
	case !(j.fps > 0) || math.IsInf(j.fps, 0):
		return fmt.Errorf("--fps %v: want a positive number", j.fps)
	case !(j.shutterAngle >= 0 && j.shutterAngle <= 360):
		return fmt.Errorf("--shutter-angle %v: want 0..360 degrees", j.shutterAngle)
	}
	if j.animated() {
		switch {
		case f.time != 0:
			return errors.New("--time: --frames sets each frame's time (frame N is at N/--fps)")
		case f.shutter != "":
			return errors.New("--shutter: with --frames, use --shutter-angle (the shutter opens at each frame's time)")
		}
		return nil
	}
	switch {
	case j.skipExisting:
		return errors.New("--skip-existing: only with --frames or --animation")
	case j.shutterAngle != 0:
		return errors.New("--shutter-angle: only with --frames or --animation (use --shutter OPEN,CLOSE for one frame)")
	}
	return nil
}
