// Financial quests: separating money, budgeting, SARS, deductions and VAT, credit, revenue-based financing
// and foreign income. Tax figures that change yearly are given with their tax year and point to SARS.

import { AMOUNT_RANGE_TEXT, DECISION_TIME_TEXT } from '../../../../shared/product-facts';
import type { QuestDefinition } from '../../../../shared/quests';
import {
  CREDIT_OMBUD,
  GOV_NCA,
  NCR,
  SAFPS,
  SARB_FINANCIAL_SURVEILLANCE,
  SARS_EFILING,
  SARS_FILING_SEASON,
  SARS_PERSONAL_INCOME_TAX,
  SARS_PROVISIONAL_TAX,
  SARS_RATES_INDIVIDUALS,
  SARS_TURNOVER_TAX,
  SARS_VAT,
} from './resources';
import { bullets, paragraphs } from './text';

const separateYourMoney: QuestDefinition = {
  slug: 'separate-your-money',
  title: 'Separate your business and personal money',
  description:
    'Set up a dedicated account for creator income, keep simple books in 30 minutes a week and pay yourself a regular salary.',
  category: 'financial',
  difficulty: 'beginner',
  xpReward: 60,
  prerequisites: [],
  steps: [
    {
      title: 'Open a separate account for creator income',
      description:
        'One account for all creator money makes tax, budgeting and financing applications far easier.',
      type: 'text',
      content: paragraphs(
        'When AdSense payouts, brand payments, school fees and groceries all run through one account, nobody can tell what your creator business earns, including you. A separate account fixes that.',
        'How to set it up:',
        bullets(
          'Open a second transaction account in your own name, or a business account if your bank offers one for sole proprietors. As a sole proprietor you do not need to register a company with CIPC to do this.',
          'Send every creator payment into it: AdSense, TikTok or Meta payouts, PayPal withdrawals, brand invoices, merch sales and membership income.',
          'Pay business costs from it: software subscriptions, data, equipment, props, travel to shoots and fees.',
          'Move money to your personal account only as a planned transfer: your salary (step 3).',
        ),
        'Benefits you will feel quickly:',
        bullets(
          'Tax: your bank statements become most of your bookkeeping, and it is easy to show SARS which costs were business costs.',
          'Financing: lenders, including Vuka Capital, look at your platform earnings and proof of income. Clean statements with regular platform deposits are far easier to verify than a mixed account.',
          'Decisions: you can see at a glance whether the business makes a profit.',
        ),
      ),
      resources: [],
    },
    {
      title: 'A 30-minute weekly bookkeeping routine',
      description: 'A simple spreadsheet and a receipts folder are enough to start.',
      type: 'text',
      content: paragraphs(
        'Bookkeeping for a one-person creator business can be a spreadsheet. What matters is doing it every week.',
        'Set up a sheet with these columns:',
        bullets(
          'Date',
          'Description (for example: AdSense payout March, camera lens, Brand X Reel)',
          'Category (platform income, brand income, other income, equipment, software, data and phone, travel, professional fees, bank charges)',
          'Amount in rand',
          'Foreign amount and exchange rate, for income paid in US dollars or other currencies',
          'Reference to the proof: invoice number or receipt file name',
        ),
        "Keep proof for every entry. Photograph paper slips on the day you get them (till slips fade) and save them, with invoices and platform payout statements, in a folder per tax year. South Africa's tax year for individuals runs from 1 March to the end of February.",
        "The weekly routine: download the week's statement, categorise each line, attach receipts and mark paid invoices. At month-end, total income and expenses per category. That monthly total is the number you will use for budgeting, provisional tax and any financing application.",
        'Keep these records for at least five years from the date you submit the tax return they support, which is the general period for which SARS can ask for them. Cloud storage plus one offline backup is a sensible set-up.',
      ),
      resources: [SARS_PERSONAL_INCOME_TAX],
    },
    {
      title: 'Pay yourself a salary',
      description: 'Turn irregular creator income into a predictable personal income.',
      type: 'text',
      content: paragraphs(
        'Creator income is lumpy. Paying yourself a fixed monthly amount from the business account smooths it out.',
        'How to set the amount:',
        bullets(
          'Look at your profit (income minus business costs) for the last six to twelve months.',
          'Set aside a share for tax before you decide on your salary. Your tax depends on your total taxable income; the tax quest shows how to estimate it.',
          'Choose a salary close to your lowest normal month, not your best month.',
        ),
        'Then automate it: a scheduled transfer from the business account to your personal account on the same day each month. Good months leave extra in the business account, which builds your buffer; lean months are covered by what stayed behind.',
        "Example: a creator's monthly profit over the last year ranged from R 8 000 to R26,000, averaging R 15 000. After setting money aside for tax, a salary of R 9 000 a month is safe. In a R 26 000 month the surplus stays in the business account; in an R 8 000 month the salary is still paid, from the surplus of earlier months.",
      ),
      resources: [],
    },
    {
      title: 'Quiz: separating your money',
      description: 'Check your understanding of business accounts, records and paying yourself.',
      type: 'quiz',
      content: [
        {
          question: 'Which money should go into your creator business account?',
          options: [
            'Only brand deal payments',
            'All creator income, such as AdSense, platform payouts, brand payments and merch sales',
            'Only amounts over R 10 000',
            'Your salary from a day job',
          ],
          correctAnswer: 1,
          explanation:
            'Routing all creator income through one account gives you a complete record of the business, which makes tax, budgeting and financing applications straightforward.',
        },
        {
          question: 'For how long should you generally keep records that support a tax return?',
          options: [
            'Five years from the date you submit the return',
            'Six months',
            'Until the end of the tax year',
            'One year after the money arrives',
          ],
          correctAnswer: 0,
          explanation:
            'The general rule is five years from the date the return is submitted, and longer if an audit, objection or appeal is under way.',
        },
        {
          question: 'How should you set the monthly salary you pay yourself?',
          options: [
            'Equal to your best month',
            'Whatever is left in the account on the 25th',
            'Close to your lowest normal month, after setting money aside for tax',
            'Double your average month',
          ],
          correctAnswer: 2,
          explanation:
            'A salary based on lean months can be paid every month. Surpluses from good months stay in the business to cover the lean ones.',
        },
        {
          question: 'When does the South African tax year for individuals run?',
          options: [
            '1 January to 31 December',
            '1 July to 30 June',
            '1 April to 31 March',
            '1 March to the end of February',
          ],
          correctAnswer: 3,
          explanation:
            'The tax year for individuals runs from 1 March to the last day of February, so organise your records in the same periods.',
        },
      ],
      resources: [],
    },
  ],
};

