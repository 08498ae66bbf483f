package testkit

import (
	"fmt"
	"strings"
)

// LineDiff returns a short line-oriented description of how got differs from
// want: the first differing lines with a little context, enough to read in a
// test log.
func LineDiff(want, got string) string {
	wl := strings.Split(want, "\n")
	gl := strings.Split(got, "\n")
	var b strings.Builder
	shown := 0
	n := max(len(wl), len(gl))
	for i := 0; i < n && shown < 20; i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w == g {
			continue
		}
		fmt.Fprintf(&b, "line %d:\n  want: %q\n  got:  %q\n", i+1, w, g)
		shown++
	}
	if len(wl) != len(gl) {
		fmt.Fprintf(&b, "(%d lines wanted, %d got)\n", len(wl), len(gl))
	}
	return b.String()
}
