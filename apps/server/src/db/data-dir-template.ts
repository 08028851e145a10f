// The data directory template: a migrated, empty embedded database made once at build time
// (prepare-data-dir-template.ts, run by build.mjs) and copied into an empty DATA_DIR at first
// start. Without it PGlite's first start runs initdb in a second WebAssembly instance: seconds of
// work, and hundreds of MB that stay resident afterwards. Migrations newer than the template are
// applied at start as always.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DATA_DIR_TEMPLATE } from '../locations';

/** What a template was made from: another PGlite may not read it, other migrations differ. */
export type TemplateOrigin = { pglite: string; migrations: string };

/** Beside the template, not in it, and written last: a template without one is unfinished. */
export const originFile = (template: string) => `${template}.json`;

export function pgliteVersion(): string {
  // The package exports no package.json; its entry point sits in dist/, one level below it.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

export function migrationsFingerprint(folder: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.sql') || name.endsWith('_journal.json'))
    .sort();
  for (const name of files) hash.update(name).update(readFileSync(path.join(folder, name)));
  return hash.digest('hex');
}

export function readOrigin(template: string): TemplateOrigin | undefined {
  try {
    return JSON.parse(readFileSync(originFile(template), 'utf8')) as TemplateOrigin;
  } catch {
    return undefined;
  }
}

/**
 * Puts a copy of the template at `directory` when nothing is there yet (missing or empty);
 * answers whether it did. A directory holding anything is left alone, and so is every start
 * without a finished template made by this PGlite: PGlite then initialises it as before.
 */
export function copyDataDirTemplate(directory: string, template = DATA_DIR_TEMPLATE): boolean {
  if (existsSync(directory) && readdirSync(directory).length > 0) return false;
  if (readOrigin(template)?.pglite !== pgliteVersion()) return false;
  // Copied aside and renamed into place, so a crash mid-copy leaves no half database behind
  // (only a draft, replaced at the next start).
  const draft = `${directory}.copying`;
  rmSync(draft, { recursive: true, force: true });
  cpSync(template, draft, { recursive: true });
  rmSync(directory, { recursive: true, force: true });
  renameSync(draft, directory);
  return true;
}
