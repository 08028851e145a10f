// The name an image is kept and downloaded under: the uploader's file name, cleaned, and the
// Content-Disposition header that names it (RFC 6266, with RFC 5987's filename* for the rest).

/** Longest kept name, before the extension: a file system's 255 bytes leave room for this. */
const MAX_NAME_LENGTH = 100;
const FALLBACK_NAME = 'image';

/**
 * The uploaded name made safe to keep and send: no path (a browser may send one), no control
 * characters or characters file systems refuse, no leading dots, at most MAX_NAME_LENGTH
 * characters, and the extension of what is kept (the upload's own no longer fits the bytes).
 */
export function cleanFileName(uploaded: string, extension: string) {
  const base = uploaded.split(/[\\/]/).pop() ?? '';
  const stem = base
    .normalize('NFC')
    .replace(/\.[^.]*$/, '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what goes
    .replace(/[\u0000-\u001f\u007f-\u009f"*/:<>?\\|;]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const kept = [...stem].slice(0, MAX_NAME_LENGTH).join('').trim() || FALLBACK_NAME;
  return `${kept}.${extension}`;
}

/** RFC 5987's encoding: percent-encoded UTF-8, which encodeURIComponent does but for four. */
const encodeExtended = (value: string) =>
  encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * `inline` (the browser shows it; a download keeps the name) or `attachment` (always a download),
 * with the name twice: as ASCII for old clients (accents dropped, the rest '_') and exactly, as
 * UTF-8, in filename*.
 */
export function contentDisposition(
  fileName: string,
  disposition: 'inline' | 'attachment' = 'inline',
) {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeExtended(fileName)}`;
}
