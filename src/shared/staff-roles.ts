// Staff roles and what each may do (docs/decisions/027-staff-roles.md). A user has one role, kept in
// users.role (a CHECK names them); every admin route names the one duty it needs, the server refuses the others with
// 403, and the OpenAPI document lists the roles of each operation (`x-roles`). Mambu, Fineract and LoanPro divide a
// lender's back office the same way: who decides credit, who collects, who moves money, who only reads.

export const STAFF_ROLES = ['admin', 'underwriter', 'collector', 'finance', 'auditor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** How each role is named on screen. */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Admin',
  underwriter: 'Underwriter',
  collector: 'Collector',
  finance: 'Finance officer',
  auditor: 'Auditor',
};

/** Any role in words, a creator's included ('User', 'Finance officer'): on screen, in the audit trail and its CSV. */
export function roleLabel(role: string): string {
  return role === 'user' ? 'User' : (STAFF_ROLE_LABELS[role as StaffRole] ?? role);
}

/** What a role is for, as the Users screen's confirmation says it. */
export const STAFF_ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  admin: 'An admin can do everything, including users, roles and settings.',
  underwriter: 'An underwriter decides applications, reviews proofs and sets terms.',
  collector: 'A collector works loans in arrears: restructures, NCA notices and debt review.',
  finance: 'A finance officer moves money: payouts, payments, reversals, bank statements and debit orders.',
  auditor: 'An auditor reads everything and changes nothing.',
};

/**
 * The duties a route may need, and the roles that have each. `read` is every staff read (lists, details, files,
 * reports, the audit trail); the others are the changes of one team. The admin has every duty.
 */
export const STAFF_DUTIES = {
  read: ['admin', 'underwriter', 'collector', 'finance', 'auditor'],
  underwrite: ['admin', 'underwriter'],
  collect: ['admin', 'collector'],
  finance: ['admin', 'finance'],
  administer: ['admin'],
} as const satisfies Record<string, ReadonlyArray<StaffRole>>;
export type StaffDuty = keyof typeof STAFF_DUTIES;

/** Staff: everyone who works the book (every role but a creator's). Their sessions are short. */
export const isStaff = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/** Whether a user of this role may do this duty (a creator may do none). */
export function mayDo(role: string, duty: StaffDuty): boolean {
  return (STAFF_DUTIES[duty] as readonly string[]).includes(role);
}
