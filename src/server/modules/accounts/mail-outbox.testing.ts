/** Test helper: the mails the server wrote to its outbox (no SMTP configured), parsed. */
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  file: string;
}

export async function outbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (f) => {
      const m = await simpleParser(fs.readFileSync(path.join(dir, f)));
      const to = Array.isArray(m.to) ? m.to.map((a) => a.text).join(', ') : (m.to?.text ?? '');
      return { to, subject: m.subject ?? '', text: m.text ?? '', html: typeof m.html === 'string' ? m.html : '', file: f };
    }),
  );
}

/** Waits for the first mail to `to` that `match` accepts (mails are sent after the reply). */
export async function waitForMail(
  dataDir: string,
  to: string,
  match: (m: OutboxMail) => boolean = () => true,
  ms = 10_000,
): Promise<OutboxMail> {
  const end = Date.now() + ms;
  for (;;) {
    const found = (await outbox(dataDir)).find((m) => m.to.toLowerCase().includes(to.toLowerCase()) && match(m));
    if (found) return found;
    if (Date.now() > end) throw new Error(`no mail to ${to} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
