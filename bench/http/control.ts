// Starts and drives a server of node.ts in a child process (used by bench/http and bench/growth).
import { fork } from 'node:child_process';
import type { FromNode, ToNode } from './node.ts';

export interface ServerNode {
  url: string;
  /** runs statements on the app's database, in order; answers how long they took */
  sql(text: string[]): Promise<number>;
  stop(): Promise<void>;
}

export async function startNode(role: 'app' | 'bare', env: Record<string, string> = {}): Promise<ServerNode> {
  const child = fork(new URL('./node.ts', import.meta.url).pathname, [role], {
    execArgv: ['--import', 'tsx'], env: { ...process.env, LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const queue: FromNode[] = [];
  let wake = () => {};
  child.on('message', (m: FromNode) => { queue.push(m); wake(); });
  child.on('exit', () => wake());
  const next = async <E extends FromNode['ev']>(ev: E): Promise<Extract<FromNode, { ev: E }>> => {
    for (;;) {
      const i = queue.findIndex((m) => m.ev === ev);
      if (i >= 0) return queue.splice(i, 1)[0] as Extract<FromNode, { ev: E }>;
      if (child.exitCode !== null) throw new Error(`${role} node exited with ${child.exitCode}`);
      await new Promise<void>((r) => { wake = r; });
    }
  };
  const tell = (m: ToNode) => child.send(m);
  const ready = await next('ready');
  return {
    url: ready.url,
    async sql(text) {
      tell({ cmd: 'sql', text });
      const r = await next('sql');
      if (r.error) throw new Error(r.error);
      return r.ms;
    },
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      tell({ cmd: 'stop' });
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10000))]);
      if (child.exitCode === null) child.kill();
    },
  };
}
