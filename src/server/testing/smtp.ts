/**
 * A real SMTP server on loopback (smtp-server) for tests of outgoing mail: it keeps every message it
 * receives, and refuses the next delivery to an address put in `refuseOnce` with a temporary error
 * (451), as a busy mail server would. Started in beforeAll, stopped in afterAll.
 */
import { afterAll, beforeAll } from 'vitest';
import { SMTPServer } from 'smtp-server';

export interface LoopbackSmtp {
  received: { to: string[]; raw: string }[];
  refuseOnce: Set<string>;
  /** `smtp://127.0.0.1:<port>`, known once the server listens. */
  readonly url: string;
}

export function loopbackSmtp(): LoopbackSmtp {
  const received: LoopbackSmtp['received'] = [];
  const refuseOnce = new Set<string>();
  let port = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuseOnce.delete(address.address)) return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => {
        raw += c.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    port = (smtp.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  return {
    received,
    refuseOnce,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
  };
}
