package syntax

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
)

// Options configure preprocessing and parsing of one translation unit.
// The zero value is usable: default language version (DefaultStd), macOS,
// no macros, no user includes.
type Options struct {
	// Defines are -D macro definitions, applied in order: "NAME" defines
	// NAME as 1, "NAME=VALUE" as VALUE ("NAME=" as empty).
	Defines []string
	// IncludeDirs are -I search directories for #include/#import.
	IncludeDirs []string
	// Resolver reads user headers. When nil, only the built-in (virtual)
	// headers such as <metal_stdlib> can be included.
	Resolver IncludeResolver
	// Std is the -std value ("metal3.2", "macos-metal2.4", ...); empty
	// means DefaultStd. An invalid value is reported as a diagnostic and
	// DefaultStd is used.
	Std string
	// Platform selects __METAL_MACOS__ or __METAL_IOS__ for the unified
	// language versions (metal3.0 and later); the ios-/macos- prefixed
	// versions imply their platform.
	Platform Platform
}

// IncludeResolver reads user headers for #include "x.h" and #import.
// The preprocessor asks for candidate paths in search order: for quoted
// names first the directory of the including file, then each include
// directory; for <...> names only the include directories. A resolver
// returns an error (typically fs.ErrNotExist) for a path it cannot read.
type IncludeResolver interface {
	ReadFile(path string) ([]byte, error)
}

// OSResolver reads headers from the operating system's file system.
type OSResolver struct{}

// ReadFile implements IncludeResolver.
func (OSResolver) ReadFile(p string) ([]byte, error) {
	b, err := os.ReadFile(filepath.FromSlash(p))
	if err != nil {
		return nil, fmt.Errorf("read header: %w", err)
	}
	return b, nil
}

// MapResolver serves headers from memory, keyed by slash-separated path
// (cleaned with path.Clean); useful for tests and embedded shaders.
type MapResolver map[string]string

// ReadFile implements IncludeResolver.
func (m MapResolver) ReadFile(p string) ([]byte, error) {
	if s, ok := m[path.Clean(filepath.ToSlash(p))]; ok {
		return []byte(s), nil
	}
	return nil, fmt.Errorf("header %q: %w", p, os.ErrNotExist)
}
