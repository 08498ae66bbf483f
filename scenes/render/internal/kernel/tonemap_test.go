package kernel

import (
	"math"
	"testing"
)

// TestPBRNeutral: identity (minus the toe offset) below the compression
// start, hue-preserving compression above, monotonic, bounded by 1.
func TestPBRNeutral(t *testing.T) {
	// Below the knee the operator only subtracts the toe offset.
	c := PBRNeutral([3]float32{0.5, 0.3, 0.2})
	if math.Abs(float64(c[0]-0.46)) > 1e-6 || math.Abs(float64(c[2]-0.16)) > 1e-6 {
		t.Errorf("PBRNeutral(0.5,0.3,0.2) = %v, want (0.46, 0.26, 0.16)", c)
	}
	prev := float32(-1)
	for v := float32(0); v < 100; v += 0.05 {
		g := PBRNeutral([3]float32{v, v, v})
		if g[0] < prev-1e-6 || g[0] > 1 {
			t.Fatalf("grey %v → %v (previous %v)", v, g[0], prev)
		}
		prev = g[0]
	}
	if prev < 0.99 {
		t.Errorf("grey 100 → %v, want → 1", prev)
	}
}

// TestACESFitted: known values of Hill's fit and monotonic greys.
func TestACESFitted(t *testing.T) {
	if g := ACESFitted([3]float32{0, 0, 0}); g[0] > 1e-3 || g[0] < 0 {
		t.Errorf("ACES(0) = %v", g)
	}
	g := ACESFitted([3]float32{0.18, 0.18, 0.18})
	if math.Abs(float64(g[0])-0.1056) > 0.001 { // RRT+ODT fit at 0.18, by hand: 0.036733 / 0.347888
		t.Errorf("ACES(0.18) = %v, want ≈ 0.1056", g)
	}
	prev := float32(-1)
	for v := float32(0); v < 50; v += 0.1 {
		x := ACESFitted([3]float32{v, v, v})[1]
		if x < prev-1e-6 || x > 1 {
			t.Fatalf("grey %v → %v", v, x)
		}
		prev = x
	}
}

// TestSRGB: 8-bit encode/decode round trip and the standard anchor values.
func TestSRGB(t *testing.T) {
	for c := range 256 {
		if got := EncodeSRGB(DecodeSRGB(uint8(c))); got != uint8(c) {
			t.Fatalf("round trip %d → %d", c, got)
		}
	}
	for _, tc := range []struct {
		v    float32
		want uint8
	}{{0, 0}, {1, 255}, {0.5, 188}, {0.18, 118}, {-1, 0}, {float32(math.NaN()), 0}, {7, 255}} {
		if got := EncodeSRGB(tc.v); got != tc.want {
			t.Errorf("EncodeSRGB(%v) = %d, want %d", tc.v, got, tc.want)
		}
	}
}

// TestToneExposure: one stop of exposure doubles linear values.
func TestToneExposure(t *testing.T) {
	a := Tone(ToneNone, 0, [3]float32{0.2, 0.1, 0.05})
	b := Tone(ToneNone, 1, [3]float32{0.1, 0.05, 0.025})
	if a != b {
		t.Errorf("exposure: %v vs %v", a, b)
	}
	if c := Tone(ToneNone, 0, [3]float32{2, -1, 0.5}); c != [3]float32{1, 0, 0.5} {
		t.Errorf("clamp: %v", c)
	}
}
