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

test('the sign-in page sends its scripts and styles compressed', async ({ request }) => {
  const page = await (await request.get('/portal/login')).text();
  const assets = [...page.matchAll(/(?:src|href)="(\/portal\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (match) => match[1] as string,
  );
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) {
    const brotli = await request.get(asset, { headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers()['content-encoding'], asset).toBe('br');
    const gzip = await request.get(asset, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding'], asset).toBe('gzip');
    expect(await brotli.body()).toEqual(await gzip.body());
  }
});
