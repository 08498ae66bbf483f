// Package ingot runs Apple-Metal-style rendering entirely on the CPU.
//
// The module is organised in layers (see docs/DESIGN.md): shaders (the MSL
// compiler), engine (the Metal-like runtime and its SIMD-lane executor),
// accel (acceleration structures), mesh (object/mesh pipeline), scenes
// (glTF import and stock renderers) and cmd/ingot (the command line). This
// root package holds only repository-wide tests, such as the import-graph
// check.
package ingot
