// Hands a file to the browser as a download under its name: a temporary <a download>, clicked once
// and removed — to the file's own address (with a ticket, api/exports-api.ts), or to an object URL
// of a file fetched with the session's token.

/** How long the object URL outlives the click: the browser reads the blob after the event. */
const REVOKE_AFTER_MS = 60_000;

/** Follows a link to a file as a download under its name. */
export function followLink(href: string, fileName: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  followLink(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
