import { crc32, deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTIVE_PDF_MESSAGE,
  inspectProof,
  NOT_A_PROOF_MESSAGE,
  NOT_PLAIN_MESSAGE,
  proofFileName,
} from './file-type';

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A whole PNG of one pixel, with optional chunks before IEND. */
function png(extra: Buffer[] = []) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 0, 0, 0, 0]))),
    ...extra,
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const JPEG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.from('ffd9', 'hex'),
]);
const GIF = Buffer.from('474946383961010001000000002c000000000100010000020144003b', 'hex');
function webp(payload = Buffer.from('VP8 ')) {
  const size = Buffer.alloc(4);
  size.writeUInt32LE(4 + payload.length);
  return Buffer.concat([Buffer.from('RIFF'), size, Buffer.from('WEBP'), payload]);
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('inspectProof', () => {
  it('accepts whole PDFs and images of each kind, with the type their bytes say', () => {
    expect(inspectProof(PDF)).toEqual({ ok: true, type: { mime: 'application/pdf', ext: 'pdf' } });
    expect(inspectProof(png())).toEqual({ ok: true, type: { mime: 'image/png', ext: 'png' } });
    expect(inspectProof(JPEG)).toEqual({ ok: true, type: { mime: 'image/jpeg', ext: 'jpg' } });
    expect(inspectProof(GIF)).toEqual({ ok: true, type: { mime: 'image/gif', ext: 'gif' } });
    expect(inspectProof(webp())).toEqual({ ok: true, type: { mime: 'image/webp', ext: 'webp' } });
    // Photo metadata (XMP) is XML, not a page.
    const xmp = Buffer.from(
      'XML:com.adobe.xmp\0\0\0\0\0<?xpacket begin=""?><x:xmpmeta xmlns:x="adobe:ns:meta/"/>',
    );
    expect(inspectProof(png([chunk('iTXt', xmp)])).ok).toBe(true);
  });

  it('refuses what is not a PDF or an image', () => {
    expect(inspectProof(Buffer.from('<html>not a pdf</html>'))).toEqual({
      ok: false,
      message: NOT_A_PROOF_MESSAGE,
    });
    expect(inspectProof(Buffer.alloc(0))).toEqual({ ok: false, message: NOT_A_PROOF_MESSAGE });
  });

  it('refuses an image followed by a page (a polyglot), and markup hidden inside one', () => {
    const page = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    for (const image of [png(), JPEG, GIF]) {
      expect(inspectProof(Buffer.concat([image, page]))).toEqual({ ok: false, message: NOT_PLAIN_MESSAGE });
    }
    expect(inspectProof(webp(Buffer.concat([Buffer.from('VP8 '), page])))).toEqual({
      ok: false,
      message: NOT_PLAIN_MESSAGE,
    });
    // Inside a text chunk, before the end: still refused.
    expect(inspectProof(png([chunk('tEXt', Buffer.from(`Comment\0${page}`))]))).toEqual({
      ok: false,
      message: NOT_PLAIN_MESSAGE,
    });
    expect(inspectProof(Buffer.concat([PDF, Buffer.from('<SVG onload=alert(1)>')])).ok).toBe(false);
    // A truncated PNG (no IEND) is not whole.
    expect(inspectProof(png().subarray(0, 40)).ok).toBe(false);
  });

  it('refuses a PDF with scripts or actions', () => {
    const scripted = Buffer.from(
      '%PDF-1.4\n1 0 obj<</OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n%%EOF',
    );
    expect(inspectProof(scripted)).toEqual({ ok: false, message: ACTIVE_PDF_MESSAGE });
    expect(inspectProof(Buffer.from('%PDF-1.4\n<</S/Launch/F(calc.exe)>>\n%%EOF')).ok).toBe(false);
    // /JSON is not /JS.
    expect(inspectProof(Buffer.from('%PDF-1.4\n<</Type/JSONish>>\n%%EOF')).ok).toBe(true);
  });

  it('never accepts an image with bytes after its end, whatever those bytes are', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), (tail) => {
        const withTail = Buffer.concat([png(), Buffer.from(tail)]);
        expect(inspectProof(withTail).ok).toBe(false);
      }),
    );
  });
});

describe('proofFileName', () => {
  it("takes the detected type's extension, never the uploaded one, and no path or markup", () => {
    expect(proofFileName('../../x<script>.html', 'image/png', 'proof')).toBe('x_script_.png');
    expect(proofFileName('march earnings.pdf', 'application/pdf', 'proof')).toBe('march earnings.pdf');
    expect(proofFileName('C:\\Users\\me\\statement.PDF', 'application/pdf', 'proof')).toBe('statement.pdf');
    expect(proofFileName('photo.jpeg.exe', 'image/jpeg', 'proof')).toBe('photo.jpeg.jpg');
    expect(proofFileName('', 'image/webp', 'proof-7')).toBe('proof-7.webp');
    expect(proofFileName('...', 'image/gif', 'proof-7')).toBe('proof-7.gif');
    expect(proofFileName('"quoted"; name=x.png', 'image/png', 'p')).toBe('quoted_ name_x.png');
  });

  it('always ends with the type extension and holds only safe characters', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        fc.constantFrom('application/pdf', 'image/png', 'image/jpeg'),
        (name, mime) => {
          const out = proofFileName(name, mime, 'proof');
          expect(out).toMatch(/^[\w .-]+$/);
          expect(
            out.endsWith({ 'application/pdf': '.pdf', 'image/png': '.png', 'image/jpeg': '.jpg' }[mime]!),
          ).toBe(true);
          expect(out.length).toBeLessThanOrEqual(105);
          expect(out.startsWith(' ')).toBe(false);
        },
      ),
    );
  });
});
