// The access sweeps on PGlite (access-sweeps.ts; access-pg.test.ts runs them on PostgreSQL).
import { forEachDatabase } from '../harness.ts';
import { accessSweeps } from './access-sweeps.ts';

await forEachDatabase('trust: access sweeps', accessSweeps, { only: 'pglite' });
