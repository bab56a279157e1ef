// Snowflake-style 64-bit ids (time | worker | sequence), like the original's, so ids sort by creation
// and several API nodes never collide. They travel as strings.
// The 10-bit worker id is never random (two random ones collide 1 in 1,024 per pair of nodes): a
// server holds a lease on one in the shared database (db/worker.ts, from NODE_ID when set) and uses
// it from boot on; a process holding no lease (a script, a test's own inserts) uses NODE_ID or
// UNLEASED, which the leases never hand out.

const EPOCH = 1288834974657n; // Twitter epoch, as MyBatis-Plus uses
/** the worker id of a process that holds no lease; leases are 0..UNLEASED-1 */
export const UNLEASED = 1023;
const configured = process.env.NODE_ID ? Number(process.env.NODE_ID) & 1023 : UNLEASED;
const held: number[] = []; // leases this process holds, newest last (tests boot several servers)
let node = BigInt(configured);
let lastMs = 0n;
let seq = 0n;

/** The worker id ids get now. */
export function workerId(): number {
  return Number(node);
}

/** Ids are made with this worker id from now on (a lease was claimed). */
export function holdWorkerId(id: number): void {
  if (!Number.isInteger(id) || id < 0 || id > 1023) throw new RangeError(`worker id ${id} is not in 0..1023`);
  held.push(id);
  node = BigInt(id);
}

/** A lease was given up: ids use another one this process still holds, else the unleased id. */
export function dropWorkerId(id: number): void {
  const i = held.lastIndexOf(id);
  if (i >= 0) held.splice(i, 1);
  node = BigInt(held.at(-1) ?? configured);
}

/** The worker id an id was made with. */
export function workerOf(id: string): number {
  return Number((BigInt(id) >> 12n) & 1023n);
}

export function nextId(): string {
  let now = BigInt(Date.now());
  if (now < lastMs) now = lastMs; // clock went back: keep counting in the last millisecond
  if (now === lastMs) {
    seq = (seq + 1n) & 4095n;
    if (seq === 0n) now = lastMs + 1n; // 4096 ids in one ms: borrow the next millisecond
  } else seq = 0n;
  lastMs = now;
  return (((now - EPOCH) << 22n) | (node << 12n) | seq).toString();
}
