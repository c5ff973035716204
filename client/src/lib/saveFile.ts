/**
 * Hands a file made or fetched in the browser to the browser's download (a temporary link clicked once); the object
 * URL is released a moment later.
 */
export function saveFile(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** The file name a download response gives in its Content-Disposition, else `fallback`. */
export function attachmentName(res: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}
