// Hands a fetched file to the browser as a download under its name: an object URL behind a
// temporary <a download>, clicked once and removed. (The file is fetched with the session's token;
// a link to the API itself would arrive without it and be refused.)

/** How long the object URL outlives the click: the browser reads the blob after the event. */
const REVOKE_AFTER_MS = 60_000;

export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
