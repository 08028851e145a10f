import { expect, test } from '../support/fixtures';

test('pages are served with a strict policy carrying their own nonce', async ({ request }) => {
  const response = await request.get('/portal/properties');
  expect(response.status()).toBe(200);
  const policy = response.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce).toBeTruthy();
  expect(await response.text()).toContain(`nonce="${nonce}"`);
  expect(policy).toContain("script-src 'self';");
  expect(policy).not.toContain('unsafe-inline');
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
});

test('the API answers beside the app', async ({ request }) => {
  expect(await (await request.get('/api/health')).json()).toEqual({ status: 'ok' });
  expect(await (await request.get('/api/ready')).json()).toEqual({
    status: 'ready',
    database: 'pglite',
  });
  const missing = await request.get('/api/nothing-here');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
});

test('the API documentation opens in the browser', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByText('Portal API')).toBeVisible();
  await expect(page.getByText('/api/health')).toBeVisible();
});
