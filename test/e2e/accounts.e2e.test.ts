import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, signUpBody } from '../support/app';
import { hasBrowserForScreens, startBrowserHarness, submitSignIn, type BrowserHarness } from '../support/browser';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowserForScreens) h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
});

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe.skipIf(!hasBrowserForScreens)('accounts in the browser', () => {
  it('a visitor creates an account and lands on the dashboard as a User', async () => {
    const page = await h.newPage();
    const body = signUpBody({ firstName: 'Bella', lastName: 'Browser' });
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Create Account' }).click();
    await page.getByLabel('First Name').fill(body.firstName);
    await page.getByLabel('Last Name').fill(body.lastName);
    await page.getByLabel('Email').fill(body.email);
    await page.getByLabel('Phone Number').fill(body.phone);
    await page.getByLabel('Address').fill(body.address);
    await page.getByLabel('Company Name').fill(body.company);
    await page.getByLabel('Job Title').fill(body.jobTitle);
    await page.getByLabel('Password', { exact: true }).fill(body.password);
    await page.getByLabel('Confirm Password').fill('Different-Passw0rd');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm Password').fill(body.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/app/dashboard');
    await page.getByText('Account created successfully!').waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Bella Browser User' }).waitFor();
    expect(await page.getByRole('link', { name: 'Users' }).count()).toBe(0);
  });

  it('a failed sign-in shows the message in a red box and a toast', async () => {
    const page = await h.newPage();
    await submitSignIn(page, ADMIN.email, 'Wrong-Passw0rd');
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).first();
    await alert.waitFor();
    expect(await page.getByText('Invalid email or password').count()).toBeGreaterThanOrEqual(2);
    expect(pathOf(page)).toBe('/login');
  });

  it('signs in and out, and guards protected and admin routes', async () => {
    const page = await h.newPage();
    await page.goto('/app/admin/users');
    await page.waitForURL('**/login');

    const { user, password } = await h.signUp();
    await submitSignIn(page, user.email, password);
    await page.waitForURL('**/app/dashboard');
    await page.goto('/login');
    await page.waitForURL('**/app/dashboard');
    await page.goto('/app/admin/users');
    await page.waitForURL('**/app/dashboard');

    // The dashboard has loaded its figures; signing out must not fetch them again without a token (finding 13).
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const unauthorized: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401 && !response.url().endsWith('/api/auth/logout')) unauthorized.push(response.url());
    });
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Casey Client/ })
      .click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    await page.waitForLoadState('networkidle');
    expect(unauthorized).toEqual([]);
    await page.goto('/app/orders');
    await page.waitForURL('**/login');
  });

  it('shows the 404 page for unknown paths', async () => {
    const page = await h.newPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByRole('button', { name: 'Return to Dashboard' }).click();
    await page.waitForURL('**/login');
  });

  it('checks every create-account field before calling the server, first message per field', async () => {
    const page = await h.newPage();
    let registerCalls = 0;
    await page.route('**/api/auth/register', (route) => {
      registerCalls += 1;
      return route.continue();
    });
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Create Account' }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    const form = page.getByRole('form', { name: 'Create account' });
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone number is required',
      'Address is required',
      'Company name is required',
      'Job title is required',
      'Password is required',
      'Please confirm your password',
    ]) {
      await form.getByText(message, { exact: true }).waitFor();
    }
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await form.getByText('Please enter a valid email address', { exact: true }).waitFor();
    await form.getByText('Password must be at least 8 characters long', { exact: true }).waitFor();
    expect(await form.getByText('Email is required').count()).toBe(0);
    expect(registerCalls).toBe(0);
  });

  it('treats a sign-in reply without a token as a failure, and says when the server cannot be reached', async () => {
    const page = await h.newPage();
    await page.route('**/api/auth/login', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"message":"ok"}' }));
    await submitSignIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('alert').filter({ hasText: 'No user data returned' }).first().waitFor();
    expect(pathOf(page)).toBe('/login');

    await page.unroute('**/api/auth/login');
    await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const offline = 'Unable to connect to the server. Please check your internet connection and try again.';
    await page.getByRole('alert').filter({ hasText: offline }).first().waitFor();
    expect(await page.getByText(offline).count()).toBeGreaterThanOrEqual(2);
  });

  it('forgot password: checks the address, then confirms without saying whether the account exists', async () => {
    const page = await h.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Please enter your email address').waitFor();
    await page.getByLabel('Email').fill('nobody-at-all');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByLabel('Email').fill('nobody.here@example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Password reset instructions sent!').waitFor();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByRole('button', { name: 'Back to Sign In' }).click();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
  });

  it('shows Profile with the role in words and the migration note', async () => {
    const page = await h.newPage();
    await submitSignIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/app/dashboard');
    const menu = page.getByRole('banner').getByRole('button', { name: new RegExp(`${ADMIN.email}.*Admin`) });
    await menu.click();
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/app/profile');
    const main = page.getByRole('main');
    await main.getByText('Administrator', { exact: true }).waitFor();
    expect(await main.getByLabel('Email').textContent()).toBe(ADMIN.email);
    await main.getByText('Profile editing is being migrated').waitFor();
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    const { user } = await h.signUp();
    const page = await h.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    const [mail] = await h.mailTo(user.email);
    const link = mail?.textBody.match(/reset-password\?token=[\w-]+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(`/${link}`);
    await page.getByText(user.email).waitFor();
    await page.getByLabel('New Password').fill('weakpassword');
    await page.getByLabel('Confirm Password').fill('weakpassword');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password must contain at least one uppercase letter').waitFor();
    await page.getByLabel('New Password').fill('Brand-New-Passw0rd');
    await page.getByLabel('Confirm Password').fill('Brand-New-Passw0rd');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password reset successfully! You can now log in with your new password.').waitFor();
    await page.waitForURL('**/login');

    await submitSignIn(page, user.email, 'Brand-New-Passw0rd');
    await page.waitForURL('**/app/dashboard');
  });

  it('an invalid reset link says so and returns to sign-in', async () => {
    const page = await h.newPage();
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByRole('heading', { name: 'Invalid or expired reset link' }).waitFor();
    await page.waitForURL('**/login');
  });

  it('an admin promotes a client on the Users screen', async () => {
    const { user } = await h.signUp({ firstName: 'Pat', lastName: 'Promoted' });
    const page = await h.newPage();
    await submitSignIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/app/dashboard');
    await page.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL('**/app/admin/users');

    const own = page.getByRole('row').filter({ hasText: ADMIN.email });
    await own.getByText('You', { exact: true }).waitFor();
    expect(await own.getByRole('button').count()).toBe(0);

    const row = page.getByRole('row').filter({ hasText: user.email });
    await row.getByRole('button', { name: `Promote ${user.email}` }).click();
    await page.getByText('User promoted to admin successfully').waitFor();
    await row.getByRole('button', { name: `Demote ${user.email}` }).waitFor();

    await row.getByRole('button', { name: `Delete ${user.email}` }).click();
    await page.getByRole('dialog').getByText(`Are you sure you want to delete user ${user.email}? This action cannot be undone.`).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await row.getByRole('cell', { name: 'Admin', exact: true }).waitFor();
  });

  it('an admin deletes a user after confirming; a failure shows the server message', async () => {
    const gone = await h.signUp({ firstName: 'Gina', lastName: 'Gone' });
    const vanishing = await h.signUp({ firstName: 'Vera', lastName: 'Vanished' });
    const page = await h.newPage();
    await submitSignIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/app/dashboard');
    await page.goto('/app/admin/users');
    const totalUsers = async () => Number(await page.getByText('Total Users').locator('..').getByText(/^\d+$/).textContent());
    const row = page.getByRole('row').filter({ hasText: gone.user.email });
    await row.waitFor();
    const before = await totalUsers();

    await row.getByRole('button', { name: `Delete ${gone.user.email}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('User deleted successfully').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await totalUsers()).toBe(before - 1);

    // Removed behind the screen's back: the server's 404 message reaches the toast.
    await h.inject({ method: 'DELETE', url: `/api/users/${vanishing.user.id}`, token: await h.adminToken() });
    const staleRow = page.getByRole('row').filter({ hasText: vanishing.user.email });
    await staleRow.getByRole('button', { name: `Promote ${vanishing.user.email}` }).click();
    await page.getByText('User not found').waitFor();
    await staleRow.waitFor({ state: 'detached' });
  });

  it('Users and Brands read by pages: counts of everyone, Load more, and a search the server answers', async () => {
    // 60 users and 60 brands older than anything above: the first page (50) cannot hold them all.
    await h.database.db.execute(sql`insert into users (email, password_hash, role, first_name, last_name, created_at)
      select 'pager.' || g || '@paging.example', 'x', 'client', 'Pager', 'Number ' || g, now() - g * interval '1 minute' from generate_series(1, 60) g`);
    await h.database.db.execute(sql`insert into brands (owner_id, common_name, legal_name, created_at)
      select u.id, 'Paged Brand ' || g, 'Paged Brand ' || g || ' Inc', now() - g * interval '1 minute' from generate_series(1, 60) g, users u where u.email = 'pager.1@paging.example'`);
    const everyone = (await h.database.db.execute(sql`select count(*)::int as n from users`)) as unknown as { rows: { n: number }[] };
    const page = await h.newPage();
    const searches: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/(users|brands)\?.*search=/.test(request.url())) searches.push(new URL(request.url()).searchParams.get('search') ?? '');
    });
    await submitSignIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/app/dashboard');

    await page.goto('/app/admin/users');
    const totalUsers = async () => Number(await page.getByText('Total Users').locator('..').getByText(/^\d+$/).textContent());
    await page.getByRole('row').filter({ hasText: 'pager.1@paging.example' }).waitFor();
    expect(await totalUsers()).toBe(everyone.rows[0]!.n);
    const oldest = page.getByRole('row').filter({ hasText: 'pager.60@paging.example' });
    expect(await oldest.count()).toBe(0);
    await page.getByRole('button', { name: 'Load more users' }).click();
    await oldest.waitFor();
    await page.getByLabel('Search users').fill('number 57');
    await page.getByRole('row').filter({ hasText: 'pager.1@paging.example' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('row').filter({ hasText: '@paging.example' }).allTextContents()).toEqual([expect.stringContaining('pager.57@paging.example')]);
    expect(await totalUsers()).toBe(everyone.rows[0]!.n);

    await page.goto('/app/brands');
    await page.getByText('Paged Brand 1', { exact: true }).first().waitFor();
    await page.getByText('50 brands shown').waitFor();
    expect(await page.getByText('Paged Brand 60', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Load more brands' }).click();
    await page.getByText('Paged Brand 60', { exact: true }).first().waitFor();
    await page.getByLabel('Search brands').fill('paged brand 42');
    await page.getByText('1 brand', { exact: true }).waitFor();
    await page.getByText('Paged Brand 42', { exact: true }).first().waitFor();
    expect(searches).toContain('number 57');
    expect(searches).toContain('paged brand 42');
  });
});
