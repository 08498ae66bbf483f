package main

import (
	"errors"
	"strconv"

	"github.com/ingot-render/ingot/scenes/render"
)

// Exit codes of ingot (README.md, "Exit codes").
const (
	// exitOK: the command did all it was asked (a render: complete).
	exitOK = 0
	// exitFailed: an error (bad flag or input, unwritable output, a
	// material that does not compile); nothing was written.
	exitFailed = 1
	// exitTimeLimit: --time-limit stopped the render; the image
	// accumulated so far was written.
	exitTimeLimit = 3
	// exitShaderFault: a shader faulted (a runaway material ran past its
	// tile's instruction budget, an out-of-bounds access); nothing was
	// written.
	exitShaderFault = 4
	// exitInterrupted: Ctrl-C (SIGINT) stopped the command; a render
	// wrote the image accumulated so far (128 + SIGINT, as shells report).
	exitInterrupted = 130
)

// exitError carries a process exit code out of a subcommand without
// printing anything more (the subcommand already reported).
type exitError struct{ code int }

func (e exitError) Error() string { return "exit status " + strconv.Itoa(e.code) }

// failureCode is the exit code of a command that failed with err.
func failureCode(err error) int {
	var se *render.ShaderError
	if errors.As(err, &se) {
		return exitShaderFault
	}
	return exitFailed
}
