import { expect, test, type Locator, type Page } from '../../fixtures/test';
import { PDFDocument } from 'pdf-lib';
import { expectNoSeriousA11yViolations, openHomeAs } from '../../fixtures/portal';

const ORIGINAL = {
  questionEn: 'Who answers the phone at the branch?',
  questionFr: 'Qui répond au téléphone à la succursale?',
  answerEn: 'Our advisers, from 8 to 8.',
  answerFr: 'Nos conseillers, de 8 h à 20 h.',
};
const EDITED = {
  questionFr: 'Qui répond à nos appels en succursale?',
  answerFr: 'Une conseillère ou un conseiller,\ndu lundi au vendredi.',
};

/** Reaches the FAQ and repository section of the console through the menus, as a person would. */
async function openHelpEditor(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Console' }).click();
  await expect(page.getByRole('heading', { name: 'Tenant console', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'FAQ and repository' }).click();
  await expect(page.getByRole('heading', { name: 'FAQ and repository', level: 2 })).toBeVisible();
}

const faqDialog = (page: Page): Locator => page.getByTestId('faq-entry-dialog');
const faqEntry = (page: Page, question: string): Locator => page.getByTestId('faq-entry').filter({ hasText: question });

async function switchLanguage(page: Page, to: 'Français' | 'English'): Promise<void> {
  await page.getByRole('button', { name: /Account menu|Menu du compte/ }).click();
  await page.getByRole('menuitem', { name: to }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to === 'English' ? 'en' : 'fr');
}

async function makePdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.addPage([300, 300]).drawText(title, { x: 20, y: 150, size: 12 });
  return Buffer.from(await pdf.save());
}

