import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the test SMTP server received it. */
export interface ReceivedMail {
  to: string[];
  /** Headers of the top-level part, names lower-cased. */
  headers: Map<string, string>;
  subject: string;
  text: string;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
  raw: string;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** The next this-many messages are refused with a temporary failure (451), as a server in trouble would. */
  failNext: number;
  /** Refusals so far. */
  refused: number;
  close(): Promise<void>;
}

/**
 * A real SMTP server in the test process (the `smtp-server` package): no authentication, no
 * STARTTLS, every message kept and parsed. Report deliveries are sent to it over TCP exactly as to
 * a production relay.
 */
export async function startTestSmtp(): Promise<TestSmtp> {
  const state: TestSmtp = { url: '', received: [], failNext: 0, refused: 0, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.failNext > 0) {
          state.failNext--;
          state.refused++;
          const error = Object.assign(new Error('Test server: try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('latin1');
        state.received.push({ ...parseMail(raw), to: session.envelope.rcptTo.map((r) => r.address) });
        callback();
      });
    },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((done) => server.close(() => done()));
  return state;
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split(/\r\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
  }
  return headers;
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g, (_m, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'));
}

function decodeBody(body: string, encoding: string | undefined): Buffer {
  const e = (encoding ?? '7bit').toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (e === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1');
  }
  return Buffer.from(body, 'latin1');
}

/** Just enough MIME for nodemailer's messages: a text part and attachments, one level of multipart (or two). */
function parseMail(raw: string): Omit<ReceivedMail, 'to'> {
  const split = raw.indexOf('\r\n\r\n');
  const headers = parseHeaders(raw.slice(0, split));
  const result: Omit<ReceivedMail, 'to'> = { headers, subject: decodeWords(headers.get('subject') ?? ''), text: '', attachments: [], raw };
  const walk = (partHeaders: Map<string, string>, body: string) => {
    const type = partHeaders.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const part of body.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const inner = part.replace(/^\r\n/, '');
        const at = inner.indexOf('\r\n\r\n');
        walk(parseHeaders(inner.slice(0, at)), inner.slice(at + 4).replace(/\r\n$/, ''));
      }
      return;
    }
    const disposition = partHeaders.get('content-disposition') ?? '';
    const content = decodeBody(body, partHeaders.get('content-transfer-encoding'));
    if (/attachment/i.test(disposition)) {
      const filename = decodeWords(/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '');
      result.attachments.push({ filename, contentType: type.split(';')[0], content });
    } else if (/^text\/plain/i.test(type)) {
      result.text += content.toString('utf8');
    }
  };
  walk(headers, raw.slice(split + 4));
  return result;
}
