/** Offers a blob as a file download named `fileName` (the XLSX, XLIFF and brand package archives). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; the URL can go once the event loop moves on.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** '{display name}-rebranding.zip' (docs/product.md), with characters file systems refuse replaced. */
export function packageFileName(displayName: string): string {
  // eslint-disable-next-line no-control-regex
  const name = displayName.trim().replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_').replace(/^[. ]+|[. ]+$/g, '');
  return `${name === '' ? 'brand' : name}-rebranding.zip`;
}
