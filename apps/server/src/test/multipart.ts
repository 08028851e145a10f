// A multipart/form-data body as a browser sends it, for app.inject: Node's own FormData, written
// out by its own Request, so the tests send what a real form would rather than a hand-made one.

export type FormPart =
  | { field: string; value: string }
  | { field: string; file: string | Buffer; filename?: string; type?: string };

/** The body and its content type (with the boundary) of a form of these parts. */
export async function multipartOf(
  parts: FormPart[],
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.field, part.value);
    else
      form.append(
        part.field,
        new Blob([part.file], { type: part.type ?? 'text/csv' }),
        part.filename ?? 'devices.csv',
      );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
