import { expect, test } from '@playwright/test';
import { OPS_KEY } from './support';

// The storefront's content kept by operators (issue 13): the news centre's paging and the help
// centre's anchor, from what operators wrote, sanitised.
const ops = { 'X-Ops-Key': OPS_KEY };

test.use({ locale: 'en-GB' });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'EN'));
});

test('operators publish notices; the news centre pages them 9 at a time and shows one, sanitised', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const ids: number[] = [];
  for (let i = 1; i <= 10; i++) {
    const res = await request.post('/ops/content/announcements', {
      headers: ops,
      data: {
        type: 'PL',
        titleEn: `Cup news ${stamp} #${i}`,
        contentEn: `<p>Round ${i} <strong>report</strong><img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script></p>`,
        sort: 1000 + i,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push((await res.json()).value.id);
  }
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/notice');
    const centre = page.getByTestId('notice-centre');
    await expect(centre.getByTestId('notice-title')).toHaveCount(9);
    await expect(centre.getByTestId('notice-page')).toHaveText(/^Page 1 of \d+$/);
    // to the last page, where the newest of this test's notices are
    const pages = Number((await centre.getByTestId('notice-page').innerText()).split(' of ')[1]);
    for (let p = 1; p < pages; p++) await centre.getByRole('button', { name: 'Next page' }).click();
    await expect(centre.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await centre.getByRole('button', { name: `Cup news ${stamp} #10` }).click();
    await expect(page).toHaveURL(new RegExp(`/notice\\?id=${ids[9]}$`));
    const detail = centre.getByTestId('notice-detail');
    await expect(detail.getByRole('heading')).toHaveText(`Cup news ${stamp} #10`);
    await expect(detail.locator('strong')).toHaveText('report');
    expect(await detail.locator('script, [onerror]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    // linked on its own page
    await page.goto(`/noticecontent?id=${ids[0]}`);
    await expect(page.getByTestId('notice-article').getByRole('heading')).toHaveText(`Cup news ${stamp} #1`);
    await page.getByRole('link', { name: /All news/ }).click();
    await expect(page.getByTestId('notice-centre')).toBeVisible();
  } finally {
    for (const id of ids) await request.put(`/ops/content/announcements/${id}`, { headers: ops, data: { active: false } });
  }
});

test('the help centre: operators edit an article; /helpmc#term opens at the terms; /help#term in the modal', async ({
  page,
  request,
}) => {
  const saved = await request.put('/ops/content/help', {
    headers: ops,
    data: {
      section: 'term',
      lang: 'EN',
      title: 'Terms and conditions',
      content: '<ol><li>You must be 18 or older to play.</li><li>One account per person.</li></ol>',
      sort: 40,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/helpmc#term');
  const terms = page.getByTestId('help-term');
  await expect(terms.getByRole('heading')).toHaveText('Terms and conditions');
  await expect(terms.locator('li').nth(1)).toHaveText('One account per person.');
  await expect(terms).toBeInViewport();
  await expect(page.getByTestId('help-faq')).not.toBeInViewport();

  await page.goto('/help#term');
  const modal = page.getByTestId('helpModal');
  await expect(modal.getByTestId('help-term')).toBeInViewport();
});

test('the right bar offers the app downloads, each with a QR code, and the mobile configuration profile', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  const bar = page.getByTestId('right-bar');
  for (const name of ['Android', 'iOS', 'Mobile configuration']) await expect(bar.getByRole('link', { name })).toBeVisible();
  const codes = bar.locator('.k-download img');
  await expect(codes).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    await codes.nth(i).scrollIntoViewIfNeeded();
    await expect
      .poll(() => codes.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
  const href = await bar.getByRole('link', { name: 'Mobile configuration' }).getAttribute('href');
  const profile = await request.get(href!);
  expect(profile.headers()['content-type']).toMatch(/^application\/x-apple-aspen-config/);
  expect(await profile.text()).toContain('com.apple.webClip.managed');
});

test("the footer shows the vendors' icons once it comes near, in a strip that does not move the page", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  const strip = page.getByTestId('footer-vendors');
  const before = await strip.boundingBox();
  await strip.scrollIntoViewIfNeeded();
  const icons = strip.getByRole('img');
  await expect.poll(() => icons.count()).toBeGreaterThan(10);
  await expect.poll(() => icons.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect((await strip.boundingBox())!.height).toBe(before!.height);
});
