// Test support: a fresh, migrated database per test file (PGlite in a temp folder, and a new
// database on the PostgreSQL server when one answers; both copies of npm test's template when it
// made one), a settable clock, and a BPMN wrapper.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../config.ts';
import { openDatabase, type Database } from '../../../db/index.ts';
import { migrate } from '../../../db/migrate.ts';
import { modules } from '../../index.ts';
import { copyPgliteTemplate, databasesFor, seededPostgresDatabase } from '../../../../test/harness.ts';
import { WorkflowEngine, type EngineOptions } from './engine.ts';

export type Kind = 'pglite' | 'postgres';

/** The engine is the database-heavy core: its suites run on both databases (harness.ts databasesFor). */
export async function kinds(): Promise<Kind[]> {
  return databasesFor({ both: true });
}

export interface TestDb {
  kind: Kind;
  database: Database;
  /** closes and opens the same database again (a process restart) */
  reopen(): Promise<Database>;
  close(): Promise<void>;
}

export async function openTestDb(kind: Kind): Promise<TestDb> {
  const dir = mkdtempSync(join(tmpdir(), 'wf-engine-'));
  let databaseUrl = '';
  let drop: (() => Promise<void>) | undefined;
  // a copy of npm test's migrated template when there is one (a fresh PGlite migrates for ~9 s of
  // CPU); migrate() then finds nothing to do
  if (kind === 'postgres') ({ url: databaseUrl, drop } = await seededPostgresDatabase('wf_'));
  else copyPgliteTemplate(dir);
  const config = loadConfig({ dataDir: dir, databaseUrl });
  let database = await openDatabase(config);
  await migrate(database.db, modules);
  const t: TestDb = {
    kind,
    get database() { return database; },
    async reopen() {
      await database.close();
      database = await openDatabase(config);
      return database;
    },
    async close() {
      await database.close();
      await drop?.();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return t;
}

/** A clock the test moves by hand. */
export class TestClock {
  constructor(public now = new Date('2026-01-05T08:00:00Z')) {}
  read = (): Date => new Date(this.now.getTime());
  advance(ms: number): Date { this.now = new Date(this.now.getTime() + ms); return this.read(); }
}

export function newEngine(db: TestDb, clock: TestClock, opts: EngineOptions = {}): WorkflowEngine {
  return new WorkflowEngine(db.database.db, { clock: clock.read, ...opts });
}

let seq = 0;
/** A unique process key per test, so one database serves a whole file. */
export const uniqueKey = (base: string) => `${base}_${++seq}_${randomBytes(2).toString('hex')}`;

/** Wraps process content in Flowable-flavoured definitions. */
export function bpmn(id: string, body: string, extra = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" targetNamespace="test">
  ${extra}
  <process id="${id}" name="${id}" isExecutable="true">
${body}
  </process>
</definitions>`;
}

/** Sequence flow shorthand: flow('a', 'b') or with a condition. */
export function flow(from: string, to: string, condition?: string, id = `f_${from}_${to}`): string {
  return condition
    ? `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><conditionExpression xsi:type="tFormalExpression"><![CDATA[${condition}]]></conditionExpression></sequenceFlow>`
    : `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`;
}
