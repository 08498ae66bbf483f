package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/ingot-render/ingot/shaders/diag"
)

// printError prints err after the command's name cmd. Compiler
// diagnostics in err's chain (a user material that does not compile) are
// printed as `ingot msl check` prints them: file:line:col, the source line
// and a caret.
func printError(w io.Writer, cmd string, err error) {
	msg := strings.TrimPrefix(err.Error(), "render: ")
	var dl *diag.List
	if errors.As(err, &dl) && dl.Fset != nil {
		head := strings.TrimSuffix(strings.TrimSuffix(msg, dl.Error()), ": ")
		fmt.Fprintf(w, "%s: %s:\n", cmd, head)
		dl.Format(w)
		return
	}
	fmt.Fprintf(w, "%s: %s\n", cmd, msg)
}
