// The documents of a credit agreement's making (docs/compliance.md, "Pre-agreement statement and the agreement"):
//   quotePdfFor      a stored quote's pre-agreement statement and quotation (s92, Form 20), for its creator or an admin
//   agreementPdfFor  the accepted quote's credit agreement (s93), the same
//   drawAttachment   the PDF an outbox message names (mail_outbox.attachment), drawn when it is delivered
// Each is drawn from the stored quote, the application and the account as they are when asked for; nothing is kept
// but the quote. Another creator's application or quote answers 404, as every object of someone else's does.
import {
  agreementPdfName,
  type CreditDocumentInput,
  creditAgreement,
  preAgreementStatement,
} from '../../../shared/compliance/credit-documents';
import type { CreditQuote } from '../../../shared/finance/quote';
import { isStaff } from '../../../shared/staff-roles';
import type { DbOrTx } from '../../db/client';
import type { CreditQuoteRow, MailAttachmentRef } from '../../db/types';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { providerIdentity } from '../../lib/provider-identity';
import type { SessionUser } from '../sessions/sessions.service';
import { findUserById } from '../users/users.repository';
import { maskedIdentityNumber } from './applications.mapper';
import { findApplicationRow } from './applications.repository';
import { renderCreditDocumentPdf } from './credit-documents-pdf';
import { acceptedQuoteOf, findCreditQuote } from './credit-quotes.repository';

type PdfFile = { fileName: string; data: Buffer };

const quotePdfName = (applicationId: number, quoteId: number) => `vuka-quote-${applicationId}-${quoteId}.pdf`;

/** The content both documents share: the quote as stored, and both parties as they are now. */
async function documentInput(db: DbOrTx, row: CreditQuoteRow): Promise<CreditDocumentInput> {
  const app = await findApplicationRow(db, row.applicationId);
  const owner = app ? await findUserById(db, app.userId) : undefined;
  if (!app || !owner) throw notFound(`Could not find application with ID ${row.applicationId}`);
  const provider = providerIdentity();
  return {
    applicationId: app.id,
    quoteId: row.id,
    // credit_quotes.quote is typed as a plain record (db/schema.ts); insertQuote wrote it from creditQuote.
    quote: row.quote as unknown as CreditQuote,
    madeAt: row.createdAt,
    validUntil: row.validUntil,
    currency: app.currency,
    parties: {
      provider: {
        legalName: provider.providerLegalName,
        ncrRegistrationNumber: provider.ncrRegistrationNumber,
        address: provider.providerAddress,
      },
      consumer: {
        name: [owner.firstName, owner.lastName].filter(Boolean).join(' ') || owner.username,
        email: owner.username,
        identityNumberMasked: maskedIdentityNumber(app),
        businessName: app.applicationType === 'business' ? (app.businessName ?? null) : null,
        registrationNumber: app.registrationNumber ?? null,
      },
    },
  };
}

/** The application, if `user` may see it: its creator, or staff (an admin viewing as a creator is that creator). */
async function checkAccess(db: DbOrTx, user: SessionUser, id: number) {
  const app = await findApplicationRow(db, id);
  if (!app || (!isStaff(user.role) && app.userId !== user.id)) {
    throw notFound(`Could not find application with ID ${id}`);
  }
}

const agreementOf = async (db: DbOrTx, row: CreditQuoteRow, now: Date) =>
  renderCreditDocumentPdf(
    creditAgreement({ ...(await documentInput(db, row)), acceptedAt: row.acceptedAt! }),
    now,
  );

/** A stored quote of the application as its pre-agreement statement and quotation (any status: what was shown). */
export async function quotePdfFor({ db, clock }: Deps, user: SessionUser, id: number, quoteId: number) {
  await checkAccess(db, user, id);
  const row = await findCreditQuote(db, quoteId);
  if (!row || row.applicationId !== id)
    throw notFound(`Could not find quote ${quoteId} of application #${id}`);
  const view = preAgreementStatement(await documentInput(db, row));
  return { fileName: quotePdfName(id, quoteId), data: await renderCreditDocumentPdf(view, clock.now()) };
}

/** The agreement the creator accepted, to download again; 404 before an acceptance. */
export async function agreementPdfFor({ db, clock }: Deps, user: SessionUser, id: number): Promise<PdfFile> {
  await checkAccess(db, user, id);
  const row = await acceptedQuoteOf(db, id);
  if (!row?.acceptedAt) throw notFound('This application has no accepted agreement yet.');
  return { fileName: agreementPdfName(id), data: await agreementOf(db, row, clock.now()) };
}

/**
 * The PDF an outbox message names, drawn at delivery from the quote it names. Throws when it cannot be drawn (the quote
 * is gone, or not accepted for an agreement): the delivery then fails and is retried like any other failure.
 */
export async function drawAttachment(db: DbOrTx, ref: MailAttachmentRef, now: Date) {
  const row = await findCreditQuote(db, ref.quoteId);
  if (!row) throw new Error(`attachment: quote ${ref.quoteId} not found`);
  let data: Buffer;
  if (ref.kind === 'credit_agreement') {
    if (row.status !== 'accepted' || !row.acceptedAt) {
      throw new Error(`attachment: quote ${ref.quoteId} is not an accepted agreement`);
    }
    data = await agreementOf(db, row, now);
  } else {
    data = await renderCreditDocumentPdf(preAgreementStatement(await documentInput(db, row)), now);
  }
  return { filename: ref.filename, content: data, contentType: 'application/pdf' };
}
