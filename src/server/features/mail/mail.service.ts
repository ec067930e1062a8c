// E-mail leaves through the outbox: a message is written in the same transaction as the change that causes
// it, then delivered by a worker with retries, so an SMTP outage delays mail but never loses it.

import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { MailAttachmentRef } from '../../db/types';
import {
  claimDueMessages,
  insertOutboxMessage,
  insertOutboxMessages,
  markFailedAttempt,
  markSent,
} from './mail.repository';
import type { MailAttachment, MailMessage, OutboxMessage } from './mail.templates';

/** Writes a message to the outbox in the caller's transaction; false when its notice key was already sent. */
export const enqueueMail = (db: DbOrTx, message: OutboxMessage) => insertOutboxMessage(db, message);

/** Several messages to the outbox in one statement, in the caller's transaction. */
export const enqueueMails = (db: DbOrTx, messages: ReadonlyArray<OutboxMessage>) =>
  insertOutboxMessages(db, messages);

export type MailTransport = {
  kind: 'smtp' | 'dev-outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
};

export function createMailTransport(config: Config, log: FastifyBaseLogger): MailTransport {
  if (!config.mail.smtpUrl) {
    return {
      kind: 'dev-outbox',
      // Development only: the message stays readable at /dev/mailbox; the log shows that it exists.
      async send(message) {
        // Subjects carry codes ('Your verification code: 123456'): the log shows the subject without them.
        log.info(
          { to: message.to, subject: message.subject.replace(/\d{4,}/g, '[redacted]') },
          'dev outbox: e-mail kept (see /dev/mailbox)',
        );
      },
      close() {},
    };
  }
  // Timeouts keep a hanging SMTP server from stalling the worker; the message is retried later.
  const url = new URL(config.mail.smtpUrl);
  for (const [key, value] of Object.entries({
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(value));
  }
  const transporter = nodemailer.createTransport(url.toString());
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from: config.mail.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
      });
    },
    close: () => transporter.close(),
  };
}

const LEASE_MS = 5 * 60 * 1000;
const MAX_ATTEMPTS = 10;
const backoffMs = (attempts: number) => Math.min(60 * 60 * 1000, 30_000 * 2 ** attempts);

/** Draws the document a message names (the loans feature's drawAttachment, passed in by the app). */
export type AttachmentDrawer = (db: DbOrTx, ref: MailAttachmentRef) => Promise<MailAttachment>;

/**
 * Delivers what is due; returns how many were sent and how many failed this round. A message that names a document
 * has it drawn now, just before it is sent: a document that cannot be drawn fails the attempt, which is retried like
 * a refusal by the SMTP server (the message is never sent without it, nor lost).
 */
export async function deliverDueMail(
  db: DbOrTx,
  transport: MailTransport,
  log: FastifyBaseLogger,
  /** The round's moment, by the app's clock: what is due by then is sent, a retry is due a backoff after it. */
  now: Date,
  drawAttachment?: AttachmentDrawer,
): Promise<{ sent: number; failed: number }> {
  const claimed = await claimDueMessages(db, now, new Date(now.getTime() + LEASE_MS), 20);
  let sent = 0;
  let failed = 0;
  // Oldest first, as they were written (UPDATE ... RETURNING keeps no order): an application's "received"
  // leaves before its decision.
  for (const message of claimed.sort((a, b) => a.id - b.id)) {
    try {
      const ref = message.attachment;
      if (ref && !drawAttachment) throw new Error(`no way to draw the attachment ${ref.filename}`);
      const attachment = ref && drawAttachment ? await drawAttachment(db, ref) : null;
      await transport.send({
        to: message.toAddress,
        subject: message.subject,
        text: message.textBody,
        html: message.htmlBody,
        ...(attachment ? { attachments: [attachment] } : {}),
      });
      await markSent(db, message.id, now);
      sent++;
    } catch (error) {
      failed++;
      const attempts = message.attempts + 1;
      const final = attempts >= MAX_ATTEMPTS;
      log.warn({ mailId: message.id, attempts, final, err: error }, 'e-mail delivery failed');
      await markFailedAttempt(
        db,
        message.id,
        error instanceof Error ? error.message : String(error),
        new Date(now.getTime() + backoffMs(attempts)),
        final,
      );
    }
  }
  return { sent, failed };
}
