package main

import "regexp"

func matches(re, s string) bool { return regexp.MustCompile(re).MatchString(s) }