const budgetIrregularIncome: QuestDefinition = {
  slug: 'budget-irregular-income',
  title: 'Budget with irregular income and build a buffer',
  description:
    'Plan on your lean months, split every payment into buckets and build an emergency buffer, so a slow month does not become a crisis.',
  category: 'financial',
  difficulty: 'beginner',
  xpReward: 80,
  prerequisites: ['separate-your-money'],
  steps: [
    {
      title: 'Find your baseline month',
      description: 'Budget on what you reliably earn, not on your best month.',
      type: 'text',
      content: paragraphs(
        'A salaried budget starts from a fixed income. A creator budget starts from a baseline: the income you can reasonably expect in a lean month.',
        'How to find it:',
        bullets(
          'List your creator income for each of the last 12 months, from your business account or bookkeeping sheet.',
          'Note the average and the three lowest months.',
          'Your baseline is roughly the average of those three lowest months.',
        ),
        'Example: monthly income over a year of R6,500, R9,000, R22,000, R11,000, R8,500, R14,000, R30,000, R12,000, R7,000, R10,500, R 16 000 and R 27 000. The average is about R14,500, but the three lowest months (R6,500, R 7 000 and R 8 500) average about R 7 300. Plan your fixed personal commitments around R7,300, not R 14 500.',
        'Understand your seasonality too. YouTube advertising rates are often higher in the last quarter of the year, when advertisers spend most, and lower in January. Brand campaigns cluster around back-to-school, Black Friday and the festive season. Mark your strong and weak months on a calendar, so a quiet January does not take you by surprise.',
      ),
      resources: [],
    },
    {
      title: 'Split every payment into buckets',
      description: 'A simple allocation rule so tax, costs and savings are handled before you spend.',
      type: 'text',
      content: paragraphs(
        'Each time money lands in your business account, split it straight away. Most South African banks let you open several savings pockets or accounts at little or no cost, which makes this easy.',
        'A starting allocation to adapt:',
        bullets(
          'Tax: 20% to 25% of profit as a starting point, held until provisional tax is due. Your real rate depends on your total taxable income, so refine it with the tax quest or a tax practitioner.',
          "Business costs: enough for next month's subscriptions, data and planned equipment.",
          'Salary: your fixed monthly transfer to yourself.',
          'Buffer: everything left over, until the buffer is full.',
        ),
        'Example: a R 12 000 AdSense payout with R 2 000 of business costs leaves R 10 000 profit. At 20%, R 2 000 goes to the tax pocket and R 2 000 is kept for business costs. Your R 6 000 salary is covered, and the remaining R 2 000 goes to the buffer.',
        'The order matters. Tax first, because SARS will want it however the month went. Then costs, then salary, then buffer. Spending from the top of the account and hoping there is enough left for tax is how creators end up with a large SARS debt in February.',
      ),
      resources: [SARS_PROVISIONAL_TAX],
    },
    {
      title: 'Build an emergency buffer',
      description: 'How big it should be, where to keep it and when to use it.',
      type: 'text',
      content: paragraphs(
        'A buffer is money set aside for business and personal emergencies: a month with no brand deals, a broken camera, a demonetised video, a medical bill. It is the main reason a slow month stays a slow month rather than becoming debt.',
        'How big:',
        bullets(
          'First target: one month of essential personal expenses plus one month of business costs.',
          'Full target: three to six months of essential expenses. Creators with very uneven income, or who depend on one platform, should aim for the higher end.',
        ),
        'Where to keep it:',
        bullets(
          'In an account you can reach within a few days but will not spend from by accident: a separate savings account, a money market account or a short notice deposit.',
          'Not in shares or crypto assets, whose value can fall just when you need the money.',
        ),
        'How to fill it: automate a monthly amount, even R500, and send part of every windfall (a large brand deal or a viral month) straight to the buffer.',
        'When to use it: for genuine shortfalls and urgent costs, not planned purchases. Refill it before you raise your salary or spending. If you need money for growth, such as new equipment, compare the cost of financing with the risk of emptying your buffer; the revenue-based financing quest shows how.',
      ),
      resources: [],
    },
    {
      title: 'Quiz: budgeting with irregular income',
      description: 'Check your understanding of baselines, buckets and buffers.',
      type: 'quiz',
      content: [
        {
          question:
            'Your three lowest months of the last year were R6,000, R 7 500 and R 9 000. What is a sensible baseline for fixed commitments?',
          options: ['R 22 500', 'About R 7 500', 'Your best month', 'R 15 000'],
          correctAnswer: 1,
          explanation:
            'The average of the three lowest months is R 22 500 divided by 3, which is R 7 500. Fixed commitments set at that level can be met in a lean month.',
        },
        {
          question: 'In which order should you allocate a new payment?',
          options: [
            'Salary, then spending, then tax if anything is left',
            'Buffer, then salary, then costs, then tax',
            'Tax first, then business costs, then salary, then buffer',
          ],
          correctAnswer: 2,
          explanation:
            'Tax comes first because it is owed regardless of how the month went. Costs keep the business running, the salary pays you, and the rest builds the buffer.',
        },
        {
          question: 'Where is the best place to keep an emergency buffer?',
          options: [
            'In shares, for the growth',
            'In cash at home',
            'In crypto assets',
            'In a separate savings, money market or short notice account you can reach within days',
          ],
          correctAnswer: 3,
          explanation:
            'A buffer must be safe and reachable. Shares and crypto assets can fall in value just when you need the money, and cash at home can be lost or stolen.',
        },
        {
          question: 'Why is January often a weak month for YouTube ad income?',
          options: [
            'Advertising rates are often lower after the year-end peak in advertiser spending',
            'YouTube does not pay creators in January',
            'SARS charges a January levy',
            'Viewers cannot watch videos in January',
          ],
          correctAnswer: 0,
          explanation:
            'Advertisers spend heavily before the festive season and less in January, so rates per view usually drop. Plan for it in your budget.',
        },
      ],
      resources: [],
    },
  ],
};

