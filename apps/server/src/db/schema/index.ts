// The database schema, as code, one file per feature; `npm run db:generate` turns changes into SQL
// migrations in drizzle/. This index is what drizzle-kit and the database client read; feature
// code imports the table it needs from its own file.
export * from './accounts';
export * from './areas';
export * from './device-images';
export * from './devices';
export * from './exports';
export * from './mail';
export * from './organizations';
export * from './pin-codes';
export * from './prices';
export * from './properties';
export * from './rate-limits';
export * from './telemetry';
export * from './wifi';
