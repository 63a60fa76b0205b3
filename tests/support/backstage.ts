import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from './constants.ts';

/** An admin logs in to the back office and opens the backstage request made for this artist name. */
export async function openBackstageRequestAsAdmin(page: Page, artistName: string) {
  await page.goto('/admin');
  await page.locator('input[name="username"]').fill(E2E_ADMIN.email);
  await page.locator('input[name="password"]').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('menuitem', { name: 'Backstage requests' }).click();
  await page.getByRole('row', { name: new RegExp(artistName) }).click();
}

/** Approves the open request and waits for the back office to say so. */
export async function approveOpenRequest(page: Page) {
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('This request was approved.')).toBeVisible();
}
