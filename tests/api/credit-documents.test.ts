// The pre-agreement statement and quotation (s92, Form 20) and the credit agreement (s93) as PDFs (
// docs/compliance.md, "Pre-agreement statement and the agreement"): the quote's PDF for its creator and admins, the
// agreement e-mailed after acceptance (named in the outbox, drawn at delivery, attached over SMTP), and downloaded
// again. The PDFs' text is read back with PDF.js; the figures are those of tests/api/credit-quote.test.ts.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { mailOutbox } from '../../src/server/db/schema';
import { applicationBody, TEST_ID_NUMBER } from '../support/accounts';
import { withSecondApproval } from '../support/approvals';
import { useNoticesHarness } from '../support/notices';
import { pdfText } from '../support/pdf-text';
import { addBankAccount, payOutLoan, type SignedIn } from '../support/servicing';
import { Client } from '../support/test-app';

/** Text with every space as a plain space, on one line. */
const flat = (text: string) => text.replace(/[\u00a0\s]+/g, ' ').trim();

describe('the pre-agreement statement and the agreement as PDFs', () => {
  const h = useNoticesHarness('documents');

  /** R 10 000 on R 3 000 a month, approved at score 100, previewed on 23 November 2026: the stored plan quote. */
  async function quoted(creator: SignedIn) {
    const res = await creator.post(
      '/api/applications',
      applicationBody({ requestedAmount: 10_000, monthlyRevenue: 3_000 }),
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().application.id as number;
    // The score is set by hand: a change a second admin approves (decision 028).
    const approved = await withSecondApproval(
      h.admin,
      h.admin.request({
        method: 'PATCH',
        url: `/api/admin/applications/${id}`,
        payload: { status: 'approved', creditScore: 100 },
      }),
    );
    expect(approved.statusCode).toBe(200);
    const preview = await creator.post(`/api/applications/${id}/preview-terms`, {});
    expect(preview.statusCode).toBe(200);
    return { id, quote: preview.json().quote as { id: number; legalMaximumCost: string } };
  }

  const quotePdf = (client: Client, id: number, quoteId: number) =>
    client.get(`/api/applications/${id}/quotes/${quoteId}/pdf`);

  it("gives the creator the quote's Form 20 with every prescribed item, worked by hand", async () => {
    const creator = await h.newCreator('form20');
    const { id, quote } = await quoted(creator);
    const res = await quotePdf(creator, id, quote.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="vuka-quote-${id}-${quote.id}.pdf"`,
    );
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await pdfText(res.rawPayload);
    const all = flat(text);
    expect(quote.legalMaximumCost).toBe('3336.05');
    for (const item of [
      'Pre-agreement statement and quotation',
      'National Credit Act 34 of 2005, section 92; regulation 30 (Form 20)',
      `Quotation ${quote.id} · application #${id}`,
      // Both parties: the provider's legal name, NCR number and address; the consumer's name and masked ID.
      'CREDIT PROVIDER CONSUMER Vuka Capital (Pty) Ltd Zola Test',
      `NCR REGISTRATION NUMBER IDENTITY NUMBER NCRCP00000 ${TEST_ID_NUMBER.slice(0, 6)}*****${TEST_ID_NUMBER.slice(-2)}`,
      `ADDRESS E-MAIL 1 Example Street, Braamfontein, Johannesburg, ${creator.username} 2001`,
      // Principal, initiation fee (R 165 + 10 % of R 9 000, capped at R 1 050), interest and its rate a year.
      'PRINCIPAL (AMOUNT FINANCED) INITIATION FEE INTEREST R 10 000,00 R 1 050,00 R 1 450,00',
      'INTEREST RATE FINANCE CHARGE MONTHLY SERVICE FEE 23,48% a year R 2 500,00 R 26,05',
      // The service fee (the 2,5 % platform fee), the fees in all, total cost of credit, total payable.
      'SERVICE FEE RATE SERVICE FEES IN ALL TOTAL COST OF CREDIT 2,5% of each repayment R 312,50 R 2 812,50',
      'TOTAL PAYABLE ANNUALISED COST RATE TYPE OF AGREEMENT R 12 812,50 61,04% Unsecured credit transaction',
      'MOST THE LAW ALLOWS R 3 336,05',
      // The instalment, how many, their dates.
      'R 1 042,00 + R 26,05 fee R 1 068,05 12 monthly instalments',
      'December 23, 2026 November 23, 2027 November 23, 2026',
      '1 December 23, 2026 R 1 042,00 R 26,05 R 1 068,05',
      '12 November 23, 2027 R 1 038,00 R 25,95 R 1 063,95',
      // Binding for 5 business days from Monday 23 November: until Monday 30 November.
      'This quotation is binding for 5 business days: until November 30, 2026.',
      'Made on November 23, 2026',
      'section 125',
      'Vuka Capital (Pty) Ltd, a registered credit provider, NCR registration number NCRCP00000.',
    ]) {
      expect(all).toContain(item);
    }
    // The full ID number never leaves the server.
    expect(all).not.toContain(TEST_ID_NUMBER);
  });

  it("gives an admin any creator's quote; another creator 404, a visitor 401, another application's quote 404", async () => {
    const creator = await h.newCreator('access');
    const stranger = await h.newCreator('stranger');
    const { id, quote } = await quoted(creator);
    const admin = await quotePdf(h.admin, id, quote.id);
    expect(admin.statusCode).toBe(200);
    expect(flat((await pdfText(admin.rawPayload)).text)).toContain('Zola Test');

    expect((await quotePdf(stranger, id, quote.id)).statusCode).toBe(404);
    expect((await quotePdf(new Client(h.t.app), id, quote.id)).statusCode).toBe(401);
    const other = await quoted(stranger);
    // A quote of the stranger's own application, asked for under the creator's: not found either way.
    expect((await quotePdf(stranger, id, other.quote.id)).statusCode).toBe(404);
    expect((await quotePdf(creator, id, other.quote.id)).statusCode).toBe(404);
    expect((await quotePdf(creator, id, 999_999)).statusCode).toBe(404);
    expect((await creator.get(`/api/applications/${id}/quotes/abc/pdf`)).statusCode).toBe(400);
    // No agreement before an acceptance.
    expect((await creator.get(`/api/applications/${id}/agreement/pdf`)).statusCode).toBe(404);
  });

  it('e-mails the agreement as a PDF after acceptance: named in the outbox, drawn and attached at delivery', async () => {
    const creator = await h.newCreator('agreement');
    const { id, quote } = await quoted(creator);
    await addBankAccount(creator);
    const accepted = await creator.post(`/api/applications/${id}/accept`, { quoteId: quote.id });
    expect(accepted.statusCode).toBe(200);

    // One message with the attachment's reference, and no document's bytes in the row.
    const rows = await h.t.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, creator.userId));
    const withAttachment = rows.filter((r) => r.attachment !== null);
    expect(withAttachment).toHaveLength(1);
    expect(withAttachment[0]!.attachment).toEqual({
      kind: 'credit_agreement',
      quoteId: quote.id,
      filename: `vuka-agreement-${id}.pdf`,
    });
    expect(withAttachment[0]!.subject).toMatch(/You accepted your Vuka Capital agreement/);
    const [stored] = await queryRows<{ bytes: number }>(
      h.t.database.db,
      sql`select octet_length(attachment::text)::int as bytes from mail_outbox where id = ${withAttachment[0]!.id}`,
    );
    expect(stored!.bytes).toBeLessThan(200);

    await h.runJobs();
    const mail = h.only(creator.username, /You accepted your Vuka Capital agreement/);
    expect(mail.text).toContain(`Your credit agreement is attached as a PDF (vuka-agreement-${id}.pdf)`);
    // Every legal e-mail names who lends.
    expect(mail.text).toContain('NCR registration number NCRCP00000');
    expect(mail.attachments).toHaveLength(1);
    const file = mail.attachments[0]!;
    expect(file).toMatchObject({ filename: `vuka-agreement-${id}.pdf`, contentType: 'application/pdf' });
    expect(file.content.subarray(0, 5).toString()).toBe('%PDF-');
    const text = flat((await pdfText(file.content)).text);
    for (const item of [
      'Credit agreement',
      'National Credit Act 34 of 2005, section 93',
      'Accepted electronically on November 23, 2026',
      'Vuka Capital (Pty) Ltd Zola Test',
      'NCRCP00000',
      'R 10 000,00 R 1 050,00 R 1 450,00',
      'R 12 812,50',
      'does not apply to this credit',
      'settle it early at any time, without penalty (section 125)',
      'debt counsellor',
    ]) {
      expect(text).toContain(item);
    }
    // The acceptance's IP address is on the quote's row, not in the document.
    expect(text).not.toMatch(/\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/);

    // The owner and admins download it again; the same document, before and after the payout.
    const again = await creator.get(`/api/applications/${id}/agreement/pdf`);
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-disposition']).toBe(`attachment; filename="vuka-agreement-${id}.pdf"`);
    expect(flat((await pdfText(again.rawPayload)).text)).toContain(
      'Accepted electronically on November 23, 2026',
    );
    await payOutLoan(h.admin, id);
    const byAdmin = await h.admin.get(`/api/applications/${id}/agreement/pdf`);
    expect(byAdmin.statusCode).toBe(200);
    expect(flat((await pdfText(byAdmin.rawPayload)).text)).toContain('R 12 812,50');
    const stranger = await h.newCreator('agreement-stranger');
    expect((await stranger.get(`/api/applications/${id}/agreement/pdf`)).statusCode).toBe(404);
    expect((await new Client(h.t.app).get(`/api/applications/${id}/agreement/pdf`)).statusCode).toBe(401);
  });

  it('keeps the message when the PDF cannot be drawn, and retries it like any failed delivery', async () => {
    const creator = await h.newCreator('retry');
    const { id, quote } = await quoted(creator);
    await addBankAccount(creator);
    expect((await creator.post(`/api/applications/${id}/accept`, { quoteId: quote.id })).statusCode).toBe(
      200,
    );
    // The acceptance's reference made to name a quote that does not exist: nothing can be drawn.
    const [target] = await h.t.database.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.userId} = ${creator.userId} and ${mailOutbox.attachment} is not null`);
    const broken = {
      kind: 'credit_agreement' as const,
      quoteId: 999_999,
      filename: `vuka-agreement-${id}.pdf`,
    };
    await h.t.database.db.update(mailOutbox).set({ attachment: broken }).where(eq(mailOutbox.id, target!.id));

    await h.t.app.ctx.runJobsOnce();
    const [failed] = await h.t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, target!.id));
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.lastError).toMatch(/quote 999999 not found/);
    expect(h.matching(creator.username, /You accepted/)).toHaveLength(0);

    // Put right, the next attempt (a backoff later, by the app's clock) delivers it with the agreement.
    await h.t.database.db
      .update(mailOutbox)
      .set({ attachment: { ...broken, quoteId: quote.id } })
      .where(eq(mailOutbox.id, target!.id));
    h.t.clock.set(new Date(failed!.nextAttemptAt.getTime() + 1000));
    await h.runJobs();
    const mail = h.only(creator.username, /You accepted/);
    expect(mail.attachments.map((a) => a.filename)).toEqual([`vuka-agreement-${id}.pdf`]);
  });
});
