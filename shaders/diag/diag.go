// Package diag holds source positions and compiler diagnostics for the MSL
// front-end. A Pos is one integer into a FileSet, as in go/token, so AST
// nodes and IR instructions stay small; a List of diagnostics is itself an
// error and prints like a compiler (file:line:col: error: msg, the source
// line and a caret).
package diag

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
)

// Pos is a compact source position: an offset into a FileSet. The zero
// value, NoPos, means "no position".
type Pos int

// NoPos is the zero Pos.
const NoPos Pos = 0

// IsValid reports whether p is a real position.
func (p Pos) IsValid() bool { return p != NoPos }

// File is one source file registered in a FileSet.
type File struct {
	Name  string // name as shown in diagnostics
	Base  int    // Pos of the first byte
	Src   []byte // the file's content
	lines []int  // byte offsets of line starts
}

// Pos returns the Pos of byte offset off in f.
func (f *File) Pos(off int) Pos { return Pos(f.Base + off) }

// Offset returns the byte offset of p in f.
func (f *File) Offset(p Pos) int { return int(p) - f.Base }

// Line returns the text of the 1-based line n without its newline.
func (f *File) Line(n int) string {
	if n < 1 || n > len(f.lines) {
		return ""
	}
	start := f.lines[n-1]
	end := len(f.Src)
	if n < len(f.lines) {
		end = f.lines[n] - 1
	}
	s := string(f.Src[start:end])
	return strings.TrimRight(s, "\r")
}

// FileSet maps Pos values to files, lines and columns. It is safe for
// concurrent use.
type FileSet struct {
	mu    sync.RWMutex
	files []*File
	base  int
}

// NewFileSet returns an empty FileSet.
func NewFileSet() *FileSet { return &FileSet{base: 1} }

// AddFile registers a file and returns it; its positions follow those of
// every earlier file.
func (s *FileSet) AddFile(name string, src []byte) *File {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := &File{Name: name, Base: s.base, Src: src}
	f.lines = append(f.lines, 0)
	for i, c := range src {
		if c == '\n' {
			f.lines = append(f.lines, i+1)
		}
	}
	s.base += len(src) + 1
	s.files = append(s.files, f)
	return f
}

// File returns the file that holds p, or nil.
func (s *FileSet) File(p Pos) *File {
	s.mu.RLock()
	defer s.mu.RUnlock()
	i := sort.Search(len(s.files), func(i int) bool { return s.files[i].Base > int(p) }) - 1
	if i < 0 || p == NoPos {
		return nil
	}
	f := s.files[i]
	if int(p)-f.Base > len(f.Src) {
		return nil
	}
	return f
}

// Position is a human-readable source position. Line and Column are
// 1-based; Column counts bytes.
type Position struct {
	Filename string
	Line     int
	Column   int
}

// IsValid reports whether the position has a line.
func (p Position) IsValid() bool { return p.Line > 0 }

// String formats as file:line:col.
func (p Position) String() string {
	if !p.IsValid() {
		if p.Filename != "" {
			return p.Filename
		}
		return "-"
	}
	return fmt.Sprintf("%s:%d:%d", p.Filename, p.Line, p.Column)
}

// Position resolves p.
func (s *FileSet) Position(p Pos) Position {
	f := s.File(p)
	if f == nil {
		return Position{}
	}
	off := f.Offset(p)
	i := sort.Search(len(f.lines), func(i int) bool { return f.lines[i] > off }) - 1
	return Position{Filename: f.Name, Line: i + 1, Column: off - f.lines[i] + 1}
}

// Severity orders diagnostics by importance.
type Severity uint8

// Severities.
const (
	Error Severity = iota
	Warning
	Note
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	default:
		return "note"
	}
}

// Diagnostic is one compiler message.
type Diagnostic struct {
	Pos      Pos
	Severity Severity
	Code     string // stable identifier, e.g. "dup-index"; may be empty
	Msg      string
}