const taxBasicsForCreators: QuestDefinition = {
  slug: 'tax-basics-for-creators',
  title: 'Tax basics for creators: SARS, eFiling and provisional tax',
  description:
    'Know when creator income is taxable, register on eFiling and pay provisional tax twice a year without penalties.',
  category: 'financial',
  difficulty: 'intermediate',
  xpReward: 150,
  prerequisites: ['separate-your-money'],
  steps: [
    {
      title: 'Creator income is taxable income',
      description: 'What SARS counts as income, how it is taxed and where the tax threshold fits.',
      type: 'text',
      content: paragraphs(
        'If you are a South African tax resident, your income from content creation is taxable, whether it comes from a local brand, AdSense in US dollars or a tip jar. Residents are taxed on their worldwide income.',
        'What counts:',
        bullets(
          'Platform income: AdSense, TikTok, Meta, Patreon and similar payouts.',
          'Brand income: fees for posts, videos, appearances and usage rights.',
          'Income in kind: products, trips or services you receive in exchange for content count at their value, because gross income includes amounts received in cash or otherwise.',
          'Other creator income: merch, courses, memberships, speaking and event fees.',
        ),
        'How it is taxed: as a sole proprietor, your creator profit (income minus deductible business expenses) is added to any salary and other income and taxed on the sliding scale for individuals, from 18% to 45%. The tax year runs from 1 March to the last day of February.',
        "The tax threshold is the income below which an individual pays no income tax. For the 2025/26 tax year (1 March 2025 to 28 February 2026) the threshold for people under 65 was R 95 750. The 2026 Budget adjusted the tables for inflation for 2026/27, and SARS's published under-65 threshold for 2026/27 is R 99 000. Thresholds and rates change every year, so always confirm them on SARS's Rates of Tax for Individuals page.",
        'Being below the threshold does not mean you can ignore SARS. If you carry on a business you should be registered, and you may still have to file returns. Check the filing requirements for the year on the SARS website.',
      ),
      resources: [SARS_PERSONAL_INCOME_TAX, SARS_RATES_INDIVIDUALS],
    },
    {
      title: 'Register and use eFiling',
      description: 'Get a tax number, set up eFiling and make sure SARS knows you earn business income.',
      type: 'text',
      content: paragraphs(
        'SARS eFiling is the free online system for registering, filing returns, paying and corresponding with SARS. The SARS MobiApp offers many of the same functions on a phone.',
        'Getting set up:',
        bullets(
          'If you have never had a tax number, register as a taxpayer. Many people can do this online through eFiling with their ID number; otherwise SARS can help by appointment at a branch.',
          'Register on eFiling and link your tax number to your profile.',
          'Keep your banking, address and contact details current. SARS verifies banking details, and refunds wait until this is done.',
          'Make sure your registration reflects that you earn income other than a salary, so you are set up as a provisional taxpayer (step 3).',
        ),
        "Each year you submit an income tax return (ITR12) for the year that ended in February. Declare your creator income and expenses in the business and trade income section, using your bookkeeping totals. Filing season for individuals usually opens around July, and provisional taxpayers generally have a later deadline than salaried taxpayers, often in January. The exact dates change every year, so check SARS's filing season page.",
        'Never share your eFiling login with anyone, including people who offer to file for you. If you want help, use a registered tax practitioner, who can be given access to your profile properly.',
      ),
      resources: [SARS_EFILING, SARS_FILING_SEASON],
    },
    {
      title: 'Provisional tax: IRP6 twice a year',
      description: 'How provisional tax works, when it is due and how to avoid penalties.',
      type: 'text',
      content: paragraphs(
        'Tax on a salary is deducted every month through PAYE. Nobody deducts tax from your AdSense payout or brand invoice, so SARS requires people with this kind of income to pay tax in advance during the year. This is provisional tax, and the return is the IRP6.',
        'Who: generally anyone who earns income other than a salary, such as business income from content creation. There are limited exclusions, for example for people who do not carry on a business and whose income stays below set limits. Creators who run their work as a business should assume they are included.',
        'When, for the usual February year-end:',
        bullets(
          'First payment: by the end of August. You estimate your taxable income for the whole year and pay half of the tax on it, less any PAYE.',
          'Second payment: by the end of February, for the full year, less the first payment and any PAYE.',
          'Optional third (top-up) payment: after year-end, generally by the end of September, to reduce interest if you underestimated.',
        ),
        'Worked example using the 2025/26 tables for illustration: you expect R 240 000 taxable income and have no other income. Tax before rebates is R 43 432. Less the primary rebate of R17,235, that leaves R 26 197 for the year, so the first IRP6 payment is about R 13 099 and the second about the same.',
        'Penalties to avoid:',
        bullets(
          'Late payment: a penalty of 10% of the amount not paid on time, plus interest.',
          "Underestimation: on the second payment, if your actual taxable income is R 1 million or less and your estimate was below both 90% of it and SARS's basic amount (usually your last assessed taxable income), a penalty of 20% of the shortfall in tax can apply. Above R 1 million the test is 80% of actual taxable income.",
        ),
        "The simplest protection is the tax bucket from the budgeting quest: set money aside from every payment, so the IRP6 is paid from savings and not from next month's income.",
      ),
      resources: [SARS_PROVISIONAL_TAX],
    },
    {
      title: 'Quiz: tax basics',
      description: 'Check your understanding of creator income, eFiling and provisional tax.',
      type: 'quiz',
      content: [
        {
          question:
            'A South African resident creator is paid by Google in US dollars. Is this income taxable in South Africa?',
          options: [
            'No, foreign income is exempt',
            'Only once it is converted to rand',
            'Yes. Residents are taxed on their worldwide income, so it must be declared',
            'Only above R 1 million',
          ],
          correctAnswer: 2,
          explanation:
            'South African tax residents are taxed on worldwide income, whatever the currency and wherever it is paid.',
        },
        {
          question:
            'A brand gives you a phone worth R 12 000 in exchange for three videos. How should you treat it?',
          options: [
            'Ignore it, because no cash changed hands',
            'Declare it only if you sell the phone',
            'Declare a nominal R 1 200',
            'As income at its value, because gross income includes amounts received in kind',
          ],
          correctAnswer: 3,
          explanation:
            'Gross income covers amounts received in cash or otherwise. A product received as payment for content is income at its value.',
        },
        {
          question: 'By when is the first provisional tax payment due for a February year-end?',
          options: ['End of February', 'End of August', 'End of May', 'End of September'],
          correctAnswer: 1,
          explanation:
            'The first payment is due within six months of the start of the tax year, so by the end of August. The second is due by the end of February.',
        },
        {
          question:
            'Your actual taxable income is R 400 000. Which second-period estimate risks the underestimation penalty?',
          options: [
            'An estimate below both R 360 000 (90% of actual) and your basic amount',
            'An estimate of R 380 000',
            'An estimate equal to your actual income',
          ],
          correctAnswer: 0,
          explanation:
            "For taxable income of R 1 million or less, the penalty can apply when the estimate is below both 90% of actual taxable income and SARS's basic amount.",
        },
        {
          question: 'What is the tax threshold?',
          options: [
            'The most you may earn from YouTube',
            'The VAT registration limit',
            'The amount SARS deducts from AdSense payouts',
            'The income below which an individual pays no income tax; it changes every year',
          ],
          correctAnswer: 3,
          explanation:
            "The threshold follows from the tax rebates and is updated in most Budgets. For 2025/26 it was R 95 750 for under-65s; check SARS's table for the current year.",
        },
      ],
      resources: [],
    },
  ],
};

