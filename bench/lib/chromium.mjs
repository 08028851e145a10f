// Debian's Chromium, headless, with the flags of DESIGN §6, driven by puppeteer-core (the version
// Lighthouse itself depends on): shared by W7 (what the sign-in screen loads) and W8 (Lighthouse).
import { existsSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_PATH } from './settings.mjs';

export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * @param {string} profileDirectory a fresh directory for the browser's profile
 * @returns {Promise<import('puppeteer-core').Browser>}
 */
export async function launchChromium(profileDirectory) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH; the bench never downloads a browser.`,
    );
  }
  return puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    userDataDir: profileDirectory,
  });
}
