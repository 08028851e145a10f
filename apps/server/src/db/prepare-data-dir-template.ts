// Makes the data directory template (data-dir-template.ts) at build time: an empty embedded
// database with every migration applied. Run by build.mjs.
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DATA_DIR_TEMPLATE, MIGRATIONS_FOLDER } from '../locations';
import { openDatabase } from './client';
import {
  migrationsFingerprint,
  originFile,
  pgliteVersion,
  readOrigin,
  type TemplateOrigin,
} from './data-dir-template';
import { migrateDatabase } from './migrate';

/**
 * Makes the template at `template` unless one made from the same PGlite and migrations is
 * there already (a rebuild without new migrations costs nothing). Answers whether it made one.
 */
export async function prepareDataDirTemplate(
  template = DATA_DIR_TEMPLATE,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<boolean> {
  const origin: TemplateOrigin = {
    pglite: pgliteVersion(),
    migrations: migrationsFingerprint(migrationsFolder),
  };
  const existing = readOrigin(template);
  if (
    existing?.pglite === origin.pglite &&
    existing.migrations === origin.migrations &&
    existsSync(path.join(template, 'PG_VERSION'))
  )
    return false;

  rmSync(originFile(template), { force: true });
  const draft = `${template}.draft`;
  rmSync(draft, { recursive: true, force: true });
  const database = await openDatabase({ driver: 'pglite', directory: draft });
  try {
    await migrateDatabase(database, migrationsFolder);
  } finally {
    // Closing checkpoints, so the copy needs no recovery when it is opened.
    await database.close();
  }
  rmSync(template, { recursive: true, force: true });
  renameSync(draft, template);
  writeFileSync(originFile(template), `${JSON.stringify(origin)}\n`);
  return true;
}
