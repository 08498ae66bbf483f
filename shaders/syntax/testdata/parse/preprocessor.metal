#include <metal_stdlib>
#pragma once
#pragma METAL fp math_mode(fast)
#pragma clang diagnostic ignored "-Wunused"
#define N 4
#define SQUARE(x) ((x) * (x))
#define STR(x) #x
#define CAT(a, b) a ## b
#define LOG(fmt, ...) log_impl(fmt, ##__VA_ARGS__)
#if __METAL_VERSION__ >= 300 && defined(__METAL__) && !defined(NOPE)
constant int version_ok = 1;
#elif defined __METAL_IOS__
constant int version_ok = 2;
#else
constant int version_ok = 0;
#endif
#ifdef N
constant int n = SQUARE(N + 1);
#endif
#ifndef M
constant int CAT(val, ue) = N;
#endif
constant int line = __LINE__;
void log_impl(int f, int a = 0, int b = 0);
void g() { LOG(1); LOG(1, 2, 3); }
#undef N
#ifdef N
#error N should be undefined
#endif
#if 0
this is skipped ' garbage " text
#error not reached
#endif