const creditScoresSouthAfrica: QuestDefinition = {
  slug: 'credit-scores-south-africa',
  title: 'Credit scores and credit bureaux in South Africa',
  description:
    'How credit reporting works under the National Credit Act, how to get your free credit report and fix errors, and how to build a profile lenders trust.',
  category: 'financial',
  difficulty: 'intermediate',
  xpReward: 120,
  prerequisites: ['budget-irregular-income'],
  steps: [
    {
      title: 'How credit reporting works',
      description: 'Credit bureaux, the National Credit Act and the National Credit Regulator.',
      type: 'text',
      content: paragraphs(
        'Every time you take out a cellphone contract, a store card, a car loan or a credit card, the lender reports how you repay to one or more credit bureaux. Bureaux such as TransUnion, Experian and XDS keep that history and calculate credit scores that lenders use to decide whether to lend to you and at what price.',
        'The rules come from the National Credit Act 34 of 2005 (NCA). It created the National Credit Regulator (NCR), which registers credit providers, credit bureaux and debt counsellors, deals with complaints and enforces the Act. The Act also requires lenders to assess whether you can afford new credit; lending to someone who clearly cannot afford it is reckless lending.',
        'What is on your credit report:',
        bullets(
          'your identifying details and addresses;',
          'your accounts, limits, balances and month-by-month payment history;',
          'enquiries, made when lenders check your report after you apply for credit;',
          'adverse information, such as accounts handed over for collection, and court judgments.',
        ),
        "Each bureau calculates its own score on its own scale, so your score can differ between bureaux. Vuka Capital's credit score (0 to 100) is a separate assessment based mainly on your creator business: platform revenue and verified connections, your portfolio, community and growth. A clean bureau record still matters for the rest of your financial life, from renting a flat to buying a car.",
      ),
      resources: [NCR, GOV_NCA],
    },
    {
      title: 'Get your free report and fix errors',
      description: 'Your right to a free report, what to check and how to dispute mistakes.',
      type: 'text',
      content: paragraphs(
        "You are entitled to one free credit report a year from each registered credit bureau. Request it on the bureau's website or app; you will need to verify your identity. The NCR publishes the list of registered bureaux.",
        'What to check:',
        bullets(
          'Personal details: your name, ID number and addresses. Unknown addresses can be a sign of identity fraud.',
          'Accounts you do not recognise. An account opened in your name that you never applied for needs immediate action.',
          'Payment history: late payments you believe are wrong, or accounts still shown as open that you closed.',
          'Enquiries you did not authorise.',
        ),
        'How to dispute an error:',
        bullets(
          'Lodge a dispute with the bureau, with your evidence (a paid-up letter, a closure letter or proof of payment). The bureau must investigate, generally within 20 business days, and correct or remove information that cannot be confirmed.',
          'If the wrong information comes from a lender, take it up with the lender as well.',
          'If it is not resolved, you can complain to the Credit Ombud, a free dispute service, or to the NCR.',
        ),
        'If your identity has been misused, tell your bank, open a case with the SAPS and consider a free protective registration with the Southern African Fraud Prevention Service (SAFPS), which warns lenders to check applications in your name carefully.',
      ),
      resources: [CREDIT_OMBUD, SAFPS],
    },
    {
      title: 'Habits that build a strong profile',
      description: 'What improves your record over time, and what damages it.',
      type: 'text',
      content: paragraphs(
        'Credit scores reward a long record of dull reliability. The habits that matter most:',
        bullets(
          'Pay every account on time, every month. Payment history has the biggest influence on most scores. With irregular income, set debit orders for a day after your salary transfer lands, and keep your buffer big enough to cover them in a lean month.',
          'Use a small part of your limits. A credit card balance well below its limit looks better than one near the maximum.',
          'Apply for credit only when you need it. Many applications in a short time add enquiries and can suggest financial stress.',
          'Keep older, well-run accounts open. A long history helps.',
          'Talk to a lender as soon as you know a payment will be late. Arrangements are easier before an account is handed over for collection.',
        ),
        'If you are over-indebted, meaning you cannot meet your debt repayments, the NCA provides for debt review through a registered debt counsellor, who negotiates reduced repayments with your creditors. While you are under debt review you cannot take on new credit, so treat it as a serious step and use an NCR-registered counsellor.',
        'For a creator, a clean profile plus well-kept business records means choices: better terms, faster decisions, and the ability to finance equipment when an opportunity comes rather than when you are desperate.',
      ),
      resources: [],
    },
    {
      title: 'Quiz: credit scores',
      description: 'Check your understanding of credit bureaux, your rights and good credit habits.',
      type: 'quiz',
      content: [
        {
          question: 'How often are you entitled to a free credit report from each registered credit bureau?',
          options: [
            'Never; reports always cost money',
            'Once every five years',
            'Once a year',
            'Only when a lender declines you',
          ],
          correctAnswer: 2,
          explanation:
            'Under the National Credit Act framework you may get one free report a year from each registered bureau. Use it to check for errors and fraud.',
        },
        {
          question:
            'Which body registers credit providers and credit bureaux and enforces the National Credit Act?',
          options: [
            'SARS',
            'The National Credit Regulator (NCR)',
            'The South African Reserve Bank',
            'The Information Regulator',
          ],
          correctAnswer: 1,
          explanation:
            'The NCR was created by the National Credit Act to register and supervise credit providers, credit bureaux and debt counsellors.',
        },
        {
          question:
            'You find an account on your credit report that you never opened. What should you do first?',
          options: [
            'Dispute it with the bureau, alert the lender and your bank, and consider SAFPS protective registration',
            'Ignore it; it will disappear',
            'Pay it to keep your score clean',
            'Open more accounts to dilute it',
          ],
          correctAnswer: 0,
          explanation:
            'An unknown account can mean identity fraud. Dispute it, alert the lender and your bank, and protect your identity; paying it accepts a debt that is not yours.',
        },
        {
          question: 'Which habit damages a credit profile most?',
          options: [
            'Keeping an old, paid-up account open',
            'Using a small part of your credit card limit',
            'Requesting your own free credit report',
            'Missing payments or letting accounts be handed over for collection',
          ],
          correctAnswer: 3,
          explanation:
            'Payment history has the biggest influence on most scores. Checking your own report does not count against you.',
        },
      ],
      resources: [],
    },
  ],
};

