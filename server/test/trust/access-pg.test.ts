// The access sweeps on PostgreSQL when it answers (access-sweeps.ts; access.test.ts runs them on PGlite).
import { forEachDatabase } from '../harness.ts';
import { accessSweeps } from './access-sweeps.ts';

await forEachDatabase('trust: access sweeps', accessSweeps, { only: 'postgres' });
