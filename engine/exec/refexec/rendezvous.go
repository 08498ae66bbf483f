package refexec

import "sync"

// rendezvous lets the threads of a group meet: every thread still running
// arrives with its arguments; when the last one arrives, compute produces
// every member's result and all proceed. Threads that finish leave the
// group so that the others do not wait for them.
type rendezvous struct {
	mu      sync.Mutex
	cond    *sync.Cond
	alive   int
	arrived int
	gen     int
	vals    [][]uint64
	present []bool
	results [][]uint64
	compute func([][]uint64, []bool) [][]uint64
}

func newRendezvous(n int) *rendezvous {
	r := &rendezvous{alive: n, vals: make([][]uint64, n), present: make([]bool, n)}
	r.cond = sync.NewCond(&r.mu)
	return r
}

func (r *rendezvous) arrive(me int, args []uint64, compute func([][]uint64, []bool) [][]uint64) []uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.vals[me] = args
	r.present[me] = true
	r.arrived++
	r.compute = compute
	gen := r.gen
	if r.arrived == r.alive {
		r.release()
	} else {
		for r.gen == gen {
			r.cond.Wait()
		}
	}
	if r.results == nil || me >= len(r.results) {
		return nil
	}
	return r.results[me]
}

// release computes the results and wakes everyone; r.mu is held.
func (r *rendezvous) release() {
	r.results = r.compute(r.vals, r.present)
	r.arrived = 0
	r.present = make([]bool, len(r.present))
	r.gen++
	r.cond.Broadcast()
}

func (r *rendezvous) leave() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.alive--
	if r.arrived > 0 && r.arrived == r.alive {
		r.release()
	}
}
