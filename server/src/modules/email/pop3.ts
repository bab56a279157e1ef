// A small POP3 client (RFC 1939 with UIDL, RFC 2449 CAPA, RFC 2595 STLS): sign in with USER/PASS,
// list unique ids, fetch the messages not seen before, quit. TLS from the start (port 995), or on a
// plain port (110) an upgrade with STLS before signing in when the server's CAPA lists it; without it
// the password is not sent in clear unless the operator allows it (POP3_ALLOW_PLAINTEXT). Every step
// has a time-out so a silent server cannot hold a request. Answers are collected as received chunks
// and only the newly arrived tail is searched for the terminator, so a large message is read in
// linear time.
import { connect as netConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';

export interface MailboxOptions {
  /** where to connect: the address the egress policy checked */
  host: string;
  /** the configured host name, for TLS (SNI and the certificate check) when host is its checked address */
  servername?: string;
  port: number;
  /** TLS from the first byte (POP3S, IMAPS) */
  secure: boolean;
  /**
   * A plain port: sign in even when the server offers no STARTTLS (IMAP) / STLS (POP3), the password
   * then in clear. Off by default: a plain connection must upgrade before signing in.
   */
  allowPlaintext?: boolean;
  /** certificates trusted for TLS instead of the system's (a private CA; the tests' loopback peers) */
  ca?: string | Buffer | (string | Buffer)[];
  username: string;
  password: string;
  timeoutMs?: number;
}

export interface MailMessage {
  uid: string;
  raw: Buffer;
}

export class Pop3Error extends Error {}
/** The server answered -ERR. */
class Pop3Refusal extends Pop3Error {}

const CRLF = Buffer.from('\r\n');
const END = Buffer.from('\r\n.\r\n');
const EMPTY = Buffer.from('.\r\n');

class Session {
  /** received and not yet consumed, as it arrived (never re-concatenated per chunk) */
  private chunks: Buffer[] = [];
  private size = 0;
  /** bytes of the pending data already searched for the current terminator */
  private scanned = 0;
  private waiter: (() => void) | null = null;
  private failure: Error | null = null;
  private readonly onData = (d: Buffer) => { this.chunks.push(d); this.size += d.length; this.wake(); };
  private readonly onError = (e: Error) => { this.failure = e; this.wake(); };
  private readonly onClose = () => { this.failure ??= new Pop3Error('connection closed by the server'); this.wake(); };

  constructor(private socket: Socket, private readonly timeoutMs: number) {
    this.listen(socket);
  }

  private listen(socket: Socket) {
    socket.on('data', this.onData);
    socket.on('error', this.onError);
    socket.on('close', this.onClose);
  }

  private wake() {
    const w = this.waiter;
    this.waiter = null;
    w?.();
  }

  /** The pending bytes [from, size) as one buffer: copies only that tail. */
  private tail(from: number): Buffer {
    const parts: Buffer[] = [];
    let end = this.size;
    for (let i = this.chunks.length - 1; i >= 0 && end > from; i--) {
      const c = this.chunks[i]!;
      const start = end - c.length;
      parts.unshift(start >= from ? c : c.subarray(from - start));
      end = start;
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  /** The first n pending bytes (n <= size), copying only those. */
  private head(n: number): Buffer {
    const parts: Buffer[] = [];
    for (let i = 0, got = 0; got < n && i < this.chunks.length; i++) {
      parts.push(this.chunks[i]!.subarray(0, n - got));
      got += parts[parts.length - 1]!.length;
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  /** Where `term` starts in the pending data, searching only what arrived since the last search (and an overlap). */
  private search(term: Buffer): number {
    if (this.size - this.scanned <= 0) return -1;
    const from = Math.max(0, this.scanned - (term.length - 1));
    const at = this.tail(from).indexOf(term);
    this.scanned = this.size;
    return at < 0 ? -1 : from + at;
  }

  /** Removes and answers the first n pending bytes (and drops `skip` more). One copy of the whole, at the end. */
  private consume(n: number, skip: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.size);
    const rest = all.subarray(n + skip);
    this.chunks = rest.length ? [rest] : [];
    this.size = rest.length;
    this.scanned = 0;
    return all.subarray(0, n);
  }

  private async until(find: () => number): Promise<number> {
    const deadline = Date.now() + this.timeoutMs;
    for (;;) {
      const at = find();
      if (at >= 0) return at;
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
    this.scanned = 0;
    const at = await this.until(() => this.search(CRLF));
    const text = this.consume(at, 2).toString('utf8');
    if (text.startsWith('+OK')) return text.slice(3).trim();
    throw new Pop3Refusal(text.replace(/^-ERR\s*/, '') || 'the server refused the command');
  }

  /** the body of a multi-line answer (after its +OK line), dot-unstuffed */
  async multiline(): Promise<Buffer> {
    await this.status();
    // the body ends with CRLF.CRLF; an empty body is just ".CRLF" right after the status line
    const at = await this.until(() => {
      if (this.size >= 3 && this.head(3).equals(EMPTY)) return 0;
      const i = this.search(END);
      return i < 0 ? -1 : i + 2;
    });
    const body = this.consume(at, 3);
    if (!body.length) return body;
    const lines = body.toString('latin1').split('\r\n');
    if (lines[lines.length - 1] === '') lines.pop();
    return Buffer.from(lines.map((l) => (l.startsWith('..') ? l.slice(1) : l)).join('\r\n') + '\r\n', 'latin1');
  }

  send(line: string) {
    if (/[\r\n]/.test(line)) throw new Pop3Error('invalid characters in a command');
    this.socket.write(line + '\r\n');
  }

  /**
   * After "+OK" to STLS: TLS over the same connection (so to the same, egress-checked address), the
   * configured name for SNI and the certificate check. Bytes the server sent before the handshake
   * would be taken as protected later (command injection), so they are refused.
   */
  async upgrade(o: MailboxOptions): Promise<void> {
    if (this.size) throw new Pop3Error('the server sent data before the TLS handshake');
    const plain = this.socket;
    plain.off('data', this.onData);
    plain.off('error', this.onError);
    plain.off('close', this.onClose);
    const secure = await new Promise<TLSSocket>((resolve, reject) => {
      const fail = (e: Error) => { clearTimeout(timer); t.destroy(); reject(e); };
      const timer = setTimeout(() => fail(new Pop3Error('timed out in the TLS handshake')), this.timeoutMs);
      const t = tlsConnect({ socket: plain, host: o.host, servername: sniOf(o), ca: o.ca }, () => { clearTimeout(timer); t.off('error', fail); resolve(t); });
      t.once('error', fail);
    });
    this.socket = secure;
    this.listen(secure);
  }

  close() {
    this.socket.destroy();
  }
}

const sniOf = (o: MailboxOptions) => o.servername ?? (isIP(o.host) ? undefined : o.host);

/** The server's capabilities (RFC 2449 CAPA); none when it does not know the command. */
async function capabilities(s: Session): Promise<Set<string>> {
  s.send('CAPA');
  try {
    const body = await s.multiline();
    return new Set(body.toString('latin1').split('\r\n').map((l) => l.trim().split(/\s+/)[0]!.toUpperCase()).filter(Boolean));
  } catch (e) {
    if (e instanceof Pop3Refusal) return new Set();
    throw e;
  }
}

async function open(o: MailboxOptions): Promise<Session> {
  const timeoutMs = o.timeoutMs ?? 15_000;
  const socket = await new Promise<Socket>((resolve, reject) => {
    const s: Socket = o.secure
      ? tlsConnect({ host: o.host, port: o.port, servername: sniOf(o), ca: o.ca }, () => resolve(s))
      : netConnect({ host: o.host, port: o.port }, () => resolve(s));
    s.setTimeout(timeoutMs, () => s.destroy(new Pop3Error('connection timed out')));
    s.once('error', reject);
  });
  const session = new Session(socket, timeoutMs);
  try {
    await session.status(); // greeting
    if (!o.secure) {
      if ((await capabilities(session)).has('STLS')) {
        session.send('STLS');
        await session.status();
        await session.upgrade(o);
      } else if (!o.allowPlaintext) {
        throw new Pop3Error('the server offers no STLS on this plain port, so the password is not sent in clear (use port 995 with SSL, or set POP3_ALLOW_PLAINTEXT=true)');
      }
    }
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