const revenueBasedFinancing: QuestDefinition = {
  slug: 'revenue-based-financing',
  title: 'Understand revenue-based financing',
  description:
    'How financing repaid from a share of your platform earnings works, what it really costs, what happens in a slow month and when it makes sense.',
  category: 'financial',
  difficulty: 'intermediate',
  xpReward: 180,
  prerequisites: ['budget-irregular-income'],
  steps: [
    {
      title: 'How revenue-based financing works',
      description: 'An advance now, repaid by withholding a share of your monthly platform earnings.',
      type: 'text',
      content: paragraphs(
        'Revenue-based financing gives you money now in exchange for a share of your future revenue until a fixed total is repaid. Instead of a fixed instalment, repayments rise and fall with what you earn.',
        'How it works at Vuka Capital:',
        bullets(
          `You can apply for ${AMOUNT_RANGE_TEXT}. You must be a South African resident aged 18 or older, with a South African bank account and at least six months of creator activity. Decisions are typically made within ${DECISION_TIME_TEXT}.`,
          'The cost is a fixed percentage of the amount, between 25% and 35% depending on your credit score. A higher score means a lower cost.',
          'The total you repay is the amount plus the cost. It is agreed up front and shown before you accept.',
          'Repayment is by withholding a percentage of your monthly platform revenue; the percentage also depends on your credit score. Your plan shows a monthly repayment and an estimated number of months.',
        ),
        'Example: you take R 20 000 and your cost is 28%. The cost is R5,600, so you repay R 25 600 in total. With an agreed withholding of 30% and R 12 000 of platform revenue this month, R 3 600 goes towards the balance. If you earn R 8 000 next month, R 2 400 is withheld and the balance takes a little longer to clear.',
        'Before you accept any offer, read every figure in the preview: the cost amount and percentage, the total, the withholding percentage, the monthly repayment and the estimated period.',
      ),
      resources: [],
    },
    {
      title: 'Total cost versus interest',
      description: 'Why a fixed cost percentage is not an annual interest rate, and how to compare offers.',
      type: 'text',
      content: paragraphs(
        'A loan usually quotes an annual interest rate: interest is charged on the balance over time. Revenue-based financing quotes a fixed cost: a set rand amount, however fast you repay.',
        'That difference matters when you compare:',
        bullets(
          'The cost percentage is a share of the amount, not a rate per year. A 28% cost is not the same as 28% interest a year.',
          'The faster you repay a fixed cost, the higher the equivalent annual rate. R 20 000 with a R 5 600 cost, repaid in equal monthly amounts over 12 months, is roughly equivalent to a nominal interest rate of about 48% a year. Repaid over 8 months, it is about 70% a year. The rand cost is the same R 5 600; you simply had the money for a shorter time.',
          'If your revenue drops, repayments fall and the period stretches. That lowers the equivalent annual rate, but you keep repaying for longer.',
        ),
        'How to compare financing honestly:',
        bullets(
          'Total rand cost: what you receive versus everything you repay.',
          'Repayment pattern: fixed instalments that are due whatever you earn, or repayments that flex with revenue.',
          'Fees and conditions: initiation and service fees, insurance, early settlement terms and what happens if you cannot pay.',
        ),
        'Flexibility has value for a creator whose income swings between R 6 000 and R 30 000 a month. It also has a price. Decide with the numbers in front of you.',
      ),
      resources: [],
    },
    {
      title: 'Shortfall months, early repayment and default',
      description: 'What happens when income drops, when you want to settle early and when payments stop.',
      type: 'text',
      content: paragraphs(
        'Creator income is uneven, so the agreement plans for slow months.',
        'A shortfall month is a month in which the amount withheld from your platform revenue is less than the monthly repayment in your plan. Because withholding is a percentage of what you actually earn, a slow month means a smaller repayment rather than a missed one; the balance simply takes longer to clear.',
        'What the agreement terms say:',
        bullets(
          'Three consecutive shortfall months allow the terms to be renegotiated. If you see a slow patch coming, contact us early; a plan is easier to adjust before arrears build up.',
          'There is no penalty for settling early, and no fee. Settling means paying what you still owe of the amount you received plus the finance charge earned up to that day: the charge for the months left is dropped, so settling early costs less than your remaining balance. Ask for a settlement quote before you pay; it holds for 5 business days.',
          'Default means a payment left unpaid for more than 90 days. Default has serious consequences under the agreement, so never let it get that far without talking to us.',
        ),
        'Keep your side simple: keep your platforms connected and your earnings records up to date, read your monthly statement, and check that the payments and remaining balance match your own records.',
      ),
      resources: [],
    },
    {
      title: 'Decide whether financing makes sense',
      description: 'A short test to run before you apply for any financing.',
      type: 'text',
      content: paragraphs(
        'Financing is a tool for growth, not a fix for a budget that does not balance. Before you apply, run this test:',
        bullets(
          'Purpose: what exactly will the money buy, and how will it increase your income? A camera and lighting kit that lets you accept brand integrations is a growth use; covering a month of personal spending usually is not.',
          'Payback: estimate the extra income. If R 15 000 of equipment (R 19 200 repaid at a 28% cost) helps you land one extra R 3 000 brand deal a month, it covers its total cost in about seven months.',
          'Affordability: test the withholding against your baseline month from the budgeting quest. If the repayment in a lean month leaves you unable to pay rent, the amount is too high.',
          'Buffer: keep your emergency buffer intact. Borrowing and emptying savings at the same time leaves no margin.',
          'Alternatives: could you buy second-hand, hire gear for specific shoots, or save for two months instead?',
        ),
        'If the answers are clear, financing lets you move faster than saving would. If they are vague, wait, improve your records and apply later with a stronger case, and often a better credit score and a lower cost.',
      ),
      resources: [],
    },
    {
      title: 'Quiz: revenue-based financing',
      description: 'Check that you can work out costs, withholding and what the agreement terms mean.',
      type: 'quiz',
      content: [
        {
          question: 'You take R 10 000 at a 30% cost. What is the total you repay?',
          options: ['R 10 300', 'R 13 000', 'R 30 000', 'R 10 000 plus 30% a year'],
          correctAnswer: 1,
          explanation:
            'The cost is a fixed 30% of the amount: R 3 000. The total is R 10 000 plus R3,000, or R13,000, however long repayment takes.',
        },
        {
          question:
            'Your withholding is 25% and you earn R 16 000 from your platforms this month. How much is withheld?',
          options: ['R 1 600', 'R 2 500', 'R 4 000', 'R 6 400'],
          correctAnswer: 2,
          explanation:
            '25% of R 16 000 is R 4 000. In a month with lower revenue, the amount withheld falls with it.',
        },
        {
          question: 'Why is a 28% fixed cost not the same as 28% annual interest?',
          options: [
            'Because the cost is a fixed rand amount, so repaying faster raises the equivalent annual rate',
            'Because interest is always cheaper',
            'Because fixed costs are tax-free',
            'They are the same thing',
          ],
          correctAnswer: 0,
          explanation:
            'Interest accrues over time on the balance; a fixed cost does not. Repaid over 12 months, a 28% cost is roughly 48% a year as a nominal rate, and more if repaid faster.',
        },
        {
          question: "Under Vuka Capital's agreement terms, what counts as default?",
          options: [
            'Any month with lower revenue',
            'Settling the balance early',
            'A single shortfall month',
            'A payment left unpaid for more than 90 days',
          ],
          correctAnswer: 3,
          explanation:
            'Default means a payment unpaid for more than 90 days. Lower revenue creates a shortfall month, not a default, and early settlement is free.',
        },
        {
          question: 'What do three consecutive shortfall months allow under the agreement?',
          options: [
            'Immediate default',
            'The terms to be renegotiated',
            'A higher cost percentage',
            'Cancellation of the balance',
          ],
          correctAnswer: 1,
          explanation:
            'Three consecutive shortfall months open the way to renegotiating the terms. Contact the lender early rather than waiting for arrears to build.',
        },
      ],
      resources: [],
    },
  ],
};

