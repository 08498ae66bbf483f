package sema

import "strconv"

// Attribute names of §5.6.5: an explicit imageblock that shares storage
// with the implicit one.
const (
	attrAliasAll   = "alias_implicit_imageblock"
	attrAliasColor = "alias_implicit_imageblock_color"
)

// ImageblockAlias is how an explicit imageblock shares storage with the
// implicit imageblock (§5.6.5): not at all, from its start
// ([[alias_implicit_imageblock]]) or from colour attachment Color
// ([[alias_implicit_imageblock_color(n)]]).
type ImageblockAlias struct {
	Aliased bool
	Color   int // the first colour attachment the explicit block overlays
}

// ImageblockAliasOf returns the aliasing attrs declare, as a checked
// program accepts it.
func ImageblockAliasOf(attrs []Attr) ImageblockAlias {
	if findAttr(attrs, attrAliasAll) != nil {
		return ImageblockAlias{Aliased: true}
	}
	if a := findAttr(attrs, attrAliasColor); a != nil {
		if n := a.IntArg(0, -1); n >= 0 {
			return ImageblockAlias{Aliased: true, Color: int(n)}
		}
	}
	return ImageblockAlias{}
}

// checkImageblockAlias checks the §5.6.5 attributes on fn's output
// members (arguments reject them as unknown input attributes): they name an
// explicit imageblock ([[imageblock_data]] of a fragment function), at most
// one of them per member, color(n) with a constant n in 0 … 7, and the
// aliasing members of one function agree (a function has one explicit
// imageblock allocation; members without the attribute share it).
func (c *checker) checkImageblockAlias(fn *Function) {
	if fn.Result == nil || fn.Result.Kind != KStruct || fn.Result.Struct == nil {
		return
	}
	var first *Attr
	var firstAlias ImageblockAlias
	for _, f := range fn.Result.Struct.Fields {
		ok := fn.Kind == FuncFragment && f.Attr("imageblock_data") != nil
		all, col := f.Attr(attrAliasAll), f.Attr(attrAliasColor)
		if !ok {
			for _, a := range []*Attr{all, col} {
				if a != nil {
					c.errorf(a.Pos, "alias-target", "[[%s]] applies only to an explicit imageblock: an [[imageblock_data]] output member of a fragment function", a.Name)
				}
			}
			continue
		}
		switch {
		case all == nil && col == nil:
			continue
		case all != nil && col != nil:
			c.errorf(col.Pos, "alias-both", "an imageblock cannot take both [[%s]] and [[%s]]", attrAliasAll, attrAliasColor)
			continue
		case all != nil && len(all.ArgExprs) > 0:
			c.errorf(all.Pos, "alias-arg", "[[%s]] takes no argument", attrAliasAll)
			continue
		case col != nil:
			if n := col.IntArg(0, -1); len(col.ArgExprs) != 1 || col.FuncConst != nil || n < 0 || n > 7 {
				c.errorf(col.Pos, "alias-arg", "[[%s(n)]] needs one constant colour attachment index n in 0 … 7", attrAliasColor)
				continue
			}
		}
		at := all
		if at == nil {
			at = col
		}
		al := ImageblockAliasOf(f.Attrs)
		if first == nil {
			first, firstAlias = at, al
			continue
		}
		if al != firstAlias {
			c.errorf(at.Pos, "alias-mismatch", "imageblock member '%s' aliases the implicit imageblock %s, another member %s; a function has one explicit imageblock", f.Name, aliasString(al), aliasString(firstAlias))
		}
	}
}

func aliasString(a ImageblockAlias) string {
	if a.Color == 0 {
		return "from colour 0"
	}
	return "from colour " + strconv.Itoa(a.Color)
}
