// Hostile input against every other route (fuzz-sweep.ts): this file the first half, fuzz-b.test.ts the other.
// PGlite is PostgreSQL compiled to WebAssembly, so one run covers the SQL; TRUST_FUZZ_PG=1 adds the server.
import { forEachDatabase } from '../harness.ts';
import { hostileInput } from './fuzz-sweep.ts';

const part = { index: 0, of: 2 };
await forEachDatabase('trust: hostile input (1/2)', (kind) => hostileInput(kind, part), process.env.TRUST_FUZZ_PG === '1' ? { both: true } : { only: 'pglite' });
