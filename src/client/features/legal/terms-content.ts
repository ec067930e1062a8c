/**
 * Terms & Conditions content for the /terms static page.
 * Plain typed data: the page component renders each section as a heading plus paragraphs.
 */
import { AMOUNT_RANGE_TEXT, DECISION_TIME_TEXT, PERIOD_RANGE_TEXT } from '../../../shared/product-facts';

export const TERMS_LAST_UPDATED = '21 November 2026';

export const TERMS_SECTIONS: ReadonlyArray<{ id: string; title: string; paragraphs: string[] }> = [
  {
    id: 'acceptance',
    title: 'Acceptance of these terms',
    paragraphs: [
      'These Terms and Conditions ("terms") apply to your use of the Vuka Capital website and platform, ' +
        'and to any financing you receive from Vuka Capital (Pty) Ltd ("Vuka Capital", "we", "us" or ' +
        '"our").',
      'By creating an account, ticking the terms box on an application or otherwise using our services, ' +
        'you agree to these terms. If you do not agree, please do not use our services.',
      'Each financing offer you accept is also governed by its own repayment agreement. That agreement ' +
        'sets out your amount, cost, withholding percentage, platform fee and estimated repayment period. ' +
        'If the agreement and these terms conflict, the agreement applies to that financing.',
      'Nothing in these terms takes away any right you have under the Consumer Protection Act 68 of 2008, ' +
        'the National Credit Act 34 of 2005 or any other law, to the extent that the law applies to you ' +
        'and cannot be excluded.',
    ],
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    paragraphs: [
      'To apply for financing you must be a South African resident, be aged 18 or older, hold a South ' +
        'African bank account and have at least six months of creator activity on one or more content ' +
        'platforms.',
      'If you apply on behalf of a business, you confirm that you are authorised to act for it and to bind ' +
        'it to these terms.',
      'Meeting these requirements means you may apply. It does not guarantee that we will approve your ' +
        'application or offer a particular amount.',
      'You may hold only one account. The information you give us must be true, complete and up to date.',
    ],
  },
  {
    id: 'financing-product',
    title: 'The financing product',
    paragraphs: [
      'Vuka Capital provides revenue-based financing for digital content creators. We offer financing from ' +
        `${AMOUNT_RANGE_TEXT}, with repayment periods from ${PERIOD_RANGE_TEXT}.`,
      'Revenue-based financing is not a traditional loan with fixed instalments. You repay mainly through ' +
        'a withholding share of your platform earnings: an agreed percentage of the earnings from your ' +
        'connected platforms goes towards your repayment each month until the full amount is repaid.',
      'The total you repay is the amount we advance plus a fixed cost. The cost is set and shown to you ' +
        'before you accept, so you know the total you will repay from the start.',
      'A platform fee applies to each repayment, as explained under Fees below.',
      'Your repayment plan shows the amount, the cost, the total repayable, the withholding percentage, ' +
        'the estimated monthly payment and the estimated repayment period. Because repayments follow your ' +
        'earnings, the actual period may be shorter or longer than the estimate.',
      'You agree to use the funds lawfully and for the purposes you describe in your application, such as ' +
        'equipment, working capital or living expenses.',
    ],
  },
  {
    id: 'applications-and-credit-assessment',
    title: 'Applications and credit assessment',
    paragraphs: [
      'You apply online through your Vuka Capital account. We ask for details such as the amount you need, ' +
        'your monthly revenue, how you plan to use the funds, and your connected platforms or proof of ' +
        'earnings.',
      'We assess each application and give it a credit score from 0 to 100. The score considers your ' +
        'platform revenue and integration, your creative portfolio, your community impact and an ' +
        'assessment of your growth. A higher score generally unlocks better financing terms.',
      'Where applicable and permitted by law, we may also obtain information about you from registered ' +
        'credit bureaus.',
      `We typically make a decision within ${DECISION_TIME_TEXT}. We may approve or decline an application, ask you for ` +
        'more information, or offer a lower amount than you requested. Where the law requires it, we will ' +
        'tell you the main reasons if we decline your application.',
      'You may cancel your application while it is under review or approved, before a repayment plan is ' +
        'set up and funds are paid out. A cancelled application cannot be reopened, but you may submit a ' +
        'new one.',
    ],
  },
  {
    id: 'repayment',
    title: 'Repayment',
    paragraphs: [
      'Repayments are collected mainly as the agreed withholding share of your platform earnings. Where ' +
        'your repayment plan provides for it, repayments may also be made by bank debit or another method ' +
        'we agree with you in writing.',
      'You may repay all or part of your outstanding balance early, at any time, with no penalty. If you ' +
        'settle your financing in full, you pay the amount you still owe of what you received and the ' +
        'finance charge earned up to the day you settle: the charge for the time left is dropped, and a ' +
        'settlement carries no fee of any kind. A settlement quote holds for 5 business days.',
      'Creator earnings go up and down. If your earnings fall short of the expected repayment for three ' +
        'consecutive months, you or we may ask to renegotiate your repayment plan, for example by ' +
        'adjusting the period or the monthly amount. Any new terms must be agreed in writing.',
      'Please tell us as soon as you expect difficulty in repaying. It is easier to find a workable plan ' +
        'early.',
      'You may ask us at any time for a statement showing the payments you have made and your remaining ' +
        'balance.',
    ],
  },
  {
    id: 'default',
    title: 'Default',
    paragraphs: [
      'You are in default if a payment remains unpaid for more than 90 days after it was due.',
      'Before we take any enforcement step, we will notify you in writing and give you an opportunity to ' +
        'bring your account up to date or to agree a payment arrangement, as the law requires.',
      'If you remain in default, we may require the full outstanding balance to be paid, recover the ' +
        'amount owed through lawful collection processes and, where applicable and permitted by law, ' +
        'report the default to registered credit bureaus. You may be liable for reasonable collection ' +
        'costs to the extent the law allows.',
      'You cannot apply for new financing while any of your financing is in default.',
    ],
  },
  {
    id: 'fees',
    title: 'Fees',
    paragraphs: [
      'The cost of your financing is a fixed amount. It is shown in your repayment plan before you accept ' +
        'and depends on our assessment of your application, including your credit score.',
      'A platform fee applies to each repayment. It is calculated as a percentage of the repayment amount, ' +
        'and the rate is shown in your repayment agreement.',
      'There is no penalty for repaying early, and no fee of any kind on a settlement in full.',
      'We will not charge any fee that is not disclosed in these terms or in your repayment agreement. A ' +
        'change to our fees applies only to new financing, not to agreements you have already accepted.',
    ],
  },
  {
    id: 'creator-obligations',
    title: 'Your obligations',
    paragraphs: [
      'You must give us accurate, complete and current information, and update your profile, bank details ' +
        'and platforms in Settings when they change.',
      'You must not submit false or altered proof of earnings, apply in someone else’s name or use the ' +
        'platform for any unlawful purpose.',
      'While you have financing with us, you must keep the platforms used for repayment connected, and you ' +
        'must not redirect, hide or withhold platform earnings to avoid the agreed withholding.',
      'You must tell us promptly about anything that may affect your ability to repay, such as losing ' +
        'access to a platform, a suspension of your channel or a large drop in earnings.',
      'You must keep your login details confidential and tell us immediately if you suspect that someone ' +
        'else has access to your account.',
      'You remain responsible for complying with the terms of the content platforms you use and for your ' +
        'own tax obligations.',
    ],
  },
  {
    id: 'platform-connections-and-data',
    title: 'Platform connections and data',
    paragraphs: [
      'You can connect YouTube, verify a Visionary account with a code we e-mail to you, or enter platform ' +
        'details manually with proof of earnings (a PDF or image of up to 5 MB).',
      'By connecting a platform, you authorise us to access the data we need to assess your application ' +
        'and manage your financing, such as follower numbers, engagement and earnings.',
      'You may disconnect a platform in Settings. If you have outstanding financing, disconnecting a ' +
        'platform used for repayment does not end your obligation to repay, and you must agree another ' +
        'repayment method with us.',
      'Content platforms are run by third parties. We are not responsible for their availability, their ' +
        'decisions about your account or the accuracy of the data they provide.',
      'We process your personal information in line with the Protection of Personal Information Act 4 of ' +
        '2013 (POPIA) and our Privacy Policy.',
    ],
  },
  {
    id: 'limitation-of-liability',
    title: 'Limitation of liability',
    paragraphs: [
      'Our website tools and calculators, the AI Creative Advisor and the learning quests provide general ' +
        'information and guidance only. They are not financial, tax or legal advice, and calculator ' +
        'results are estimates, not offers of financing.',
      'To the extent the law allows, we are not liable for indirect or consequential loss, loss of profit ' +
        'or earnings, or loss caused by platform outages, third-party services or events outside our ' +
        'reasonable control.',
      'To the extent the law allows, our total liability to you in connection with any financing is ' +
        'limited to the cost and fees you have paid us under that financing.',
      'Nothing in these terms limits our liability for fraud, gross negligence or wilful misconduct, or ' +
        'excludes any right you have that cannot lawfully be excluded.',
    ],
  },
  {
    id: 'termination',
    title: 'Termination',
    paragraphs: [
      'You may close your account at any time by contacting us. Closing your account does not cancel any ' +
        'amount you still owe, and your repayment agreement continues until it is fully repaid.',
      'We may suspend or close your account, or decline further financing, if you breach these terms, give ' +
        'us false information, if we reasonably suspect fraud or if the law requires it. Where we are ' +
        'allowed to, we will tell you why. Any outstanding amount remains payable.',
      'Provisions that by their nature should continue, including those on repayment, default, fees, ' +
        'limitation of liability and governing law, continue to apply after your account is closed.',
    ],
  },
  {
    id: 'changes-to-terms',
    title: 'Changes to these terms',
    paragraphs: [
      'We may update these terms from time to time, for example to reflect changes in the law or in our ' +
        'services. The date at the top of this page shows when they were last updated.',
      'We will tell you about material changes by e-mail or on the platform before they take effect. If ' +
        'you continue to use our services after that date, the updated terms apply to you.',
      'Changes do not alter the cost, withholding percentage, platform fee or repayment period of ' +
        'financing you have already accepted, unless you agree in writing.',
    ],
  },
  {
    id: 'governing-law-and-contact',
    title: 'Governing law and contact',
    paragraphs: [
      'These terms and every repayment agreement are governed by the laws of the Republic of South Africa, ' +
        'and the South African courts have jurisdiction over any dispute.',
      'If you have a complaint, please contact us first so that we can try to resolve it. This does not ' +
        'affect your right to approach a regulator, an ombud or a court.',
      'If any part of these terms is found to be invalid or unenforceable, the rest of the terms remain in ' +
        'force.',
      'Questions about these terms can be sent to Vuka Capital (Pty) Ltd at admin@vukacapital.co.za.',
    ],
  },
];
