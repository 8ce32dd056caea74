import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--headless'] });
for (const [w,h,name] of [[1440,900,'wide'],[390,844,'phone']]) {
const p = await b.newPage({ viewport: { width: w, height: h } });
await p.goto('http://127.0.0.1:3900/login');
await p.getByLabel('Email').fill('admin@example.com');
await p.getByLabel('Password', { exact: true }).fill('Admin-Passw0rd');
await p.getByRole('button', { name: 'Sign In', exact: true }).click();
await p.waitForURL('**/app/dashboard');
await p.goto('http://127.0.0.1:3900/app/admin/traffic');
await p.getByRole('heading', { name: 'Traffic Log' }).waitFor();
await p.waitForTimeout(1500);
await p.screenshot({ path: `/tmp/traffic-${name}.png`, fullPage: false });
const sw = await p.evaluate(() => document.documentElement.scrollWidth);
console.log(name, 'scrollWidth', sw);
}
await b.close();
