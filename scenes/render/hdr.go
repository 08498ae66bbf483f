package render

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
)

// maxHDRPixels bounds the size of an environment map read by ReadHDR.
const maxHDRPixels = 1 << 26

// ReadHDR reads a Radiance RGBE (.hdr) image — flat or new-style
// run-length encoded, "-Y H +X W" orientation — as a linear
// equirectangular environment (intensity 1, white multiplier).
func ReadHDR(r io.Reader) (*Environment, error) {
	br := bufio.NewReader(r)
	magic, err := br.ReadString('\n')
	if err != nil {
		return nil, fmt.Errorf("hdr: header: %w", err)
	}
	if !strings.HasPrefix(magic, "#?") {
		return nil, errors.New("hdr: not a Radiance file (no #? signature)")
	}
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			return nil, fmt.Errorf("hdr: header: %w", err)
		}
		line = strings.TrimSpace(line)
		if line == "" {
			break
		}
		if f, ok := strings.CutPrefix(line, "FORMAT="); ok && f != "32-bit_rle_rgbe" {
			return nil, fmt.Errorf("hdr: FORMAT=%s, want 32-bit_rle_rgbe", f)
		}
	}
	res, err := br.ReadString('\n')
	if err != nil {
		return nil, fmt.Errorf("hdr: resolution line: %w", err)
	}
	f := strings.Fields(res)
	if len(f) != 4 || f[0] != "-Y" || f[2] != "+X" {
		return nil, fmt.Errorf("hdr: resolution line %q: only \"-Y H +X W\" is supported", strings.TrimSpace(res))
	}
	h, err1 := strconv.Atoi(f[1])
	w, err2 := strconv.Atoi(f[3])
	if err1 != nil || err2 != nil || w <= 0 || h <= 0 || w*h > maxHDRPixels {
		return nil, fmt.Errorf("hdr: bad size %q×%q", f[3], f[1])
	}
	// Rows are appended as they are read, so a header announcing a huge
	// image costs memory only for the data actually present.
	env := &Environment{Color: [3]float32{1, 1, 1}, Intensity: 1, Width: w, Height: h, RGB: make([]float32, 0, min(3*w*h, 3<<20))}
	scan := make([]byte, 4*w)
	for y := range h {
		if err := readScanline(br, scan, w); err != nil {
			return nil, fmt.Errorf("hdr: row %d: %w", y, err)
		}
		for x := range w {
			p := scan[4*x : 4*x+4]
			if p[3] == 0 {
				env.RGB = append(env.RGB, 0, 0, 0)
				continue
			}
			s := float32(math.Ldexp(1, int(p[3])-136))
			env.RGB = append(env.RGB, float32(p[0])*s, float32(p[1])*s, float32(p[2])*s)
		}
	}
	return env, nil
}

// readScanline reads one row of w RGBE pixels into scan (4·w bytes).
func readScanline(br *bufio.Reader, scan []byte, w int) error {
	var head [4]byte
	if _, err := io.ReadFull(br, head[:]); err != nil {
		return err
	}
	if w < 8 || w > 0x7fff || head[0] != 2 || head[1] != 2 || head[2]&0x80 != 0 {
		// Flat (old-style) pixels.
		copy(scan, head[:])
		_, err := io.ReadFull(br, scan[4:])
		return err
	}
	if int(head[2])<<8|int(head[3]) != w {
		return errors.New("run-length scanline width mismatch")
	}
	var comp [0x7fff]byte
	for c := range 4 {
		for x := 0; x < w; {
			n, err := br.ReadByte()
			if err != nil {
				return err
			}
			if n > 128 {
				run := int(n) - 128
				v, err := br.ReadByte()
				if err != nil {
					return err
				}
				if x+run > w {
					return errors.New("run overflows the scanline")
				}
				for i := range run {
					comp[x+i] = v
				}
				x += run
				continue
			}
			if n == 0 || x+int(n) > w {
				return errors.New("bad literal run")
			}
			if _, err := io.ReadFull(br, comp[x:x+int(n)]); err != nil {
				return err
			}
			x += int(n)
		}
		for x := range w {
			scan[4*x+c] = comp[x]
		}
	}
	return nil
}

// LoadHDR reads a Radiance .hdr file as an environment (see ReadHDR).
func LoadHDR(path string) (*Environment, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	defer f.Close()
	env, err := ReadHDR(f)
	if err != nil {
		return nil, fmt.Errorf("render: %s: %w", path, err)
	}
	return env, nil
}
