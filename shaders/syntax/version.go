package syntax

import (
	"fmt"
	"strconv"
	"strings"
)

// Platform is the target operating-system family of a compilation.
type Platform uint8

// Platforms.
const (
	MacOS Platform = iota
	IOS
)

// String returns "macos" or "ios".
func (p Platform) String() string {
	if p == IOS {
		return "ios"
	}
	return "macos"
}

// LanguageVersion is an MSL language version and target platform, as
// chosen by -std.
type LanguageVersion struct {
	Major, Minor int
	Platform     Platform
	// Unified is true for the unified language (-std=metalX.Y, Metal 3.0
	// and later), false for the platform-specific ones
	// (-std=macos-metal2.x, -std=ios-metal2.x).
	Unified bool
}

// DefaultStd is the language version used when Options.Std is empty.
const DefaultStd = "metal4.0"

// ParseStd parses a -std value: "metal3.0", "metal3.1", "metal3.2",
// "metal4.0", "macos-metal2.0" ... "macos-metal2.4", "ios-metal2.0" ...
// "ios-metal2.4" (a leading "-std=" is accepted). The platform of a unified
// version is macOS unless the string is prefixed with "ios-".
func ParseStd(s string) (LanguageVersion, error) {
	orig := s
	s = strings.TrimPrefix(s, "-std=")
	if s == "" {
		s = DefaultStd
	}
	var v LanguageVersion
	switch {
	case strings.HasPrefix(s, "macos-metal"):
		s = strings.TrimPrefix(s, "macos-metal")
	case strings.HasPrefix(s, "ios-metal"):
		v.Platform = IOS
		s = strings.TrimPrefix(s, "ios-metal")
	case strings.HasPrefix(s, "metal"):
		v.Unified = true
		s = strings.TrimPrefix(s, "metal")
	default:
		return v, fmt.Errorf("invalid -std value %q: want metalX.Y, macos-metalX.Y or ios-metalX.Y", orig)
	}
	maj, min, ok := strings.Cut(s, ".")
	if !ok {
		return v, fmt.Errorf("invalid -std value %q: missing minor version", orig)
	}
	var err error
	if v.Major, err = strconv.Atoi(maj); err != nil {
		return v, fmt.Errorf("invalid -std value %q: major version: %w", orig, err)
	}
	if v.Minor, err = strconv.Atoi(min); err != nil {
		return v, fmt.Errorf("invalid -std value %q: minor version: %w", orig, err)
	}
	known := map[int]int{1: 2, 2: 4, 3: 2, 4: 0} // highest minor per major
	hi, ok := known[v.Major]
	if !ok || v.Minor < 0 || v.Minor > hi {
		return v, fmt.Errorf("invalid -std value %q: unknown Metal version %d.%d", orig, v.Major, v.Minor)
	}
	if v.Unified && v.Major < 3 {
		return v, fmt.Errorf("invalid -std value %q: the unified language starts at metal3.0 (use macos-metal%d.%d or ios-metal%d.%d)", orig, v.Major, v.Minor, v.Major, v.Minor)
	}
	if !v.Unified && v.Major >= 3 {
		return v, fmt.Errorf("invalid -std value %q: Metal %d.%d is only available as metal%d.%d", orig, v.Major, v.Minor, v.Major, v.Minor)
	}
	return v, nil
}

// AtLeast reports whether v is version major.minor or later.
func (v LanguageVersion) AtLeast(major, minor int) bool {
	return v.Major > major || v.Major == major && v.Minor >= minor
}

// MetalVersion returns the value of __METAL_VERSION__ (MajorMinorPatch
// digits, e.g. 320 for Metal 3.2).
func (v LanguageVersion) MetalVersion() int { return v.Major*100 + v.Minor*10 }

// String returns the -std spelling.
func (v LanguageVersion) String() string {
	if v.Unified {
		return fmt.Sprintf("metal%d.%d", v.Major, v.Minor)
	}
	return fmt.Sprintf("%s-metal%d.%d", v.Platform, v.Major, v.Minor)
}
