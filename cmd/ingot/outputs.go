package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// checkOutputFile checks, before any rendering, that path (the value of
// flag) has one of the extensions exts and can be created: its directory
// exists and accepts a new file, and path is not a directory.
func checkOutputFile(flag, path string, exts ...string) error {
	ext := strings.ToLower(filepath.Ext(path))
	ok := false
	for _, e := range exts {
		ok = ok || ext == e
	}
	if !ok {
		return fmt.Errorf("%s %s: want a %s file", flag, path, strings.Join(exts, " or "))
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("%s %s: is a directory", flag, path)
	}
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%s %s: directory %s does not exist", flag, path, dir)
	case err != nil:
		return fmt.Errorf("%s %s: %w", flag, path, err)
	case !st.IsDir():
		return fmt.Errorf("%s %s: %s is not a directory", flag, path, dir)
	}
	if err := probeWritable(dir); err != nil {
		return fmt.Errorf("%s %s: cannot write in %s: %w", flag, path, dir, err)
	}
	return nil
}

// checkOutputDir creates directory dir (the value of flag) if needed and
// checks that it accepts new files.
func checkOutputDir(flag, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("%s %s: %w", flag, dir, err)
	}
	if err := probeWritable(dir); err != nil {
		return fmt.Errorf("%s %s: cannot write in it: %w", flag, dir, err)
	}
	return nil
}

// probeWritable creates and removes a temporary file in dir.
func probeWritable(dir string) error {
	f, err := os.CreateTemp(dir, ".ingot-probe-*")
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return pe.Err
		}
		return err
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}
