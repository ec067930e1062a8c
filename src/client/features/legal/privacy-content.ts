/**
 * Privacy Policy content (POPIA) for the /privacy static page.
 * Plain typed data: the page component renders each section as a heading plus paragraphs.
 */

export const PRIVACY_LAST_UPDATED = '25 November 2026';

export const PRIVACY_SECTIONS: ReadonlyArray<{ id: string; title: string; paragraphs: string[] }> = [
  {
    id: 'responsible-party',
    title: 'Who we are and how to contact our Information Officer',
    paragraphs: [
      'Vuka Capital (Pty) Ltd ("Vuka Capital", "we", "us" or "our") is the responsible party for the ' +
        'personal information we process about you, as defined in the Protection of Personal Information ' +
        'Act 4 of 2013 (POPIA).',
      'This policy explains what personal information we collect, why we collect it, who we share it with ' +
        'and the rights you have. It applies to visitors to our website, to creators who register and ' +
        'apply for financing, and to anyone whose information we receive in connection with our services.',
      'Our Information Officer is responsible for our compliance with POPIA. You can contact the ' +
        'Information Officer at admin@vukacapital.co.za. Please use the subject line "POPIA request" so ' +
        'that your message reaches the right person.',
    ],
  },
  {
    id: 'information-we-collect',
    title: 'What personal information we collect',
    paragraphs: [
      'Identity and profile information: your first name and surname, creator type (full-time, part-time ' +
        'or hobby), country, city and bio, and the business name if you apply as a business.',
      'Contact and account information: your e-mail address, which is also your username, and your ' +
        'password, which we store only in hashed form.',
      'Bank details: your bank name, account number, branch code and account type, which we use to pay out ' +
        'financing and to collect repayments.',
      'Platform data and proof of earnings: information from the platforms you connect, such as YouTube ' +
        'and Visionary (for example follower numbers, engagement and earnings), platform details you enter ' +
        'manually, and the proof of earnings documents you upload.',
      'Financing information: your monthly revenue, the amount you request, how you plan to use the funds, ' +
        'your credit score, your repayment plan, and records of your monthly earnings and payments.',
      'Usage information: how you use the platform, such as sign-in activity, learning quest progress and ' +
        'the messages you send to the AI Creative Advisor, together with technical information such as ' +
        'your browser type and IP address.',
      'We collect most of this information directly from you or from the platforms you choose to connect. ' +
        'Where applicable and permitted by law, we may also receive information from registered credit ' +
        'bureaus.',
    ],
  },
  {
    id: 'purposes-and-lawful-basis',
    title: 'How we use your information and our lawful basis',
    paragraphs: [
      'We use your personal information to create and secure your account, to verify your e-mail address, ' +
        'to assess your application and calculate your credit score, to set up and manage your financing ' +
        'and repayments, to send you statements and important notices, to provide personalised guidance ' +
        'through the AI Creative Advisor and learning quests, to prevent fraud, and to improve our ' +
        'services.',
      'Under section 11 of POPIA, we process your information because it is necessary to conclude or ' +
        'perform our agreement with you, because the law requires it, because it is necessary for our ' +
        'legitimate interests or yours (such as preventing fraud and keeping the platform secure), or ' +
        'because you have given your consent (for example when you connect a platform).',
      'Where we rely on your consent, you may withdraw it at any time. This does not affect processing ' +
        'that has already taken place, but it may mean that we can no longer provide some services, such ' +
        'as assessing an application without platform data.',
      'We use automated tools, including artificial intelligence, to help calculate credit scores and ' +
        'analyse platform and financial information. Our team reviews every application, and decisions ' +
        'about your financing are not based solely on automated processing. You may ask us to explain how ' +
        'a decision about you was made.',
      'We will only send you direct marketing if you have agreed to it or, as an existing customer, about ' +
        'similar services of our own. You can opt out at any time.',
    ],
  },
  {
    id: 'sharing',
    title: 'Who we share your information with',
    paragraphs: [
      'We do not sell your personal information.',
      'Service providers: we use trusted operators to host our platform, store files, send e-mails and, ' +
        'when it is configured, power the AI Creative Advisor. They may only process your information on ' +
        'our instructions and under written agreements that require them to keep it confidential and ' +
        'secure.',
      'Credit bureaus: where applicable and permitted by law, we may share information about your ' +
        'application and repayment conduct with registered credit bureaus, and obtain credit information ' +
        'from them.',
      'Connected platforms: we exchange the information needed to verify and connect your accounts with ' +
        'the platforms you choose, such as Google for YouTube.',
      'Authorities and advisers: we may disclose information when the law or a court requires it, to ' +
        'protect our rights (including recovering amounts owed), or to our auditors and legal advisers ' +
        'under a duty of confidentiality.',
      'Within Vuka Capital, only authorised staff who need your information for their work can access it.',
    ],
  },
  {
    id: 'cross-border-transfers',
    title: 'Cross-border transfers',
    paragraphs: [
      'Some of our service providers, such as cloud hosting and AI providers, may store or process ' +
        'personal information outside South Africa.',
      'We only transfer personal information outside South Africa as section 72 of POPIA allows: for ' +
        'example, where the recipient is bound by a law, binding corporate rules or an agreement that ' +
        'gives protection substantially similar to POPIA, where you consent, or where the transfer is ' +
        'necessary to perform our agreement with you.',
      'We remain responsible for your personal information when it is processed outside South Africa on ' +
        'our behalf.',
    ],
  },
  {
    id: 'security-safeguards',
    title: 'Security safeguards',
    paragraphs: [
      'We take appropriate, reasonable technical and organisational measures to protect your personal ' +
        'information against loss, damage, and unauthorised access or use, as section 19 of POPIA requires.',
      'Encryption in transit: information sent between your browser and our servers is encrypted.',
      'Hashed passwords: we never store your password in readable form, and our staff cannot see it.',
      'Masked account numbers: when our staff view your banking details, your account number is masked so ' +
        'that only the last four digits are shown.',
      'Access controls: administrative tools are limited to authorised staff, your e-mail address is ' +
        'verified when you register, and your sign-in sessions can be ended by signing out.',
      'No system is completely secure. If we have reasonable grounds to believe that your personal ' +
        'information has been accessed or acquired by an unauthorised person, we will notify you and the ' +
        'Information Regulator as section 22 of POPIA requires.',
      'You can help by keeping your password secret and by using "Remember me" only on a device that you ' +
        'alone use.',
    ],
  },
  {
    id: 'retention',
    title: 'How long we keep your information',
    paragraphs: [
      'We keep personal information only for as long as we need it for the purposes described in this ' +
        'policy, or for as long as the law requires or allows, as section 14 of POPIA provides.',
      'We keep your account and profile information while your account is open. We keep financing, ' +
        'repayment and payment records for the life of your financing and afterwards for as long as tax, ' +
        'company and financial laws require, which is usually at least five years after the financing ends.',
      'When you delete your account, we erase at once your name, e-mail address, bank details, bio, ' +
        'connected and self-declared platforms with their handles, proofs of earnings, learning progress, ' +
        'analyses, sign-in sessions and codes, and the e-mails we sent you, and you can no longer sign in. ' +
        'We keep the records of the financing itself (amounts, schedules, payments and our accounting ' +
        'ledger) without your name or contact details, because the law requires us to, and our log of ' +
        'what was done on the account, with your details removed from it.',
      'We keep platform data and proof of earnings for as long as we need them to assess your application, ' +
        'manage your financing and keep proper records.',
      'When we no longer need your information, we delete or destroy it securely or de-identify it so that ' +
        'it can no longer identify you. We may keep it longer if it is needed for a legal claim or if you ' +
        'have agreed to this.',
    ],
  },
  {
    id: 'your-rights',
    title: 'Your rights under POPIA',
    paragraphs: [
      'Access: you may ask whether we hold personal information about you and request a copy of it. You ' +
        'can download a copy of everything we hold about you yourself, at any time and free of charge, in ' +
        'Settings under "Your data": a ZIP file of JSON files with your profile, bank details, applications, ' +
        'repayments, platforms, proofs (their details), learning progress, account activity and the e-mails ' +
        'we sent you. Your password and one-time codes are never part of it.',
      'Correction and deletion: you may ask us to correct or delete personal information that is ' +
        'inaccurate, irrelevant, excessive, out of date, incomplete, misleading or obtained unlawfully, or ' +
        'that we are no longer authorised to keep. You can update most of your profile, bank and platform ' +
        'details yourself in Settings.',
      'Deleting your account: you can delete your account yourself in Settings under "Your data", with ' +
        'your password. If you owe nothing, your personal information is erased at once. If you still owe ' +
        'money on a financing, we record your request, and your account is deleted automatically when that ' +
        'financing is repaid; until then you can still sign in, pay, download your data or withdraw the ' +
        'request.',
      'Objection: you may object, on reasonable grounds, to processing based on legitimate interests, and ' +
        'you may object at any time to the use of your information for direct marketing.',
      'To use these rights, e-mail admin@vukacapital.co.za. We may need to verify your identity first. ' +
        'Some information must be kept by law, for example while you still have financing with us, and we ' +
        'will explain if we cannot delete it.',
      'Complaints: if you are not satisfied with how we handle your personal information, you may lodge a ' +
        'complaint with the Information Regulator (South Africa). Website: inforeg.org.za. Complaints ' +
        'e-mail: complaints.IR@inforegulator.org.za. We encourage you to contact us first so that we can ' +
        'try to resolve the matter.',
    ],
  },
  {
    id: 'cookies-changes-contact',
    title: 'Cookies, changes to this policy and contact',
    paragraphs: [
      'Cookies: we use essential cookies to keep you signed in and to protect your session. If you tick ' +
        '"Remember me", you stay signed in for up to 30 days. We also use your browser’s local storage to ' +
        'remember which onboarding tours you have already seen. You can clear cookies and storage in your ' +
        'browser settings, but you will then be signed out.',
      'Changes: we may update this policy from time to time. The date at the top of this page shows when ' +
        'it was last updated, and we will tell you about material changes by e-mail or on the platform.',
      'Contact: for any question about this policy or your personal information, e-mail our Information ' +
        'Officer at admin@vukacapital.co.za.',
    ],
  },
];
