// The one audit trail (docs/operations.md "Audit trail"): the filter of the screen turned into the
// repository's, the rows into the shared answer. Reading it is not itself audited (it changes nothing); the
// export is the same reads, page by page.
import { addDays, startOfBusinessDay } from '../../../shared/business-date';
import type { AuditEntry, AuditTrailPage, AuditTrailQuery } from '../../../shared/schemas/audit';
import type { DbOrTx } from '../../db/client';
import { auditTrailPage } from './audit.repository';

const person = (id: number | null, first: string | null, last: string | null, username: string | null) =>
  id === null
    ? null
    : {
        id,
        name: [first, last].filter(Boolean).join(' ').trim() || (username ?? ''),
        username: username ?? '',
      };

export async function readAuditTrail(db: DbOrTx, query: AuditTrailQuery): Promise<AuditTrailPage> {
  const { rows, total } = await auditTrailPage(db, {
    actor: query.actor,
    subject: query.subject,
    action: query.action,
    from: query.from ? startOfBusinessDay(query.from) : undefined,
    until: query.to ? startOfBusinessDay(addDays(query.to, 1)) : undefined,
    page: query.page,
    pageSize: query.pageSize,
  });
  const data: AuditEntry[] = rows.map((row) => ({
    id: row.id,
    at: new Date(row.created_at).toISOString(),
    action: row.action,
    notes: row.notes,
    actor: person(row.actor_id, row.actor_first, row.actor_last, row.actor_username),
    subject: person(row.subject_id, row.subject_first, row.subject_last, row.subject_username),
  }));
  return { data, total, page: query.page, pageSize: query.pageSize };
}
