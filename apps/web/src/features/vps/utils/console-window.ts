/**
 * Opens a console in a new window. The window opens on the click itself, so popup blockers let
 * it through, and is pointed at the link once the API has answered; it is closed again when the
 * link cannot be had.
 */
export async function openConsoleWindow(link: () => Promise<string>): Promise<void> {
  const opened = window.open('', '_blank');
  try {
    const url = await link();
    if (!opened) {
      window.open(url, '_blank', 'noopener');
      return;
    }
    // The console page gets no handle on the panel.
    opened.opener = null;
    opened.location.href = url;
  } catch (error) {
    opened?.close();
    throw error;
  }
}