const deductionsAndVat: QuestDefinition = {
  slug: 'deductions-home-office-vat',
  title: 'Deductions, home office and VAT',
  description:
    'Claim the business expenses you are entitled to, apply the strict home office rules correctly and know when VAT registration becomes compulsory.',
  category: 'financial',
  difficulty: 'advanced',
  xpReward: 220,
  prerequisites: ['tax-basics-for-creators'],
  steps: [
    {
      title: 'What you can deduct',
      description: 'The general rule, common creator expenses and how equipment is written off over time.',
      type: 'text',
      content: paragraphs(
        'As a sole proprietor you pay tax on profit, so every legitimate business expense reduces your tax. The general rule in the Income Tax Act is that you may deduct expenditure actually incurred in producing your income, provided it is not of a capital nature and not private.',
        'Common creator expenses that usually qualify, to the extent they are used for the business:',
        bullets(
          'Software and subscriptions: editing and design tools, stock music and footage licences, scheduling tools.',
          'Data, internet and the business share of your phone contract.',
          'Props, set materials and wardrobe bought specifically for content and not worn privately.',
          'Travel to shoots and events (keep a logbook for vehicle travel).',
          'Platform, payment and bank fees, and accountant or tax practitioner fees.',
          'Marketing, such as paid promotion of your own content.',
        ),
        'Mixed-use items must be split. If your phone is used 60% for the business, claim 60% of the cost, and be ready to explain how you arrived at the figure.',
        "Equipment such as cameras, laptops, lenses, lights and microphones is capital. Instead of deducting the full price at once, you claim a wear-and-tear allowance over the item's useful life, using the periods in SARS's Interpretation Note 47. Personal computers, for example, are written off over three years, so an R 18 000 laptop used only for the business gives about R 6 000 a year (apportioned in the year of purchase for the part of the year you owned it). Small items costing less than R 7 000 each can generally be written off in full in the year you buy them.",
        'Keep invoices in your name for every claim. A deduction you cannot prove is a deduction SARS can disallow, with penalties and interest.',
      ),
      resources: [SARS_PERSONAL_INCOME_TAX],
    },
    {
      title: 'The home office rules',
      description:
        'When a room at home qualifies, how to calculate the claim and what it can cost you later.',
      type: 'text',
      content: paragraphs(
        'Many creators film and edit at home. You may claim part of your home costs, but the rules are strict.',
        'For a self-employed person, the home office must be:',
        bullets(
          'a part of the home specifically equipped for your trade, and',
          'used regularly and exclusively for that trade.',
        ),
        'Exclusively means just that. A spare room with your lights, backdrop and editing desk can qualify; a corner of the lounge where the family also watches TV, or a studio that doubles as a guest bedroom, does not.',
        "If it qualifies, claim the office's share of home costs in proportion to floor area:",
        bullets(
          'rent, or the interest on your home loan (not the capital repayments);',
          'rates and taxes, electricity and water;',
          'cleaning, repairs and maintenance;',
          'security costs.',
        ),
        'Example: your studio is 12 square metres of a 120 square metre flat, so 10%. With rent of R 9 000 a month and electricity of R 1 200 a month, the annual claim is 10% of R122,400, or R 12 240.',
        'Keep a floor plan with measurements, photos of the set-up and the bills. One long-term effect to know about: if you own your home and later sell it, the part used for business may not qualify for the full capital gains tax exclusion for a primary residence. Discuss this with a tax practitioner before claiming for a home you own.',
      ),
      resources: [],
    },
    {
      title: 'VAT: when you must register',
      description:
        'The compulsory threshold, the 2026 Budget change and how foreign platform income fits in.',
      type: 'text',
      content: paragraphs(
        'Value-added tax (VAT) is charged at 15% on most goods and services in South Africa. A business must register for VAT once its taxable supplies exceed the compulsory threshold in any 12-month period, and may choose to register voluntarily above a lower threshold.',
        'The thresholds:',
        bullets(
          'For many years the compulsory threshold was R 1 million in any consecutive 12 months, and the voluntary threshold R 50 000.',
          'The 2026 Budget (25 February 2026) announced an increase in the compulsory threshold to R 2,3 million and in the voluntary threshold to R120,000, with effect from 1 April 2026.',
          "Always check SARS's VAT page for the threshold that applies on the date you check; Budget announcements take effect through legislation.",
        ),
        'Points creators often miss:',
        bullets(
          'Taxable supplies include zero-rated supplies. Some services supplied to non-resident companies can be zero-rated, but they still count towards the threshold. Whether your foreign platform income qualifies depends on the facts, so get advice.',
          'Monitor the threshold monthly on a rolling 12-month basis, not only at tax year-end, and apply promptly once you cross it. SARS sets a short deadline for this.',
          'Once registered, you charge VAT on taxable local supplies (for example, to local brands), issue valid tax invoices, submit VAT201 returns and pay over the difference between the VAT you charged and the VAT you paid on business costs.',
        ),
        'Voluntary registration can make sense if you spend a lot on equipment or mostly invoice VAT-registered brands, because you can claim input VAT. It adds admin and, for customers who cannot claim VAT back, it makes you 15% more expensive.',
        "South Africa also has turnover tax, a simplified regime for qualifying micro businesses that replaces income tax on the business with a low tax on turnover. Whether it suits you depends on your margins; check the current turnover limit on SARS's turnover tax page and speak to a registered tax practitioner.",
      ),
      resources: [SARS_VAT, SARS_TURNOVER_TAX],
    },
    {
      title: 'Quiz: deductions and VAT',
      description: 'Check your understanding of deductions, wear-and-tear, home office and VAT.',
      type: 'quiz',
      content: [
        {
          question: 'Which expense is most clearly deductible for a sole-proprietor creator?',
          options: [
            'Groceries for the household',
            'A monthly editing-software subscription used for your videos',
            "Your children's school fees",
            'Clothes you wear every day',
          ],
          correctAnswer: 1,
          explanation:
            'Expenditure actually incurred in producing income, and neither private nor capital, is deductible. Household, school and everyday clothing costs are private.',
        },
        {
          question: 'You buy an R 18 000 laptop used only for the business. How is it usually claimed?',
          options: [
            'Deducted in full immediately',
            'Not deductible at all',
            'Through a wear-and-tear allowance, with personal computers written off over three years',
            'Deducted over 20 years',
          ],
          correctAnswer: 2,
          explanation:
            'Equipment is capital, claimed through wear-and-tear over the periods in Interpretation Note 47. Only items under R 7 000 can generally be written off in full at once.',
        },
        {
          question: 'Which set-up meets the home office test?',
          options: [
            'A spare room fitted out as a studio and used only for your creator work',
            'The dining table, cleared after filming',
            'A studio that doubles as a guest bedroom',
            'Your bedroom, where you also edit',
          ],
          correctAnswer: 0,
          explanation:
            'The space must be specifically equipped for your trade and used regularly and exclusively for it. Any regular private use fails the test.',
        },
        {
          question:
            'Your studio is 15 square metres of a 100 square metre home, and qualifying home costs are R 100 000 for the year. What is the claim?',
          options: ['R 1 500', 'R 100 000', 'R 50 000', 'R 15 000'],
          correctAnswer: 3,
          explanation: '15 divided by 100 is 15%, and 15% of R 100 000 is R 15 000.',
        },
        {
          question: 'Do zero-rated supplies count towards the VAT registration threshold?',
          options: [
            'No, never',
            'Yes. Taxable supplies include zero-rated supplies',
            'Only for companies',
            'Only if you are paid in rand',
          ],
          correctAnswer: 1,
          explanation:
            'Zero-rated supplies are taxable supplies at a 0% rate, so they count towards the threshold even though no VAT is charged on them.',
        },
      ],
      resources: [],
    },
  ],
};

