// Every e-mail has a plain-text and an HTML body, names the product, and carries no secret beyond the
// one code or link it exists to deliver.
import { PRODUCT_NAME } from '../../../shared/constants';
import type { MailAttachmentRef } from '../../db/types';
import { providerLine } from '../../lib/provider-identity';

/** A file a delivered message carries (drawn at delivery; never stored in the outbox). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
};

/**
 * What the outbox stores: the message, whom it is about (`userId`, for the data export and erasure), for a notice
 * that must go once its key (mail_outbox.notice_key; a second insert with the key does nothing), and the document it
 * carries, named by reference (mail_outbox.attachment: the PDF is drawn when the message is delivered, so no
 * document's bytes are kept in the outbox).
 */
export type OutboxMessage = Omit<MailMessage, 'attachments'> & {
  userId?: number | null;
  noticeKey?: string | null;
  /** The moment it was written, by the app's clock: it is due from then (the outbox job sends what is due by its clock). */
  at: Date;
  attachment?: MailAttachmentRef | null;
};

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Label and value rows (a notice's figures), shown as a table in HTML and as aligned lines in text. */
export type MailFacts = ReadonlyArray<readonly [label: string, value: string]>;

export function layout(
  title: string,
  paragraphs: string[],
  highlight?: { text: string; href?: string },
  more: { facts?: MailFacts; after?: string[] } = {},
) {
  const para = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const body = paragraphs.map(para).join('');
  const box = highlight
    ? highlight.href
      ? `<p style="margin:0 0 16px"><a href="${escapeHtml(highlight.href)}" style="background:#047857;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(highlight.text)}</a></p>`
      : `<p style="margin:0 0 16px;font-size:28px;letter-spacing:6px;font-weight:700">${escapeHtml(highlight.text)}</p>`
    : '';
  const facts = more.facts?.length
    ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;width:100%">${more.facts
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 12px 6px 0;color:#475569;border-bottom:1px solid #e2e8f0">${escapeHtml(label)}</td><td style="padding:6px 0;font-weight:700;text-align:right;border-bottom:1px solid #e2e8f0;white-space:nowrap">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const after = (more.after ?? []).map(para).join('');
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px;color:#047857">${PRODUCT_NAME}</h1><h2 style="font-size:18px">${escapeHtml(title)}</h2>${body}${box}${facts}${after}<p style="color:#64748b;font-size:12px">${PRODUCT_NAME} · Empowering Digital Creators</p><p style="color:#64748b;font-size:11px">${escapeHtml(providerLine())}</p></body></html>`;
}

/** The figures as plain-text lines: 'Amount paid: R 1 000,00'. */
export const factsText = (facts: MailFacts) => facts.map(([label, value]) => `${label}: ${value}`).join('\n');

/** The closing of every e-mail's text: the product, and who lends (the provider's name, NCR number and address). */
export const signature = () => `\n\n${PRODUCT_NAME} · Empowering Digital Creators\n${providerLine()}`;

export function verificationCodeMail(to: string, firstName: string, code: string): MailMessage {
  const lines = [
    `Hi ${firstName},`,
    `Your ${PRODUCT_NAME} verification code is below. It is valid for 10 minutes.`,
    'If you did not create an account, you can ignore this e-mail.',
  ];
  return {
    to,
    subject: `Your ${PRODUCT_NAME} verification code: ${code}`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${code}\n\n${lines[2]}${signature()}`,
    html: layout('Verify your e-mail address', lines.slice(0, 2), { text: code }).replace(
      '</body>',
      `<p>${escapeHtml(lines[2]!)}</p></body>`,
    ),
  };
}

export function passwordResetMail(to: string, firstName: string, link: string): MailMessage {
  const lines = [
    `Hi ${firstName},`,
    `Someone asked to reset the password of your ${PRODUCT_NAME} account. The link is valid for 30 minutes and works once.`,
    'If it was not you, ignore this e-mail: your password stays as it is.',
  ];
  return {
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}${signature()}`,
    html: layout('Reset your password', lines.slice(0, 2), { text: 'Reset password', href: link }).replace(
      '</body>',
      `<p style="font-size:12px;color:#64748b">${escapeHtml(link)}</p><p>${escapeHtml(lines[2]!)}</p></body>`,
    ),
  };
}

export function platformVerificationMail(to: string, platform: string, code: string): MailMessage {
  const lines = [
    `Use this code to connect your ${platform} account to ${PRODUCT_NAME}. It is valid for 10 minutes.`,
    'If you did not ask for it, you can ignore this e-mail.',
  ];
  return {
    to,
    subject: `Your ${platform} verification code for ${PRODUCT_NAME}: ${code}`,
    text: `${lines[0]}\n\n${code}\n\n${lines[1]}${signature()}`,
    html: layout(`Connect ${platform}`, [lines[0]!], { text: code }).replace(
      '</body>',
      `<p>${escapeHtml(lines[1]!)}</p></body>`,
    ),
  };
}

/** To the new address: the code that makes it the sign-in e-mail. */
export function emailChangeCodeMail(to: string, firstName: string, code: string): MailMessage {
  const lines = [
    `Hi ${firstName},`,
    `Enter this code in ${PRODUCT_NAME} Settings to make ${to} the e-mail you sign in with. It is valid for 10 minutes.`,
    'Until then you keep signing in with your current address. If you did not ask for this, ignore this e-mail.',
  ];
  return {
    to,
    subject: `Confirm your new ${PRODUCT_NAME} sign-in e-mail: ${code}`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${code}\n\n${lines[2]}${signature()}`,
    html: layout('Confirm your new e-mail address', lines.slice(0, 2), { text: code }).replace(
      '</body>',
      `<p>${escapeHtml(lines[2]!)}</p></body>`,
    ),
  };
}

/** To the current address when a change is asked for: the owner hears of it before anything changes. */
export function emailChangeRequestedMail(to: string, firstName: string, newEmail: string): MailMessage {
  const lines = [
    `Hi ${firstName},`,
    `Someone signed in to your ${PRODUCT_NAME} account asked to change its sign-in e-mail to ${newEmail}. Nothing changes until a code sent to that address is entered.`,
    'If this was not you, sign in and change your password now, and contact support.',
  ];
  return {
    to,
    subject: `A change of your ${PRODUCT_NAME} sign-in e-mail was requested`,
    text: `${lines.join('\n\n')}${signature()}`,
    html: layout('A change of your sign-in e-mail was requested', lines),
  };
}

/** To the former address once the change is made. */
export function emailChangedMail(to: string, firstName: string, newEmail: string): MailMessage {
  const lines = [
    `Hi ${firstName},`,
    `Your ${PRODUCT_NAME} sign-in e-mail is now ${newEmail}. This address no longer signs in.`,
    'If this was not you, contact support at once.',
  ];
  return {
    to,
    subject: `Your ${PRODUCT_NAME} sign-in e-mail was changed`,
    text: `${lines.join('\n\n')}${signature()}`,
    html: layout('Your sign-in e-mail was changed', lines),
  };
}
