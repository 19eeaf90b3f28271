import type { AttributeSpec } from './factories.js';

/** The demo document types: per client three types, each identified by an owner number and postal code. */
export interface DemoReport {
  code: string;
  clientCode: string;
  titleEn: string;
  titleFr: string;
  attributes: AttributeSpec[];
  /** Values of the non-identifying attributes for the n-th document of an owner. */
  describe(index: number, random: () => number): Record<string, string>;
}

const ownerAttributes = (numberName: string, en: string, fr: string): AttributeSpec[] => [
  {
    name: numberName,
    en,
    fr,
    identifiesOwner: true,
    descriptionEn: `The ${en.toLowerCase()} printed at the top of your document.`,
    descriptionFr: `Le ${fr.toLowerCase()} imprimé en haut de votre document.`,
  },
  {
    name: 'postalCode',
    en: 'Postal code',
    fr: 'Code postal',
    identifiesOwner: true,
    showInColumn: false,
    descriptionEn: 'The postal code of the mailing address on your document.',
    descriptionFr: "Le code postal de l'adresse postale de votre document.",
  },
];

const money = (random: () => number) => (Math.round(random() * 500_000) / 100).toFixed(2);

export const DEMO_REPORTS: DemoReport[] = [
  {
    code: 'NBF-STMT',
    clientCode: 'NBF',
    titleEn: 'Account statements',
    titleFr: 'Relevés de compte',
    attributes: [
      ...ownerAttributes('accountNumber', 'Account number', 'Numéro de compte'),
      { name: 'closingBalance', en: 'Closing balance', fr: 'Solde de clôture' },
    ],
    describe: (_index, random) => ({ closingBalance: money(random) }),
  },
  {
    code: 'NBF-TAX',
    clientCode: 'NBF',
    titleEn: 'Tax slips',
    titleFr: 'Feuillets fiscaux',
    attributes: [
      ...ownerAttributes('accountNumber', 'Account number', 'Numéro de compte'),
      { name: 'slipType', en: 'Slip type', fr: 'Type de feuillet' },
    ],
    describe: (index) => ({ slipType: ['T5', 'RL-3', 'T4RSP', 'NR4'][index % 4]! }),
  },
  {
    code: 'NBF-NOTICE',
    clientCode: 'NBF',
    titleEn: 'Notices',
    titleFr: 'Avis',
    attributes: [
      ...ownerAttributes('accountNumber', 'Account number', 'Numéro de compte'),
      { name: 'noticeType', en: 'Notice type', fr: "Type d'avis" },
    ],
    describe: (index) => ({ noticeType: ['Rate change', 'Renewal', 'Confirmation', 'Privacy'][index % 4]! }),
  },
  {
    code: 'LAU-BILL',
    clientCode: 'LAU',
    titleEn: 'Bills',
    titleFr: 'Factures',
    attributes: [
      ...ownerAttributes('customerNumber', 'Customer number', 'Numéro de client'),
      { name: 'amountDue', en: 'Amount due', fr: 'Montant dû' },
    ],
    describe: (_index, random) => ({ amountDue: money(random) }),
  },
  {
    code: 'LAU-USAGE',
    clientCode: 'LAU',
    titleEn: 'Usage summaries',
    titleFr: 'Sommaires de consommation',
    attributes: [
      ...ownerAttributes('customerNumber', 'Customer number', 'Numéro de client'),
      { name: 'meterNumber', en: 'Meter number', fr: 'Numéro de compteur' },
    ],
    describe: (index) => ({ meterNumber: `M-${7000 + (index % 3)}` }),
  },
  {
    code: 'LAU-CONTRACT',
    clientCode: 'LAU',
    titleEn: 'Contracts',
    titleFr: 'Contrats',
    attributes: [
      ...ownerAttributes('customerNumber', 'Customer number', 'Numéro de client'),
      { name: 'contractType', en: 'Contract type', fr: 'Type de contrat' },
    ],
    describe: (index) => ({ contractType: ['Residential', 'Commercial', 'Seasonal'][index % 3]! }),
  },
];

/** Document owners per client. The first owner of each client is the one the demo user of that client is. */
export const DEMO_OWNERS: Record<string, { number: string; postalCode: string; documentsPerType: number }[]> = {
  NBF: [
    { number: 'NB-100200', postalCode: 'H2X 1Y4', documentsPerType: 36 },
    { number: 'NB-100201', postalCode: 'H3A 2B2', documentsPerType: 8 },
    { number: 'NB-100202', postalCode: 'M5V 3L9', documentsPerType: 8 },
    { number: 'NB-100203', postalCode: 'V6B 4Y8', documentsPerType: 8 },
  ],
  LAU: [
    { number: 'LA-500100', postalCode: 'G1R 4P5', documentsPerType: 32 },
    { number: 'LA-500101', postalCode: 'J8X 3X7', documentsPerType: 8 },
    { number: 'LA-500102', postalCode: 'K1P 5J2', documentsPerType: 8 },
  ],
};

export const DEMO_FAQS = [
  {
    question_en: 'How do I download several documents at once?',
    question_fr: 'Comment télécharger plusieurs documents à la fois?',
    answer_en: 'Tick up to 50 documents in a list, then choose Download: they arrive together in one zip file.',
    answer_fr: "Cochez jusqu'à 50 documents dans une liste, puis choisissez Télécharger : ils arrivent ensemble dans un fichier zip.",
  },
  {
    question_en: 'Why do I receive a code when I sign in?',
    question_fr: 'Pourquoi est-ce que je reçois un code lorsque je me connecte?',
    answer_en: 'The one-time code proves that it is really you, even if someone learned your password.',
    answer_fr: "Le code à usage unique prouve que c'est bien vous, même si quelqu'un connaît votre mot de passe.",
  },
  {
    question_en: 'How long are my documents kept?',
    question_fr: 'Combien de temps mes documents sont-ils conservés?',
    answer_en: 'Statements and notices stay available for seven years; tax slips for ten years.',
    answer_fr: "Les relevés et les avis restent disponibles sept ans; les feuillets fiscaux, dix ans.",
  },
  {
    question_en: 'How do I change my password?',
    question_fr: 'Comment changer mon mot de passe?',
    answer_en: 'Open the menu with your initials, choose Settings, then the Password tab.',
    answer_fr: 'Ouvrez le menu à vos initiales, choisissez Paramètres, puis l’onglet Mot de passe.',
  },
  {
    question_en: 'What does the blue dot next to a document mean?',
    question_fr: 'Que signifie le point bleu à côté d’un document?',
    answer_en: 'It marks a document you have not opened yet. It disappears once you preview or download it.',
    answer_fr: "Il indique un document que vous n'avez pas encore ouvert. Il disparaît dès que vous le consultez ou le téléchargez.",
  },
  {
    question_en: 'How do I add another type of document to my account?',
    question_fr: "Comment ajouter un autre type de document à mon compte?",
    answer_en: 'On the home page, choose Add a subscription and enter the information printed on your document.',
    answer_fr: "Sur la page d'accueil, choisissez Ajouter un abonnement et saisissez les renseignements imprimés sur votre document.",
  },
];

export const DEMO_REPOSITORY_DOCUMENTS = [
  { name_en: 'Portal user guide', name_fr: "Guide d'utilisation du portail", key: 'user-guide' },
  { name_en: 'Privacy policy', name_fr: 'Politique de confidentialité', key: 'privacy-policy' },
  { name_en: 'Fee schedule', name_fr: 'Grille tarifaire', key: 'fee-schedule' },
];
