// The catalogues a form's messages come from, apart from the translator (lib/form-issues.ts): the
// route table loads them with every form screen, and the sign-in screen's first chunk, which holds
// the route table, then need not hold the translator (W7, docs/web-loading.md).
export const FORM_NAMESPACES = [
  'forms',
  'auth',
  'properties',
  'areas',
  'devices',
  'pinCodes',
  'wifi',
  'organizations',
  'account',
  'exports',
  'errors',
] as const;
