package render

import (
	"fmt"
	"strings"
)

// ToneMap selects the resolve kernel's tone-mapping operator
// (RenderSettings.toneMap in scene_types.h).
type ToneMap uint32

// Tone-mapping operators; the values are those of scene_types.h.
const (
	// ToneNone clamps linear radiance to [0, 1].
	ToneNone ToneMap = 0
	// TonePBRNeutral is the Khronos PBR Neutral operator (the default).
	TonePBRNeutral ToneMap = 1
	// ToneACES is Stephen Hill's fit of the ACES RRT+ODT (sRGB primaries).
	ToneACES ToneMap = 2
)

var toneNames = [...]string{"none", "pbr-neutral", "aces"}

// String returns the operator's flag name.
func (t ToneMap) String() string {
	if int(t) < len(toneNames) {
		return toneNames[t]
	}
	return fmt.Sprintf("ToneMap(%d)", uint32(t))
}

// ParseToneMap parses a --tonemap value: "none"/"linear",
// "pbr-neutral"/"neutral"/"khronos", "aces".
func ParseToneMap(s string) (ToneMap, error) {
	switch strings.ToLower(s) {
	case "none", "linear", "clamp":
		return ToneNone, nil
	case "pbr-neutral", "neutral", "khronos", "":
		return TonePBRNeutral, nil
	case "aces", "aces-fitted":
		return ToneACES, nil
	}
	return 0, fmt.Errorf("tonemap %q: want none, pbr-neutral or aces", s)
}
