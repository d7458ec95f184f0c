import { afterAll, expect, test } from 'vitest';
import { registeredUser } from '../test/support/api-client.ts';
import { startSmtpServer, tokenOfLink } from '../test/support/smtp-server.ts';
import { toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const app = setUpE2eApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://figurine.example.it' } });
const { server, phoneOf } = app;

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

test("Profilo → 'E-mail' sets the address, the mailed link verifies it, and a second use is refused", async () => {
  const user = await registeredUser(server.url);
  const { context, page } = await phoneOf(user);
  try {
    await page.goto('/profile');
    await page.getByRole('button', { name: 'E-mail', exact: true }).click();
    const field = page.getByLabel('Indirizzo e-mail');
    await field.waitFor();

    // The server's zod schema, in the browser: the error under the field, nothing sent.
    await field.fill('non-una-email');
    await page.getByRole('button', { name: 'Salva', exact: true }).click();
    await expect.poll(() => page.getByText('Indirizzo e-mail non valido').count()).toBe(1);

    const address = `telefono.${process.pid}@example.it`;
    await field.fill(address.toUpperCase());
    await page.getByRole('button', { name: 'Salva', exact: true }).click();
    await toast(page, 'Controlla la posta').waitFor();
    await page.getByText('Da verificare', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Invia di nuovo' }).waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/email-da-verificare.png` });

    const [mail] = await smtp.waitForMails(address);
    const token = tokenOfLink(mail?.text ?? '', '/verifica-email');
    await page.goto(`/verifica-email?token=${encodeURIComponent(token)}`);
    await page.getByText(/Indirizzo e-mail verificato/).waitFor();
    // A screen a stranger may open too, like /login: no tab bar.
    expect(await page.getByRole('navigation', { name: 'Navigazione principale' }).count()).toBe(0);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/verifica-email-ok.png` });

    await page.getByRole('link', { name: 'Vai al profilo' }).click();
    await page.getByRole('button', { name: 'E-mail', exact: true }).click();
    await page.getByText('Verificata', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Invia di nuovo' }).count()).toBe(0);
    if (SCREENSHOTS) {
      await page.getByRole('button', { name: 'Salva', exact: true }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(500); // the accordion's opening, for the picture only
      await page.screenshot({ path: `${SCREENSHOTS}/email-verificata.png` });
    }

    await page.goto(`/verifica-email?token=${encodeURIComponent(token)}`);
    await page.getByText(/Link non valido o scaduto/).waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/verifica-email-scaduto.png` });
  } finally {
    await context.close();
  }
});
