/** Saves `blob` as a file named `name` through the browser's download. */
export function saveFile(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves `text` as a file named `name`, without a server round trip. */
export function downloadTextFile(name: string, text: string) {
  saveFile(name, new Blob([text], { type: 'text/plain;charset=utf-8' }));
}
