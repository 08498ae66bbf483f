# denormtrap.py: a census of the x86 instructions that take a denormal
# operand (or produce an underflow), by address, for any Go binary.
#
#   TRAP_SECS=60 gdb -q -batch -x internal/lane/testdata/denormtrap.py --args BINARY ARGS...
#
# At main.main it sets MXCSR on every thread to trap on denormal operands
# (DM=0) and underflows (UM=0); threads created later inherit it. Each
# SIGFPE is recorded by function, then the instruction is single-stepped
# with the exceptions masked and the trap re-armed. Prints the totals by
# kind (DE: denormal operand, UE: underflow) and by function. Slow (~1-5 ms
# per trap): use a small frame. Environment: TRAP_LIMIT (max traps),
# TRAP_SECS (stop after this long), TRAP_UNMASK (hex mask bits cleared,
# default 0x900), TRAP_BT=1 (a backtrace at the first trap of each
# function). Written for issue 14 (denormal census); see accel/BENCHMARKS.md.
import gdb, collections, os, time
LIMIT = int(os.environ.get("TRAP_LIMIT", "200000"))
UNMASK = int(os.environ.get("TRAP_UNMASK", "0x900"), 16)  # DM|UM
TRAPMX = 0x1f80 & ~UNMASK
hist = collections.Counter()
kinds = collections.Counter()
n = [0]
t0 = time.time()
cache = {}
def fn_of(pc):
    if pc in cache: return cache[pc]
    r = fn_of1(pc)
    cache[pc] = r
    return r
def fn_of1(pc):
    b = gdb.block_for_pc(pc)
    while b is not None and b.function is None:
        b = b.superblock
    if b is not None and b.function is not None:
        f = b.function
        return f.print_name
    s = gdb.execute("info symbol 0x%x" % pc, to_string=True).strip()
    return s.split(" in section")[0] + " line %d" % gdb.find_pc_line(pc).line
def report():
    print("TRAPS", n[0], "in %.1fs" % (time.time()-t0))
    for k, v in kinds.most_common(): print("  kind", k, v)
    for k, v in hist.most_common(40): print("  %8d %s" % (v, k))
gdb.execute("set pagination off")
gdb.execute("set confirm off")
gdb.execute("handle SIGURG nostop noprint pass")
gdb.execute("handle SIGFPE stop print nopass")
gdb.execute("break main.main")
gdb.execute("run")
gdb.execute("delete")
gdb.execute("thread apply all set $mxcsr = 0x%x" % TRAPMX)
gdb.execute("break runtime.exit")
while True:
    try:
        gdb.execute("continue", to_string=True)
    except gdb.error as e:
        print("gdb error", e); break
    th = gdb.selected_thread()
    if th is None or not th.is_valid(): break
    pc = int(gdb.parse_and_eval("$pc"))
    fr = gdb.selected_frame()
    if fr.name() == "runtime.exit":
        break
    mx = int(gdb.parse_and_eval("$mxcsr"))
    kinds["DE" if mx & 2 else ("UE" if mx & 0x10 else "other%#x" % (mx & 0x3f))] += 1
    n[0] += 1
    hist[fn_of(pc)] += 1
    if n[0] <= 3 or os.environ.get("TRAP_BT") and hist[fn_of(pc)] == 1:
        print("BT", gdb.execute("bt 8", to_string=True), flush=True)
    gdb.execute("set $mxcsr = 0x1f80")
    gdb.execute("stepi", to_string=True)
    gdb.execute("set $mxcsr = 0x%x" % TRAPMX)
    if n[0] % 2000 == 0:
        print('progress', n[0], '%.1fs' % (time.time()-t0), flush=True)
        if time.time()-t0 > float(os.environ.get('TRAP_SECS','100')): break
    if n[0] >= LIMIT:
        break
report()
gdb.execute("kill")
