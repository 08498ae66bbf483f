// Package syntax reads Metal Shading Language source: tokens, the
// preprocessor, the parser and the abstract syntax tree of the MSL dialect
// of C++17, with exact source positions on every node.
//
// # Entry points
//
//   - ParseFile preprocesses and parses one translation unit and returns a
//     *File, always (possibly partial); every problem goes to a diag.List
//     and parsing continues after errors (resynchronizing at ';' and '}').
//   - Preprocess runs only the preprocessor and returns the token list
//     (exported for tests, tools and fuzzing); ParseTokens parses such a
//     list.
//   - Options carries -D definitions, -I include directories, the include
//     resolver (OSResolver, MapResolver or your own IncludeResolver) and
//     the -std language version (ParseStd, LanguageVersion).
//   - Inspect walks a tree; Dump renders one compactly for tests.
//
// # Preprocessor
//
// Object- and function-like macros with # and ##, variadic macros
// (__VA_ARGS__, __VA_OPT__, GNU ", ## __VA_ARGS__" and named variadic
// parameters), #if/#ifdef/#ifndef/#elif/#elifdef/#elifndef/#else/#endif
// with defined and integer constant expressions (and __has_include),
// #undef, #include/#import/#include_next, #pragma (all recorded in
// File.Pragmas, "#pragma once" honoured), _Pragma, #error (an error),
// #warning (a warning) and #line (accepted). The standard headers
// (<metal_stdlib>, <metal_raytracing>, <metal_mesh>, <metal_imageblocks>,
// <metal_math>, ... see IsVirtualHeader) resolve without files; their
// names are built into the parser and into sema, except <simd/simd.h>,
// which is a virtual header of typedefs (simd_float4, vector_float3,
// matrix_float4x4, ...). Predefined macros: __METAL_VERSION__ (e.g. 320
// for -std=metal3.2), __METAL__ (unified language, Metal 3.0 and later),
// __METAL_MACOS__ or __METAL_IOS__, __cplusplus, __clang__, __LINE__,
// __FILE__, __COUNTER__. Tokens produced by a macro expansion are
// positioned at the expansion site (Token.Pos); Token.Origin keeps the
// position of their spelling in the macro definition; tokens of macro
// arguments keep their own positions.
//
// # Parser
//
// The parser is a hand-written recursive-descent parser. C++ ambiguities
// (is `a<b>(c)` a template call, is `T * x;` a declaration) are settled
// with a light scope table of the names declared as types and templates
// (structs, classes, unions, enums, typedefs, using-aliases, template
// parameters; variables shadow them) plus the built-in MSL type names and
// templates (float4, half3x3, packed_float3, texture2d, atomic, array,
// vec, matrix, intersector, mesh, imageblock, ...). A name the parser does
// not know as a type is parsed as an expression, so consumers must accept
// a *NameExpr or a *CallExpr where a type or functional cast was meant.
// Attribute lists [[...]] are accepted everywhere the MSL specification
// places them: before declarations (FuncDecl.Attrs, VarDecl.Attrs, ...),
// after declarator names (VarDecl.NameAttrs, ParamDecl.NameAttrs), after
// function parameter lists (FuncDecl.Attrs2), on struct keywords and
// enumerators, and after `template` in explicit instantiations. Legacy
// stage keywords (kernel, vertex, fragment) are FuncDecl.Stage.
//
// Hostile input never panics, hangs or recurses without bound: nesting
// depth, include depth and macro expansion are limited and reported as
// errors.
package syntax
