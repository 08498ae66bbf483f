package testkit

import (
	"image"
	"image/color"
	"testing"
)

func TestParseAndMatchExpectations(t *testing.T) {
	src := []byte("kernel void f() {\n  static int x; // ERROR \"static\"\n}\n// WARNING \"unused\" ERROR \"a\\\"b\"\n")
	exps, err := ParseExpectations(src)
	if err != nil {
		t.Fatal(err)
	}
	if len(exps) != 3 || exps[0].Line != 2 || exps[1].Line != 4 || exps[2].Raw != `a"b` {
		t.Fatalf("parsed %+v", exps)
	}
	tests := []struct {
		name string
		got  []Reported
		want int
	}{
		{"all matched", []Reported{{2, 3, "error", "'static' not allowed"}, {4, 1, "warning", "unused x"}, {4, 1, "error", `a"b`}}, 0},
		{"missing one", []Reported{{2, 3, "error", "static"}, {4, 1, "warning", "unused"}}, 1},
		{"wrong line and extra", []Reported{{3, 3, "error", "static"}, {4, 1, "warning", "unused"}, {4, 1, "error", `a"b`}}, 2},
		{"extra warning allowed", []Reported{{2, 3, "error", "static"}, {4, 1, "warning", "unused"}, {4, 1, "error", `a"b`}, {1, 1, "warning", "w"}}, 0},
	}
	for _, tc := range tests {
		if p := MatchExpectations(exps, tc.got); len(p) != tc.want {
			t.Errorf("%s: %d problems %v, want %d", tc.name, len(p), p, tc.want)
		}
	}
}

func TestCompareImages(t *testing.T) {
	a := image.NewRGBA(image.Rect(0, 0, 4, 4))
	b := image.NewRGBA(image.Rect(0, 0, 4, 4))
	for i := range a.Pix {
		a.Pix[i], b.Pix[i] = 100, 100
		if i%4 == 3 {
			a.Pix[i], b.Pix[i] = 255, 255
		}
	}
	b.SetRGBA(1, 1, color.RGBA{110, 100, 100, 255})
	b.SetRGBA(2, 2, color.RGBA{102, 100, 100, 255})
	d, err := CompareImages(a, b, 5)
	if err != nil {
		t.Fatal(err)
	}
	if d.Bad != 1 || d.MaxDelta != 10 || d.Total != 16 {
		t.Fatalf("diff %+v", d)
	}
	if _, err := CompareImages(a, image.NewRGBA(image.Rect(0, 0, 3, 4)), 0); err == nil {
		t.Fatal("size mismatch not reported")
	}
}

func TestLineDiff(t *testing.T) {
	if s := LineDiff("a\nb", "a\nc\nd"); s == "" {
		t.Fatal("no diff reported")
	}
}
