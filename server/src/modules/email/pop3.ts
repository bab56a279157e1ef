// A small POP3 client (RFC 1939 with UIDL, RFC 2449 capability-free): sign in with USER/PASS,
// list unique ids, fetch the messages not seen before, quit. Plain TCP or TLS from the start
// (port 995); every step has a time-out so a silent server cannot hold a request.
import { connect as netConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

export interface MailboxOptions {
  /** where to connect: the address the egress policy checked */
  host: string;
  /** the configured host name, for TLS (SNI and the certificate check) when host is its checked address */
  servername?: string;
  port: number;
  /** TLS from the first byte (POP3S, IMAPS) */
  secure: boolean;
  /**
   * IMAP on a plain port: sign in even when the server offers no STARTTLS (the password then travels
   * in clear). Off by default: a plain connection must upgrade with STARTTLS before signing in.
   */
  allowPlaintext?: boolean;
  username: string;
  password: string;
  timeoutMs?: number;
}

export interface MailMessage {
  uid: string;
  raw: Buffer;
}

export class Pop3Error extends Error {}

class Session {
  private buf = Buffer.alloc(0);
  private waiter: (() => void) | null = null;
  private failure: Error | null = null;

  constructor(private readonly socket: Socket, private readonly timeoutMs: number) {
    socket.on('data', (d: Buffer) => { this.buf = Buffer.concat([this.buf, d]); this.wake(); });
    socket.on('error', (e) => { this.failure = e; this.wake(); });
    socket.on('close', () => { this.failure ??= new Pop3Error('connection closed by the server'); this.wake(); });
  }

  private wake() {
    const w = this.waiter;
    this.waiter = null;
    w?.();
  }

  private async until(find: () => number): Promise<Buffer> {
    const deadline = Date.now() + this.timeoutMs;
    for (;;) {
      const at = find();
      if (at >= 0) {
        const out = this.buf.subarray(0, at);
        return out;
      }
      if (this.failure) throw this.failure;
      const left = deadline - Date.now();
      if (left <= 0) throw new Pop3Error('timed out waiting for the server');
      await new Promise<void>((res) => {
        const t = setTimeout(() => { this.waiter = null; res(); }, left);
        this.waiter = () => { clearTimeout(t); res(); };
      });
    }
  }

  /** one status line: +OK ... (answers the text after +OK) or throws on -ERR */
  async status(): Promise<string> {
    const line = await this.until(() => this.buf.indexOf('\r\n'));
    this.buf = this.buf.subarray(line.length + 2);
    const text = line.toString('utf8');
    if (text.startsWith('+OK')) return text.slice(3).trim();
    throw new Pop3Error(text.replace(/^-ERR\s*/, '') || 'the server refused the command');
  }

  /** the body of a multi-line answer (after its +OK line), dot-unstuffed */
  async multiline(): Promise<Buffer> {
    await this.status();
    const end = Buffer.from('\r\n.\r\n');
    const body = await this.until(() => {
      if (this.buf.subarray(0, 3).equals(Buffer.from('.\r\n'))) return 0; // empty body
      const at = this.buf.indexOf(end);
      return at < 0 ? -1 : at + 2;
    });
    this.buf = this.buf.subarray(body.length + 3);
    const lines = body.toString('latin1').split('\r\n');
    if (lines[lines.length - 1] === '') lines.pop();
    return Buffer.from(lines.map((l) => (l.startsWith('..') ? l.slice(1) : l)).join('\r\n') + (lines.length ? '\r\n' : ''), 'latin1');
  }

  send(line: string) {
    if (/[\r\n]/.test(line)) throw new Pop3Error('invalid characters in a command');
    this.socket.write(line + '\r\n');
  }

  close() {
    this.socket.destroy();
  }
}

async function open(o: MailboxOptions): Promise<Session> {
  const timeoutMs = o.timeoutMs ?? 15_000;
  const socket = await new Promise<Socket>((resolve, reject) => {
    const s: Socket = o.secure
      ? tlsConnect({ host: o.host, port: o.port, servername: o.servername ?? (isIP(o.host) ? undefined : o.host) }, () => resolve(s))
      : netConnect({ host: o.host, port: o.port }, () => resolve(s));
    s.setTimeout(timeoutMs, () => s.destroy(new Pop3Error('connection timed out')));
    s.once('error', reject);
  });
  const session = new Session(socket, timeoutMs);
  try {
    await session.status(); // greeting
    session.send(`USER ${o.username}`);
    await session.status();
    session.send(`PASS ${o.password}`);
    await session.status();
  } catch (e) {
    session.close();
    throw e;
  }
  return session;
}

/** Signs in and out: proves the settings work. Answers the message count. */
export async function pop3Check(o: MailboxOptions): Promise<number> {
  const s = await open(o);
  try {
    s.send('STAT');
    const stat = await s.status();
    s.send('QUIT');
    await s.status().catch(() => '');
    return Number(stat.split(/\s+/)[0]) || 0;
  } finally {
    s.close();
  }
}

/** Fetches up to max messages whose unique id is not in known (oldest first). */
export async function pop3Fetch(o: MailboxOptions, known: (uid: string) => boolean, max = 50): Promise<MailMessage[]> {
  const s = await open(o);
  try {
    s.send('UIDL');
    const list = (await s.multiline()).toString('latin1').split('\r\n').filter(Boolean)
      .map((l) => l.trim().split(/\s+/)).filter((p) => p.length >= 2).map(([n, uid]) => ({ n, uid }));
    const out: MailMessage[] = [];
    for (const { n, uid } of list) {
      if (out.length >= max) break;
      if (known(uid)) continue;
      s.send(`RETR ${n}`);
      out.push({ uid, raw: await s.multiline() });
    }
    s.send('QUIT');
    await s.status().catch(() => '');
    return out;
  } finally {
    s.close();
  }
}
