// The development mailbox: what the dev outbox "sent", readable in the browser. Never in production. It also
// shows the demo admins' current authenticator codes (while their key is the printed demo key), so trying the
// demo needs no phone. A message that carries a document (the agreement's PDF) names it, and the document can be
// opened: drawn as delivery would draw it.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { demoAdminCode } from '../mfa/mfa.service';
import { findOutboxMessage, listRecentMessages } from './mail.repository';
import type { AttachmentDrawer } from './mail.service';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `drawAttachment` is the loans feature's document drawer, passed in by the app: mail sits beneath the loans. */
export function devMailboxRoutes(app: FastifyInstance, deps: Deps, drawAttachment: AttachmentDrawer) {
  app.get('/dev/mailbox.json', { schema: { hide: true } }, async () => {
    const rows = await listRecentMessages(deps.db, 50);
    return {
      demoAdminMfa: await demoAdminCode(deps),
      secondDemoAdminMfa: await demoAdminCode(deps, 1),
      messages: rows.map((m) => ({
        id: m.id,
        to: m.toAddress,
        subject: m.subject,
        text: m.textBody,
        status: m.status,
        createdAt: m.createdAt.toISOString(),
        attachment: m.attachment?.filename ?? null,
      })),
    };
  });

  app.get(
    '/dev/mailbox/:id/attachment',
    { schema: { hide: true, params: z.object({ id: z.coerce.number().int().positive() }) } },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const message = await findOutboxMessage(deps.db, id);
      if (!message?.attachment) return reply.status(404).send({ message: 'No attachment' });
      const file = await drawAttachment(deps.db, message.attachment);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .send(file.content);
    },
  );

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await listRecentMessages(deps.db, 50);
    const codes = [await demoAdminCode(deps), await demoAdminCode(deps, 1)].filter((c) => c !== null);
    const mfaCard = codes.length
      ? `<section class="mfa" aria-label="Demo admin authenticator"><h2>Demo admins' authenticator codes</h2>${codes
          .map(
            (mfa) =>
              `<p>For ${escapeHtml(mfa.email)}: <strong class="code">${mfa.code}</strong> <span class="meta">(changes in ${mfa.secondsLeft} s; reload for the next one. Each code signs in once.)</span></p>`,
          )
          .join('')}</section>`
      : '';
    const items = rows
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.toAddress)} · ${m.createdAt.toISOString()} · ${m.status}</p><pre>${escapeHtml(m.textBody)}</pre>${
            m.attachment
              ? `<p class="attachment">Attachment: <a href="/dev/mailbox/${m.id}/attachment" download>${escapeHtml(m.attachment.filename)}</a></p>`
              : ''
          }</article>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox · Vuka Capital</title><style>body{font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px;color:#0f172a}article{border:1px solid #e2e8f0;border-radius:8px;padding:12px 16px;margin:12px 0}pre{white-space:pre-wrap}.meta{color:#64748b;font-size:14px}.mfa{border:1px solid #a7f3d0;background:#ecfdf5;border-radius:8px;padding:4px 16px}.attachment{border-top:1px solid #e2e8f0;padding-top:8px}.code{font-family:ui-monospace,monospace;font-size:24px;letter-spacing:4px}</style></head><body><h1>Development mailbox</h1>${mfaCard}<p>E-mails the dev outbox kept (newest first). Set SMTP_URL to deliver real e-mail.</p>${items || '<p>No e-mails yet.</p>'}</body></html>`;
  });
}
