package render

import (
	"testing"
)

func TestParseToneMap(t *testing.T) {
	for in, want := range map[string]ToneMap{"none": ToneNone, "ACES": ToneACES, "pbr-neutral": TonePBRNeutral, "": TonePBRNeutral, "khronos": TonePBRNeutral} {
		got, err := ParseToneMap(in)
		if err != nil || got != want {
			t.Errorf("ParseToneMap(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := ParseToneMap("reinhard"); err == nil {
		t.Error("ParseToneMap accepted an unknown operator")
	}
	if ToneACES.String() != "aces" || ToneMap(9).String() != "ToneMap(9)" {
		t.Error("ToneMap.String")
	}
}
