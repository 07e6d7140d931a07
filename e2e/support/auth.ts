import { expect, type Page } from '@playwright/test';
import { expectPath } from './shell';
import { DEMO_PASSWORD } from './users';

/**
 * Sign-in helpers. Mind the server's rate limit (SPEC: 10 failed sign-ins per IP in 15 minutes): every
 * journey runs from 127.0.0.1 against ONE server, so all journeys of a run together must stay well below
 * 10 deliberate failures (a CI retry repeats them). Never test the 429 limit in e2e; the server tests do.
 */
export const SIGN_IN_FAILED_TEXT = 'Anmeldung fehlgeschlagen. Bitte überprüfen Sie Ihre Eingaben.';

/** The login screen's parts (SPEC §2 Login). */
export function loginScreen(page: Page) {
  return {
    heading: page.getByRole('heading', { name: 'Anmelden' }),
    email: page.getByLabel('E-Mail'),
    password: page.getByLabel('Passwort', { exact: false }),
    submit: page.getByRole('button', { name: 'Anmelden' }),
    error: page.getByRole('alert').filter({ hasText: SIGN_IN_FAILED_TEXT }),
  };
}

/** Fills the login form on the current page and submits it, without waiting for the outcome. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  const screen = loginScreen(page);
  await expect(screen.heading).toBeVisible();
  await screen.email.fill(email);
  await screen.password.fill(password);
  await screen.submit.click();
}

/**
 * Signs in through the login screen and waits for the signed-in shell. On a fresh page it opens `/login`
 * first (and the app then goes to the user's start page); on a page that already shows the login screen
 * (a deep link visited signed out, `/login/{id}`) it signs in right there.
 */
export async function signInAs(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/login');
  await submitSignIn(page, email, password);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/**
 * Signs in through the API only (faster, no UI): the page's browser context gets the session cookie;
 * navigate afterwards. For journeys whose subject is not the sign-in itself.
 */
export async function signInByApi(
  page: Page,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in', { data: { email, password } });
  expect(response.status(), `Anmeldung von ${email} über die API`).toBe(200);
}

/** Signs out through the user menu and waits for the login screen. */
export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(loginScreen(page).heading).toBeVisible();
}

function passwordInput(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
}

/** Sets the first password from a link of an invitation or reset mail, then signs in with it. */
export async function setPasswordFromLink(page: Page, link: string, email: string): Promise<void> {
  // Leave the signed-in page first: a query it still sends after the cookies are gone answers 401 (a console
  // error that fails the journey), though nobody would see it.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto(link);
  await expectPath(page, '/reset');
  const password = `start-${Date.now()}`;
  await passwordInput(page, 'Neues Passwort').fill(password);
  await passwordInput(page, 'Passwort bestätigen').fill(password);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expectPath(page, '/login');
  await signInAs(page, email, password);
}
