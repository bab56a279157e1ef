// Hostile input against every other route (fuzz-sweep.ts): this file the second half, fuzz.test.ts the other.
// PGlite is PostgreSQL compiled to WebAssembly, so one run covers the SQL; TRUST_FUZZ_PG=1 adds the server.
import { forEachDatabase } from '../harness.ts';
import { hostileInput } from './fuzz-sweep.ts';

const part = { index: 1, of: 2 };
await forEachDatabase('trust: hostile input (2/2)', (kind) => hostileInput(kind, part), process.env.TRUST_FUZZ_PG === '1' ? { both: true } : { only: 'pglite' });
