// Snowflake-style 64-bit ids (time | node | sequence), like the original's, so ids sort by creation
// and several API nodes never collide. They travel as strings.
import { randomInt } from 'node:crypto';

const EPOCH = 1288834974657n; // Twitter epoch, as MyBatis-Plus uses
const node = BigInt(Number(process.env.NODE_ID ?? randomInt(0, 1024)) & 1023);
let lastMs = 0n;
let seq = 0n;

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
