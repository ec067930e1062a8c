// The audit trail's state in the address: page, size and the filters, so a reload or a shared link
// shows the same rows. Pure, unit-tested.
import { auditActionLabel } from '../../../shared/audit-actions';
import { isIsoDate } from '../../../shared/business-date';
import { SEARCH_MAX } from '../../../shared/schemas/admin-lists';
import type { AuditEntry } from '../../../shared/schemas/audit';
import { toCsvText } from '../../lib/csv';
import { formatDateTimeSast } from '../../lib/format';
import { DEFAULT_PAGE_SIZE, type PageSize, readPage, readPageSize } from '../../lib/list-params';

export interface AuditListState {
  page: number;
  pageSize: PageSize;
  actor: string;
  subject: string;
  action: string;
  from: string;
  to: string;
}

const FILTERS = ['actor', 'subject', 'action', 'from', 'to'] as const;

const text = (params: URLSearchParams, key: string) => (params.get(key) ?? '').trim().slice(0, SEARCH_MAX);
const day = (params: URLSearchParams, key: string) => {
  const value = text(params, key);
  return isIsoDate(value) ? value : '';
};
const action = (params: URLSearchParams) => {
  const value = text(params, 'action').toLowerCase();
  return /^[a-z0-9_]{0,60}$/.test(value) ? value : '';
};

export function auditStateFromParams(params: URLSearchParams): AuditListState {
  return {
    page: readPage(params),
    pageSize: readPageSize(params),
    actor: text(params, 'actor'),
    subject: text(params, 'subject'),
    action: action(params),
    from: day(params, 'from'),
    to: day(params, 'to'),
  };
}

export function auditStateToParams(state: AuditListState, params: URLSearchParams): URLSearchParams {
  for (const key of ['page', 'pageSize', ...FILTERS]) params.delete(key);
  for (const key of FILTERS) if (state[key]) params.set(key, state[key]);
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The API's query for this state (page and size always; a filter when set). */
export function auditApiQuery(state: AuditListState, page = state.page, pageSize: number = state.pageSize) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  for (const key of FILTERS) if (state[key]) params.set(key, state[key]);
  return params.toString();
}

export const hasAuditFilters = (state: AuditListState) => FILTERS.some((key) => state[key] !== '');

/** An action in words ('ai_analysis' → 'AI analysis'): the one wording, src/shared/audit-actions.ts. */
export const actionLabel = auditActionLabel;

const personCell = (person: AuditEntry['actor']) => (person ? `${person.name} <${person.username}>` : '');

export const AUDIT_CSV_COLUMNS = ['When (SAST)', 'Action', 'Actor', 'Concerning', 'Notes', 'Entry'] as const;

/** The exported trail: one row per entry, times on Johannesburg's clock, the action in words. */
export function auditCsv(rows: readonly AuditEntry[]): string {
  return toCsvText(
    AUDIT_CSV_COLUMNS,
    rows.map((entry) => ({
      'When (SAST)': formatDateTimeSast(entry.at),
      Action: auditActionLabel(entry.action),
      Actor: entry.actor ? personCell(entry.actor) : 'The person themselves or the system',
      Concerning: personCell(entry.subject),
      Notes: entry.notes ?? '',
      Entry: entry.id,
    })),
  );
}