const foreignIncomeExchangeControl: QuestDefinition = {
  slug: 'foreign-income-exchange-control',
  title: 'Foreign income, currency conversion and exchange control',
  description:
    'Declare income paid in US dollars correctly, cut what you lose on conversion and understand the exchange control rules that apply to individuals.',
  category: 'financial',
  difficulty: 'advanced',
  xpReward: 250,
  prerequisites: ['tax-basics-for-creators'],
  steps: [
    {
      title: 'Foreign income in your tax return',
      description: 'How to convert and declare income you earn in other currencies.',
      type: 'text',
      content: paragraphs(
        'If you are a South African tax resident, income from AdSense, TikTok, Patreon, PayPal or any other foreign source is taxable in South Africa just like local income, even if it stays in a foreign account.',
        'Converting to rand:',
        bullets(
          'The Income Tax Act generally translates foreign income into rand at the spot rate on the day it accrues to you.',
          'Individuals may instead elect to use the average exchange rate for the tax year, which SARS publishes. Choose one method and apply it consistently.',
          'Record the foreign amount, the rand amount and the rate you used in your bookkeeping.',
        ),
        "For each payout keep the platform's payment statement (for example the AdSense payment receipt), your bank statement showing the rand amount received, and the bank's advice showing the rate and fees. Bank conversion charges are business costs.",
        'If foreign tax was withheld, for example US tax on YouTube earnings from US viewers, declare the full gross income in South Africa. You may be able to claim a credit for foreign tax that was properly payable under the tax treaty, but generally not for tax withheld only because a form was missing. The AdSense and US tax quest shows how to avoid that.',
      ),
      resources: [SARS_PERSONAL_INCOME_TAX],
    },
    {
      title: 'Getting the money home for less',
      description: 'How foreign payouts reach your bank, what conversion really costs and how to compare.',
      type: 'text',
      content: paragraphs(
        'Most creators lose more on currency conversion than they realise. The cost has three parts: a commission (often a percentage with a minimum), a flat fee per transfer (such as a SWIFT or inward payment fee), and the spread, which is the gap between the market rate and the rate you receive.',
        'Common routes:',
        bullets(
          'AdSense pays by bank transfer to your South African account. Your bank converts the US dollars to rand, unless you receive them in a foreign currency account.',
          "PayPal: South African accounts withdraw through a partner bank arrangement, using PayPal's own conversion rate and fees.",
          'Other platforms and payment services each have their own conversion and payout fees. Read them before you choose a payout method.',
        ),
        'Compare routes by the effective rate: rand received divided by dollars sent. Example with illustrative numbers: US$1,000 is sent when the market rate is R 18,00 to the dollar. Your bank converts at R 17,70 and charges a R 150 fee, so you receive R 17 550 instead of R 18 000. The true cost is R450, or 2.5%. On R 300 000 of foreign income a year, 2.5% is R 7 500.',
        'Ways to reduce the cost:',
        bullets(
          'Ask your bank for its inward foreign payment pricing and compare it with other banks. Some accounts aimed at freelancers and exporters price this more competitively.',
          'Make fewer, larger transfers, so you pay fewer flat fees.',
          'Consider a customer foreign currency (CFC) account at a South African bank. You can keep dollars, convert when it suits you, or use them for dollar costs such as software subscriptions. Trying to time the exchange rate is speculation, though; do not rely on it.',
        ),
      ),
      resources: [],
    },
    {
      title: 'Exchange control basics for individuals',
      description: 'The SARB rules in brief: authorised dealers, reporting and allowances.',
      type: 'text',
      content: paragraphs(
        "South Africa still has exchange controls. They are administered by the South African Reserve Bank's Financial Surveillance Department, which works through authorised dealers, in practice your bank.",
        'What this means for a creator who receives foreign income:',
        bullets(
          'Money coming in passes through your bank, which must report cross-border payments to the SARB under a reporting category. Your bank may ask what a payment is for. Answer accurately, for example payment for services or royalties from a platform, and keep your platform statements to support it.',
          'You can convert incoming funds to rand or, if you have one, keep them in a customer foreign currency account at a South African bank.',
          'Income you earn as a resident is not exempt from SARS because it was received abroad.',
        ),
        'Sending money out, for example to invest offshore or pay for services abroad, uses allowances. For many years adults had a single discretionary allowance of R 1 million a calendar year, usable without a tax clearance, plus a larger foreign investment allowance that requires SARS to confirm your tax compliance status. The 2026 Budget announced an increase in the single discretionary allowance to R 2 million. Check the current limits with your bank or on the SARB website before you move money.',
        "Ordinary business costs paid in foreign currency, such as a software subscription on your card, are normally handled by your bank within these rules. If you plan anything unusual, such as keeping platform income in an account outside South Africa, get advice first; specific rules apply to residents' foreign income and assets.",
      ),
      resources: [SARB_FINANCIAL_SURVEILLANCE],
    },
    {
      title: 'Quiz: foreign income',
      description:
        'Check your understanding of declaring foreign income, conversion costs and exchange control.',
      type: 'quiz',
      content: [
        {
          question:
            'You are a South African tax resident and keep your YouTube dollars in a foreign account. Must you declare the income to SARS?',
          options: [
            'No. Only money brought into South Africa is taxed',
            'Only if it exceeds US$10,000',
            'Yes. Residents are taxed on worldwide income, wherever it is kept',
            'Only every second year',
          ],
          correctAnswer: 2,
          explanation:
            'Tax residents are taxed on their worldwide income. Where the money is kept does not change that.',
        },
        {
          question:
            'US$2,000 is sent when the market rate is R 18,00 to the dollar, and you receive R 35 400 after all costs. What did the conversion cost you?',
          options: [
            'Nothing, as banks do not charge',
            'R400, about 1.1%',
            'R1,000, about 2.8%',
            'R600, about 1.7%',
          ],
          correctAnswer: 3,
          explanation:
            'At the market rate you would get R 36 000. R 36 000 minus R 35 400 is R600, which is about 1.7% of R 36 000.',
        },
        {
          question: 'Which rate may an individual elect to use when converting foreign income for tax?',
          options: [
            'Any rate they choose',
            'The average exchange rate for the tax year, applied consistently',
            'The rate on 1 March only',
            'The best rate of the year',
          ],
          correctAnswer: 1,
          explanation:
            'Individuals may elect the average rate for the year of assessment instead of the spot rate on each date. Apply the chosen method consistently.',
        },
        {
          question: 'Who administers exchange control in South Africa?',
          options: [
            'The South African Reserve Bank, through authorised dealers such as your bank',
            'SARS',
            'The National Credit Regulator',
            'CIPC',
          ],
          correctAnswer: 0,
          explanation:
            "The SARB's Financial Surveillance Department administers exchange control and works through authorised dealers, which are the banks.",
        },
        {
          question:
            'US tax was withheld from your YouTube earnings because you never submitted your tax form. What is the likely result in South Africa?',
          options: [
            'SARS refunds it automatically',
            'You declare only the net amount',
            'Nothing needs to be declared',
            'You declare the gross income, and may get no credit for tax that would not have been payable under the treaty',
          ],
          correctAnswer: 3,
          explanation:
            'Declare the gross income. Foreign tax credits are generally limited to tax properly payable under the treaty, so over-withholding is usually a cost unless recovered from the US side.',
        },
      ],
      resources: [],
    },
  ],
};

/** Beginner first, then intermediate, then advanced. */
export const FINANCIAL_QUESTS: QuestDefinition[] = [
  separateYourMoney,
  budgetIrregularIncome,
  taxBasicsForCreators,
  creditScoresSouthAfrica,
  revenueBasedFinancing,
  deductionsAndVat,
  foreignIncomeExchangeControl,
];
