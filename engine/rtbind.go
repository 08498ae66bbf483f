package engine

// setTyped binds a typed resource handle at a buffer index.
func (e *ComputeCommandEncoder) setTyped(method string, id uint64, kind handleKind, res any, owner *Device, index int) error {
	if err := e.usable(method); err != nil {
		return err
	}
	if index < 0 || index >= MaxBufferArguments {
		return e.fail("%s: index %d outside [0, %d)", method, index, MaxBufferArguments)
	}
	if res == nil {
		e.buffers[index] = bufSlot{}
		return nil
	}
	if owner != e.cb.q.dev {
		return e.fail("%s: %s at index %d belongs to another device", method, kind, index)
	}
	e.buffers[index] = bufSlot{set: true, handle: id, isHandle: true, kind: kind, res: res}
	return nil
}

// SetAccelerationStructure binds as to the acceleration structure argument
// at buffer index (setAccelerationStructure:atBufferIndex:); nil unbinds.
// A dispatch whose argument at index is not an acceleration structure is
// an error naming the argument.
func (e *ComputeCommandEncoder) SetAccelerationStructure(as *AccelerationStructure, index int) error {
	if as == nil {
		return e.setTyped("SetAccelerationStructure", 0, handleAccel, nil, nil, index)
	}
	return e.setTyped("SetAccelerationStructure", as.id, handleAccel, as, as.dev, index)
}

// SetIntersectionFunctionTable binds t to the intersection_function_table
// argument at buffer index; nil unbinds. The table's buffers are kept
// alive with it.
func (e *ComputeCommandEncoder) SetIntersectionFunctionTable(t *IntersectionFunctionTable, index int) error {
	if t == nil {
		return e.setTyped("SetIntersectionFunctionTable", 0, handleIntersectionTable, nil, nil, index)
	}
	return e.setTyped("SetIntersectionFunctionTable", t.id, handleIntersectionTable, t, t.p.dev, index)
}

// SetVisibleFunctionTable binds t to the visible_function_table argument
// at buffer index; nil unbinds.
func (e *ComputeCommandEncoder) SetVisibleFunctionTable(t *VisibleFunctionTable, index int) error {
	if t == nil {
		return e.setTyped("SetVisibleFunctionTable", 0, handleVisibleTable, nil, nil, index)
	}
	return e.setTyped("SetVisibleFunctionTable", t.id, handleVisibleTable, t, t.p.dev, index)
}
