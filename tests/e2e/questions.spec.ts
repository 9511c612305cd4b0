/**
 * Custom questions (docs/product.md#custom-questions): the host builds the RSVP form's questions in the
 * event dialog (add, order by button and keyboard, delete asks first); the guest answers them, with a
 * clear error on a required one, and the host sees the answers in the guest list. Desktop and 375 px (@mobile).
 */
import { wcagViolations } from '../support/axe.ts';
import { createEvent, createOwner, expect, ownerApi, screenshot, test, uniqueEmail } from './fixtures.ts';

test(
  'the host adds questions, orders them by button and keyboard; a delete asks first',
  { tag: '@mobile' },
  async ({ page, server }, testInfo) => {
    await createOwner(page, server);
    const title = `Questions ${testInfo.project.name}`;
    const res = await page.request.post('/api/events', {
      data: { title, event_date: '2030-07-18T22:00:00.000Z', timezone: 'America/Chicago', location: 'Chicago' },
    });
    expect(res.status()).toBe(201);
    await page.goto('/auth/admin');
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit event' });
    const section = dialog.getByRole('region', { name: 'Questions for guests' });
    await expect(section.getByText('No questions yet')).toBeVisible();

    await section.getByRole('button', { name: 'Add a question' }).click();
    await section.getByLabel('Question', { exact: true }).fill('Dietary needs');
    await section.getByRole('checkbox', { name: 'Required' }).check();
    await section.getByLabel('Ask').selectOption('yes');
    await section.getByRole('button', { name: 'Add question' }).click();
    await expect(section.getByTestId('question-row')).toHaveCount(1);

    await section.getByRole('button', { name: 'Add a question' }).click();
    await section.getByLabel('Kind').selectOption('single_choice');
    await section.getByLabel('Question', { exact: true }).fill('Meal');
    await section.getByRole('textbox', { name: 'Option 1' }).fill('Fish');
    await section.getByRole('textbox', { name: 'Option 2' }).fill('Veg');
    await section.getByRole('button', { name: 'Add question' }).click();
    await expect(section.getByTestId('question-row')).toHaveText([/Dietary needs.*Required · Yes only/, /Meal.*Single choice · Optional/]);
    expect(await wcagViolations(page)).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'questions-host');

    // Move up with the button; back down with Alt+↓ on the question, announced.
    await section.getByRole('button', { name: 'Move “Meal” up' }).click();
    await expect(section.getByTestId('question-row').first()).toContainText('Meal');
    const meal = section.getByTestId('question-row').first();
    await meal.focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect(section.getByTestId('question-row').first()).toContainText('Dietary needs');
    await expect(section.getByText('“Meal” moved to position 2 of 2.')).toBeAttached();
    // The order is saved: the public form asks in it.
    const eventId = (await res.json()).event.id;
    const publicOrder = async () =>
      ((await (await page.request.get(`/api/public/events/${eventId}`)).json()).event.questions as { label: string }[]).map((q) => q.label);
    await expect.poll(publicOrder).toEqual(['Dietary needs', 'Meal']);

    // Drag (a mouse: phones use the buttons): Meal dropped on the first question goes first.
    if (testInfo.project.name === 'desktop') {
      await section.getByTestId('question-row').nth(1).dragTo(section.getByTestId('question-row').first());
      await expect(section.getByTestId('question-row').first()).toContainText('Meal');
      await expect.poll(publicOrder).toEqual(['Meal', 'Dietary needs']);
    }
    // Delete asks first; Cancel keeps it.
    await section.getByRole('button', { name: 'Delete “Meal”' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete “Meal”?' });
    await expect(confirm.getByText('No guest has answered it yet.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(section.getByTestId('question-row')).toHaveCount(2);
    await section.getByRole('button', { name: 'Delete “Meal”' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete question' }).click();
    await expect(section.getByTestId('question-row')).toHaveCount(1);
  },
);

test(
  'a guest answers the questions; a required one missing is named; the host sees the answers',
  { tag: '@mobile' },
  async ({ page, server, playwright }, testInfo) => {
    const owner = await ownerApi(playwright, server);
    const title = `Supper ${testInfo.project.name}`;
    const event = await createEvent(owner, { title });
    const add = async (data: Record<string, unknown>) =>
      (await (await owner.post(`/api/events/${event.id}/questions`, { data })).json()).question;
    await add({ kind: 'short_text', label: 'Dietary needs', required: true, shown_for: 'yes' });
    await add({ kind: 'single_choice', label: 'Meal', options: [{ label: 'Fish' }, { label: 'Veg' }] });
    await add({ kind: 'checkbox', label: 'I accept the house rules', required: true });

    await page.goto(`/event/${event.id}`);
    await page.getByRole('button', { name: 'RSVP', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByLabel('Name').fill('Grace Hopper');
    await dialog.getByLabel('Email').fill(uniqueEmail(testInfo, 'grace'));
    // The form with its questions passes axe (checked before the error toast, which is the toaster's own matter).
    expect(await wcagViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Submit RSVP' }).click();
    await expect(dialog.getByText('Please answer this question.')).toBeVisible();
    await expect(dialog.getByText('Please tick this box to continue.')).toBeVisible();
    await expect(dialog.getByLabel('Dietary needs')).toBeFocused();
    await screenshot(page, testInfo, 'questions-guest-errors');

    // A 'No' is not asked the Yes-only question.
    await dialog.getByRole('radio', { name: "Sorry, can't make it" }).click();
    await expect(dialog.getByLabel('Dietary needs')).toHaveCount(0);
    await dialog.getByRole('radio', { name: "Yes, I'll attend" }).click();

    await dialog.getByLabel('Dietary needs').fill('No nuts');
    await dialog.getByRole('radio', { name: 'Veg' }).check();
    await dialog.getByRole('checkbox', { name: 'I accept the house rules' }).check();
    await dialog.getByRole('button', { name: 'Submit RSVP' }).click();
    await expect(page.getByText('RSVP Submitted!').first()).toBeVisible();

    const rows = (await (await owner.get(`/api/events/${event.id}/rsvps`)).json()).rows;
    expect(Object.values(rows[0].answers).sort()).toEqual(['No nuts', 'Veg', 'Yes']);
  },
);

test(
  'a guest changes their answers on the manage page; the host filters the guest list by an option',
  { tag: '@mobile' },
  async ({ page, server }, testInfo) => {
    await createOwner(page, server);
    const title = `Picnic ${testInfo.project.name}`;
    const event = (
      await (
        await page.request.post('/api/events', { data: { title, event_date: '2030-07-18T22:00:00.000Z', timezone: 'America/Chicago' } })
      ).json()
    ).event;
    const meal = (
      await (
        await page.request.post(`/api/events/${event.id}/questions`, {
          data: { kind: 'single_choice', label: 'Meal', options: [{ label: 'Fish' }, { label: 'Veg' }] },
        })
      ).json()
    ).question;
    const answer = (name: string, option: number) =>
      page.request.post(`/api/public/events/${event.id}/rsvps`, {
        data: { name, email: uniqueEmail(testInfo, name.toLowerCase()), answers: { [meal.id]: meal.options[option].id } },
      });
    const ada = await (await answer('Ada', 0)).json();
    expect((await answer('Bo', 1)).status()).toBe(201);

    // The manage page starts from the stored answer; the guest changes it.
    await page.goto(ada.manage_url);
    const fish = page.getByRole('radio', { name: 'Fish' });
    await expect(fish).toBeChecked();
    await page.getByRole('radio', { name: 'Veg' }).check();
    await screenshot(page, testInfo, 'questions-manage');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved', { exact: false }).first()).toBeVisible();
    const stored = async () =>
      (await (await page.request.get(ada.manage_url.replace('/rsvp/', '/api/public/rsvps/'))).json()).rsvp.answers[meal.id];
    await expect.poll(stored).toBe(meal.options[1].id);

    // The host's list: a Meal column (tables from 768 px), and the Answer filter.
    await page.goto(`/auth/admin?tab=guest-list&event=${event.id}`);
    await page.getByRole('combobox', { name: 'Answer', exact: true }).selectOption({ label: 'Meal: Veg' });
    await expect(page).toHaveURL(new RegExp(`answer=${meal.id}%3A${meal.options[1].id}`));
    await expect(
      page
        .getByText(/^ada-.*@example\.com$/)
        .filter({ visible: true })
        .first(),
    ).toBeVisible();
    await expect(
      page
        .getByText(/^bo-.*@example\.com$/)
        .filter({ visible: true })
        .first(),
    ).toBeVisible();
    await page.getByRole('combobox', { name: 'Answer', exact: true }).selectOption({ label: 'Meal: Fish' });
    await expect(page.getByText('No guests found matching')).toBeVisible();
    await page.getByRole('combobox', { name: 'Answer', exact: true }).selectOption({ label: 'Any answer' });
    // Phones: each card lists the answers.
    if (testInfo.project.name === 'mobile') await expect(page.getByText('Veg', { exact: true }).filter({ visible: true })).toHaveCount(2);
    if (testInfo.project.name === 'desktop') {
      await expect(page.getByRole('columnheader', { name: 'Meal' })).toBeVisible();
      await expect(page.getByRole('cell', { name: 'Veg' })).toHaveCount(2);
    }
    await screenshot(page, testInfo, 'questions-guest-list');
  },
);
