/**
 * Guest import (issue 34 item 3, docs/product.md#guest-import): a host uploads another tool's export, matches its
 * columns, reads the preview's errors, imports, and reads the report; the door then admits an imported ticket code.
 */
import type { TCheckinVerdict } from '../../src/common/schemas/checkin.responses.ts';
import { wcagViolations } from '../support/axe.ts';
import { smallTargets } from '../support/target-size.ts';
import { createEvent, createOwner, expect, ownerApi, screenshot, test } from './fixtures.ts';

test('a host imports guests from a CSV, sees the row errors, and the door accepts an imported code @mobile', async ({
  page,
  server,
  playwright,
}, testInfo) => {
  const owner = await ownerApi(playwright, server);
  const event = await createEvent(owner, { title: `Winter Market ${testInfo.project.name}`, location: 'Old Mill', max_attendees: 50 });
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const csv = [
    'First name;Last name;Email;Guests;Attending;Dietary;Barcode',
    `Ada;Lovelace;ada-${tag}@example.com;2;yes;Vegan;EB-${tag}-1`,
    `Alan;Turing;alan-${tag}@example.com;1;maybe;;`,
    `Grace;Hopper;not-an-email;1;yes;;`,
    `=HYPERLINK("http://evil.example");x;formula-${tag}@example.com;1;yes;;`,
  ].join('\r\n');
  await createOwner(page, server);
  await page.goto(`/auth/admin?tab=guest-list&event=${event.id}`);

  await page.getByRole('button', { name: 'Import guests' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import guests' });
  await expect(dialog.getByText('Choose a CSV file')).toBeVisible();
  await dialog.getByLabel(/Choose a CSV file/).setInputFiles({ name: 'market.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  // The header suggested the mapping; the file was read with its separator.
  await expect(dialog.getByText(/4 rows, read as UTF-8 separated by semicolons/)).toContainText('market.csv');
  await expect(dialog.getByLabel('First name')).toHaveValue('0');
  await expect(dialog.getByLabel('E-mail (needed)')).toHaveValue('2');
  await expect(dialog.getByLabel('Existing ticket code')).toHaveValue('6');
  // Dietary has no field of its own: the host chooses Notes for it.
  await dialog.getByLabel('Notes').selectOption({ label: 'Dietary (e.g. Vegan)' });
  await expect(dialog.getByText('2 rows of the first 4 would not be imported.')).toBeVisible();
  await expect(dialog.getByText('“not-an-email” is not an e-mail address.')).toBeVisible();
  await expect(dialog.getByText(/spreadsheet formula/)).toBeVisible();
  // The dialog passes axe; on a phone every control is a 44 px target and nothing scrolls sideways.
  expect(await wcagViolations(page)).toEqual([]);
  if (testInfo.project.name === 'mobile') {
    expect(await smallTargets(page, dialog)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }
  await screenshot(page, testInfo, 'guest-import-mapping');

  await dialog.getByRole('button', { name: 'Import 4 rows' }).click();
  await expect(dialog.getByRole('status')).toContainText('2 added · 2 not imported');
  await expect(dialog.getByRole('heading', { name: 'Rows not imported' })).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Row 3:' })).toContainText(
    'E-mail: “not-an-email” is not an e-mail address.',
  );
  await screenshot(page, testInfo, 'guest-import-report');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The list shows them at once; the report stays under Import guests.
  await expect(page.getByText(/^2 RSVPs/)).toBeVisible();
  await expect(page.getByText('Ada Lovelace').locator('visible=true').first()).toBeVisible();
  await page.getByRole('button', { name: 'Import guests' }).click();
  await expect(dialog.getByRole('heading', { name: 'Earlier imports' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Open the report of market.csv' }).click();
  await expect(dialog.getByRole('status')).toContainText('2 added · 2 not imported');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The door admits the imported barcode as it is.
  const scan = await owner.post(`/api/checkin/${event.id}/redeem`, {
    data: { code: `EB-${tag}-1`, nonce: crypto.randomUUID(), device: 'Door 1' },
  });
  expect(scan.status()).toBe(200);
  expect((await scan.json()) as TCheckinVerdict).toMatchObject({ ok: true, admitted: 2, guest: { name: 'Ada Lovelace' } });
});
