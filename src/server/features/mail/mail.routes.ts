// The development mailbox: what the dev outbox "sent", readable in the browser. Never in production. It also
// shows the demo admin's current authenticator code (while their key is the printed demo key), so trying the
// demo needs no phone.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../lib/deps';
import { demoAdminCode } from '../mfa/mfa.service';
import { listRecentMessages } from './mail.repository';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function devMailboxRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/dev/mailbox.json', { schema: { hide: true } }, async () => {
    const rows = await listRecentMessages(deps.db, 50);
    return {
      demoAdminMfa: await demoAdminCode(deps),
      messages: rows.map((m) => ({
        id: m.id,
        to: m.toAddress,
        subject: m.subject,
        text: m.textBody,
        status: m.status,
        createdAt: m.createdAt.toISOString(),
      })),
    };
  });

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await listRecentMessages(deps.db, 50);
    const mfa = await demoAdminCode(deps);
    const mfaCard = mfa
      ? `<section class="mfa" aria-label="Demo admin authenticator"><h2>Demo admin's authenticator code</h2><p>For ${escapeHtml(mfa.email)}: <strong class="code">${mfa.code}</strong> <span class="meta">(changes in ${mfa.secondsLeft} s; reload for the next one. Each code signs in once.)</span></p></section>`
      : '';
    const items = rows
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.toAddress)} · ${m.createdAt.toISOString()} · ${m.status}</p><pre>${escapeHtml(m.textBody)}</pre></article>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox · Vuka Capital</title><style>body{font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px;color:#0f172a}article{border:1px solid #e2e8f0;border-radius:8px;padding:12px 16px;margin:12px 0}pre{white-space:pre-wrap}.meta{color:#64748b;font-size:14px}.mfa{border:1px solid #a7f3d0;background:#ecfdf5;border-radius:8px;padding:4px 16px}.code{font-family:ui-monospace,monospace;font-size:24px;letter-spacing:4px}</style></head><body><h1>Development mailbox</h1>${mfaCard}<p>E-mails the dev outbox kept (newest first). Set SMTP_URL to deliver real e-mail.</p>${items || '<p>No e-mails yet.</p>'}</body></html>`;
  });
}
