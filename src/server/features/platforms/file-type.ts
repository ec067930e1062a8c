// A proof of earnings is judged by its content, never its name: the first bytes must be a PDF or an image, the
// image must end where its format says it ends, and nothing in it may be a web page or a script. A file that is
// an image and an HTML page at once (a polyglot) is refused: saved and opened by the wrong program it would run.
// The stored and downloaded name takes its extension from the detected type.
export type DetectedType = { mime: string; ext: string };

export type ProofInspection = { ok: true; type: DetectedType } | { ok: false; message: string };

export const NOT_A_PROOF_MESSAGE = 'Upload a PDF or an image (PNG, JPEG, WebP or GIF) as proof of earnings.';
export const NOT_PLAIN_MESSAGE =
  'This file is not a plain PDF or image: it carries something after or inside the picture (such as web page code). Save or export it again as a PDF or image and upload that.';
export const ACTIVE_PDF_MESSAGE =
  'This PDF contains scripts or actions. Save it again as a plain PDF (for example with Print, then Save as PDF) and upload that.';

/** The extension every detected type is stored and downloaded with. */
export const EXTENSION_OF: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export function detectProofType(bytes: Buffer): DetectedType | null {
  const starts = (sig: number[], offset = 0) => sig.every((b, i) => bytes[offset + i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return { mime: 'application/pdf', ext: 'pdf' }; // %PDF-
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' };
  if (starts([0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return { mime: 'image/gif', ext: 'gif' };
  }
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8))
    return { mime: 'image/webp', ext: 'webp' };
  return null;
}

/** A PNG is its signature, then chunks (length, type, data, CRC) up to IEND, and nothing after. */
function pngEndsRight(bytes: Buffer): boolean {
  let at = 8;
  let first = true;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (first && type !== 'IHDR') return false;
    first = false;
    const next = at + 12 + length;
    if (next > bytes.length) return false;
    if (type === 'IEND') return next === bytes.length;
    at = next;
  }
  return false;
}

/** A JPEG ends with its end-of-image marker (FF D9); a GIF with its trailer (3B); a WebP where RIFF says. */
const jpegEndsRight = (bytes: Buffer) =>
  bytes.length >= 4 && bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
const gifEndsRight = (bytes: Buffer) => bytes.length >= 14 && bytes[bytes.length - 1] === 0x3b;
const webpEndsRight = (bytes: Buffer) => bytes.length >= 12 && bytes.readUInt32LE(4) + 8 === bytes.length;

const ENDS_RIGHT: Record<string, (bytes: Buffer) => boolean> = {
  'image/png': pngEndsRight,
  'image/jpeg': jpegEndsRight,
  'image/gif': gifEndsRight,
  'image/webp': webpEndsRight,
};

/**
 * What a browser would treat as a page or a script, anywhere in the file. Long enough that compressed picture
 * data does not match by chance (about one 5 MB file in ten thousand for the shortest, `<body`); XMP metadata
 * (`<?xpacket`, `<x:xmpmeta`, `<rdf:RDF`) is not markup a browser runs and does not match.
 */
const MARKUP = /<(?:script|html|body|iframe|object|embed|svg)[\s/>]|<!doctype\s+html|javascript:/i;
/** PDF actions that run something: scripts, launching programs, forms that submit or import. */
const PDF_ACTIONS = /\/(?:JavaScript|JS|Launch|SubmitForm|ImportData)\b/;

export function inspectProof(bytes: Buffer): ProofInspection {
  const type = detectProofType(bytes);
  if (!type) return { ok: false, message: NOT_A_PROOF_MESSAGE };
  const endsRight = ENDS_RIGHT[type.mime];
  if (endsRight && !endsRight(bytes)) return { ok: false, message: NOT_PLAIN_MESSAGE };
  // latin1 maps each byte to one character, so the patterns see the bytes as they are.
  const text = bytes.toString('latin1');
  if (MARKUP.test(text)) return { ok: false, message: NOT_PLAIN_MESSAGE };
  if (type.mime === 'application/pdf' && PDF_ACTIONS.test(text)) {
    return { ok: false, message: ACTIVE_PDF_MESSAGE };
  }
  return { ok: true, type };
}

/**
 * The name a proof is stored and downloaded under: the uploaded name's stem, reduced to letters, digits, spaces,
 * '.', '-' and '_' (no path, no quotes, no markup), with the extension of the detected type, whatever the
 * uploaded name said.
 */
export function proofFileName(uploadedName: string, mime: string, fallbackStem: string): string {
  const ext = EXTENSION_OF[mime] ?? 'bin';
  const base = uploadedName.split(/[\\/]/).pop() ?? '';
  const stem = base
    .replace(/\.[^.]*$/, '')
    .replace(/[^\w .-]+/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s._]+|[\s.]+$/g, '')
    .slice(0, 100)
    .trim();
  return `${stem || fallbackStem}.${ext}`;
}