test('Internal staff edit a question’s French text in the console, and the FAQ page shows it in French at once', async ({ page }) => {
  await openHomeAs(page, 'demo.internal', 'Morgan');
  await openHelpEditor(page);
  // Internal staff edit their own client: there is no client to choose.
  await expect(page.getByRole('textbox', { name: 'Client' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The client's own question, in both languages.
  await page.getByRole('button', { name: 'Add a question' }).click();
  const dialog = faqDialog(page);
  await expect(dialog.getByRole('textbox', { name: 'Question in English' })).toBeFocused();
  // Empty fields are refused in the form, each with its message.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter the question.').first()).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Question in English' })).toBeFocused();
  await dialog.getByRole('textbox', { name: 'Question in English' }).fill(ORIGINAL.questionEn);
  await dialog.getByRole('textbox', { name: 'Answer in English' }).fill(ORIGINAL.answerEn);
  await dialog.getByRole('textbox', { name: 'Question in French' }).fill(ORIGINAL.questionFr);
  await dialog.getByRole('textbox', { name: 'Answer in French' }).fill(ORIGINAL.answerFr);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const entry = faqEntry(page, ORIGINAL.questionEn);
  await expect(entry).toContainText(ORIGINAL.questionFr);

  // Its French question and answer edited.
  await entry.getByRole('button', { name: `Edit the question ${ORIGINAL.questionEn}` }).click();
  await expect(dialog.getByRole('textbox', { name: 'Question in French' })).toHaveValue(ORIGINAL.questionFr);
  await dialog.getByRole('textbox', { name: 'Question in French' }).fill(EDITED.questionFr);
  await dialog.getByRole('textbox', { name: 'Answer in French' }).fill(EDITED.answerFr);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(entry).toContainText(EDITED.questionFr);

  // The client's people read it on the FAQ page, in French.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'FAQ' }).click();
  await switchLanguage(page, 'Français');
  await expect(page.getByRole('heading', { name: 'Foire aux questions', level: 1 })).toBeVisible();
  const faqList = page.getByTestId('faq-list');
  await faqList.getByRole('button', { name: EDITED.questionFr }).click();
  await expect(faqList.getByText('Une conseillère ou un conseiller,')).toBeVisible();
  await expect(faqList.getByText('du lundi au vendredi.', { exact: false })).toBeVisible();
  await expect(faqList).not.toContainText(ORIGINAL.questionFr);

  // Back in the console, in French, the text is put back as it was, then the question removed.
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Console' }).click();
  await page.getByRole('navigation', { name: 'Sections de la console' }).getByRole('link', { name: 'FAQ et répertoire' }).click();
  const frenchEntry = page.getByTestId('faq-entry').filter({ hasText: EDITED.questionFr });
  await frenchEntry.getByRole('button', { name: `Modifier la question ${EDITED.questionFr}` }).click();
  await dialog.getByRole('textbox', { name: 'Question en français' }).fill(ORIGINAL.questionFr);
  await dialog.getByRole('textbox', { name: 'Réponse en français' }).fill(ORIGINAL.answerFr);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await switchLanguage(page, 'English');

  await entry.getByRole('button', { name: `Delete the question ${ORIGINAL.questionEn}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this question?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Delete the question' }).click();
  await expect(confirm).toBeHidden();
  await expect(entry).toHaveCount(0);
});

test('Questions move up and down from the keyboard, and the new position is announced', async ({ page }) => {
  await openHomeAs(page, 'demo.internal', 'Morgan');
  await openHelpEditor(page);
  const dialog = faqDialog(page);
  for (const name of ['First question', 'Second question']) {
    await page.getByRole('button', { name: 'Add a question' }).click();
    await dialog.getByRole('textbox', { name: 'Question in English' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Answer in English' }).fill(`${name}, answered.`);
    await dialog.getByRole('textbox', { name: 'Question in French' }).fill(`${name} (fr)`);
    await dialog.getByRole('textbox', { name: 'Answer in French' }).fill(`${name}, répondue.`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }
  const entries = page.getByTestId('faq-entry').filter({ hasText: /^(First|Second) question/ });
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('First question');

  const moveUp = page.getByRole('button', { name: 'Move up: Second question' });
  await moveUp.focus();
  await page.keyboard.press('Enter');
  await expect(entries.first()).toContainText('Second question');
  await expect(page.getByRole('status').filter({ hasText: 'Second question is now in position 1 of 2.' })).toHaveCount(1);
  // At the top, the focus stays on the entry: on its other button.
  await expect(page.getByRole('button', { name: 'Move down: Second question' })).toBeFocused();

  for (const name of ['Second question', 'First question']) {
    await page.getByRole('button', { name: `Delete the question ${name}` }).click();
    await page.getByRole('dialog', { name: 'Delete this question?' }).getByRole('button', { name: 'Delete the question' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete this question?' })).toBeHidden();
  }
  await expect(entries).toHaveCount(0);
});

test('A super user adds a repository document with a PDF per language for another client, replaces one, and removes it', async ({
  page,
}) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  await openHelpEditor(page);
  await page.getByRole('textbox', { name: 'Client' }).click();
  await page.getByRole('option', { name: /\(LAU\)$/ }).click();

  await page.getByRole('button', { name: 'Add a document' }).click();
  const dialog = page.getByTestId('repository-document-dialog');
  await dialog.getByRole('textbox', { name: 'Name in English' }).fill('Outage map');
  await dialog.getByRole('textbox', { name: 'Name in French' }).fill('Carte des pannes');
  for (const [label, title] of [
    ['English PDF', 'Outage map'],
    ['French PDF', 'Carte des pannes'],
  ] as const) {
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: label }).click();
    await (await chooser).setFiles({ name: `${title}.pdf`, mimeType: 'application/pdf', buffer: await makePdf(title) });
  }
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const entry = page.getByTestId('repository-entry').filter({ hasText: 'Outage map' });
  await expect(entry).toContainText('Carte des pannes');
  await expect(entry.getByRole('link', { name: /^English PDF/ })).toBeVisible();

  // A file that is not a PDF is refused before it is sent.
  await entry.getByRole('button', { name: 'Edit the document Outage map' }).click();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Replace the French PDF' }).click();
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a PDF') });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This file is not a PDF that can be opened', { exact: false })).toBeVisible();
  const again = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: /Replace the French PDF|notes\.txt/ }).click();
  await (await again).setFiles({ name: 'Carte.pdf', mimeType: 'application/pdf', buffer: await makePdf('Nouvelle carte des pannes') });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await entry.getByRole('button', { name: 'Delete the document Outage map' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this document?' });
  await confirm.getByRole('button', { name: 'Delete the document' }).click();
  await expect(entry).toHaveCount(0);
});

test('@mobile On a phone, the editor and its dialog fit the screen', async ({ page }) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  await page.goto('/#/console/help');
  await expect(page.getByRole('heading', { name: 'FAQ and repository', level: 2 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Client' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Add a question' }).click();
  const dialog = faqDialog(page);
  const english = await dialog.getByRole('textbox', { name: 'Question in English' }).boundingBox();
  const french = await dialog.getByRole('textbox', { name: 'Question in French' }).boundingBox();
  // One language above the other.
  expect(french!.y).toBeGreaterThan(english!.y + english!.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
