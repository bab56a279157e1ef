// Receiving over IMAP (imapflow): count the INBOX, and fetch the messages not seen before by
// their UIDVALIDITY:UID pair (a mailbox rebuilt by the server gets a new UIDVALIDITY, so its
// messages are fetched again rather than mistaken for old ones). The INBOX is opened read-only:
// syncing never changes the mailbox's \Seen flags. A plain connection upgrades with STARTTLS before
// the password is sent (see doSTARTTLS below).
import type { ImapFlow } from 'imapflow';
import type { MailboxOptions, MailMessage } from './pop3.ts';

async function withInbox<T>(o: MailboxOptions, fn: (client: ImapFlow, uidValidity: string) => Promise<T>): Promise<T> {
  const timeout = o.timeoutMs ?? 15_000;
  // loaded on the first IMAP mailbox (~20 MB of code a server without one never needs)
  const { ImapFlow } = await import('imapflow');
  const client = new ImapFlow({
    host: o.host, servername: o.servername, port: o.port, secure: o.secure, auth: { user: o.username, pass: o.password },
    logger: false, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout,
    // imapflow's doSTARTTLS: true = upgrade before signing in and fail when the server cannot (no
    // downgrade to clear text); undefined = upgrade when offered, else continue in clear; false = never.
    // A plain connection (port 143) must upgrade unless the operator allows clear text (IMAP_ALLOW_PLAINTEXT).
    doSTARTTLS: o.secure ? undefined : o.allowPlaintext ? undefined : true,
  });
  client.on('error', () => undefined); // failures surface through the awaited calls below
  await client.connect();
  try {
    const lock = await client.getMailboxLock('INBOX', { readOnly: true });
    try {
      const box = client.mailbox;
      return await fn(client, box ? String(box.uidValidity) : '0');
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** Signs in and answers how many messages wait in the INBOX. */
export async function imapCheck(o: MailboxOptions): Promise<number> {
  return withInbox(o, async (client) => (client.mailbox ? client.mailbox.exists : 0));
}

/** Fetches up to `max` messages whose uid `known` does not hold, oldest first. */
export async function imapFetch(o: MailboxOptions, known: (uid: string) => boolean, max = 50): Promise<MailMessage[]> {
  return withInbox(o, async (client, validity) => {
    const all = (await client.search({ all: true }, { uid: true })) || [];
    const fresh = all.filter((uid) => !known(`${validity}:${uid}`)).sort((a, b) => a - b).slice(0, max);
    if (!fresh.length) return [];
    const out: MailMessage[] = [];
    for await (const m of client.fetch(fresh.join(','), { uid: true, source: true }, { uid: true })) {
      if (m.source) out.push({ uid: `${validity}:${m.uid}`, raw: m.source });
    }
    return out;
  });
}
