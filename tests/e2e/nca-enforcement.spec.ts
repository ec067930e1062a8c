// A loan in default under the National Credit Act as the admin sees it (docs/compliance.md):
// a loan past the 20th business day in arrears gets its section 129 notice from the daily notices (run now by the
// development route), and Application Details says when it went and that nothing may be enforced before the 10th
// business day after it; the admin records the notice sent again by registered post (the server's refusal of a
// future date shown under its field), then a debt counsellor's Form 17.1 notice, and the stage changes.
import { expect } from '@playwright/test';
import { MONTH_NAMES } from '../../src/shared/business-date';
import { adminEntry, openAdminTab, searchApplications } from './support/admin';
import { instalmentRows, loanTest, loanWithNoticeSent, todayInSouthAfrica } from './support/admin-servicing';
import { expectText, expectTextContaining } from './support/creator';
import {
  expectNcaTimelineFits,
  expectNoHorizontalOverflow,
  expectNoSeriousAxeViolations,
  nameToken,
  visibleToast,
} from './support/lending';
import { addDays, shot } from './support/servicing';

const test = loanTest;

/** '2027-02-06' as the screens write a day in words: '6 February 2027'. */
function inWords(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date} ${MONTH_NAMES[month - 1]} ${year}`;
}

interface ApiNca {
  timeline: {
    stage: string;
    arrearsFrom: string | null;
    noticeDeliveredOn: string | null;
    enforcementAllowedFrom: string | null;
    adverseListingAllowedFrom: string | null;
  };
}

// At 1280 px: at 390 px the part's timeline and its dialogs are tests/e2e/admin-phone.spec.ts's.
test('a loan past the 20th business day in arrears: the notice, no enforcement before its day, registered post and debt review', async ({
  page,
  admin,
  owners,
}, testInfo) => {
  const token = nameToken();
  const loan = await loanWithNoticeSent(testInfo, admin, { firstName: 'Sipho', lastName: token });
  owners.push(loan);
  const today = todayInSouthAfrica();
  const answer = await admin.get(`/api/admin/applications/${loan.applicationId}/nca`);
  expect(answer.status(), await answer.text()).toBe(200);
  const { timeline } = (await answer.json()) as ApiNca;
  expect(timeline).toMatchObject({ stage: 'notice_sent', noticeDeliveredOn: today });
  const allowedFrom = timeline.enforcementAllowedFrom!;

  // By the app's own links: the admin panel, the Applications tab, the loan's details.
  await openAdminTab(page, 'Applications');
  await searchApplications(page, token);
  await adminEntry(page, loan.applicationId).getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: 'Application Details' });
  await expect(details).toBeVisible();
  await expectTextContaining(details.getByTestId('details-nca-stage'), 'Section 129 notice sent');
  await shot(page, 'nca-details-top');

  const nca = details.getByRole('region', { name: 'National Credit Act' });
  await expectText(
    nca.getByTestId('details-nca-summary'),
    `Section 129 notice delivered on ${inWords(today)}: no enforcement before ${inWords(allowedFrom)}.`,
  );
  await expectTextContaining(nca.getByTestId('nca-arrears'), inWords(timeline.arrearsFrom!));
  await expectTextContaining(
    nca.getByTestId('nca-notice'),
    `Section 129 notice sent by e-mail${inWords(today)}`,
  );
  await expectTextContaining(nca.getByTestId('nca-enforcement-from'), inWords(allowedFrom));
  await expectTextContaining(
    nca.getByTestId('nca-listing-from'),
    inWords(timeline.adverseListingAllowedFrom!),
  );
  // No hand-over offered before its day: the reason instead of a button.
  await expectTextContaining(
    nca.getByTestId('details-nca-refusal'),
    `no enforcement step before ${inWords(allowedFrom)}`,
  );
  await expect(nca.getByRole('button', { name: 'Hand over' })).toHaveCount(0);
  await expect(nca.getByRole('button', { name: 'End debt review' })).toHaveCount(0);
  await nca.scrollIntoViewIfNeeded();
  await expectNoHorizontalOverflow(page);
  await expectNcaTimelineFits(nca);
  await expectNoSeriousAxeViolations(page, 'Application Details with the National Credit Act');
  await shot(nca, 'nca-notice-sent');
  await shot(page, 'nca-details-notice-sent');

  // Registered post, from the keyboard: the dialog takes focus on its first field.
  const postButton = nca.getByRole('button', { name: 'Record registered post' });
  await postButton.focus();
  await page.keyboard.press('Enter');
  const post = page.getByRole('dialog', { name: 'Record registered post' });
  await expect(post).toBeVisible();
  const reference = post.getByLabel('Registered post reference');
  await expect(reference).toBeFocused();
  await reference.fill('12345');
  await post.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(post.getByText('A registered post reference looks like RD123456789ZA')).toBeVisible();
  await expect(reference).toHaveAttribute('aria-invalid', 'true');
  // The form's own check passes; the server refuses a day still to come, under the field.
  await reference.fill('rd123456789za');
  await post.getByLabel('Posted on').fill(addDays(today, 1));
  await post.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(post.getByText('The date cannot be in the future.')).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the Record registered post dialog');
  await shot(page, 'nca-registered-post-refused');
  await post.getByLabel('Posted on').fill(today);
  await post.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(visibleToast(page, 'Registered post recorded')).toBeVisible();
  await expect(post).toBeHidden();
  await expectTextContaining(nca.getByTestId('nca-registered-post'), inWords(today));
  await expectTextContaining(nca.getByTestId('nca-registered-post'), 'Reference RD123456789ZA');
  await expect(postButton).toHaveCount(0);
  // Its button gone, focus stays in the part rather than falling to the page.
  await expect(nca.getByTestId('details-nca')).toBeFocused();

  // A debt counsellor's notice: the stage changes, hand-over stays refused, the review's own records are offered.
  await nca.getByRole('button', { name: 'Record debt review (Form 17.1)' }).click();
  const review = page.getByRole('dialog', { name: 'Record debt review (Form 17.1)' });
  await expect(review).toBeVisible();
  await review.getByLabel("Debt counsellor's name").fill('Thuli Mokoena');
  await review.getByLabel("Counsellor's NCR registration number").fill('ncrdc1234');
  await review.getByLabel("Counsellor's reference").fill('DR-77');
  await review.getByLabel('Date of the notice').fill(today);
  await shot(page, 'nca-debt-review-dialog');
  await review.getByRole('button', { name: 'Record debt review', exact: true }).click();
  await expect(visibleToast(page, 'Debt review recorded')).toBeVisible();
  await expect(review).toBeHidden();

  await expectTextContaining(details.getByTestId('details-nca-stage'), 'Under debt review');
  await expectText(
    nca.getByTestId('details-nca-summary'),
    'Under debt review: no notices and no enforcement while it lasts (s86, s88(3)).',
  );
  await expectTextContaining(nca.getByTestId('nca-debt-review'), inWords(today));
  await expectTextContaining(nca.getByTestId('nca-counsellor'), 'Thuli Mokoena');
  await expectTextContaining(nca.getByTestId('nca-counsellor'), 'NCR NCRDC1234 · reference DR-77');
  await expectTextContaining(nca.getByTestId('details-nca-refusal'), 'under debt review');
  await expect(nca.getByRole('button', { name: 'Record debt review (Form 17.1)' })).toHaveCount(0);
  await expect(nca.getByRole('button', { name: 'Record restructuring order' })).toBeVisible();
  await expect(nca.getByRole('button', { name: 'End debt review' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNcaTimelineFits(nca);
  await nca.scrollIntoViewIfNeeded();
  await shot(nca, 'nca-debt-review');
  await details.getByRole('heading', { name: 'Application Details' }).scrollIntoViewIfNeeded();
  await shot(page, 'nca-details-top-review');

  // The review's restructuring order rewrites the schedule: the details' instalments follow.
  await nca.getByRole('button', { name: 'Record restructuring order' }).click();
  const order = page.getByRole('dialog', { name: 'Record restructuring order' });
  await order.getByLabel('Period (months)').fill('24');
  await order.getByLabel('Order reference').fill('MC-2027-115');
  await order.getByLabel('Date of the order').fill(today);
  await expectNoSeriousAxeViolations(page, 'the Record restructuring order dialog');
  await shot(page, 'nca-order-dialog');
  await order.getByRole('button', { name: 'Record order', exact: true }).click();
  await expect(visibleToast(page, 'Restructuring order recorded')).toBeVisible();
  await expect(order).toBeHidden();
  await expectTextContaining(nca.getByTestId('nca-order'), '24 months · reference MC-2027-115');
  await expect(instalmentRows(details.getByTestId('details-instalments'), page)).toHaveCount(24);

  // Its end: the agreement (as restructured) is followed again, and a new Form 17.1 can be recorded.
  await nca.getByRole('button', { name: 'End debt review' }).click();
  const end = page.getByRole('dialog', { name: 'End debt review' });
  await end.getByLabel('Reason').fill('Clearance certificate issued');
  await end.getByRole('button', { name: 'End debt review', exact: true }).click();
  await expect(visibleToast(page, 'Debt review ended')).toBeVisible();
  await expect(end).toBeHidden();
  await expect(nca.getByTestId('nca-debt-review')).toHaveCount(0);
  await expect(nca.getByRole('button', { name: 'Record debt review (Form 17.1)' })).toBeVisible();
  // Restructured, nothing is overdue: nothing to say under sections 129-130, and no badge in the header.
  await expectText(nca.getByTestId('details-nca-summary'), 'Not in arrears: nothing under sections 129-130.');
  await expect(details.getByTestId('details-nca-stage')).toHaveCount(0);
  await expect(nca.getByTestId('details-nca-refusal')).toHaveCount(0);
  await nca.getByRole('heading', { name: 'National Credit Act' }).scrollIntoViewIfNeeded();
  await shot(page, 'nca-review-ended');
});
