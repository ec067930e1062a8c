/**
 * FAQ content for the /faq static page (rendered as a single-open, collapsible accordion).
 * Plain typed data: one group per topic, in display order.
 */
import { AMOUNT_RANGE_TEXT, DECISION_TIME_TEXT, PERIOD_RANGE_TEXT } from '../../../shared/product-facts';

export const FAQ_TOPICS: ReadonlyArray<{
  id: string;
  topic: string;
  items: Array<{ question: string; answer: string }>;
}> = [
  {
    id: 'financing-process',
    topic: 'Financing process',
    items: [
      {
        question: 'How does Vuka Capital financing work?',
        answer:
          'Vuka Capital offers revenue-based financing for digital creators. We provide financing ' +
          `from ${AMOUNT_RANGE_TEXT}, and you repay it mainly through a withholding share of your ` +
          'platform earnings plus a fixed cost. A platform fee applies to each repayment.',
      },
      {
        question: 'How do I apply?',
        answer:
          'Create an account and verify your e-mail address with the code we send you. Then open the ' +
          'application page, choose a personal or business application, enter the amount you need ' +
          'and your monthly revenue, select how you will use the funds, connect your platforms, ' +
          'accept the terms and submit.',
      },
      {
        question: 'How long does it take to get a decision?',
        answer:
          `We typically make a decision within ${DECISION_TIME_TEXT}. You can follow the status of your ` +
          'application on your dashboard, where it shows as Under Review until a decision is made.',
      },
      {
        question: 'Can I cancel my application?',
        answer:
          'Yes. You can cancel an application from your dashboard while it is under review or ' +
          'approved. You will be asked for a reason. Cancellation is final, but you can submit a ' +
          'new application later.',
      },
    ],
  },
  {
    id: 'eligibility',
    topic: 'Eligibility',
    items: [
      {
        question: 'Who can apply?',
        answer:
          'You can apply if you are a South African resident, aged 18 or older, with a South African ' +
          'bank account and at least six months of creator activity.',
      },
      {
        question: 'Do I need to be a full-time creator?',
        answer:
          'No. Full-time, part-time and hobby creators can all apply, as long as they meet the ' +
          'eligibility requirements. You can apply as an individual or as a business.',
      },
      {
        question: 'Does meeting the requirements guarantee approval?',
        answer:
          'No. Meeting the requirements means you can apply. Each application is assessed on its own ' +
          'merits, including your credit score and platform earnings.',
      },
    ],
  },
  {
    id: 'limits-and-terms',
    topic: 'Limits and terms',
    items: [
      {
        question: 'How much financing can I get?',
        answer:
          'Financing ranges from R 2 000 to R 50 000. The amount we offer depends on your assessment, ' +
          'including your credit score and monthly revenue.',
      },
      {
        question: 'How long do I have to repay?',
        answer:
          `Repayment periods range from ${PERIOD_RANGE_TEXT}. Because you repay from your platform ` +
          'earnings, your plan shows an estimated period, and the actual period can change with ' +
          'your earnings.',
      },
      {
        question: 'What does financing cost?',
        answer:
          'You repay the amount you receive plus a fixed cost, priced from your credit score (25% to 35% ' +
          'of the amount), and a platform fee of 2,5% applies to each repayment. These are our list prices: ' +
          'as a registered credit provider we never charge more than the National Credit Act allows (an ' +
          'interest ceiling of the repo rate plus 21% a year, or 5% a month for short-term credit; an ' +
          'initiation fee of at most R 1 050; a service fee of at most R 60 a month), so where the list price ' +
          'would be higher your quote is lower and says so. Your quote shows the cost, the total to repay, ' +
          'the annualised cost rate and every instalment before you accept. Settling early costs only the ' +
          'charge earned to that day.',
      },
      {
        question: 'What can I use the funds for?',
        answer:
          'Creators use financing for equipment purchases, advance payments, working capital and ' +
          'living expenses. You can also describe another purpose in your application.',
      },
    ],
  },
  {
    id: 'repayment',
    topic: 'Repayment',
    items: [
      {
        question: 'How do I repay?',
        answer:
          'You repay mainly through a withholding share of your platform earnings: an agreed ' +
          'percentage of your earnings goes towards your repayment each month until the total is ' +
          'paid.',
      },
      {
        question: 'Can I repay early?',
        answer:
          'Yes, at any time and with no penalty. To settle in full, ask for a settlement quote on your ' +
          'dashboard: you pay what you still owe of the amount you received and the finance charge earned ' +
          'so far; the charge for the months left is dropped, and there is no fee.',
      },
      {
        question: 'What if my earnings drop?',
        answer:
          'Please contact us as soon as you can. If your earnings fall short of the expected ' +
          'repayment for three consecutive months, your repayment plan can be renegotiated.',
      },
      {
        question: 'What happens if I miss a payment?',
        answer:
          'A payment that is unpaid for more than 90 days puts your financing in default. Contact us ' +
          'before it gets to that point so that we can work out a plan with you.',
      },
    ],
  },
  {
    id: 'credit-score',
    topic: 'Credit score',
    items: [
      {
        question: 'What is the Vuka Capital credit score?',
        answer:
          'It is a score from 0 to 100 that we calculate when you apply. Scores of 80 and above are ' +
          'Excellent, 60 to 79 are Good, and below 60 are Fair. Higher scores unlock better ' +
          'financing.',
      },
      {
        question: 'How is my score calculated?',
        answer:
          'The score has four parts: Platform Revenue & Integration (50%), Creative Portfolio (25%), ' +
          'Community Impact (15%) and Growth Assessment (10%).',
      },
      {
        question: 'How can I improve my score?',
        answer:
          'Connect the platforms you earn from, keep your earnings records up to date, and keep ' +
          'building your portfolio and audience. Platform revenue and integration count for half of ' +
          'your score.',
      },
    ],
  },
  {
    id: 'platforms',
    topic: 'Platforms',
    items: [
      {
        question: 'Which platforms can I connect?',
        answer:
          'You can connect YouTube and Visionary directly. For any other platform, you can enter ' +
          'your details manually and upload proof of earnings.',
      },
      {
        question: 'How do I connect Visionary?',
        answer:
          'Enter the e-mail address of your Visionary account. We e-mail you a verification code, ' +
          'and you enter that code to complete the connection. You can ask for a new code if it ' +
          'does not arrive.',
      },
      {
        question: 'How does manual entry work?',
        answer:
          'Enter the platform name, your username, your estimated followers and your estimated ' +
          'revenue, and upload proof of earnings. The proof must be a PDF or an image of up to 5 ' +
          'MB.',
      },
      {
        question: 'Can I change my connected platforms later?',
        answer: 'Yes. You can manage your connected platforms in Settings.',
      },
    ],
  },
  {
    id: 'security',
    topic: 'Security',
    items: [
      {
        question: 'How do you protect my account?',
        answer:
          'Passwords are hashed, so they are never stored in readable form. Sessions are revocable: ' +
          'signing out ends your session, and you can contact us if you think someone else has ' +
          'access to your account.',
      },
      {
        question: 'Can Vuka Capital staff see my bank details?',
        answer: 'Bank account numbers are masked to staff, so only the last four digits are shown.',
      },
      {
        question: 'How do you handle my personal information?',
        answer:
          'We process your personal information in line with the Protection of Personal Information ' +
          'Act (POPIA). Our Privacy Policy explains what we collect, why, and the rights you have.',
      },
    ],
  },
  {
    id: 'ai-creative-advisor',
    topic: 'AI Creative Advisor',
    items: [
      {
        question: 'What is the AI Creative Advisor?',
        answer:
          'It is a chat on your dashboard that gives you personalised guidance on growing your ' +
          'creative work and managing your finances as a creator.',
      },
      {
        question: 'What is the difference between AI-Powered and Basic Mode?',
        answer:
          'When an AI service is configured, the advisor is AI-powered. Otherwise it runs in Basic ' +
          'Mode with built-in guidance. The advisor shows which mode it is in.',
      },
      {
        question: 'Is the advisor’s guidance financial advice?',
        answer:
          'No. The advisor gives general guidance only. For decisions about your finances, consider ' +
          'speaking to a qualified adviser.',
      },
    ],
  },
  {
    id: 'support',
    topic: 'Support',
    items: [
      {
        question: 'How do I contact support?',
        answer: 'E-mail us at admin@vukacapital.co.za.',
      },
      {
        question: 'What should I include in my message?',
        answer:
          'Include the e-mail address you registered with and, if your question is about an ' +
          'application, its date and amount. Never send us your password.',
      },
      {
        question: 'Where do I send privacy requests or complaints?',
        answer:
          'Send them to admin@vukacapital.co.za. Our Privacy Policy explains your rights under POPIA ' +
          'and how to complain to the Information Regulator.',
      },
    ],
  },
];
