// Reads a message as the SMTP server received it (what nodemailer wrote): the decoded subject and the decoded
// plain-text and HTML parts, so a test asserts what the recipient would read (en-ZA money has no-break spaces,
// which travel quoted-printable or base64).

const unfold = (headers: string) => headers.replace(/\r?\n[ \t]+/g, ' ');

function header(headers: string, name: string): string | undefined {
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfold(headers));
  return match?.[1]?.trim();
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words ('=?UTF-8?Q?...?='), adjacent ones joined without the space between them. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function split(raw: string) {
  const at = raw.search(/\r?\n\r?\n/);
  return at < 0
    ? { headers: raw, body: '' }
    : { headers: raw.slice(0, at), body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}

/** A file the message carries: its name, type and bytes (base64 decoded). */
export type MailFile = { filename: string; contentType: string; content: Buffer };

export type ReadMail = { subject: string; text: string; html: string; attachments: MailFile[] };

export function readMail(raw: string): ReadMail {
  const { headers, body } = split(raw);
  const out: ReadMail = {
    subject: decodeWords(header(headers, 'Subject') ?? ''),
    text: '',
    html: '',
    attachments: [],
  };
  const visit = (partHeaders: string, partBody: string) => {
    const type = header(partHeaders, 'Content-Type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (boundary) {
      for (const part of partBody.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const inner = split(part.replace(/^\r?\n/, ''));
        visit(inner.headers, inner.body);
      }
      return;
    }
    const disposition = header(partHeaders, 'Content-Disposition') ?? '';
    if (/^attachment/i.test(disposition)) {
      out.attachments.push({
        filename: decodeWords(/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? ''),
        contentType: type.split(';')[0]!.trim(),
        content: Buffer.from(partBody.replace(/\s+/g, ''), 'base64'),
      });
      return;
    }
    const decoded = decodeBody(partBody, header(partHeaders, 'Content-Transfer-Encoding')).replace(
      /\r\n/g,
      '\n',
    );
    if (/text\/html/i.test(type)) out.html = decoded.trim();
    else if (/text\/plain/i.test(type)) out.text = decoded.trim();
  };
  visit(headers, body);
  return out;
}