// List collects diagnostics for one compilation. Its zero value is not
// usable; create it with NewList. A List with errors is an error.
type List struct {
	Fset  *FileSet
	Diags []Diagnostic
	// Max stops recording after this many errors (0 = 200).
	Max int
}

// NewList returns an empty List that resolves positions through fset.
func NewList(fset *FileSet) *List { return &List{Fset: fset} }

// Add records a diagnostic.
func (l *List) Add(d Diagnostic) {
	max := l.Max
	if max == 0 {
		max = 200
	}
	if d.Severity == Error && l.ErrorCount() >= max {
		return
	}
	l.Diags = append(l.Diags, d)
}

// Errorf records an error at pos.
func (l *List) Errorf(pos Pos, code, format string, args ...any) {
	l.Add(Diagnostic{Pos: pos, Severity: Error, Code: code, Msg: fmt.Sprintf(format, args...)})
}

// Warnf records a warning at pos.
func (l *List) Warnf(pos Pos, code, format string, args ...any) {
	l.Add(Diagnostic{Pos: pos, Severity: Warning, Code: code, Msg: fmt.Sprintf(format, args...)})
}

// Notef records a note at pos (usually after the error it explains).
func (l *List) Notef(pos Pos, format string, args ...any) {
	l.Add(Diagnostic{Pos: pos, Severity: Note, Msg: fmt.Sprintf(format, args...)})
}

// ErrorCount returns the number of errors recorded.
func (l *List) ErrorCount() int {
	n := 0
	for _, d := range l.Diags {
		if d.Severity == Error {
			n++
		}
	}
	return n
}

// HasErrors reports whether any error was recorded.
func (l *List) HasErrors() bool { return l.ErrorCount() > 0 }

// Sort orders diagnostics by position, stably, keeping notes after the
// diagnostic they follow.
func (l *List) Sort() {
	// Group each note with its preceding diagnostic.
	type group struct{ ds []Diagnostic }
	var gs []group
	for _, d := range l.Diags {
		if d.Severity == Note && len(gs) > 0 {
			gs[len(gs)-1].ds = append(gs[len(gs)-1].ds, d)
			continue
		}
		gs = append(gs, group{[]Diagnostic{d}})
	}
	sort.SliceStable(gs, func(i, j int) bool { return gs[i].ds[0].Pos < gs[j].ds[0].Pos })
	l.Diags = l.Diags[:0]
	for _, g := range gs {
		l.Diags = append(l.Diags, g.ds...)
	}
}

// Err returns l if it holds an error, else nil.
func (l *List) Err() error {
	if l == nil || !l.HasErrors() {
		return nil
	}
	return l
}

// Error implements error: every diagnostic, one per line, without source
// excerpts.
func (l *List) Error() string {
	var b strings.Builder
	for i, d := range l.Diags {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%s: %s: %s", l.Fset.Position(d.Pos), d.Severity, d.Msg)
	}
	return b.String()
}

// Format writes every diagnostic like a compiler: the position, the
// severity and the message, then the source line and a caret under the
// column.
func (l *List) Format(w io.Writer) {
	for _, d := range l.Diags {
		p := l.Fset.Position(d.Pos)
		fmt.Fprintf(w, "%s: %s: %s\n", p, d.Severity, d.Msg)
		if !p.IsValid() {
			continue
		}
		f := l.Fset.File(d.Pos)
		line := f.Line(p.Line)
		fmt.Fprintf(w, "%s\n", line)
		// Keep tabs so the caret lines up in a terminal.
		var pad strings.Builder
		for i := 0; i < p.Column-1 && i < len(line); i++ {
			if line[i] == '\t' {
				pad.WriteByte('\t')
			} else {
				pad.WriteByte(' ')
			}
		}
		fmt.Fprintf(w, "%s^\n", pad.String())
	}
	if n := l.ErrorCount(); n > 0 {
		if n == 1 {
			fmt.Fprintf(w, "1 error generated.\n")
		} else {
			fmt.Fprintf(w, "%d errors generated.\n", n)
		}
	}
}
